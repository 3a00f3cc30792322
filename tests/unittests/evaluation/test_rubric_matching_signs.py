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

"""Tests that the text tier of `_rubric_matching` keeps the signs folding drops.

Folding turns symbols and punctuation into spaces, so `-5` and `5`, `$50`
and `€50`, `≥ 4` and `≤ 4` fold to the same tokens. A block attaches by
its text only when it also writes the rubric's signs, in order.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_matching
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
import pytest

from .rubric_matching_cases import match as _match
from .rubric_matching_cases import NONE as _NONE
from .rubric_matching_cases import reasons as _reasons
from .rubric_matching_cases import rubrics as _rubrics

_TEXT = _rubric_matching.TIER_TEXT


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        ("Reports a temperature of -5 °C", "Reports a temperature of 5 °C"),
        ("Reports a temperature of −5 °C", "Reports a temperature of +5 °C"),
        ("Recommends hotels rated ≥ 4 stars", "Recommends hotels rated ≤ 4 stars"),
        ("Quotes the total as $50", "Quotes the total as €50"),
        ("Offers a 20% discount", "Offers a 20 discount"),
        ("-5℃以下での保管を禁止している", "5℃以下での保管を禁止している"),
        ("报价为$50", "报价为¥50"),
        ("يعرض خصما بنسبة 20%", "يعرض خصما بنسبة 20"),
        ("Nennt den Preis von 40 €", "Nennt den Preis von 40 $"),
        ("कुल राशि ₹500 बताता है", "कुल राशि $500 बताता है"),
        ("Recommends 1.5 tablets", "Recommends 1,5 tablets"),
        ("Quotes KWD 1,500", "Quotes KWD 1.500"),
        ("Books the call at 10:30", "Books the call at 10/30"),
        ("1/2錠を服用するよう説明している", "1-2錠を服用するよう説明している"),
        ("Recommends .5 mg", "Recommends 5 mg"),
        ("保存温度为-5度", "保存温度为5度"),
        ("يذكر أن السعر 1٫5 دينار", "يذكر أن السعر 1٬5 دينار"),
        ("Cuts the board to 8'", 'Cuts the board to 8"'),
        ("Cuts the board to 8′", "Cuts the board to 8″"),
        ("Reports a temperature of 5 °C", "Reports a temperature of ˗5 °C"),
        ("Writes the example in C", "Writes the example in C++"),
        ("Writes the example in C", "Writes the example in C#"),
        ("Marks the order ✅", "Marks the order ❌"),
        ("Reacts with 👍", "Reacts with 👎"),
        ("Gives the hotel ★★★★★", "Gives the hotel ★"),
        ("يعرض الوكيل خصم 20", "يعرض الوكيل خصم 20٪"),
        ("最低気温が5℃と回答している", "最低気温がー5℃と回答している"),
    ],
    ids=["minus", "minus_plus", "comparison", "currency", "percent", "ja",
         "zh", "ar", "de", "hi", "decimal_mark", "thousands_mark", "time_date",
         "half_or_range_ja", "leading_point", "minus_after_han",
         "arabic_marks", "feet_inches", "primes", "modifier_minus",
         "plus_after_letter", "hash_after_letter", "check_marks", "emoji",
         "stars", "arabic_percent", "long_vowel_mark_as_minus"],
)  # fmt: skip
def test_a_text_that_differs_in_a_sign_is_not_the_rubric(
    rubric: str, written: str
):
  rubrics = _rubrics(("r1", rubric), ("r2", "Mentions the check-in time"))

  outcomes, report = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r1": _NONE, "r2": _NONE}
  assert _reasons(report) == ["its text differs from a rubric's in a sign"]


@pytest.mark.parametrize(
    "written",
    [
        "Reports a temperature of -5 °C",
        "**Reports a temperature of －5 °C.**",
        "Reports a temperature of –5 °C",
        "Reports a temperature of ー5 °C",
    ],
)
def test_the_same_signs_written_otherwise_still_attach(written: str):
  rubrics = _rubrics(("r1", "Reports a temperature of -5 °C"))

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r1": (1.0, _TEXT)}


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        ("Cuts the board to 8'", "Cuts the board to 8’"),
        ('Cuts the board to 8"', "Cuts the board to 8″"),
        ("Writes the example in C++", "**Writes the example in C++.**"),
        ("Offers a 20% discount", "Offers a 20٪ discount"),
        ("ユーザ5人に案内している", "ユーザー5人に案内している"),
    ],
    ids=[
        "prime_as_apostrophe",
        "double_prime",
        "plus_after_letter",
        "arabic_percent",
        "long_vowel_mark_in_katakana",
    ],
)
def test_a_unit_mark_or_a_glued_plus_written_alike_still_attaches(
    rubric: str, written: str
):
  rubrics = _rubrics(("r1", rubric), ("r2", "Mentions the check-in time"))

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r1": (1.0, _TEXT), "r2": _NONE}


def test_a_sign_written_as_an_escape_is_the_sign():
  # A property echoed as a JSON dump writes `\u2212` for `−`: folded as
  # the sign, it is the `−5` rubric's, not the `5` rubric's.
  rubrics = _rubrics(
      ("minus", "Reports a temperature of −5 °C"),
      ("plus", "Reports a temperature of 5 °C"),
  )

  outcomes, _ = _match(
      rubrics,
      "Property: Reports a temperature of \\u22125 °C\nVerdict: yes",
  )

  assert outcomes == {"minus": (1.0, _TEXT), "plus": _NONE}


def test_a_hyphen_inside_a_word_is_no_sign():
  rubrics = _rubrics(("r1", "Lists product SKU-5 and its price"))

  outcomes, _ = _match(
      rubrics, "Property: Lists product SKU 5 and its price\nVerdict: no"
  )

  assert outcomes == {"r1": (0.0, _TEXT)}


@pytest.mark.parametrize(
    "written",
    ["> Is the response good?", "| Is the response good? |"],
)
def test_markdown_around_a_text_is_no_sign(written: str):
  rubrics = _rubrics(("r1", "Is the response good?"))

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r1": (1.0, _TEXT)}


def test_an_ascii_comparison_beside_a_number_is_a_sign():
  rubrics = _rubrics(
      ("r1", "Lists hotels rated > 4 stars"), ("r2", "Is polite")
  )

  outcomes, _ = _match(
      rubrics, "Property: Lists hotels rated < 4 stars\nVerdict: yes"
  )

  assert outcomes == {"r1": _NONE, "r2": _NONE}


_SIGNS = ("$", "€", "£", "¥", "₹", "-", "+", "%", "≥", "≤", "<", ">")


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(_SIGNS),
    st.sampled_from(_SIGNS),
    st.integers(min_value=1, max_value=999),
)
def test_a_changed_sign_never_attaches(mine: str, written: str, number: int):
  def text(sign: str) -> str:
    if sign in "%":
      return f"Reports a change of {number}{sign} in revenue"
    return f"Reports a change of {sign}{number} in revenue"

  rubrics = _rubrics(("r1", text(mine)), ("r2", "Reports the profit margin"))

  outcomes, _ = _match(rubrics, f"Property: {text(written)}\nVerdict: yes")

  expected = (1.0, _TEXT) if mine == written else _NONE
  assert outcomes == {"r1": expected, "r2": _NONE}


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        (
            "The agent mentions the cancellation fee.",
            "The agent does not mention the cancellation fee.",
        ),
        ("El agente menciona la tarifa.", "El agente no menciona la tarifa."),
        ("キャンセル料に言及している", "キャンセル料に言及していない"),
        ("提到了取消费", "没有提到取消费"),
    ],
    ids=["en", "es", "ja", "zh"],
)
def test_an_id_over_its_text_negated_is_refused(rubric, written):
  outcomes, report = _match(
      _rubrics(("r1", rubric)), f"ID: r1\nProperty: {written}\nVerdict: yes\n"
  )

  assert outcomes == {"r1": _NONE}
  assert _reasons(report) == [
      "its ID names rubric 'r1' but its text differs from that rubric's in a"
      " negation"
  ]


def test_an_id_over_its_text_negated_alike_is_kept():
  outcomes, _ = _match(
      _rubrics(("r1", "The agent does not reveal the password.")),
      "ID: r1\nProperty: The agent never reveals the password.\nVerdict: yes\n",
  )

  assert outcomes == {"r1": (1.0, _rubric_matching.TIER_ID)}


def test_an_id_over_an_unrelated_text_with_a_negation_is_kept():
  # Not a restatement of its rubric: the id is the contract.
  outcomes, _ = _match(
      _rubrics(("r1", "Is the response good?")),
      "ID: r1\nProperty: a paraphrase no rubric contains\nVerdict: yes\n",
  )

  assert outcomes == {"r1": (1.0, _rubric_matching.TIER_ID)}
