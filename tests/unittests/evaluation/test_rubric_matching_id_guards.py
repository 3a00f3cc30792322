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

"""Tests for the guards of the id tier of `_rubric_matching`.

The id is refused when the block's property text is another rubric's, holds
another rubric's numbers, gives other signs than its rubric, or sides with
another rubric on the words that tell the two apart; then neither rubric
gets the block.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_matching
import pytest

from .rubric_matching_cases import is_theirs as _is_theirs
from .rubric_matching_cases import match as _match
from .rubric_matching_cases import NONE as _NONE
from .rubric_matching_cases import reasons as _reasons
from .rubric_matching_cases import rubrics as _rubrics
from .rubric_matching_cases import TABLETS as _TABLETS
from .rubric_matching_cases import TURNS as _TURNS
from .rubric_matching_cases import TWINS as _TWINS

_ID = _rubric_matching.TIER_ID


def _points_to(named: str, theirs: str) -> str:
  return (
      f"its ID names rubric {named!r} but its text points to rubric {theirs!r}"
  )


def _other_numbers(named: str) -> str:
  return (
      f"its ID names rubric {named!r} but its text does not give that"
      " rubric's numbers"
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
            _TURNS,
            "ID: t2\nProperty: In turn 1 the agent lists the side-effects\n"
            "Verdict: yes\n",
            _is_theirs("t2", "t1"),
            id="rewrite_of_another",
        ),
        pytest.param(
            _TABLETS,
            "ID: a\nProperty: 1日3錠服用するように説明\nVerdict: yes\n",
            _other_numbers("a"),
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
            _other_numbers("b"),
            id="sides_han_numeral",
        ),
        pytest.param(
            _rubrics(
                ("a", "1日๒錠を服用するよう説明している"),
                ("b", "1日๑๒錠を服用するよう説明している"),
            ),
            "ID: b\nProperty:"
            " 1日๒錠を服用するようせつめいしている\nVerdict: no",
            _other_numbers("b"),
            id="sides_thai_digits",
        ),
        pytest.param(
            _rubrics(
                ("a", "In step 1 the agent gives 1 tablet"),
                ("b", "In step 1 the agent gives 3 tablets"),
            ),
            "ID: b\nProperty: In step 1 the assistant hands over 1 tablet\n"
            "Verdict: no",
            _other_numbers("b"),
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


@pytest.mark.parametrize(
    ("rubrics", "written", "reason"),
    [
        # `three` may be b's `3`: a number in words is not compared.
        (
            _rubrics(
                ("a", "The agent says to take 2 tablets a day"),
                ("b", "The agent says to take 3 tablets a day"),
            ),
            "ID: a\nProperty: The agent says to take three tablets a day",
            _other_numbers("a"),
        ),
        # A text that drops its rubric's number names no turn.
        (
            _TURNS,
            "ID: t2\nProperty: The agent listed the side effects",
            _other_numbers("t2"),
        ),
    ],
    ids=["number_in_words", "number_dropped"],
)
def test_id_refused_when_the_text_leaves_out_its_numbers(
    rubrics, written: str, reason: str
):
  outcomes, report = _match(rubrics, f"{written}\nVerdict: yes\n")

  assert all(o == _NONE for o in outcomes.values())
  assert _reasons(report) == [reason]


@pytest.mark.parametrize(
    ("rubrics", "written"),
    [
        # `the` is b's word only because a's text leaves it out: a tie is no
        # reason to doubt the id (a tie refusing lost such blocks).
        (
            _rubrics(
                ("a", "Agent greets customer"),
                ("b", "The agent confirms the address"),
            ),
            "The agent says hello to the customer",
        ),
        # `1日` (a day) is a number the English rubric writes in words.
        (
            _rubrics(
                ("a", "The agent says to take 2 tablets a day"),
                ("b", "The agent says to take 3 tablets a day"),
            ),
            "1日2錠服用するように説明",
        ),
    ],
    ids=["one_word_of_each_rubric", "number_added"],
)
def test_id_kept_when_the_text_does_not_doubt_it(rubrics, written: str):
  outcomes, _ = _match(rubrics, f"ID: a\nProperty: {written}\nVerdict: yes")

  assert outcomes == {"a": (1.0, _ID), "b": _NONE}


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


def test_the_rival_is_found_among_many_rubrics_that_share_a_common_word():
  # 100 rubrics share `zeta` with the block; the one it sides with is found
  # by its rarer words, whatever order Python's string hashing gives.
  rubrics = _rubrics(
      ("r0", "alpha beta gamma"),
      *[(f"f{k}", f"filler{k} zeta") for k in range(100)],
      ("r101", "zeta omega kappa"),
  )

  outcomes, report = _match(
      rubrics, "ID: r0\nProperty: zeta omega kappa alpha\nVerdict: yes"
  )

  assert outcomes["r0"] == _NONE
  assert _reasons(report) == [
      "its ID names rubric 'r0' but its text points to rubric 'r101'"
  ]


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        (
            "The agent offers a 10% discount.",
            "The agent offers a $10 discount.",
        ),
        ("Says it is -5 °C outside.", "Says it is +5 °C outside."),
        (
            "Recommends at most 2 doses (≤ 2).",
            "Recommends 2 doses or more (≥ 2).",
        ),
    ],
    ids=["percent_dollar", "minus_plus", "le_ge"],
)
def test_an_id_over_a_text_with_other_signs_is_refused(rubric, written):
  outcomes, report = _match(
      _rubrics(("r1", rubric)), f"ID: r1\nProperty: {written}\nVerdict: yes\n"
  )

  assert outcomes == {"r1": _NONE}
  assert _reasons(report) == [
      "its ID names rubric 'r1' but its text differs from that rubric's in a"
      " sign"
  ]


@pytest.mark.parametrize(
    "written",
    [
        "“The agent quotes the price of SKU-2”",
        "**The agent quoted SKU-2's price**",
    ],
)
def test_quotes_around_an_id_s_text_are_no_signs(written):
  outcomes, _ = _match(
      _rubrics(("r1", "The agent quotes the price of SKU-2")),
      f"ID: r1\nProperty: {written}\nVerdict: yes\n",
  )

  assert outcomes == {"r1": (1.0, _ID)}


@pytest.mark.parametrize(
    ("own", "other", "written"),
    [
        (
            "Take 2 tablets a day for 3 days.",
            "Take 3 tablets a day for 2 days.",
            "For 2 days, take 3 tablets a day.",
        ),
        (
            "Tomar 2 pastillas al día durante 3 días.",
            "Tomar 3 pastillas al día durante 2 días.",
            "Durante 2 días, tomar 3 pastillas al día.",
        ),
        (
            "每天服用2片，连续3天",
            "每天服用3片，连续2天",
            "连续2天，每天服用3片",
        ),
    ],
    ids=["en", "es", "zh"],
)
def test_numbers_moved_onto_the_other_rubric_s_words_are_refused(
    own, other, written
):
  outcomes, report = _match(
      _rubrics(("r1", own), ("r2", other)),
      f"ID: r1\nProperty: {written}\nVerdict: yes\n",
  )

  assert outcomes == {"r1": _NONE, "r2": _NONE}
  assert _reasons(report) == [_points_to("r1", "r2")]


def test_the_own_numbers_said_in_another_order_keep_the_id():
  outcomes, _ = _match(
      _rubrics(
          ("r1", "Take 2 tablets a day for 3 days."),
          ("r2", "Take 3 tablets a day for 2 days."),
      ),
      "ID: r1\nProperty: For 3 days, take 2 tablets a day.\nVerdict: yes\n",
  )

  assert outcomes == {"r1": (1.0, _ID), "r2": _NONE}
