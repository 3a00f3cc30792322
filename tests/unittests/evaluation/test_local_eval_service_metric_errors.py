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

"""A metric that cannot be set up or cannot run fails its eval case.

LocalEvalService catches what a metric's evaluator raises, so that one
metric does not stop the others. The metric used to be recorded
NOT_EVALUATED, which a case's status ignores: with another metric passing,
the case passed and the error was only in the log.
"""

from __future__ import annotations

import logging

from google.adk.agents.llm_agent import Agent
from google.adk.evaluation.agent_evaluator import _EvalMetricResultWithInvocation
from google.adk.evaluation.agent_evaluator import AgentEvaluator
from google.adk.evaluation.base_eval_service import InferenceResult
from google.adk.evaluation.eval_case import EvalCase
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import BaseCriterion
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import EvalMetricResult
from google.adk.evaluation.eval_metrics import EvalMetricResultDetails
from google.adk.evaluation.eval_metrics import EvalMetricResultPerInvocation
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.evaluator import EvalStatus
from google.adk.evaluation.in_memory_eval_sets_manager import InMemoryEvalSetsManager
from google.adk.evaluation.local_eval_service import LocalEvalService
from google.genai import types as genai_types
import pytest

_PASSED = EvalStatus.PASSED
_FAILED = EvalStatus.FAILED
_NOT_EVALUATED = EvalStatus.NOT_EVALUATED
_TYPO = "rubric_based_final_response_quality_v2"
_MEANT = "rubric_based_final_response_quality_v1"


def _service() -> LocalEvalService:
  return LocalEvalService(
      root_agent=Agent(name="agent", model="gemini-2.5-flash"),
      eval_sets_manager=InMemoryEvalSetsManager(),
  )


def _metric(status: EvalStatus, error: str | None = None) -> EvalMetricResult:
  return EvalMetricResult(
      metric_name=f"metric_{status.name.lower()}",
      threshold=0.5,
      eval_status=status,
      details=EvalMetricResultDetails(error=error),
  )


def _invocation(text: str) -> Invocation:
  return Invocation(
      user_content=genai_types.Content(
          role="user", parts=[genai_types.Part(text=text)]
      ),
      final_response=genai_types.Content(
          role="model", parts=[genai_types.Part(text="ok")]
      ),
  )


@pytest.mark.parametrize(
    "metrics, expected",
    [
        ([_metric(_PASSED), _metric(_NOT_EVALUATED, "could not run")], _FAILED),
        ([_metric(_NOT_EVALUATED, "could not run"), _metric(_PASSED)], _FAILED),
        ([_metric(_NOT_EVALUATED, "could not run")], _FAILED),
        # Not evaluated by design (nothing applies): left out, as before.
        ([_metric(_PASSED), _metric(_NOT_EVALUATED)], _PASSED),
        ([_metric(_NOT_EVALUATED)], _NOT_EVALUATED),
        ([_metric(EvalStatus.INFORMATIONAL)], _NOT_EVALUATED),
    ],
)
def test_a_metric_with_an_error_fails_the_case(
    metrics: list[EvalMetricResult], expected: EvalStatus
):
  assert _service()._generate_final_eval_status(metrics) == expected


async def test_an_unknown_metric_is_recorded_with_a_close_match(
    caplog: pytest.LogCaptureFixture,
):
  service = _service()
  eval_case = EvalCase(
      eval_id="ja_case", conversation=[_invocation("a"), _invocation("b")]
  )
  inference = InferenceResult(
      app_name="app",
      eval_set_id="set",
      eval_case_id="ja_case",
      session_id="s",
      inferences=[_invocation("a"), _invocation("b")],
  )
  per_invocation = [
      EvalMetricResultPerInvocation(actual_invocation=i, eval_metric_results=[])
      for i in inference.inferences
  ]
  overall: list[EvalMetricResult] = []
  metric = EvalMetric(
      metric_name=_TYPO, threshold=0.5, criterion=BaseCriterion(threshold=0.5)
  )

  with caplog.at_level(logging.ERROR):
    await service._evaluate_metric_for_eval_case(
        metric, eval_case, inference, per_invocation, overall
    )

  expected = (
      f"eval case 'ja_case', metric '{_TYPO}' could not run: {_TYPO} not"
      f" found in registry; did you mean `{_MEANT}`?"
  )
  (result,) = overall
  assert (result.eval_status, result.score) == (_NOT_EVALUATED, None)
  assert result.details.error == expected
  for invocation in per_invocation:
    (invocation_result,) = invocation.eval_metric_results
    assert invocation_result.details.error == expected
  assert service._generate_final_eval_status(overall) == _FAILED
  # One line, no traceback: the line says all.
  (record,) = caplog.records
  assert (record.getMessage(), bool(record.exc_info)) == (expected, False)


