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

"""Non-English multi-turn rubric evaluations, end to end through real ADK.

The sample `contributing/samples/multilingual_rubric_eval` evaluates a
pharmacy agent on Japanese, Chinese and Arabic multi-turn cases with the
three rubric based metrics. Its rubrics contain what judges rewrite (等,
含めて and ユーザ as など, ふくめて and ユーザー; simplified Chinese echoed in
traditional characters; Arabic with and without diacritics), and its recorded
agent, user simulator and judge (`replay.py`) make it run without an API key.
Each recorded judge answer is in a shape real judges write: full-width colons,
markdown, translated labels and verdicts, no ID lines, a skipped rubric.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

from google.adk.evaluation.agent_evaluator import AgentEvaluator
from google.adk.evaluation.eval_result import EvalCaseResult
from google.adk.evaluation.eval_set import EvalSet
from google.adk.evaluation.evaluator import EvalStatus
from google.adk.evaluation.local_eval_set_results_manager import LocalEvalSetResultsManager
import pytest

_SAMPLES = (
    pathlib.Path(__file__).resolve().parents[3] / "contributing" / "samples"
)
_SAMPLE = _SAMPLES / "multilingual_rubric_eval"
_APP = _SAMPLE.name

_TRAJECTORY = "rubric_based_multi_turn_trajectory_quality_v1"
_FINAL_RESPONSE = "rubric_based_final_response_quality_v1"
_TOOL_USE = "rubric_based_tool_use_quality_v1"


def _expected(lang: str, trajectory: dict[str, float]) -> dict[str, tuple]:
  """Every case's scores: the agent never asks about allergies (or, in
  ja_static, about other medicines), and does everything else right."""
  return {
      _TRAJECTORY: (0.75, trajectory),
      _FINAL_RESPONSE: (
          1.0,
          {f"{lang}_fr_language": 1.0, f"{lang}_fr_consistent": 1.0},
      ),
      _TOOL_USE: (1.0, {f"{lang}_tool_name": 1.0, f"{lang}_tool_choice": 1.0}),
  }


# eval set -> eval case -> metric -> (score, {rubric id: score}).
_EXPECTED = {
    "pharmacy_ja": {
        "ja_scenario": _expected(
            "ja",
            {
                "ja_traj_tools": 1.0,
                "ja_traj_dosage": 1.0,
                "ja_traj_other_meds": 1.0,
                "ja_traj_allergy": 0.0,
            },
        ),
        "ja_static": _expected(
            "ja",
            {
                "ja_static_traj_tools": 1.0,
                "ja_static_traj_limit": 1.0,
                "ja_static_traj_alcohol": 1.0,
                "ja_static_traj_other_meds": 0.0,
            },
        ),
    },
    "pharmacy_zh": {
        "zh_static": _expected(
            "zh",
            {
                "zh_traj_tools": 1.0,
                "zh_traj_dosage": 1.0,
                "zh_traj_other_meds": 1.0,
                "zh_traj_allergy": 0.0,
            },
        ),
    },
    "pharmacy_ar": {
        "ar_static": _expected(
            "ar",
            {
                "ar_traj_tools": 1.0,
                "ar_traj_dosage": 1.0,
                "ar_traj_other_meds": 1.0,
                "ar_traj_allergy": 0.0,
            },
        ),
    },
}


def _rubric_results(case: EvalCaseResult) -> dict[str, tuple]:
  """Returns (score, {rubric id: score}) of each rubric metric of a case."""
  return {
      result.metric_name: (
          result.score,
          {r.rubric_id: r.score for r in result.details.rubric_scores or ()},
      )
      for result in case.overall_eval_metric_results
      if result.metric_name in (_TRAJECTORY, _FINAL_RESPONSE, _TOOL_USE)
  }


def _stored_results(
    manager: LocalEvalSetResultsManager,
) -> dict[str, dict[str, EvalCaseResult]]:
  results = {}
  for result_id in manager.list_eval_set_results(_APP):
    stored = manager.get_eval_set_result(_APP, result_id)
    results[stored.eval_set_id] = {
        case.eval_id: case for case in stored.eval_case_results
    }
  return results


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
  monkeypatch.delenv("ADK_SAMPLE_LIVE", raising=False)


@pytest.mark.parametrize("eval_set_id", sorted(_EXPECTED))
async def test_agent_evaluator_passes_with_scores_for_every_rubric(
    eval_set_id: str, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
):
  monkeypatch.syspath_prepend(str(_SAMPLES))
  eval_set_file = _SAMPLE / f"{eval_set_id}.evalset.json"
  eval_set = EvalSet.model_validate_json(
      eval_set_file.read_text(encoding="utf-8")
  )
  manager = LocalEvalSetResultsManager(agents_dir=str(tmp_path))

  # Raises AssertionError for a failed or not evaluated metric.
  await AgentEvaluator.evaluate_eval_set(
      agent_module=_APP,
      eval_set=eval_set,
      eval_config=AgentEvaluator.find_config_for_test_file(str(eval_set_file)),
      num_runs=1,
      print_detailed_results=False,
      app_name=_APP,
      eval_set_results_manager=manager,
  )

  cases = _stored_results(manager)[eval_set_id]
  assert {
      eval_id: _rubric_results(case) for eval_id, case in cases.items()
  } == _EXPECTED[eval_set_id]
  assert all(c.final_eval_status == EvalStatus.PASSED for c in cases.values())


def test_adk_eval_exits_0_and_stores_the_scores_of_every_rubric(
    tmp_path: pathlib.Path,
):
  agent_dir = tmp_path / _APP
  shutil.copytree(
      _SAMPLE, agent_dir, ignore=shutil.ignore_patterns(".adk", "__pycache__")
  )
  adk = pathlib.Path(sys.executable).parent / "adk"
  env = {k: v for k, v in os.environ.items() if k != "ADK_SAMPLE_LIVE"}

  completed = subprocess.run(
      [str(adk), "eval", str(agent_dir)]
      + [str(agent_dir / f"{name}.evalset.json") for name in _EXPECTED]
      + ["--config_file_path", str(agent_dir / "test_config.json")]
      + ["--log_level", "WARNING"],
      capture_output=True,
      text=True,
      env=env,
      timeout=300,
      check=False,
  )

  assert completed.returncode == 0, completed.stdout + completed.stderr
  # adk eval stores its results in <agent folder>/.adk/eval_history.
  stored = _stored_results(LocalEvalSetResultsManager(agents_dir=str(tmp_path)))
  assert {
      eval_set_id: {
          eval_id: _rubric_results(case) for eval_id, case in cases.items()
      }
      for eval_set_id, cases in stored.items()
  } == _EXPECTED
