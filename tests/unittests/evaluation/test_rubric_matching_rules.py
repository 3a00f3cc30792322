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

"""Tests for the rules of `_rubric_matching.match_rubric_responses`.

The id attaches unless the block's text is, or sides with, another rubric;
without an id, only text that names exactly one rubric attaches, as equal
folded text or as a rewrite that keeps numbers, negations and the words that
tell rubrics apart. Position never decides.
"""

from __future__ import annotations

import logging

from google.adk.evaluation import _rubric_ids
from google.adk.evaluation import _rubric_matching
from google.adk.evaluation import _rubric_parsing
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
import pytest

_ID = _rubric_matching.TIER_ID
_TEXT = _rubric_matching.TIER_TEXT
_REWRITE = _rubric_matching.TIER_REWRITE
_NONE = (None, None)


def _rubrics(*pairs: tuple[str, str]) -> list[Rubric]:
  return [
      Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
      for i, t in pairs
  ]


def _match(rubrics: list[Rubric], answer: str):
  report = _rubric_matching.match_rubric_responses(
      rubrics, _rubric_parsing.parse_judge_answer(answer)
  )
  return {o.rubric_id: (o.score, o.tier) for o in report.outcomes}, report


def _reasons(report: _rubric_matching.RubricMatchReport) -> list[str]:
  return [b.reason for b in report.unmatched_blocks]


_PHARMACY = _rubrics(
    ("r1", "ユーザの服用中の薬を確認している"),
    ("r2", "副作用等のリスクを説明している"),
    ("r3", "服用方法を含めて回答している"),
)
_TURNS = _rubrics(
    ("t1", "In turn 1 the agent lists the side effects"),
    ("t2", "In turn 2 the agent lists the side effects"),
    ("t3", "In turn 3 the agent lists the side effects"),
)
_TABLETS = _rubrics(
    ("a", "1日2錠を服用するよう説明している"),
    ("b", "1日3錠を服用するよう説明している"),
    ("c", "1日4錠を服用するよう説明している"),
)


# The id tier.


@pytest.mark.parametrize(
    "echo",
    [
        "r2",
        "[id: r2]",
        "`r2`",
        '"r2"',
        "R2",
        "r2.",
        "ｒ２",
        "**r2**",
        "id: r2",
        "\u200fr2\u200f",
        "\u200br2",
    ],
)
def test_id_tier_accepts_how_judges_echo_ids(echo: str):
  outcomes, _ = _match(_PHARMACY, f"ID: {echo}\nProperty: 別の文\nVerdict: no")

  assert outcomes == {"r1": _NONE, "r2": (0.0, _ID), "r3": _NONE}


@pytest.mark.parametrize(
    "property_line",
    [
        "",
        "Property: In turn 2 the agent listed side effects\n",
        "Property: Something else entirely\n",
    ],
    ids=["no_text", "own_text_reworded", "unrelated_text"],
)
def test_the_id_is_the_contract(property_line: str):
  outcomes, report = _match(_TURNS, f"ID: t2\n{property_line}Verdict: yes\n")

  assert outcomes == {"t1": _NONE, "t2": (1.0, _ID), "t3": _NONE}
  assert report.unmatched_blocks == []


def test_id_tier_is_exact_after_normalization():
  outcomes, report = _match(_PHARMACY, "ID: r22\nVerdict: yes")

  assert all(o == _NONE for o in outcomes.values())
  assert _reasons(report) == ["no rubric has this ID"]


def _is_theirs(named: str, theirs: str) -> str:
  return f"its ID names rubric {named!r} but its text is rubric {theirs!r}'s"


def _points_to(named: str, theirs: str) -> str:
  return (
      f"its ID names rubric {named!r} but its text points to rubric {theirs!r}"
  )


