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

"""The judge's text kept in eval results is capped, saying how much was cut.

A 1 MB rationale used to be kept whole for each invocation and for the
case, in the eval history and in `adk eval --print_detailed_results`.
"""

from __future__ import annotations

from google.adk.agents.llm_agent import Agent
from google.adk.cli.cli_eval import pretty_print_eval_result
from google.adk.evaluation._capped_text import capped
from google.adk.evaluation._capped_text import excerpt
from google.adk.evaluation.base_eval_service import InferenceResult
from google.adk.evaluation.eval_case import EvalCase
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import EvalMetricResult
from google.adk.evaluation.eval_metrics import EvalMetricResultPerInvocation
from google.adk.evaluation.eval_result import EvalCaseResult
from google.adk.evaluation.eval_rubrics import RubricScore
from google.adk.evaluation.evaluator import EvalStatus
from google.adk.evaluation.evaluator import EvaluationResult
from google.adk.evaluation.evaluator import PerInvocationResult
from google.adk.evaluation.in_memory_eval_sets_manager import InMemoryEvalSetsManager
from google.adk.evaluation.local_eval_service import LocalEvalService
from google.genai import types as genai_types
import pytest

_MB = 1024 * 1024
# A Japanese rationale of 1 MB (in characters), as a runaway judge writes.
_RATIONALE = ("根拠は十分です。" * (_MB // 8 + 1))[:_MB]
_CUT = f" [... {_MB - 2000:,} more characters cut]"


def test_capped_keeps_short_text_and_says_what_it_cut():
  assert capped(None) is None
  assert capped("x" * 2000) == "x" * 2000
  assert capped("x" * 2500) == "x" * 2000 + " [... 500 more characters cut]"


def test_excerpt_quotes_the_text_and_says_what_it_cut():
  assert excerpt("判定できません", 7) == "'判定できません'"
  assert excerpt("判定できません", 2) == "'判定' [... 5 more characters cut]"


async def test_a_1_mb_rationale_is_capped_in_results_and_printed_details(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
  service = LocalEvalService(
      root_agent=Agent(name="agent", model="gemini-2.5-flash"),
      eval_sets_manager=InMemoryEvalSetsManager(),
  )
  invocation = Invocation(
      user_content=genai_types.Content(
          role="user", parts=[genai_types.Part(text="服用間隔は？")]
      )
  )
  rubric_scores = [
      RubricScore(rubric_id="r1", score=1.0, rationale=_RATIONALE),
      RubricScore(rubric_id="r2", unscored_reason=_RATIONALE),
  ]

  async def _evaluate(**kwargs):
    return EvaluationResult(
        overall_eval_status=EvalStatus.NOT_EVALUATED,
        overall_rubric_scores=rubric_scores,
        per_invocation_results=[
            PerInvocationResult(
                actual_invocation=invocation, rubric_scores=rubric_scores
            )
        ],
    )

  monkeypatch.setattr(service, "_evaluate_metric", _evaluate)
  per_invocation = [
      EvalMetricResultPerInvocation(
          actual_invocation=invocation, eval_metric_results=[]
      )
  ]
  overall: list[EvalMetricResult] = []
  await service._evaluate_metric_for_eval_case(
      EvalMetric(metric_name="rubric_based_final_response_quality_v1"),
      EvalCase(eval_id="ja_case", conversation=[invocation]),
      InferenceResult(
          app_name="app",
          eval_set_id="set",
          eval_case_id="ja_case",
          session_id="s",
          inferences=[invocation],
      ),
      per_invocation,
      overall,
  )
  case = EvalCaseResult(
      eval_set_id="set",
      eval_id="ja_case",
      final_eval_status=EvalStatus.NOT_EVALUATED,
      overall_eval_metric_results=overall,
      eval_metric_result_per_invocation=per_invocation,
      session_id="s",
  )

  for stored in (
      overall[0].details.rubric_scores,
      per_invocation[0].eval_metric_results[0].details.rubric_scores,
  ):
    r1, r2 = stored
    assert r1.rationale == _RATIONALE[:2000] + _CUT
    assert r2.unscored_reason == _RATIONALE[:2000] + _CUT
  # The evaluator's own results are not changed.
  assert rubric_scores[0].rationale == _RATIONALE
  # What the eval history keeps, and what is printed: kilobytes, not MB.
  assert len(case.model_dump_json()) < 40_000
  pretty_print_eval_result(case)
  printed = capsys.readouterr().out
  assert len(printed) < 40_000
  assert printed.count(_CUT.strip()) == 4
