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

"""A rubric metric refuses a criterion key it would silently ignore.

Criteria accept undeclared keys, so `structured_ouput: true` used to leave
structured judging off without a word. The three rubric metrics now refuse
a key that is not a field of their criterion; other metrics do not.
"""

from __future__ import annotations

from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.hallucinations_v1 import HallucinationsV1Evaluator
from google.adk.evaluation.rubric_based_final_response_quality_v1 import RubricBasedFinalResponseQualityV1Evaluator
from google.adk.evaluation.rubric_based_multi_turn_trajectory_evaluator import RubricBasedMultiTurnTrajectoryEvaluator
from google.adk.evaluation.rubric_based_tool_use_quality_v1 import RubricBasedToolUseV1Evaluator
import pytest

_RUBRIC = {
    "rubric_id": "r1",
    "rubric_content": {"text_property": "応答は丁寧である"},
}
_EVALUATORS = {
    "rubric_based_final_response_quality_v1": (
        RubricBasedFinalResponseQualityV1Evaluator
    ),
    "rubric_based_tool_use_quality_v1": RubricBasedToolUseV1Evaluator,
    "rubric_based_multi_turn_trajectory_quality_v1": (
        RubricBasedMultiTurnTrajectoryEvaluator
    ),
}


def _metric(metric_name: str, criterion: dict) -> EvalMetric:
  """Returns the metric as `adk eval` builds it from a config file."""
  config = EvalConfig.model_validate({"criteria": {metric_name: criterion}})
  return EvalMetric(
      metric_name=metric_name,
      threshold=criterion["threshold"],
      criterion=config.criteria[metric_name],
  )


@pytest.mark.parametrize("metric_name", sorted(_EVALUATORS))
def test_a_misspelled_key_is_refused_with_the_close_field(metric_name: str):
  metric = _metric(
      metric_name,
      {"threshold": 0.5, "structured_ouput": True, "rubrics": [_RUBRIC]},
  )

  with pytest.raises(ValueError) as raised:
    _EVALUATORS[metric_name](metric)

  assert str(raised.value) == (
      f"The criterion of `{metric_name}` is not valid: unknown key"
      " `structured_ouput`; did you mean `structured_output`?"
  )


def test_a_key_like_no_field_lists_the_fields():
  metric = _metric(
      "rubric_based_final_response_quality_v1",
      {"threshold": 0.5, "language": "ja", "rubrics": [_RUBRIC]},
  )

  with pytest.raises(ValueError) as raised:
    RubricBasedFinalResponseQualityV1Evaluator(metric)

  message = str(raised.value)
  assert "unknown key `language`; remove it (the keys are " in message
  assert "judge_model_options" in message and "structured_output" in message


@pytest.mark.parametrize(
    "criterion",
    [
        {"threshold": 0.5, "rubrics": [_RUBRIC]},
        {
            "threshold": 0.5,
            "judgeModelOptions": {"numSamples": 1},
            "structuredOutput": True,
            "rubrics": [_RUBRIC],
        },
        {
            "threshold": 0.5,
            "judge_model_options": {"num_samples": 1},
            "structured_output": False,
            "include_intermediate_responses_in_final": True,
            "rubrics": [_RUBRIC],
        },
    ],
)
def test_known_keys_by_name_or_alias_are_accepted(criterion: dict):
  metric = _metric("rubric_based_final_response_quality_v1", criterion)

  RubricBasedFinalResponseQualityV1Evaluator(metric)


def test_other_metrics_still_accept_extra_keys():
  metric = _metric(
      "hallucinations_v1", {"threshold": 0.5, "structured_ouput": True}
  )

  HallucinationsV1Evaluator(metric)
