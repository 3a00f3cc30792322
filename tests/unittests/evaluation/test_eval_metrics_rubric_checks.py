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

"""Rubrics that cannot be judged are errors, named, before any judge call.

Each rubric needs its own non-empty `rubric_id` and its own non-empty
`text_property` (two texts that differ only in case, width or spacing are the same). The criterion checks its rubrics when it is built (also
when a rubric evaluator builds it from `test_config.json`); a rubric
evaluator checks an invocation's rubrics of its type.
"""

from __future__ import annotations

from typing import Optional

from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_config import get_eval_metrics_from_config
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.genai import types as genai_types
import pydantic
import pytest

from .rubric_matching_cases import EVALUATORS
from .rubric_matching_cases import make_evaluator


def _rubric(
    rubric_id: str, text: Optional[str], type_: Optional[str] = None
) -> Rubric:
  return Rubric(
      rubric_id=rubric_id,
      rubric_content=RubricContent(text_property=text),
      type=type_,
  )


_GOOD = [_rubric("r1", "The response is polite.")]

# Rubrics -> the line naming the offending one.
_BAD = {
    "empty_text": (
        [*_GOOD, _rubric("r2", "")],
        "rubric 2 of 2 (rubric_id 'r2'): empty text_property",
    ),
    "blank_text": (
        [_rubric("r1", " \n")],
        "rubric 1 of 1 (rubric_id 'r1'): empty text_property",
    ),
    "no_text": (
        [*_GOOD, _rubric("r2", None)],
        "rubric 2 of 2 (rubric_id 'r2'): empty text_property",
    ),
    "empty_id": (
        [_rubric("", "The response states the price."), *_GOOD],
        (
            "rubric 1 of 2: empty rubric_id (text_property 'The response states"
            " the price.')"
        ),
    ),
    "blank_id": (
        [*_GOOD, _rubric("  ", "The response is short.")],
        "rubric 2 of 2: empty rubric_id",
    ),
    "duplicate_id": (
        [*_GOOD, _rubric("r1", "The response is short.")],
        "rubric 2 of 2 (rubric_id 'r1'): the same rubric_id as rubric 1",
    ),
    "duplicate_id_but_for_spaces": (
        [*_GOOD, _rubric(" r1", "The response is short.")],
        "rubric 2 of 2 (rubric_id ' r1'): the same rubric_id as rubric 1",
    ),
    "duplicate_text": (
        [*_GOOD, _rubric("r2", "The response is polite.")],
        "rubric 2 of 2 (rubric_id 'r2'): the same text_property as rubric 1",
    ),
    "duplicate_text_but_for_case_width_and_spaces": (
        [*_GOOD, _rubric("r2", "the response  is ＰＯＬＩＴＥ.")],
        "rubric 2 of 2 (rubric_id 'r2'): the same text_property as rubric 1",
    ),
}


@pytest.mark.parametrize("case", list(_BAD))
def test_the_criterion_names_each_rubric_that_cannot_be_judged(case: str):
  rubrics, line = _BAD[case]

  with pytest.raises(pydantic.ValidationError) as error:
    RubricsBasedCriterion(threshold=0.5, rubrics=rubrics)

  assert line in str(error.value)


def test_the_criterion_lists_every_problem_at_once():
  with pytest.raises(pydantic.ValidationError) as error:
    RubricsBasedCriterion(
        threshold=0.5,
        rubrics=[
            *_GOOD,
            _rubric("", "x"),
            _rubric("r1", ""),
            _rubric("r4", None),
        ],
    )

  assert str(error.value).count("\n  rubric ") == 4


def test_the_criterion_accepts_good_rubrics_and_none():
  assert RubricsBasedCriterion(threshold=0.5, rubrics=_GOOD).rubrics == _GOOD
  assert RubricsBasedCriterion(threshold=0.5).rubrics == []


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
def test_an_evaluator_built_from_a_config_names_the_bad_rubric(
    metric_name: str,
):
  config = EvalConfig.model_validate({
      "criteria": {
          metric_name: {
              "threshold": 0.5,
              "rubrics": [
                  {"rubric_id": "r1", "rubric_content": {"text_property": "x"}},
                  {"rubric_id": "r2", "rubric_content": {"text_property": ""}},
              ],
          }
      }
  })
  (metric,) = [
      m
      for m in get_eval_metrics_from_config(config)
      if m.metric_name == metric_name
  ]

  with pytest.raises(ValueError) as error:
    EVALUATORS[metric_name](metric)

  assert "rubric 2 of 2 (rubric_id 'r2'): empty text_property" in str(
      error.value
  )


_INVOCATION_RUBRIC_TYPES = {
    "rubric_based_final_response_quality_v1": "FINAL_RESPONSE_QUALITY",
    "rubric_based_tool_use_quality_v1": "TOOL_USE_QUALITY",
    "rubric_based_multi_turn_trajectory_quality_v1": "TRAJECTORY_QUALITY",
}


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
def test_an_evaluator_names_an_invocation_rubric_that_cannot_be_judged(
    metric_name: str,
):
  rubric_type = _INVOCATION_RUBRIC_TYPES[metric_name]
  evaluator = make_evaluator(metric_name, tuple(_GOOD))
  invocation = Invocation(
      user_content=genai_types.Content(
          role="user", parts=[genai_types.Part(text="How much is it?")]
      ),
      rubrics=[
          _rubric("i1", "The response is short.", rubric_type),
          _rubric("i2", "", rubric_type),
          # Not of this evaluator's type: not its rubric to judge.
          _rubric("other", "", "SOME_OTHER_TYPE"),
      ],
  )

  with pytest.raises(ValueError) as error:
    evaluator.format_auto_rater_prompt(invocation, None)

  assert str(error.value) == (
      f"The invocation's rubrics of type {rubric_type} cannot be judged; each"
      " rubric needs its own non-empty rubric_id and its own non-empty"
      " text_property:\n  rubric 2 of 2 (rubric_id 'i2'): empty text_property"
  )
