# Copyright 2026 Google LLC
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

"""Tests for attaching verdicts in `rubric_matching.match_rubric_responses`."""

from __future__ import annotations

import logging

from google.adk.evaluation import rubric_matching
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
import pytest


def _rubrics(*pairs: tuple[str, str]) -> list[Rubric]:
  return [
      Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
      for i, t in pairs
  ]


def _match(rubrics: list[Rubric], answer: str):
  report = rubric_matching.match_rubric_responses(
      rubrics, rubric_matching.parse_judge_output(answer)
  )
  return {o.rubric_id: (o.score, o.tier) for o in report.outcomes}, report


_PHARMACY = _rubrics(
    ("r1", "ユーザの服用中の薬を確認している"),
    ("r2", "副作用等のリスクを説明している"),
    ("r3", "服用方法を含めて回答している"),
)


@pytest.mark.parametrize(
    "echo", ["r2", "[id: r2]", "`r2`", '"r2"', "R2", "r2.", "ｒ２", "**r2**"]
)
def test_id_tier_accepts_how_judges_echo_ids(echo: str):
  outcomes, _ = _match(_PHARMACY, f"ID: {echo}\nProperty: 別の文\nVerdict: no")

  assert outcomes["r2"] == (0.0, rubric_matching.TIER_ID)


def test_id_tier_is_exact_after_normalization():
  outcomes, report = _match(_PHARMACY, "ID: r22\nVerdict: yes")

  assert all(score is None for score, _ in outcomes.values())
  assert report.unmatched_blocks[0].reason == "unknown id"


def test_text_tier_folds_spelling_variants():
  rubrics = _rubrics(
      ("ja", "ユーザの年齢を確認している"),
      ("ar", "هل أجاب الوكيل بدقة؟"),
      ("ru", "Агент учёл все детали"),
      ("en", "The agent is polite."),
  )
  outcomes, report = _match(
      rubrics,
      "Property: **ユーザーの年齢を確認している。**\nVerdict: yes\n"
      "Property: هَلْ أَجَابَ الوَكِيـــل بدقه\nVerdict: yes\n"
      "Property: Агент учел все детали\nVerdict: yes\n"
      "Property: “THE AGENT IS POLITE”\nVerdict: yes\n",
  )

  assert outcomes == {
      k: (1.0, rubric_matching.TIER_TEXT) for k in ("ja", "ar", "ru", "en")
  }
  # The steps each match needed; han_simplified also changes 確 in both
  # Japanese texts, alike, so it is not one of them.
  assert {o.rubric_id: o.folds for o in report.outcomes} == {
      "ja": ("punctuation_space_markup", "long_vowel_mark"),
      "ar": (
          "punctuation_space_markup",
          "arabic_marks_tatweel",
          "arabic_letter_forms",
      ),
      "ru": ("cyrillic_yo",),
      "en": ("case", "punctuation_space_markup"),
  }


def test_seed_case_rewrites_attach_without_ids():
  outcomes, report = _match(
      _PHARMACY,
      "Property: ユーザーの服用中の薬を確認している\nVerdict: yes\n"
      "Property: 副作用などのリスクを説明している\nVerdict: yes\n"
      "Property: 服用方法をふくめて回答している\nVerdict: no\n",
  )

  assert outcomes == {
      "r1": (1.0, rubric_matching.TIER_TEXT),
      "r2": (1.0, rubric_matching.TIER_SIMILARITY),
      "r3": (0.0, rubric_matching.TIER_SIMILARITY),
  }
  assert report.warning_message() is None


def test_similarity_refuses_near_duplicates():
  rubrics = _rubrics(
      ("mentions", "回答は眠気の副作用に言及している"),
      ("omits", "回答は眠気の副作用に言及していない"),
  )

  outcomes, report = _match(
      rubrics, "Property: 回答は眠気の副作用に言及しています\nVerdict: yes"
  )

  assert outcomes == {"mentions": (None, None), "omits": (None, None)}
  assert "several rubrics" in report.unmatched_blocks[0].reason


def test_semantic_paraphrase_matches_nothing_even_in_position():
  rubrics = _rubrics(("1", "Is the response good?"))

  outcomes, _ = _match(
      rubrics, "Property: Is the reply excellent?\nVerdict: yes"
  )

  assert outcomes == {"1": (None, None)}


def test_position_tier_takes_script_rewrites_of_a_complete_answer():
  rubrics = _rubrics(
      ("r1", "ユーザの服用中の薬を確認している"),
      ("r2", "服用方法を含めて回答している"),
  )

  outcomes, _ = _match(
      rubrics,
      "Property: ユーザの服用中の薬を確認している\nVerdict: yes\n"
      "Property: 服用方法をふくめてかいとうしている\nVerdict: no\n",
  )

  assert outcomes == {
      "r1": (1.0, rubric_matching.TIER_TEXT),
      "r2": (0.0, rubric_matching.TIER_POSITION),
  }


