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

"""Tests for the id and text tiers of `_rubric_matching`, and its accounting.

An echoed id that names a rubric attaches the block to it; without one, only
a folded property text equal to exactly one rubric's attaches. Every rubric
and every stray block is accounted for in one warning.
"""

from __future__ import annotations

import logging

from google.adk.evaluation import _rubric_matching
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
import pytest

from .judge_prompt_cases import judge_answer
from .rubric_matching_cases import make_evaluator
from .rubric_matching_cases import match as _match
from .rubric_matching_cases import NONE as _NONE
from .rubric_matching_cases import PHARMACY as _PHARMACY
from .rubric_matching_cases import reasons as _reasons
from .rubric_matching_cases import rubrics as _rubrics
from .rubric_matching_cases import TURNS as _TURNS

_ID = _rubric_matching.TIER_ID
_TEXT = _rubric_matching.TIER_TEXT


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
  outcomes, _ = _match(
      _PHARMACY, f"ID: {echo}\nProperty: 違う文章\nVerdict: no"
  )

  assert outcomes == {"r1": _NONE, "r2": (0.0, _ID), "r3": _NONE}


@pytest.mark.parametrize(
    "property_line",
    [
        "",
        "Property: In turn 2 the agent listed side effects\n",
        "Property: Something else entirely happened in turn 2\n",
    ],
    ids=["no_text", "own_text_reworded", "unrelated_text"],
)
def test_the_id_is_the_contract(property_line: str):
  outcomes, report = _match(_TURNS, f"ID: t2\n{property_line}Verdict: yes\n")

  assert outcomes == {"t1": _NONE, "t2": (1.0, _ID), "t3": _NONE}
  assert report.unmatched_blocks == []


def test_an_id_over_another_rubrics_text_reaches_neither_rubric():
  # The two blocks swap ids over exact copies of the texts: which rubric each
  # verdict is for is not settled, so neither rubric gets one.
  outcomes, report = _match(
      _TURNS,
      "ID: t2\nProperty: In turn 1 the agent lists the side effects\n"
      "Verdict: yes\n\n"
      "ID: t1\nProperty: In turn 2 the agent lists the side effects\n"
      "Verdict: no\n",
  )

  assert outcomes == {"t1": _NONE, "t2": _NONE, "t3": _NONE}
  assert _reasons(report) == [
      "its ID names rubric 't2' but its text is rubric 't1''s",
      "its ID names rubric 't1' but its text is rubric 't2''s",
  ]


def test_an_id_over_a_text_other_rubrics_share_reaches_no_rubric():
  # `c`'s id over a text that is `a`'s and `b`'s (folded alike): the judge
  # copied the wrong text or the wrong id.
  outcomes, report = _match(
      _rubrics(
          ("a", "The agent asked first."),
          ("b", "The agent asked first!"),
          ("c", "The response states the dose."),
      ),
      "ID: a\nProperty: The agent asked first.\nVerdict: yes\n\n"
      "ID: b\nProperty: The agent asked first!\nVerdict: yes\n\n"
      "ID: c\nProperty: The agent asked first\nVerdict: no",
  )

  assert outcomes == {"a": (1.0, _ID), "b": (1.0, _ID), "c": _NONE}
  assert _reasons(report) == [
      "its ID names rubric 'c' but its text is that of 2 other rubrics"
  ]


def test_id_tier_is_exact_after_normalization():
  outcomes, report = _match(_PHARMACY, "ID: r22\nVerdict: yes")

  assert all(o == _NONE for o in outcomes.values())
  assert _reasons(report) == ["no rubric has this ID"]


# The text tier: equal folded text.


def test_rubrics_that_fold_alike_are_told_apart_by_exact_copies():
  # The two texts differ only in punctuation, which folding drops; exact
  # copies still name their rubric, and a third spelling names neither.
  outcomes, report = _match(
      _rubrics(
          ("a", "The agent asked first."), ("b", "The agent asked first!")
      ),
      "Property: The agent asked first!\nVerdict: yes\n"
      "Property: The agent asked first.\nVerdict: no\n"
      "Property: **The agent asked first**\nVerdict: no\n",
  )

  assert outcomes == {"a": (0.0, _TEXT), "b": (1.0, _TEXT)}
  assert _reasons(report) == ["its text fits 2 rubrics"]