@pytest.mark.parametrize(
    ("rubrics", "answer", "reason"),
    [
        pytest.param(
            _rubrics(("1", "Is the response good?"), ("2", "Is it short?")),
            "ID: 1\nProperty: Is it short?\nVerdict: no\n",
            _is_theirs("1", "2"),
            id="exact_text",
        ),
        pytest.param(
            _rubrics(("r1", "确认了旅客的出发日期"), ("r2", "建议饭后服用")),
            "ID: r2\nProperty: 確認了旅客的出發日期\nVerdict: yes\n",
            _is_theirs("r2", "r1"),
            id="traditional_for_simplified",
        ),
        pytest.param(
            _TURNS,
            "ID: t2\nProperty: In turn 1 the agent lists the side-effects\n"
            "Verdict: yes\n",
            _is_theirs("t2", "t1"),
            id="rewrite_of_another",
        ),
        pytest.param(
            _TABLETS,
            "ID: a\nProperty: 1日3錠服用するように説明\nVerdict: yes\n",
            _points_to("a", "b"),
            id="sides_ja_tablets",
        ),
        pytest.param(
            _rubrics(
                ("a", "오전에 복용하도록 안내했다"),
                ("b", "오후에 복용하도록 안내했다"),
            ),
            "ID: a\nProperty: 오후에 복용하라고 안내함\nVerdict: yes\n",
            _points_to("a", "b"),
            id="sides_ko_morning",
        ),
        pytest.param(
            # 薬 (Japanese) and 药 (simplified): a variant outside the table.
            _rubrics(("r1", "询问了正在服用的药物"), ("r2", "建议饭后服用")),
            "ID: r2\nProperty: 询问了正在服用的薬物\nVerdict: yes\n",
            _points_to("r2", "r1"),
            id="sides_ja_kanji",
        ),
        pytest.param(
            # r1's text with 药的 written in Japanese as 薬の, under r2's id.
            _rubrics(
                ("r1", "回答说明了药的副作用以及服用时的注意事项"),
                ("r2", "回答确认了用户目前正在服用的其他药物"),
            ),
            "ID: r2\nProperty: 回答说明了薬の副作用以及服用时的注意事项\n"
            "Verdict: yes",
            _points_to("r2", "r1"),
            id="sides_mixed_script",
        ),
        pytest.param(
            _rubrics(
                ("a", "In turn 一 the agent lists the side effects"),
                ("b", "In turn 十一 the agent lists the side effects"),
            ),
            "ID: b\nProperty: In turn 一 the assistant names them\nVerdict: no",
            _points_to("b", "a"),
            id="sides_han_numeral",
        ),
        pytest.param(
            _rubrics(
                ("a", "1日๒錠を服用するよう説明している"),
                ("b", "1日๑๒錠を服用するよう説明している"),
            ),
            "ID: b\nProperty:"
            " 1日๒錠を服用するようせつめいしている\nVerdict: no",
            _points_to("b", "a"),
            id="sides_thai_digits",
        ),
        pytest.param(
            _rubrics(
                ("a", "In step 1 the agent gives 1 tablet"),
                ("b", "In step 1 the agent gives 3 tablets"),
            ),
            "ID: b\nProperty: In step 1 the assistant hands over 1 tablet\n"
            "Verdict: no",
            _points_to("b", "a"),
            id="sides_number_counted",
        ),
    ],
)
def test_id_refused_when_the_text_is_or_sides_with_another_rubric(
    rubrics, answer: str, reason: str
):
  outcomes, report = _match(rubrics, answer)

  assert all(o == _NONE for o in outcomes.values())
  assert _reasons(report) == [reason]


def test_shifted_ids_over_reworded_properties_attach_nothing():
  outcomes, report = _match(
      _TURNS,
      "ID: t2\nProperty: In turn 1 the agent listed the side effects\n"
      "Verdict: yes\n"
      "ID: t3\nProperty: In turn 2 the agent listed the side effects\n"
      "Verdict: no\n",
  )

  assert all(o == _NONE for o in outcomes.values())
  assert len(report.unmatched_blocks) == 2


def test_hard_ids_are_shown_as_handles_and_matched_both_ways():
  rubrics = _rubrics(
      ("simple_id-1", "a"),
      ("needs [quoting] here", "b"),
      ("正確性", "c"),
      ("x" * 100, "d"),
  )

  shown = _rubric_ids.rubric_prompt_ids(rubrics)

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
  assert outcomes == {
      "simple_id-1": _NONE,
      "needs [quoting] here": (1.0, _ID),
      "正確性": (0.0, _ID),
      "x" * 100: (1.0, _ID),
  }


