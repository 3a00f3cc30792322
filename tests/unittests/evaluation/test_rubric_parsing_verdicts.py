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

"""Tests for reading the templates' verdicts in `_rubric_verdicts.read_verdict`.

A verdict is a yes (1.0) or a no (0.0) only when the value is a verdict
phrase, decorated at most with punctuation; a value holding both a yes and
a no form, or any word besides the verdict (a reason, a hedge, a negator
before a word the table does not know), is no verdict. Words beyond the
templates' `yes` / `no` come from `_rubric_languages` and are tested with
them.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_verdicts
import pytest

from .rubric_parsing_cases import verdict_cases

_read = _rubric_verdicts.read_verdict

# (language, yes forms, no forms)
_BY_LANGUAGE = [("en", ["yes", "Yes.", "YES"], ["no", "No.", "NO"])]


@pytest.mark.parametrize(
    ("verdict", "score"),
    verdict_cases(_BY_LANGUAGE, 1, 1.0) + verdict_cases(_BY_LANGUAGE, 2, 0.0),
)
def test_yes_and_no_forms_per_language(verdict: str, score: float):
  assert _read(verdict) == score


@pytest.mark.parametrize(
    "verdict",
    [
        "ＹＥＳ",
        "**Yes**",
        "[[yes]]",
        "  \u200byes",
    ],
)
def test_decorated_yes(verdict: str):
  assert _read(verdict) == 1.0


@pytest.mark.parametrize("verdict", ["Yes 👎", "No 👍", "yes ☒"])
def test_a_pictograph_that_is_no_verdict_phrase_after_one_is_none(verdict):
  assert _read(verdict) is None


@pytest.mark.parametrize(
    "verdict",
    [
        "YES - the agent asked",
        "Yes. No issues.",
        "Yes, no issues found",
        "Yes, because the agent asked",
        "Yes, with the exception of Sunday",
        "Yes, probably",
        "No - it does state the dose",
        "No. 2",  # the next block's heading
        "Yes (1/1)",
    ],
)
def test_a_verdict_with_words_after_it_is_none(verdict: str):
  # A reason and a qualification that takes the verdict back look alike.
  assert _read(verdict) is None
  assert "says more than a yes or a no" in _rubric_verdicts.explain_verdict(
      verdict
  )


@pytest.mark.parametrize(
    "verdict",
    [
        "yes/no",
        "yes|no",
        "[[yes|no]]",
        "yes or no",
        "Yes and no",
        "✅❌",
        "No — yes it was",
        "yes\nno",
    ],
)
def test_both_forms_are_no_verdict(verdict: str):
  assert _read(verdict) is None


@pytest.mark.parametrize(
    "verdict",
    [
        "no data",
        "No idea",
    ],
)
def test_a_negator_before_an_unknown_word_is_no_verdict(verdict: str):
  assert _read(verdict) is None


@pytest.mark.parametrize(
    "verdict",
    [
        "The answer is yes",
        "partially met",
        "maybe",
        "unknown",
        "none",
        "nope",
        "yesterday",
        "notable",
        "",
        "   ",
        "—",
    ],
)
def test_the_verdict_must_open_the_value(verdict: str):
  assert _read(verdict) is None


def test_a_long_value_is_read_whole():
  assert _read("yes. " + "." * 1_000_000) == 1.0
  assert _read("yes. " + "x" * 1_000_000) is None
  assert _read("x" * 1_000_000 + " yes") is None


@pytest.mark.parametrize(
    ("text", "scores"),
    [
        ("no", {0.0}),
        ("yes.", {1.0}),
        ("no issues", set()),
    ],
)
def test_verdicts_in_text(text: str, scores: set[float]):
  assert _rubric_verdicts.verdicts_in(_rubric_verdicts.normalize(text)) == (
      scores
  )


@pytest.mark.parametrize(
    ("value", "score"),
    [
        ("No: the dose is missing.", 0.0),
        ("Yes, because the agent asked.", 1.0),
        ("No issues found.", None),  # `no` running into a word
        ("Maybe yes.", None),
    ],
)
def test_the_verdict_a_value_opens_with(value: str, score):
  assert _rubric_verdicts.opening_verdict(value) == score