def test_a_roman_numeral_reaches_its_rubric_as_written():
  # `Ⅷ` is a number to the fold, and `VIII` letters: the parser keeps the
  # judge's text as written, so the two rubrics stay apart.
  outcomes, _ = _match(
      _rubrics(
          ("a", "The answer cites chapter Ⅷ"),
          ("b", "The answer cites chapter VIII"),
      ),
      "Property: The answer cites chapter Ⅷ\nVerdict: yes\n\n"
      "Property: The answer cites chapter VIII\nVerdict: no",
  )

  assert outcomes == {"a": (1.0, _TEXT), "b": (0.0, _TEXT)}


def test_rubrics_with_equal_text_are_not_guessed():
  outcomes, report = _match(
      _rubrics(("a", "Same text"), ("b", "Same text")),
      "Property: Same text\nVerdict: yes",
  )

  assert outcomes == {"a": _NONE, "b": _NONE}
  assert _reasons(report) == ["its text fits 2 rubrics"]


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


@pytest.mark.parametrize("verdict", ["Maybe", ""])
def test_an_unreadable_or_empty_verdict_line_disagrees_with_a_yes(verdict):
  # An echoed example's `Verdict: yes` does not stand for the judge's own
  # verdict line, which the parser could not read.
  outcomes, report = _match(
      _PHARMACY[:1],
      f"ID: r1\nVerdict: yes\n\nID: r1\nVerdict: {verdict}\n**No**",
  )

  assert outcomes == {"r1": (None, _ID)}
  assert report.outcomes[0].reason == (
      "the judge answered it 2 times with different verdicts"
  )


def test_a_block_with_two_verdict_lines_disagrees_with_a_yes():
  # A summary's yes, then the rubric's block, where the judge revised it.
  outcomes, report = _match(
      _PHARMACY[:1],
      "ID: r1\nVerdict: yes\n\n"
      "ID: r1\nRationale: it did not ask.\nVerdict: yes\nFinal verdict: no",
  )

  assert outcomes == {"r1": (None, _ID)}
  assert report.outcomes[0].reason == (
      "the judge answered it 2 times with different verdicts"
  )


def test_the_evaluator_warns_once_and_gives_no_score(caplog):
  evaluator = make_evaluator(
      "rubric_based_final_response_quality_v1", _PHARMACY[:2]
  )

  with caplog.at_level(logging.WARNING):
    result = evaluator.convert_auto_rater_response_to_score(
        judge_answer(
            "ID: r1\nVerdict: yes\n\nID: r2\nVerdict: no\n\n"
            "ID: r2\nVerdict: yes"
        )
    )

  assert result.score is None
  (warning,) = [
      r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING
  ]
  assert (
      "rubric 'r2': the judge answered it 2 times with different verdicts"
      in warning
  )


def test_one_warning_names_unscored_rubrics_and_stray_blocks():
  _, report = _match(
      _PHARMACY,
      "ID: r1\nVerdict: yes\nID: r2\nVerdict: maybe\n"
      "ID: r9\nProperty: 別の文\nVerdict: no",
  )

  assert report.warning_message() == (
      "Judge answer: 2 of 3 rubrics unscored.\n"
      "  rubric 'r2': verdict 'maybe' is not a yes or a no\n"
      "  rubric 'r3': no block of the answer could be attached to it\n"
      "  1 block(s) attached to no rubric:\n"
      "    block 3 ID 'r9' property '別の文' (no rubric has this ID, and no"
      " rubric has this property text)"
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


def test_rubrics_without_text_are_reached_by_id_only():
  rubrics = [
      Rubric(rubric_id="a", rubric_content=RubricContent()),
      Rubric(rubric_id="b", rubric_content=RubricContent(text_property="")),
  ]

  outcomes, report = _match(
      rubrics,
      "ID: a\nVerdict: no\nID: b\nVerdict: yes\nProperty: x\nVerdict: yes",
  )

  assert outcomes == {"a": (0.0, _ID), "b": (1.0, _ID)}
  assert _reasons(report) == ["no rubric has this property text"]


def test_a_property_line_above_its_id_line_keeps_the_ids():
  # Each id line starts a block below its property line; no verdict comes
  # before an id, so the ids were not written after their blocks.
  outcomes, _ = _match(
      _PHARMACY[:2],
      "Property: p1\nID: r1\nRationale: ok\nVerdict: no\n\n"
      "Property: p2\nID: r2\nRationale: ok\nVerdict: yes",
  )

  assert outcomes == {"r1": (0.0, _ID), "r2": (1.0, _ID)}