def test_handles_never_collide_with_real_ids():
  rubrics = _rubrics(("rubric-2", "a"), ("has space", "b"))

  shown = _rubric_ids.rubric_prompt_ids(rubrics)

  assert shown["has space"] != "rubric-2"
  outcomes, _ = _match(rubrics, f"ID: {shown['has space']}\nVerdict: yes")
  assert outcomes == {"rubric-2": _NONE, "has space": (1.0, _ID)}


def test_the_prompt_list_shows_what_the_matcher_accepts():
  listing = _rubric_ids.format_rubrics_for_prompt(
      _rubrics(("r1", "ユーザの年齢を確認している"), ("年齢", "副作用"))
  )

  assert (
      listing
      == "*  [id: r1] ユーザの年齢を確認している\n*  [id: rubric-2] 副作用"
  )


# The text tier: equal folded text.


def test_text_tier_folds_spelling_variants():
  rubrics = _rubrics(
      ("ja", "ユーザの年齢を確認している"),
      ("ar", "هل أجاب الوكيل بدقة؟"),
      ("ru", "Агент учёл все детали"),
      ("en", "The agent is polite."),
      ("zh", "确认了用户的过敏史"),
      ("esc", "副作用を説明している"),
  )

  outcomes, report = _match(
      rubrics,
      "Property: **ユーザーの年齢を確認している。**\nVerdict: yes\n"
      "Property: هَلْ أَجَابَ الوَكِيـــل بدقه\nVerdict: yes\n"
      "Property: Агент учел все детали\nVerdict: yes\n"
      "Property: “THE AGENT IS POLITE”\nVerdict: yes\n"
      "Property: 確認了用戶的過敏史\nVerdict: yes\n"
      "Property: \\u526f\\u4f5c\\u7528\\u3092\\u8aac\\u660e\\u3057\\u3066"
      "\\u3044\\u308b\nVerdict: yes\n",
  )

  assert outcomes == {k: (1.0, _TEXT) for k in outcomes}
  assert report.warning_message() is None


_TWINS = _rubrics(
    ("a", "回答提到了要饭後服用"),
    ("b", "回答提到了要饭后服用"),
    ("c", "回答给出了价格"),
)


def test_rubrics_that_fold_alike_are_told_apart_by_exact_copies():
  # 後 and 后 fold alike; exact copies still name their rubric, in any order.
  outcomes, _ = _match(
      _TWINS,
      "Property: 回答提到了要饭后服用\nVerdict: yes\n"
      "Property: 回答提到了要饭後服用\nVerdict: no\n"
      "Property: 回答给出了价格\nVerdict: yes\n",
  )

  assert outcomes == {"a": (0.0, _TEXT), "b": (1.0, _TEXT), "c": (1.0, _TEXT)}


def test_twins_with_rotated_ids_attach_nothing():
  outcomes, report = _match(
      _TWINS,
      "ID: b\nProperty: 回答提到了要饭後服用\nVerdict: yes\n"
      "ID: c\nProperty: 回答提到了要饭后服用\nVerdict: no\n"
      "ID: a\nProperty: 回答给出了价格\nVerdict: yes\n",
  )

  assert outcomes == {k: _NONE for k in "abc"}
  assert _reasons(report) == [
      "its ID names rubric 'b' but its text is rubric 'a''s",
      "its ID names rubric 'c' but its text is rubric 'b''s",
      "its ID names rubric 'a' but its text is rubric 'c''s",
  ]


def test_the_id_decides_between_twins_but_cannot_name_a_third_rubric():
  outcomes, report = _match(
      _TWINS,
      "ID: a\nProperty: 回答提到了要饭後服用。\nVerdict: yes\n"
      "ID: c\nProperty: 回答提到了要饭后服用。\nVerdict: no\n",
  )

  assert outcomes == {"a": (1.0, _ID), "b": _NONE, "c": _NONE}
  assert len(report.unmatched_blocks) == 1
  assert report.unmatched_blocks[0].index == 1