def test_traditional_text_folds_but_a_changed_han_never_attaches():
  rubrics = _rubrics(
      ("r1", "确认了旅客的出发日期"),
      ("r2", "建议饭后服用"),
  )

  # Traditional text with no ids: r1 folds to its rubric's simplified text,
  # while 飯前 (before meals) folds to 饭前, a changed word even in position.
  outcomes, report = _match(
      rubrics,
      "Property: 確認了旅客的出發日期\nVerdict: yes\n"
      "Property: 建議飯前服用\nVerdict: yes\n",
  )

  assert outcomes == {
      "r1": (1.0, rubric_matching.TIER_TEXT),
      "r2": (None, None),
  }
  assert report.outcomes[0].folds == ("han_simplified",)

  # An id naming r2 on r1's text in traditional characters is a contradiction.
  outcomes, report = _match(
      rubrics, "ID: r2\nProperty: 確認了旅客的出發日期\nVerdict: yes\n"
  )
  assert outcomes == {"r1": (None, None), "r2": (None, None)}
  assert "names rubric 'r2'" in report.unmatched_blocks[0].reason


def test_han_variant_outside_the_table_blocks_an_id_but_never_attaches():
  # 薬 (Japanese) and 药 (simplified) are the same character in other forms,
  # which the traditional-to-simplified table does not cover.
  rubrics = _rubrics(("r1", "询问了正在服用的药物"), ("r2", "建议饭后服用"))

  outcomes, report = _match(
      rubrics, "ID: r2\nProperty: 询问了正在服用的薬物\nVerdict: yes\n"
  )
  assert outcomes == {"r1": (None, None), "r2": (None, None)}
  assert "names rubric 'r2'" in report.unmatched_blocks[0].reason

  outcomes, _ = _match(
      rubrics,
      "Property: 询问了正在服用的薬物\nVerdict: yes\n"
      "Property: 建议饭后服用\nVerdict: no\n",
  )
  assert outcomes == {
      "r1": (None, None),
      "r2": (0.0, rubric_matching.TIER_TEXT),
  }


def test_one_changed_han_is_another_sentence_however_long():
  rubrics = _rubrics(("r1", "助手建议用户在饭后半小时服用这种药物"))

  # 饭前 (before meals) for 饭后 (after meals): one character in eighteen.
  outcomes, report = _match(
      rubrics, "Property: 助手建议用户在饭前半小时服用这种药物\nVerdict: yes"
  )

  assert outcomes == {"r1": (None, None)}
  assert not rubric_matching.is_same_sentence(
      rubric_matching.fold_text("助手建议用户在饭后半小时服用这种药物"),
      rubric_matching.fold_text("助手建议用户在饭前半小时服用这种药物"),
  )
  assert report.unmatched_blocks[0].reason == (
      "closest rubric is a different sentence"
  )


def test_position_tier_needs_a_complete_answer_in_order():
  rubrics = _rubrics(
      ("r1", "ユーザの服用中の薬を確認している"),
      ("r2", "服用方法を含めて回答している"),
      ("r3", "副作用を説明している"),
  )
  rewritten = "Property: 服用方法をふくめてかいとうしている\nVerdict: no\n"

  # Complete and in order, the kana rewrite of r2 is attached by position.
  outcomes, _ = _match(
      rubrics,
      "Property: ユーザの服用中の薬を確認している\nVerdict: yes\n"
      + rewritten
      + "Property: 副作用を説明している\nVerdict: yes\n",
  )
  assert outcomes["r2"] == (0.0, rubric_matching.TIER_POSITION)

  # r3 is skipped, so positions prove nothing and the rewrite stays out.
  outcomes, _ = _match(
      rubrics,
      "Property: ユーザの服用中の薬を確認している\nVerdict: yes\n" + rewritten,
  )
  assert outcomes["r1"] == (1.0, rubric_matching.TIER_TEXT)
  assert outcomes["r2"] == (None, None)
  assert outcomes["r3"] == (None, None)


def test_position_tier_refuses_kana_only_differences():
  rubrics = _rubrics(
      ("r1", "ユーザの年齢を確認している"),
      ("r2", "回答は眠気の副作用に言及していない"),
  )

  outcomes, _ = _match(
      rubrics,
      "Property: ユーザの年齢を確認している\nVerdict: yes\n"
      "Property: 回答は眠気の副作用に言及している\nVerdict: yes\n",
  )

  assert outcomes["r1"] == (1.0, rubric_matching.TIER_TEXT)
  assert outcomes["r2"] == (None, None)


