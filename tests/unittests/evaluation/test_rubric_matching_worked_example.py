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

"""Tests that blocks repeating a prompt's worked example attach to nothing.

Each rubric prompt shows the judge an example answer (`ID: 1` ... about
employees and salaries, or about `grammar_check`). A judge that echoes it
before its own answer has not judged those properties: the example's blocks
attach to no rubric, even to one whose id is `1`, unless a rubric's own
text is the example's.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_matching
import pytest

from .rubric_matching_cases import match as _match
from .rubric_matching_cases import NONE as _NONE
from .rubric_matching_cases import reasons as _reasons
from .rubric_matching_cases import rubrics as _rubrics

_ID = _rubric_matching.TIER_ID
_TEXT = _rubric_matching.TIER_TEXT
_EMPLOYEES = (
    "The final answer correctly identifies the total number of employees."
)
_SALARY = (
    "The final answer correctly states the average salary for the Marketing"
    " department."
)
_GRAMMAR = "Does the agent run function call 'default_api.grammar_check'?"
_ECHOED = "it repeats the worked example of the prompt"


def test_the_final_response_example_echoed_with_ids_is_no_answer():
  rubrics = _rubrics(("1", "回答は丁寧である"), ("2", "料金を説明している"))
  answer = (
      f"ID: 1\nProperty: {_EMPLOYEES}\nVerdict: yes\n\n"
      f"ID: 2\nProperty: {_SALARY}\nVerdict: no\n\n"
      "ID: 1\nProperty: 回答は丁寧である\nVerdict: no\n\n"
      "ID: 2\nProperty: 料金を説明している\nVerdict: yes\n"
  )

  outcomes, report = _match(rubrics, answer)

  assert outcomes == {"1": (0.0, _ID), "2": (1.0, _ID)}
  assert _reasons(report) == [_ECHOED, _ECHOED]


@pytest.mark.parametrize("text", [_EMPLOYEES, _GRAMMAR, _EMPLOYEES.upper()])
def test_an_echoed_example_block_leaves_the_rubric_unscored(text: str):
  rubrics = _rubrics(("1", "The agent greets the user"))

  outcomes, report = _match(rubrics, f"ID: 1\nProperty: {text}\nVerdict: yes")

  assert outcomes == {"1": _NONE}
  assert _reasons(report) == [_ECHOED]


def test_a_rubric_whose_text_is_the_example_still_gets_its_block():
  rubrics = _rubrics(("r1", _EMPLOYEES), ("r2", "The final answer is polite"))

  outcomes, _ = _match(
      rubrics,
      f"Property: {_EMPLOYEES}\nVerdict: yes\n\n"
      "Property: The final answer is polite\nVerdict: no\n",
  )

  assert outcomes == {"r1": (1.0, _TEXT), "r2": (0.0, _TEXT)}