@pytest.mark.parametrize(
    "suffix", ["。", "等"], ids=["not_exact_copies", "with_a_slip"]
)
def test_position_never_decides_between_twins(suffix: str):
  # Complete and in order, but neither block is an exact copy of a twin.
  outcomes, _ = _match(
      _TWINS,
      f"Property: 回答提到了要饭後服用{suffix}\nVerdict: yes\n"
      f"Property: 回答提到了要饭后服用{suffix}\nVerdict: no\n"
      "Property: 回答给出了价格\nVerdict: yes\n",
  )

  assert outcomes == {"a": _NONE, "b": _NONE, "c": (1.0, _TEXT)}


def test_rubrics_with_equal_text_are_not_guessed():
  outcomes, report = _match(
      _rubrics(("a", "Same text"), ("b", "Same text")),
      "Property: Same text\nVerdict: yes",
  )

  assert outcomes == {"a": _NONE, "b": _NONE}
  assert _reasons(report) == ["its text fits 2 rubrics"]


# The rewrite tier: accepted rewrites.


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        ("副作用等のリスクを説明している", "副作用などのリスクを説明している"),
        ("服用方法を含めて回答している", "服用方法をふくめて回答している"),
        ("복용 중인 약을 확인한다", "복용중인 약을 확인한다"),
    ],
    ids=["kana_for_kanji", "kana_for_kanji_verb", "spacing_ko"],
)
def test_spellings_of_the_rubric_attach(rubric: str, written: str):
  rubrics = _rubrics(("r", rubric), ("other", "The user asks about the price"))

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r": (1.0, _REWRITE), "other": _NONE}


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        (
            "The agent lists the side effects",
            "The agent listed the side effects",
        ),
        ("副作用を説明している", "副作用を説明しています"),
        (
            "1日2錠を服用するよう説明している",
            "1日2錠を服用するように説明している",
        ),
        ("오전에 복용하도록 안내했다", "오전에 복용하도록 안내한다"),
        ("回答说明了药物副作用", "回答说明了药物的副作用"),
        ("回答说明了药物的副作用", "回答说明药物的副作用"),
        ("ذكر الوكيل الجرعة", "ذكر الوكيل والجرعة"),
        ("左目に点眼するよう案内している", "みぎ目に点眼するよう案内している"),
        (
            "The agent asks for the employer's address",
            "The agent asks for the employee's address",
        ),
    ],
    ids=[
        "inflection_en",
        "inflection_ja_polite",
        "inflection_ja_particle",
        "inflection_ko",
        "chinese_particle_added",
        "chinese_particle_dropped",
        "arabic_conjunction",
        "kana_of_another_word",
        "one_letter_changes_the_word",
    ],
)
def test_changed_words_are_not_spellings_and_stay_unscored(
    rubric: str, written: str
):
  # An inflection, a particle or a conjunction may change what the rubric
  # says (employer / employee): only spellings of the same text attach.
  rubrics = _rubrics(("r", rubric), ("other", "The user asks about the price"))

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r": _NONE, "other": _NONE}


def test_seed_case_attaches_without_ids():
  outcomes, report = _match(
      _PHARMACY,
      "Property: ユーザーの服用中の薬を確認している\nVerdict: yes\n"
      "Property: 副作用などのリスクを説明している\nVerdict: yes\n"
      "Property: 服用方法をふくめて回答している\nVerdict: no\n",
  )

  assert outcomes == {
      "r1": (1.0, _TEXT),
      "r2": (1.0, _REWRITE),
      "r3": (0.0, _REWRITE),
  }
  assert report.warning_message() is None


def test_a_polite_form_is_no_spelling_of_either_rubric():
  outcomes, _ = _match(
      _rubrics(
          ("mentions", "回答は眠気の副作用に言及している"),
          ("omits", "回答は眠気の副作用に言及していない"),
      ),
      "Property: 回答は眠気の副作用に言及しています\nVerdict: yes",
  )

  assert outcomes == {"mentions": _NONE, "omits": _NONE}


# The rewrite tier: refused rewrites.


