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

import json
import pathlib
from typing import Optional

from google.adk.agents.llm_agent import Agent
from google.adk.evaluation.eval_metrics import EvalMetricResult
from google.adk.evaluation.eval_metrics import EvalMetricResultDetails
from google.adk.evaluation.eval_rubrics import RubricScore
from google.adk.evaluation.evaluator import EvalStatus
from google.adk.evaluation.in_memory_eval_sets_manager import InMemoryEvalSetsManager
from google.adk.evaluation.local_eval_service import LocalEvalService
import pytest

from .pharmacy_unscored_cases import EVAL_SET
from .pharmacy_unscored_cases import R2_REASONS
from .pharmacy_unscored_cases import run_adk_eval
from .pharmacy_unscored_cases import SAMPLE
from .pharmacy_unscored_cases import stored_cases

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


def test_adk_eval_counts_no_case_passed_on_its_other_metric(
    tmp_path: pathlib.Path,
):
  config = json.loads(
      (SAMPLE / f"{EVAL_SET}_config.json").read_text(encoding="utf-8")
  )
  # Every case passes this one.
  config["criteria"]["rubric_based_tool_use_quality_v1"] = {
      "threshold": 0.5,
      "judge_model_options": {"judge_model": "replay-judge", "num_samples": 1},
      "rubrics": [{
          "rubric_id": "t1",
          "rubric_content": {
              "text_property": "用法の質問に get_dosage を使っている"
          },
      }],
  }

  completed = run_adk_eval(tmp_path, json.dumps(config, ensure_ascii=False))

  assert completed.returncode == 1, completed.stdout + completed.stderr
  assert "Tests passed: 1\n  Tests failed: 3" in completed.stdout
  cases = stored_cases(tmp_path)
  assert {
      eval_id: (
          case.final_eval_status,
          [
              (m.metric_name, m.eval_status)
              for m in case.overall_eval_metric_results
              if m.metric_name.startswith("rubric")
          ],
      )
      for eval_id, case in cases.items()
  } == {
      eval_id: (
          _PASSED if reason is None else _NOT_EVALUATED,
          [
              (
                  "rubric_based_final_response_quality_v1",
                  _PASSED if reason is None else _NOT_EVALUATED,
              ),
              ("rubric_based_tool_use_quality_v1", _PASSED),
          ],
      )
      for eval_id, reason in R2_REASONS.items()
  }