def test_id_contradicted_by_the_property_text_is_not_attached():
  rubrics = _rubrics(("1", "Is the response good?"), ("2", "Is it short?"))

  outcomes, report = _match(
      rubrics,
      "ID: 1\nProperty: Is it short?\nVerdict: no\n",
  )

  assert outcomes == {"1": (None, None), "2": (None, None)}
  assert "names rubric '1'" in report.unmatched_blocks[0].reason


def test_duplicate_blocks_agreeing_keep_the_verdict():
  outcomes, _ = _match(
      _PHARMACY[:1],
      "ID: r1\nVerdict: yes\nProperty:"
      " ユーザの服用中の薬を確認している\nVerdict: yes",
  )

  assert outcomes == {"r1": (1.0, rubric_matching.TIER_ID)}


def test_duplicate_blocks_disagreeing_leave_the_rubric_unscored():
  outcomes, report = _match(
      _PHARMACY[:1], "ID: r1\nVerdict: yes\nID: r1\nVerdict: no"
  )

  assert outcomes == {"r1": (None, rubric_matching.TIER_ID)}
  assert "different verdicts" in report.outcomes[0].reason


def test_one_warning_names_unscored_rubrics_and_stray_blocks(caplog):
  _, report = _match(
      _PHARMACY,
      "ID: r1\nVerdict: yes\nID: r2\nVerdict: maybe\nID: r9\nVerdict: no",
  )

  with caplog.at_level(logging.DEBUG, logger=rubric_matching.logger.name):
    report.log()

  warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
  assert len(warnings) == 1
  message = warnings[0].getMessage()
  assert "2 of 3 rubrics unscored" in message
  assert "'r2': verdict 'maybe' is not a yes or a no" in message
  assert "'r3': no block of the answer could be attached to it" in message
  assert "ID 'r9'" in message and "unknown id" in message
  debug = [r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG]
  assert any("'r1': tier=id" in m for m in debug)


def test_rubric_scores_list_the_rubrics_the_answer_reached():
  _, report = _match(
      _PHARMACY, "ID: r1\nRationale: ok\nVerdict: yes\nID: r2\nVerdict: maybe"
  )

  assert [(s.rubric_id, s.score) for s in report.rubric_scores()] == [
      ("r1", 1.0),
      ("r2", None),
  ]
  assert report.rubric_scores()[0].rationale == "ok"
  assert "maybe" in report.rubric_scores()[1].rationale


def test_hard_ids_are_shown_as_handles_and_matched_both_ways():
  rubrics = _rubrics(
      ("simple_id-1", "a"),
      ("needs [quoting] here", "b"),
      ("正確性", "c"),
      ("x" * 100, "d"),
  )

  shown = rubric_matching.rubric_prompt_ids(rubrics)

  assert shown == {
      "simple_id-1": "simple_id-1",
      "needs [quoting] here": "rubric-2",
      "正確性": "rubric-3",
      "x" * 100: "rubric-4",
  }
  outcomes, _ = _match(
      rubrics,
      "ID: rubric-2\nVerdict: yes\nID: 正確性\nVerdict: no\n"
      "ID: [id: rubric-4]\nVerdict: yes\n",
  )
  assert outcomes["needs [quoting] here"] == (1.0, rubric_matching.TIER_ID)
  assert outcomes["正確性"] == (0.0, rubric_matching.TIER_ID)
  assert outcomes["x" * 100] == (1.0, rubric_matching.TIER_ID)


def test_handles_never_collide_with_real_ids():
  rubrics = _rubrics(("rubric-2", "a"), ("has space", "b"))

  shown = rubric_matching.rubric_prompt_ids(rubrics)

  assert shown["has space"] != "rubric-2"
  outcomes, _ = _match(rubrics, f"ID: {shown['has space']}\nVerdict: yes")
  assert outcomes == {"rubric-2": (None, None), "has space": (1.0, "id")}


def test_a_skipped_rubric_is_named_as_skipped():
  _, report = _match(_PHARMACY, "ID: r1\nVerdict: yes\nID: r2\nVerdict: no")

  assert report.unscored[0].rubric_id == "r3"
  assert report.unscored[0].reason == "the judge gave no verdict for it"


def test_warning_quotes_the_answer_when_no_rubric_got_a_block(caplog):
  answer = "**Verdict**: Yes\n" + "x" * 600
  _, report = _match(_PHARMACY, answer)

  with caplog.at_level(logging.WARNING, logger=rubric_matching.logger.name):
    report.log(answer)

  (record,) = caplog.records
  assert "3 of 3 rubrics unscored" in record.getMessage()
  assert "The judge's answer began: '**Verdict**: Yes\\n" in record.getMessage()
  assert record.getMessage().endswith("...")


def test_warning_does_not_quote_the_answer_when_a_rubric_got_a_block(caplog):
  answer = "ID: r1\nVerdict: yes"
  _, report = _match(_PHARMACY, answer)

  with caplog.at_level(logging.WARNING, logger=rubric_matching.logger.name):
    report.log(answer)

  assert "answer began" not in caplog.text