@pytest.mark.parametrize(
    ("rubrics", "written"),
    [
        (_TURNS, "In turn 4 the agent listed the side effects"),
        (_TURNS, "the agent listed the side effects"),
        (_TABLETS, "1日5錠を服用するように説明している"),
        (_TABLETS, "1日錠を服用するように説明している"),
        (_rubrics(("a", "أوصى بتناول 2 أقراص")), "أوصى بتناول ٣ أقراص"),
        (_rubrics(("a", "建议每天服用2次")), "建议每天服用二次"),
    ],
    ids=[
        "other_number",
        "number_dropped",
        "other_number_ja",
        "number_dropped_ja",
        "arabic_indic_digit",
        "han_numeral_for_digit",
    ],
)
def test_rewrites_must_keep_the_numbers(rubrics, written: str):
  outcomes, report = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert all(o == _NONE for o in outcomes.values())
  assert _reasons(report) == ["no rubric has this property text"]


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        (
            "The agent mentions the dosage",
            "The agent does not mention the dosage",
        ),
        ("副作用に言及している", "副作用に言及していない"),
        ("回答提到了副作用", "回答没提到副作用"),
        ("Der Agent nennt die Dosis", "Der Agent nennt die Dosis nicht"),
        ("ذكر الوكيل الجرعة", "لم يذكر الوكيل الجرعة"),
        ("Агент назвал дозу", "Агент не назвал дозу"),
        ("부작용을 설명했다", "부작용을 안 설명했다"),
    ],
    ids=["en", "ja", "zh", "de", "ar", "ru", "ko"],
)
def test_rewrites_must_keep_the_negations(rubric: str, written: str):
  outcomes, _ = _match(
      _rubrics(("a", rubric)), f"Property: {written}\nVerdict: yes"
  )

  assert outcomes == {"a": _NONE}


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        ("建议饭后服用药物", "建议饭前服用药物"),
        (
            "助手建议用户在饭后半小时服用这种药物",
            "助手建议用户在饭前半小时服用这种药物",
        ),
        # 薬 (Japanese) for 药 (simplified): not a pair of the Han table.
        ("询问了正在服用的药物", "询问了正在服用的薬物"),
        # 食後の (after meals) for 食前に (before meals) mixes kanji and kana
        # on both sides; it is not a kanji written out in kana.
        (
            "薬は食前に服用するよう説明している",
            "薬は食後の服用するよう説明している",
        ),
    ],
)
def test_a_replaced_han_character_is_another_sentence(rubric: str, written):
  outcomes, _ = _match(
      _rubrics(("a", rubric)), f"Property: {written}\nVerdict: yes"
  )

  assert outcomes == {"a": _NONE}


@pytest.mark.parametrize(
    "written",
    [
        "The agent lists the risks and benefits",
        "The agent listed the benefits clearly",
    ],
)
def test_a_word_of_another_rubric_refuses_the_rewrite(written: str):
  rubrics = _rubrics(
      ("risks", "The agent lists the risks clearly"),
      ("benefits", "The agent lists the benefits"),
  )

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"risks": _NONE, "benefits": _NONE}


def test_a_rewrite_of_several_rubrics_is_refused():
  outcomes, report = _match(
      _rubrics(
          ("r1", "副作用等を含めて説明している"),
          ("r2", "副作用などを含めて説明している"),
      ),
      "Property: 副作用などをふくめて説明している\nVerdict: yes",
  )

  assert outcomes == {"r1": _NONE, "r2": _NONE}
  assert _reasons(report) == ["its text could be any of rubrics 'r1', 'r2'"]


def test_a_paraphrase_is_no_rewrite():
  outcomes, _ = _match(
      _rubrics(("1", "Is the response good?")),
      "Property: Is the reply excellent?\nVerdict: yes",
  )

  assert outcomes == {"1": _NONE}


@pytest.mark.parametrize(
    ("written", "rubric"),
    [
        ("Ⅱ", "Ⅲ"),
        ("Ⅺ", "Ⅻ"),
        pytest.param("Ⅶ", "Ⅷ"),
        pytest.param("VII", "VIII"),
    ],
)
def test_roman_numerals_must_agree(written: str, rubric: str):
  outcomes, _ = _match(
      _rubrics(("a", f"Step {rubric} checks the dosage")),
      f"Property: Step {written} checks the dosage\nVerdict: yes",
  )

  assert outcomes == {"a": _NONE}


# Without ids, in any order, skipped, invented and repeated: each verdict
# lands on its rubric or nowhere (the landed build's "position" class).


