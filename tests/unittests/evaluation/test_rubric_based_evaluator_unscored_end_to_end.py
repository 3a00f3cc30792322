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

`pharmacy_ja_unscored.evalset.json` in the sample
`contributing/samples/multilingual_rubric_eval` has one case per way a judge
can leave rubric r2 without a verdict, in all of its 3 samples: r2's block
cut off before its verdict, r2 not answered, r2 answered `maybe`; and a case
where every rubric is answered (r1 and r3 yes, r2 no). The recorded judge
(`recordings/ja_unscored.yaml`) makes it run offline.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

from google.adk.evaluation.evaluator import EvalStatus
from google.adk.evaluation.local_eval_set_results_manager import LocalEvalSetResultsManager
import pytest

_SAMPLE = (
    pathlib.Path(__file__).resolve().parents[3]
    / "contributing"
    / "samples"
    / "multilingual_rubric_eval"
)
_APP = _SAMPLE.name
_EVAL_SET = "pharmacy_ja_unscored"
_METRIC = "rubric_based_final_response_quality_v1"

# Eval case -> a word of why r2 has no verdict; None when it has one.
_R2_REASONS = {
    "r2_cut_off": "verdict",
    "r2_not_answered": "verdict",
    "r2_maybe": "'maybe'",
    "all_answered": None,
}


def run_adk_eval(
    tmp_path: pathlib.Path, config: str
) -> subprocess.CompletedProcess[str]:
  """Runs `adk eval` offline on a copy of the sample, with details printed.

  Args:
    tmp_path: Where to copy the sample; its results are stored under it.
    config: The eval config's text.
  """
  agent_dir = tmp_path / _APP
  shutil.copytree(
      _SAMPLE, agent_dir, ignore=shutil.ignore_patterns(".adk", "__pycache__")
  )
  (tmp_path / "config.json").write_text(config, encoding="utf-8")
  adk = pathlib.Path(sys.executable).parent / "adk"
  env = {k: v for k, v in os.environ.items() if k != "ADK_SAMPLE_LIVE"}
  return subprocess.run(
      [str(adk), "eval", str(agent_dir)]
      + [str(agent_dir / f"{_EVAL_SET}.evalset.json")]
      + ["--config_file_path", str(tmp_path / "config.json")]
      + ["--print_detailed_results", "--log_level", "WARNING"],
      capture_output=True,
      text=True,
      env=env,
      timeout=300,
      check=False,
  )


def stored_cases(tmp_path: pathlib.Path) -> dict:
  """Returns the eval case results `adk eval` saved, by eval case id."""
  manager = LocalEvalSetResultsManager(agents_dir=str(tmp_path))
  (result_id,) = manager.list_eval_set_results(_APP)
  stored = manager.get_eval_set_result(_APP, result_id)
  return {case.eval_id: case for case in stored.eval_case_results}


def test_adk_eval_scores_no_case_whose_rubric_got_no_verdict(
    tmp_path: pathlib.Path,
):
  completed = run_adk_eval(
      tmp_path,
      (_SAMPLE / f"{_EVAL_SET}_config.json").read_text(encoding="utf-8"),
  )

  assert completed.returncode == 1, completed.stdout + completed.stderr
  assert "Tests passed: 1\n  Tests failed: 3" in completed.stdout
  cases = stored_cases(tmp_path)
  assert set(cases) == set(_R2_REASONS)
  for eval_id, reason in _R2_REASONS.items():
    (metric,) = [
        m
        for m in cases[eval_id].overall_eval_metric_results
        if m.metric_name == _METRIC
    ]
    (invocation,) = cases[eval_id].eval_metric_result_per_invocation
    (per_invocation,) = [
        m for m in invocation.eval_metric_results if m.metric_name == _METRIC
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
        f"Eval case {eval_id!r}, metric {_METRIC!r}: NOT_EVALUATED (score"
        " None), as rubrics got no verdict:\n  invocation 1 of 1: rubric"
        f" 'r2': {full_reason}"
        in completed.stderr
    )
  assert (
      completed.stdout.count("\n                              Unscored: ") == 3
  )
