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

"""Tests of the guarded fallback's bound, its siding rule and worked examples.

A block without a usable id attaches to rubric R when its text differs from
R's by a few words (at most three places of at most three tokens each, half
of either text kept) and, against every other rubric, sides with R. Blocks
repeating the prompt's worked example attach to nothing.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_matching
import pytest

from .rubric_matching_cases import match as _match
from .rubric_matching_cases import NONE as _NONE
from .rubric_matching_cases import reasons as _reasons
from .rubric_matching_cases import rubrics as _rubrics

_REWRITE = _rubric_matching.TIER_REWRITE
_OTHER = ("other", "The user asks about the weather")
_RUBRIC = "The agent gives the user the opening hours of the shop today"


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        # Three places, one shared word each.
        (
            "The agent gave a user the opening hours of that shop today",
            (1.0, _REWRITE),
        ),
        # Four places, one shared word each.
        ("A agent gave the user a opening hours of that shop today", _NONE),
        # One place of three words added.
        (
            (
                "The agent gives the user clearly and kindly the opening hours"
                " of the shop today"
            ),
            (1.0, _REWRITE),
        ),
        # One place of four words added.
        (
            (
                "The agent gives the user very clearly and kindly the opening"
                " hours of the shop today"
            ),
            _NONE,
        ),
    ],
    ids=[
        "three_places",
        "four_places",
        "three_words_in_one_place",
        "four_words_in_one_place",
    ],
)
def test_the_bound_is_three_places_of_three_words(written: str, expected):
  rubrics = _rubrics(
      ("r", _RUBRIC), ("r2", "The agent gives the user the price of the shop")
  )

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r": expected, "r2": _NONE}


def test_a_block_must_keep_half_of_the_text():
  rubrics = _rubrics(("c", "The agent confirms the booking"), _OTHER)

  outcomes, _ = _match(
      rubrics,
      "Property: confirms the booking\nVerdict: yes\n\n"
      "Property: the booking\nVerdict: no\n",
  )

  assert outcomes == {"c": (1.0, _REWRITE), "other": _NONE}


def test_a_rubric_whose_words_another_holds_needs_all_of_them():
  # `price` holds no word `euros` lacks: a block is price's only when it
  # keeps every word of price's text (respelled or not) and none of euros'.
  rubrics = _rubrics(
      ("price", "The agent lists the price of the room"),
      ("euros", "The agent lists the price of the room in euros"),
  )

  outcomes, _ = _match(
      rubrics,
      "Property: The agent listed the price of the room\nVerdict: yes\n\n"
      "Property: the price of the room\nVerdict: no\n",
  )

  assert outcomes == {"price": (1.0, _REWRITE), "euros": _NONE}


@pytest.mark.parametrize(
    ("rubrics", "written"),
    [
        (
            (
                ("before", "The agent advises taking it before meals"),
                ("after", "The agent advises taking it after meals"),
            ),
            "The agent advises taking it with meals",
        ),
        (
            (
                ("before", "The agent advises taking it before meals"),
                ("after", "The agent advises taking it after meals"),
            ),
            "The agent advises taking it meals",
        ),
        (
            (
                ("tokyo", "The agent books a flight to Tokyo"),
                ("osaka", "The agent books a flight to Osaka"),
            ),
            "The agent booked a flight to Kyoto",
        ),
        (
            (
                ("both", "The agent lists the risks and the benefits"),
                ("risks", "The agent lists the risks"),
            ),
            "The agent lists the risks and the costs",
        ),
        (
            # Found by Hypothesis: 食 is shared, but 就寝前 (before bed) is
            # another word than 食前 (before meals).
            (
                ("before", "食前に服用するよう説明している"),
                ("after", "食後に服用するよう説明している"),
            ),
            "就寝前に服用するよう説明している",
        ),
        (
            # カラー is b's word, though each of its kana alone is none.
            (
                ("a", "商品の説明をした"),
                ("b", "商品のサイズとカラーと価格と在庫の説明をした"),
            ),
            "商品カラーの説明をした",
        ),
    ],
    ids=[
        "word_changed",
        "word_dropped",
        "name_changed",
        "word_replaced",
        "han_word_around_the_kept_character",
        "katakana_word_of_another_rubric",
    ],
)
def test_a_changed_or_dropped_distinguishing_word_attaches_nowhere(
    rubrics, written: str
):
  outcomes, report = _match(
      _rubrics(*rubrics), f"Property: {written}\nVerdict: yes"
  )

  assert all(o == _NONE for o in outcomes.values())
  assert _reasons(report) == ["no rubric has this property text"]


def test_a_word_only_another_rubric_has_refuses_even_respelled():
  rubrics = _rubrics(
      ("color", "The label shows the color of the box"),
      ("size", "The label shows the size of the box"),
  )

  outcomes, _ = _match(
      rubrics, "Property: The label shows the colour and sizes\nVerdict: yes"
  )

  assert outcomes == {"color": _NONE, "size": _NONE}


def test_a_single_rubric_is_not_reworded_freely():
  # With one rubric no word is shared by all rubrics: every word is the
  # rubric's own and may only be kept, respelled or dropped.
  outcomes, _ = _match(
      _rubrics(("r", "The agent states the return policy")),
      "Property: The agent explains the refund policy\nVerdict: yes\n",
  )

  assert outcomes == {"r": _NONE}


def test_worked_example_blocks_attach_to_nothing():
  rubrics = _rubrics(
      ("1", "The final answer greets the user by name"),
      ("2", "The final answer states the delivery date"),
  )

  outcomes, report = _match(
      rubrics,
      "ID: 2\nProperty: The final answer correctly identifies the name of"
      " Alice Smith's manager, or correctly states that it cannot be"
      " determined and why.\nVerdict: no\n\n"
      "ID: 1\nProperty: Does the agent run function call"
      " 'default_api.grammar_check'?\nVerdict: no\n\n"
      "ID: 1\nProperty: The final answer greets the user by name\n"
      "Verdict: yes\n",
  )

  assert outcomes == {"1": (1.0, _rubric_matching.TIER_ID), "2": _NONE}
  assert _reasons(report) == ["it repeats the worked example of the prompt"] * 2


def test_a_rubric_with_the_worked_examples_text_is_still_matched():
  text = "The final answer is formatted as a numbered list."
  outcomes, report = _match(
      _rubrics(("r", text), _OTHER), f"Property: {text}\nVerdict: yes\n"
  )

  assert outcomes == {"r": (1.0, _rubric_matching.TIER_TEXT), "other": _NONE}
  assert not report.unmatched_blocks