def test_han_replaced_inside_a_kana_rewrite_is_another_sentence():
  # 食後の (after meals) for 食前に (before meals) mixes kanji and kana on
  # both sides; it is not a kanji written out in kana.
  assert not rubric_matching.is_same_sentence(
      rubric_matching.fold_text("食後の服用"),
      rubric_matching.fold_text("食前に服用"),
  )
  rubrics = _rubrics(("r1", "薬は食前に服用するよう説明している"))

  outcomes, _ = _match(
      rubrics, "Property: 薬は食後の服用するよう説明している\nVerdict: yes"
  )

  assert outcomes == {"r1": (None, None)}


def test_lenient_likeness_still_catches_a_shifted_id_in_mixed_script():
  rubrics = _rubrics(
      ("r1", "回答说明了药的副作用以及服用时的注意事项"),
      ("r2", "回答确认了用户目前正在服用的其他药物"),
  )

  # r1's text, with 药的 written in Japanese as 薬の, under r2's id.
  outcomes, report = _match(
      rubrics,
      "ID: r2\nProperty:"
      " 回答说明了薬の副作用以及服用时的注意事项\nVerdict: yes",
  )

  assert outcomes == {"r1": (None, None), "r2": (None, None)}
  assert "names rubric 'r2'" in report.unmatched_blocks[0].reason


_FOLD_ALIKE = _rubrics(
    ("a", "回答提到了作者的著作"),
    ("b", "回答提到了作者的着作"),
    ("c", "回答给出了价格"),
)


def test_rubrics_that_fold_alike_are_told_apart_by_exact_copies():
  # 著 and 着 fold alike; exact copies still name their rubric, in any order.
  outcomes, _ = _match(
      _FOLD_ALIKE,
      "Property: 回答提到了作者的着作\nVerdict: yes\n"
      "Property: 回答提到了作者的著作\nVerdict: no\n"
      "Property: 回答给出了价格\nVerdict: yes\n",
  )

  assert outcomes == {
      "a": (0.0, rubric_matching.TIER_TEXT),
      "b": (1.0, rubric_matching.TIER_TEXT),
      "c": (1.0, rubric_matching.TIER_TEXT),
  }


def test_text_that_folds_like_several_rubrics_never_attaches_elsewhere():
  # Ids rotated: each block's text is another rubric's exact text.
  outcomes, report = _match(
      _FOLD_ALIKE,
      "ID: b\nProperty: 回答提到了作者的著作\nVerdict: yes\n"
      "ID: c\nProperty: 回答提到了作者的着作\nVerdict: no\n"
      "ID: a\nProperty: 回答给出了价格\nVerdict: yes\n",
  )
  assert outcomes == {k: (None, None) for k in "abc"}
  assert [b.reason for b in report.unmatched_blocks] == [
      "id names rubric 'b' but the property is rubric 'a''s",
      "id names rubric 'c' but the property is rubric 'b''s",
      "id names rubric 'a' but the property is rubric 'c''s",
  ]

  # Not an exact copy of either: the text names a and b alike. The id
  # decides between them, but cannot name c.
  outcomes, report = _match(
      _FOLD_ALIKE,
      "ID: a\nProperty: 回答提到了作者的著作。\nVerdict: yes\n"
      "ID: c\nProperty: 回答提到了作者的着作。\nVerdict: no\n",
  )
  assert outcomes["a"] == (1.0, rubric_matching.TIER_ID)
  assert outcomes["c"] == (None, None)
  assert report.unmatched_blocks[0].reason == (
      "id names rubric 'c' but the property is the text of several other"
      " rubrics"
  )

  # No ids, complete and in order, but swapped: position proves nothing.
  outcomes, _ = _match(
      _FOLD_ALIKE,
      "Property: 回答提到了作者的着作。\nVerdict: yes\n"
      "Property: 回答提到了作者的著作。\nVerdict: no\n"
      "Property: 回答给出了价格\nVerdict: yes\n",
  )
  assert outcomes == {
      "a": (None, None),
      "b": (None, None),
      "c": (1.0, rubric_matching.TIER_TEXT),
  }


def test_position_never_decides_between_rubrics_that_fold_alike():
  # In order and complete, but each text has a slip (the added 等), so it is
  # a rewrite of both twins alike.
  outcomes, _ = _match(
      _FOLD_ALIKE,
      "Property: 回答提到了作者的著作等\nVerdict: yes\n"
      "Property: 回答提到了作者的着作等\nVerdict: no\n"
      "Property: 回答给出了价格\nVerdict: yes\n",
  )

  assert outcomes == {
      "a": (None, None),
      "b": (None, None),
      "c": (1.0, rubric_matching.TIER_TEXT),
  }
