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

"""The one-line reports of a metric or config that is not valid."""

from __future__ import annotations

import json

from google.adk.errors.not_found_error import NotFoundError
from google.adk.evaluation._metric_errors import describe_metric_error
from google.adk.evaluation._metric_errors import describe_validation_error
from google.adk.evaluation._metric_errors import did_you_mean
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.metric_evaluator_registry import MetricEvaluatorRegistry
from google.adk.evaluation.rubric_based_final_response_quality_v1 import RubricBasedFinalResponseQualityV1Evaluator
from pydantic import ValidationError
import pytest

_METRIC = "rubric_based_final_response_quality_v1"


def _config_error(criterion: dict) -> str:
  with pytest.raises(ValidationError) as raised:
    EvalConfig.model_validate_json(
        json.dumps({"criteria": {_METRIC: criterion}})
    )
  return describe_validation_error(raised.value)


def test_a_misspelled_threshold_key_is_one_line_naming_both():
  message = _config_error({"treshold": 0.8})

  assert message == (
      f"criteria.{_METRIC}.threshold: Field required; `treshold` is given,"
      " did you mean `threshold`?"
  )


def test_a_threshold_that_is_not_a_number_says_what_was_given():
  message = _config_error({"threshold": "O.8"})

  assert message.startswith(f"criteria.{_METRIC}.threshold: Input should be")
  assert message.endswith("(got 'O.8')")
  assert "\n" not in message


def test_an_unknown_metric_name_suggests_the_registered_one():
  with pytest.raises(NotFoundError) as raised:
    MetricEvaluatorRegistry().get_evaluator(
        EvalMetric(metric_name="rubric_based_final_response_quality_v2")
    )

  assert str(raised.value) == (
      "rubric_based_final_response_quality_v2 not found in registry; did you"
      f" mean `{_METRIC}`?"
  )


def test_a_name_like_none_keeps_the_old_message():
  with pytest.raises(NotFoundError) as raised:
    MetricEvaluatorRegistry().get_evaluator(EvalMetric(metric_name="zzz"))

  assert str(raised.value) == "zzz not found in registry."


@pytest.mark.parametrize(
    "judge_model_options, expected",
    [
        (
            {"num_samples": 0},
            (
                "judge_model_options.num_samples: Input should be greater than"
                " or equal to 1 (got 0)"
            ),
        ),
        (
            {"num_sample": 3},
            (
                "judge_model_options.num_sample: Extra inputs are not"
                " permitted; did you mean `num_samples`?"
            ),
        ),
    ],
)
def test_a_judge_option_error_is_named_in_one_line(
    judge_model_options: dict, expected: str
):
  config = EvalConfig.model_validate({
      "criteria": {
          _METRIC: {
              "threshold": 0.5,
              "judge_model_options": judge_model_options,
          }
      }
  })
  metric = EvalMetric(
      metric_name=_METRIC, threshold=0.5, criterion=config.criteria[_METRIC]
  )

  with pytest.raises(ValueError) as raised:
    RubricBasedFinalResponseQualityV1Evaluator(metric)

  line = describe_metric_error("case_1", _METRIC, raised.value)
  assert line.startswith(f"eval case 'case_1', metric '{_METRIC}' could not")
  assert line.endswith(expected)
  assert "\n" not in line


def test_a_rubric_that_cannot_be_judged_is_named_in_one_line():
  error = ValueError(
      "The criterion's rubrics cannot be judged:\n  rubric 2 of 3 (rubric_id"
      " 'r2'): empty text_property\n  rubric 3 of 3: empty rubric_id"
  )

  assert describe_metric_error("c", "m", error) == (
      "eval case 'c', metric 'm' could not run: The criterion's rubrics"
      " cannot be judged: rubric 2 of 3 (rubric_id 'r2'): empty"
      " text_property; rubric 3 of 3: empty rubric_id"
  )


def test_an_error_without_text_is_named_by_its_type():
  assert describe_metric_error("c", "m", KeyError()) == (
      "eval case 'c', metric 'm' could not run: KeyError"
  )


def test_did_you_mean_is_empty_without_a_close_name():
  assert did_you_mean("threshold", ["rubrics"]) == ""
  assert did_you_mean("rubric", ["rubrics"]) == "; did you mean `rubrics`?"


@pytest.mark.parametrize(
    "key, expected",
    [
        ("num_smaples", "; did you mean `num_samples`?"),
        # No close key: what was given, as for any other value.
        ("zzz", " (got 3)"),
    ],
)
def test_an_unknown_nested_key_gets_the_closest_key_of_its_place(
    key: str, expected: str
):
  criterion = {"threshold": 0.5, "judge_model_options": {key: 3}}
  with pytest.raises(ValidationError) as raised:
    RubricsBasedCriterion.model_validate(criterion)

  message = describe_validation_error(raised.value, RubricsBasedCriterion)

  assert message == (
      f"judge_model_options.{key}: Extra inputs are not permitted{expected}"
  )
