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

"""A judge sample's warning says where: case, metric, invocation, sample.

A failed sample's warning used to say `invocation 0` (0-based, where
results print `Invocation 1 of 2`) and log a full traceback for every failed
sample; no per-sample warning named the eval case; and the excerpts of the
judge's answer a warning quotes were cut with `...`, not saying how much.
"""

from __future__ import annotations

import asyncio
import logging

from google.adk.agents.llm_agent import Agent
from google.adk.evaluation._eval_case_context import describe_metric
from google.adk.evaluation.base_eval_service import InferenceResult
from google.adk.evaluation.eval_case import EvalCase
from google.adk.evaluation.eval_metrics import EvalMetricResultPerInvocation
from google.adk.evaluation.in_memory_eval_sets_manager import InMemoryEvalSetsManager
from google.adk.evaluation.local_eval_service import LocalEvalService
import pytest

from .test_rubric_based_evaluator_unscored_rubrics import _evaluate
from .test_rubric_based_evaluator_unscored_rubrics import _evaluator
from .test_rubric_based_evaluator_unscored_rubrics import _FINAL_RESPONSE
from .test_rubric_based_evaluator_unscored_rubrics import _invocation
from .test_rubric_based_evaluator_unscored_rubrics import _judge  # pylint: disable=unused-import
from .test_rubric_based_evaluator_unscored_rubrics import _ROWS
from .test_rubric_based_evaluator_unscored_rubrics import _ScriptedJudge

_MB = 1024 * 1024


async def test_one_warning_per_failed_sample_and_one_traceback_per_error(
    caplog: pytest.LogCaptureFixture,
):
  with caplog.at_level(logging.WARNING):
    await _evaluate(
        _FINAL_RESPONSE,
        ("How much is it?", [_ROWS["all_answered"]] * 3),
        (
            "And with tax?",
            [
                RuntimeError("judge unavailable"),
                ValueError("bad request"),
                RuntimeError("judge unavailable"),
            ],
        ),
    )

  failed = [
      r for r in caplog.records if r.getMessage().startswith("Evaluation")
  ]
  assert [r.getMessage() for r in failed] == [
      "Evaluation sample failed: metric"
      f" '{_FINAL_RESPONSE}', invocation 2 of 2, judge sample {sample} of 3:"
      f" {error}"
      for sample, error in (
          (1, "RuntimeError: judge unavailable"),
          (2, "ValueError: bad request"),
          (3, "RuntimeError: judge unavailable"),
      )
  ]
  assert [bool(r.exc_info) for r in failed] == [True, True, False]


async def test_through_the_eval_service_each_warning_names_its_eval_case(
    caplog: pytest.LogCaptureFixture,
):
  service = LocalEvalService(
      root_agent=Agent(name="agent", model="gemini-2.5-flash"),
      eval_sets_manager=InMemoryEvalSetsManager(),
  )
  eval_metric = _evaluator(_FINAL_RESPONSE, num_samples=2)._eval_metric
  _ScriptedJudge.script = {
      "How much is it?": [_ROWS["r2_not_answered"]],
      "And with tax?": [RuntimeError("judge unavailable")],
  }

  async def _evaluate_case(eval_id: str, user: str) -> None:
    invocation = _invocation(user)
    await service._evaluate_metric_for_eval_case(
        eval_metric,
        EvalCase(eval_id=eval_id, conversation=[invocation]),
        InferenceResult(
            app_name="app",
            eval_set_id="set",
            eval_case_id=eval_id,
            session_id="s",
            inferences=[invocation],
        ),
        [
            EvalMetricResultPerInvocation(
                actual_invocation=invocation, eval_metric_results=[]
            )
        ],
        [],
    )

  # The two cases are evaluated at once: each warning names its own.
  with caplog.at_level(logging.WARNING):
    await asyncio.gather(
        _evaluate_case("price", "How much is it?"),
        _evaluate_case("tax", "And with tax?"),
    )

  messages = [r.getMessage() for r in caplog.records]
  metric = f"metric '{_FINAL_RESPONSE}'"
  assert [m.split(": Judge answer:")[0] for m in messages if "Judge" in m] == [
      f"Eval case 'price', {metric}, invocation 1 of 1 (id 'id-How much is"
      f" it?'), judge sample {sample} of 2"
      for sample in (1, 2)
  ]
  assert [m for m in messages if m.startswith("Evaluation sample failed")] == [
      f"Evaluation sample failed: eval case 'tax', {metric}, invocation 1 of"
      f" 1, judge sample {sample} of 2: RuntimeError: judge unavailable"
      for sample in (1, 2)
  ]
  # Outside the eval service's evaluation of a case, no case is named.
  assert describe_metric(_FINAL_RESPONSE) == metric


async def test_a_1_mb_judge_answer_is_quoted_in_a_short_warning(
    caplog: pytest.LogCaptureFixture,
):
  no_blocks = ("判定できません。" * (_MB // 8 + 1))[:_MB]
  verdict = "perhaps" * (_MB // 7)
  stray_property = "z" * _MB
  with caplog.at_level(logging.WARNING):
    await _evaluate(
        _FINAL_RESPONSE,
        ("Hello.", [no_blocks]),
        (
            "How much is it?",
            [_ROWS["r2_not_answered"] + f"ID: r2\nVerdict: {verdict}\n"],
        ),
        (
            "And with tax?",
            [_ROWS["all_answered"] + f"ID: r9\nProperty: {stray_property}\n"],
        ),
        num_samples=1,
    )

  warnings = [r.getMessage() for r in caplog.records]
  assert len(warnings) == 3
  assert all(len(warning) < 1_000 for warning in warnings)
  for kept, quoted in ((500, no_blocks), (60, verdict), (60, stray_property)):
    cut = f" [... {len(quoted) - kept:,} more characters cut]"
    assert sum(f"{quoted[:kept]!r}{cut}" in w for w in warnings) == 1
