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

"""A case never passes on its other metrics while a rubric went unjudged.

A rubric metric is NOT_EVALUATED when a rubric got no verdict. Metrics that
are NOT_EVALUATED because they do not apply are still left out of a case's
status; this one is not.
"""

from __future__ import annotations

from typing import Optional

from google.adk.agents.llm_agent import Agent
from google.adk.evaluation.eval_metrics import EvalMetricResult
from google.adk.evaluation.eval_metrics import EvalMetricResultDetails
from google.adk.evaluation.eval_rubrics import RubricScore
from google.adk.evaluation.evaluator import EvalStatus
from google.adk.evaluation.in_memory_eval_sets_manager import InMemoryEvalSetsManager
from google.adk.evaluation.local_eval_service import LocalEvalService
import pytest

_PASSED = EvalStatus.PASSED
_FAILED = EvalStatus.FAILED
_NOT_EVALUATED = EvalStatus.NOT_EVALUATED


def _metric(
    status: EvalStatus, rubric_scores: Optional[list[RubricScore]] = None
) -> EvalMetricResult:
  return EvalMetricResult(
      metric_name=f"metric_{status.name.lower()}",
      threshold=0.5,
      eval_status=status,
      details=EvalMetricResultDetails(rubric_scores=rubric_scores),
  )


_UNJUDGED = _metric(
    _NOT_EVALUATED,
    [
        RubricScore(rubric_id="r1", score=1.0),
        RubricScore(rubric_id="r2", unscored_reason="no verdict"),
    ],
)


@pytest.mark.parametrize(
    "metrics, expected",
    [
        ([_metric(_PASSED), _UNJUDGED], _NOT_EVALUATED),
        ([_UNJUDGED, _metric(_PASSED)], _NOT_EVALUATED),
        ([_metric(_PASSED), _UNJUDGED, _metric(_FAILED)], _FAILED),
        ([_UNJUDGED], _NOT_EVALUATED),
        # A metric not evaluated for another reason is left out, as before.
        ([_metric(_PASSED), _metric(_NOT_EVALUATED)], _PASSED),
        (
            [_metric(_PASSED), _metric(EvalStatus.INFORMATIONAL, [])],
            _PASSED,
        ),
    ],
)
def test_a_metric_with_an_unjudged_rubric_keeps_the_case_from_passing(
    metrics: list[EvalMetricResult], expected: EvalStatus
):
  service = LocalEvalService(
      root_agent=Agent(name="agent", model="gemini-2.5-flash"),
      eval_sets_manager=InMemoryEvalSetsManager(),
  )

  assert service._generate_final_eval_status(metrics) == expected
