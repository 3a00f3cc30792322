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

"""AgentEvaluator fails a metric whose rubric the judge never judged.

It used to average the scored invocations of a metric, so a case whose
second invocation was left unscored by a rubric without a verdict passed on
the first invocation alone.
"""

from __future__ import annotations

from typing import Optional

from google.adk.evaluation.agent_evaluator import _EvalMetricResultWithInvocation
from google.adk.evaluation.agent_evaluator import AgentEvaluator
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import EvalMetricResult
from google.adk.evaluation.eval_metrics import EvalMetricResultDetails
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import RubricScore
from google.adk.evaluation.evaluator import EvalStatus
from google.genai import types as genai_types
import pytest

_METRIC = "rubric_based_final_response_quality_v1"
_REASON = "no verdict in any of 3 judge samples: the judge gave no verdict"


def _result(
    user: str,
    score: Optional[float],
    status: EvalStatus,
    rubric_scores: Optional[list[RubricScore]],
) -> _EvalMetricResultWithInvocation:
  return _EvalMetricResultWithInvocation(
      actual_invocation=Invocation(
          user_content=genai_types.Content(
              role="user", parts=[genai_types.Part(text=user)]
          )
      ),
      eval_metric_result=EvalMetricResult(
          metric_name=_METRIC,
          criterion=RubricsBasedCriterion(threshold=0.5),
          score=score,
          eval_status=status,
          details=EvalMetricResultDetails(rubric_scores=rubric_scores),
      ),
  )


_SCORED = [
    RubricScore(rubric_id="r1", score=1.0),
    RubricScore(rubric_id="r2", score=1.0),
]
_UNJUDGED = [
    RubricScore(rubric_id="r1", score=1.0),
    RubricScore(rubric_id="r2", unscored_reason=_REASON),
]


@pytest.mark.parametrize(
    "results",
    [
        # Two invocations; the second has a rubric without a verdict.
        [
            _result("How much is it?", 1.0, EvalStatus.PASSED, _SCORED),
            _result("And with tax?", None, EvalStatus.NOT_EVALUATED, _UNJUDGED),
        ],
        # A conversation: the first turn is not judged on its own, by design.
        [
            _result("Hello.", None, EvalStatus.NOT_EVALUATED, None),
            _result("And with tax?", None, EvalStatus.NOT_EVALUATED, _UNJUDGED),
        ],
    ],
)
def test_a_metric_with_an_unjudged_rubric_fails_naming_it(
    results: list[_EvalMetricResultWithInvocation],
):
  failures = AgentEvaluator._process_metrics_and_get_failures(
      eval_metric_results={_METRIC: results},
      print_detailed_results=False,
      agent_module="pharmacy",
  )

  assert failures == [
      f"{_METRIC} for pharmacy was not evaluated: rubrics got no verdict from"
      " the judge, so the threshold of 0.5 was never checked.\n  -"
      f" invocation 'And with tax?': rubric 'r2': {_REASON}"
  ]


def test_a_metric_whose_rubrics_were_all_judged_passes():
  failures = AgentEvaluator._process_metrics_and_get_failures(
      eval_metric_results={
          _METRIC: [
              _result("How much is it?", 1.0, EvalStatus.PASSED, _SCORED),
              _result("And with tax?", 1.0, EvalStatus.PASSED, _SCORED),
          ]
      },
      print_detailed_results=False,
      agent_module="pharmacy",
  )

  assert not failures