def test_near_identical_rubrics_without_ids_in_english():
  outcomes, report = _match(
      _TURNS,
      "Property: In turn 3, the agent lists the side-effects\nVerdict: no\n"
      "Property: In turn 4 the agent lists the side effects\nVerdict: yes\n"
      "Property: In turn 1: the agent lists the side effects.\nVerdict: yes\n"
      "Property: In turn 1, the agent lists the side-effects\nVerdict: yes\n",
  )

  assert outcomes == {
      "t1": (1.0, _TEXT),
      "t2": _NONE,
      "t3": (0.0, _TEXT),
  }
  assert [b.index for b in report.unmatched_blocks] == [1]


def test_near_identical_rubrics_without_ids_in_japanese():
  outcomes, report = _match(
      _TABLETS,
      "Property: 1日3錠を服用する様説明している\nVerdict: no\n"
      "Property: 1日5錠を服用する様説明している\nVerdict: yes\n"
      "Property: 1日2錠を服用する様説明している\nVerdict: yes\n"
      "Property: 1日3錠を服用する様説明している\nVerdict: yes\n",
  )

  assert outcomes == {
      "a": (1.0, _REWRITE),
      "b": (None, _REWRITE),
      "c": _NONE,
  }
  assert "different verdicts" in report.outcomes[1].reason


def test_near_identical_rubrics_without_ids_in_korean_arabic_chinese():
  korean = _rubrics(
      ("am", "오전에 복용하도록 안내했다"), ("pm", "오후에 복용하도록 안내했다")
  )
  arabic = _rubrics(
      ("d3", "نصح الوكيل بالراحة لمدة 3 أيام"),
      ("d5", "نصح الوكيل بالراحة لمدة 5 أيام"),
  )
  chinese = _rubrics(("before", "建议饭前服用"), ("after", "建议饭后服用"))

  assert _match(
      korean,
      "속성: 오후에 복용 하도록 안내했다\n판정: 아니요\n"
      "속성: 오전에 복용 하도록 안내했다\n판정: 예\n",
  )[0] == {"am": (1.0, _REWRITE), "pm": (0.0, _REWRITE)}
  assert _match(
      arabic,
      "الخاصية: نصح الوكيل بالراحة لمدة 5 ايام\nالحكم: لا\n"
      "الخاصية: نصحَ الوكيلُ بالراحة لمدة 3 أيام\nالحكم: نعم\n",
  )[0] == {"d3": (1.0, _TEXT), "d5": (0.0, _TEXT)}
  assert _match(
      chinese,
      "属性：建議飯後服用\n判定：否\n属性：建议饭前 服用\n判定：是\n",
  )[0] == {"before": (1.0, _TEXT), "after": (0.0, _TEXT)}


def test_ids_that_differ_by_one_number_need_their_own_number():
  rubrics = _rubrics(
      *[(f"s{i}", f"Quotes the price of SKU-{i}") for i in range(1, 13)]
  )

  outcomes, report = _match(
      rubrics,
      "Property: Quotes the price of SKU 12\nVerdict: no\n"
      "Property: Quotes the price of SKU 1.\nVerdict: yes\n"
      "Property: Quotes the price of SKU 13\nVerdict: yes\n",
  )

  assert {k: v for k, v in outcomes.items() if v != _NONE} == {
      "s1": (1.0, _TEXT),
      "s12": (0.0, _TEXT),
  }
  assert [b.index for b in report.unmatched_blocks] == [2]


# Duplicates, unmatched blocks and the one warning.


def test_duplicate_blocks_agreeing_keep_the_verdict():
  outcomes, _ = _match(
      _PHARMACY[:1],
      "ID: r1\nVerdict: yes\nProperty:"
      " ユーザの服用中の薬を確認している\nVerdict: yes",
  )

  assert outcomes == {"r1": (1.0, _ID)}


def test_duplicate_blocks_disagreeing_leave_the_rubric_unscored():
  outcomes, report = _match(
      _PHARMACY[:1], "ID: r1\nVerdict: yes\nID: r1\nVerdict: no"
  )

  assert outcomes == {"r1": (None, _ID)}
  assert report.outcomes[0].reason == (
      "the judge answered it 2 times with different verdicts"
  )