async def test_an_unexpected_error_logs_its_traceback_once(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
):
  service = _service()

  async def _raise(**kwargs):
    raise ConnectionError("judge unreachable")

  monkeypatch.setattr(service, "_evaluate_metric", _raise)
  metric = EvalMetric(metric_name=_MEANT, threshold=0.5)
  with caplog.at_level(logging.ERROR):
    for eval_id in ("case_1", "case_2"):
      inference = InferenceResult(
          app_name="app",
          eval_set_id="set",
          eval_case_id=eval_id,
          session_id="s",
          inferences=[_invocation("a")],
      )
      await service._evaluate_metric_for_eval_case(
          metric,
          EvalCase(eval_id=eval_id, conversation=[_invocation("a")]),
          inference,
          [
              EvalMetricResultPerInvocation(
                  actual_invocation=_invocation("a"), eval_metric_results=[]
              )
          ],
          [],
      )

  assert [r.getMessage() for r in caplog.records] == [
      f"eval case '{eval_id}', metric '{_MEANT}' could not run: judge"
      " unreachable"
      for eval_id in ("case_1", "case_2")
  ]
  assert [bool(r.exc_info) for r in caplog.records] == [True, False]


def test_agent_evaluator_fails_with_the_error_line():
  error = f"eval case 'ja_case', metric '{_TYPO}' could not run: not found"
  results = {
      _TYPO: [
          _EvalMetricResultWithInvocation(
              actual_invocation=_invocation(text),
              eval_metric_result=EvalMetricResult(
                  metric_name=_TYPO,
                  threshold=0.5,
                  criterion=BaseCriterion(threshold=0.5),
                  eval_status=_NOT_EVALUATED,
                  details=EvalMetricResultDetails(error=error),
              ),
          )
          for text in ("a", "b")
      ]
  }

  failures = AgentEvaluator._process_metrics_and_get_failures(
      eval_metric_results=results,
      print_detailed_results=False,
      agent_module="agent",
  )

  assert failures == [error]


def _rubric(rubric_id: str, type_: str) -> Rubric:
  return Rubric(
      rubric_id=rubric_id,
      rubric_content=RubricContent(text_property=f"The response is {type_}."),
      type=type_,
  )


async def _rubric_metric_result(
    metric_name: str, case_rubrics: list[Rubric]
) -> EvalMetricResult:
  """Evaluates one rubric metric with no criterion rubrics on one case."""
  eval_case = EvalCase(
      eval_id="case_1", conversation=[_invocation("a")], rubrics=case_rubrics
  )
  inference = InferenceResult(
      app_name="app",
      eval_set_id="set",
      eval_case_id="case_1",
      session_id="s",
      inferences=[_invocation("a")],
  )
  inference.inferences[0].rubrics = case_rubrics
  overall: list[EvalMetricResult] = []
  await _service()._evaluate_metric_for_eval_case(
      EvalMetric(
          metric_name=metric_name,
          threshold=0.5,
          criterion=RubricsBasedCriterion(threshold=0.5),
      ),
      eval_case,
      inference,
      [
          EvalMetricResultPerInvocation(
              actual_invocation=inference.inferences[0], eval_metric_results=[]
          )
      ],
      overall,
  )
  (result,) = overall
  return result


@pytest.mark.parametrize(
    "metric_name, rubric_type",
    [
        (_MEANT, "TOOL_USE_QUALITY"),
        ("rubric_based_tool_use_quality_v1", "FINAL_RESPONSE_QUALITY"),
    ],
)
async def test_a_rubric_metric_with_no_rubric_of_its_type_is_left_out(
    metric_name: str, rubric_type: str
):
  # The case's rubrics are all for another metric: by design this one has
  # nothing to judge, and the case's status is the other metrics'.
  result = await _rubric_metric_result(
      metric_name, [_rubric("r1", rubric_type)]
  )

  assert (result.eval_status, result.details.error) == (_NOT_EVALUATED, None)
  assert (
      _service()._generate_final_eval_status([_metric(_PASSED), result])
      == _PASSED
  )


async def test_a_rubric_metric_with_no_rubric_anywhere_fails_the_case():
  result = await _rubric_metric_result(_MEANT, [])

  assert result.details.error == (
      f"eval case 'case_1', metric '{_MEANT}' could not run: Rubrics are"
      " required: neither the criterion nor the invocation has a rubric of"
      " type FINAL_RESPONSE_QUALITY; give the criterion `rubrics`, or the"
      " eval case or the invocation `rubrics` of type FINAL_RESPONSE_QUALITY."
  )
  assert (
      _service()._generate_final_eval_status([_metric(_PASSED), result])
      == _FAILED
  )
