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

"""`adk eval` on rubrics a judge left without a verdict.

The eval set, `pharmacy_ja_unscored`, has one case per row of the issue's
table (see `pharmacy_unscored_cases`): only the last case gives rubric r2 a
verdict, so only it may have a score.
"""

from __future__ import annotations

import pathlib

from google.adk.evaluation.evaluator import EvalStatus
import pytest

from .pharmacy_unscored_cases import EVAL_SET
from .pharmacy_unscored_cases import METRIC
from .pharmacy_unscored_cases import R2_REASONS
from .pharmacy_unscored_cases import run_adk_eval
from .pharmacy_unscored_cases import SAMPLE
from .pharmacy_unscored_cases import stored_cases


def test_adk_eval_scores_no_case_whose_rubric_got_no_verdict(
    tmp_path: pathlib.Path,
):
  completed = run_adk_eval(
      tmp_path,
      (SAMPLE / f"{EVAL_SET}_config.json").read_text(encoding="utf-8"),
  )

  assert completed.returncode == 1, completed.stdout + completed.stderr
  assert "Tests passed: 1\n  Tests failed: 3" in completed.stdout
  cases = stored_cases(tmp_path)
  assert set(cases) == set(R2_REASONS)
  for eval_id, reason in R2_REASONS.items():
    (metric,) = [
        m
        for m in cases[eval_id].overall_eval_metric_results
        if m.metric_name == METRIC
    ]
    (invocation,) = cases[eval_id].eval_metric_result_per_invocation
    (per_invocation,) = [
        m for m in invocation.eval_metric_results if m.metric_name == METRIC
    ]
    for rubric_scores in (
        metric.details.rubric_scores,
        per_invocation.details.rubric_scores,
    ):
      assert [s.rubric_id for s in rubric_scores] == ["r1", "r2", "r3"]
      r1, r2, r3 = rubric_scores
      assert (r1.score, r3.score) == (1.0, 1.0)
    if reason is None:
      assert cases[eval_id].final_eval_status == EvalStatus.PASSED
      assert metric.score == pytest.approx(2 / 3)
      assert (r2.score, r2.unscored_reason) == (0.0, None)
      continue
    assert cases[eval_id].final_eval_status == EvalStatus.NOT_EVALUATED
    assert (metric.score, metric.eval_status) == (
        None,
        EvalStatus.NOT_EVALUATED,
    )
    full_reason = r2.unscored_reason
    assert r2.score is None
    assert full_reason.startswith("no verdict in any of 3 judge samples: ")
    assert reason in full_reason.split(": ", 1)[1]
    assert metric.details.rubric_scores[1].unscored_reason == full_reason
    # The printed overall rubric list, and the invocation's, say why.
    assert (
        f"Rubric: r2, Score: None, Reasoning: None, Unscored: {full_reason}"
        in completed.stdout
    )
    assert (
        f"Eval case {eval_id!r}, metric {METRIC!r}: NOT_EVALUATED (score"
        " None), as rubrics got no verdict:\n  invocation 1 of 1: rubric"
        f" 'r2': {full_reason}"
        in completed.stderr
    )
  assert (
      completed.stdout.count("\n                              Unscored: ") == 3
  )