def test_one_warning_names_unscored_rubrics_and_stray_blocks(caplog):
  _, report = _match(
      _PHARMACY,
      "ID: r1\nVerdict: yes\nID: r2\nVerdict: maybe\n"
      "ID: r9\nProperty: 別の文\nVerdict: no",
  )

  with caplog.at_level(logging.DEBUG, logger="google_adk"):
    report.log()

  warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
  assert len(warnings) == 1
  assert warnings[0].getMessage() == (
      "Judge answer: 2 of 3 rubrics unscored.\n"
      "  rubric 'r2': verdict 'maybe' is not a yes or a no\n"
      "  rubric 'r3': no block of the answer could be attached to it\n"
      "  1 block(s) attached to no rubric:\n"
      "    block 3 ID 'r9' property '別の文' (no rubric has this ID, and no"
      " rubric has this property text)"
  )
  debug = [r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG]
  assert any(
      m.startswith("Rubric 'r1': tier=id block=0 score=1.0") for m in debug
  )


def test_no_warning_when_every_rubric_is_scored_and_every_block_used():
  _, report = _match(
      _PHARMACY,
      "ID: r1\nVerdict: yes\nID: r2\nVerdict: no\nID: r3\nVerdict: yes",
  )

  assert report.warning_message() is None
  assert report.unscored == []


def test_the_warning_lists_at_most_ten_of_each():
  rubrics = _rubrics(*[(f"r{i}", f"text {i}") for i in range(12)])
  answer = "".join(f"ID: x{i}\nVerdict: yes\n" for i in range(12))

  message = _match(rubrics, answer)[1].warning_message()

  assert message.startswith("Judge answer: 12 of 12 rubrics unscored.\n")
  assert "  ... and 2 more rubrics\n" in message
  assert message.endswith("    ... and 2 more")
  assert message.count("(no rubric has this ID)") == 10


def test_a_skipped_rubric_is_named_as_skipped():
  _, report = _match(_PHARMACY, "ID: r1\nVerdict: yes\nID: r2\nVerdict: no")

  assert [(o.rubric_id, o.reason) for o in report.unscored] == [
      ("r3", "the judge gave no verdict for it")
  ]


def test_rubric_scores_list_the_rubrics_the_answer_reached():
  _, report = _match(
      _PHARMACY, "ID: r1\nRationale: ok\nVerdict: yes\nID: r2\nVerdict: maybe"
  )

  assert [
      (s.rubric_id, s.score, s.rationale) for s in report.rubric_scores()
  ] == [
      ("r1", 1.0, "ok"),
      ("r2", None, "Unscored: verdict 'maybe' is not a yes or a no."),
  ]


def test_warning_quotes_the_answer_when_no_rubric_got_a_block(caplog):
  answer = "**Verdict**: Yes\n" + "x" * 600
  _, report = _match(_PHARMACY, answer)

  with caplog.at_level(logging.WARNING, logger="google_adk"):
    report.log(answer)

  (record,) = caplog.records
  assert "3 of 3 rubrics unscored" in record.getMessage()
  assert "The judge's answer began: '**Verdict**: Yes\\n" in record.getMessage()
  assert record.getMessage().endswith("...")


def test_warning_does_not_quote_the_answer_when_a_rubric_got_a_block(caplog):
  answer = "ID: r1\nVerdict: yes"
  _, report = _match(_PHARMACY, answer)

  with caplog.at_level(logging.WARNING, logger="google_adk"):
    report.log(answer)

  assert "answer began" not in caplog.text
  assert "2 of 3 rubrics unscored" in caplog.text


def test_rubrics_without_text_are_reached_by_id_only():
  rubrics = [
      Rubric(rubric_id="a", rubric_content=RubricContent()),
      Rubric(rubric_id="b", rubric_content=RubricContent(text_property="")),
  ]

  outcomes, report = _match(
      rubrics,
      "Property: x\nVerdict: yes\nID: a\nVerdict: no\nID: b\nVerdict: yes",
  )

  assert outcomes == {"a": (0.0, _ID), "b": (1.0, _ID)}
  assert _reasons(report) == ["no rubric has this property text"]
