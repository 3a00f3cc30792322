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

"""`adk eval` and AgentEvaluator on a set-up that cannot be evaluated.

Starting from a config whose case passes on two rubric metrics, one thing
is broken at a time: the run must not pass, exit 1, and say in one line
which case, metric and key or rubric is wrong and how to fix it. Stock
2.13.0 passed each of these with the error only in the log.

These tests run `adk eval` (the installed build, as a subprocess) on the
sample in `contributing/samples/multilingual_rubric_eval`, with its recorded
agent and judge: they stay in this repository (`[local]` in
`patches/stack.toml`).
"""

from __future__ import annotations

import copy
import json
import os
import pathlib
import shutil
import subprocess
import sys
from typing import Any
from typing import Callable

from google.adk.evaluation.agent_evaluator import AgentEvaluator
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_set import EvalSet
from google.adk.evaluation.evaluator import EvalStatus
import pytest

from .pharmacy_unscored_cases import EVAL_SET
from .pharmacy_unscored_cases import SAMPLE
from .pharmacy_unscored_cases import stored_cases

_CASE = "all_answered"
_FINAL = "rubric_based_final_response_quality_v1"
_TOOL = "rubric_based_tool_use_quality_v1"


def _control() -> dict[str, Any]:
  """The sample's two-metric config: `all_answered` passes both metrics."""
  return json.loads(
      (SAMPLE / "pharmacy_ja_two_metrics_config.json").read_text(
          encoding="utf-8"
      )
  )


def _rename_metric(config: dict[str, Any]) -> None:
  criteria = config["criteria"]
  criteria["rubric_based_final_response_quality_v2"] = criteria.pop(_FINAL)


def _misspell_key(config: dict[str, Any]) -> None:
  config["criteria"][_TOOL]["structured_ouput"] = True


def _no_samples(config: dict[str, Any]) -> None:
  config["criteria"][_TOOL]["judge_model_options"]["num_samples"] = 0


def _empty_text(config: dict[str, Any]) -> None:
  rubric = config["criteria"][_TOOL]["rubrics"][0]
  rubric["rubric_content"]["text_property"] = " "


def _duplicate_id(config: dict[str, Any]) -> None:
  rubrics = config["criteria"][_FINAL]["rubrics"]
  rubrics[2]["rubric_id"] = rubrics[0]["rubric_id"]


_BROKEN: dict[str, tuple[Callable[[dict[str, Any]], None], str, str]] = {
    # name: (the change, its metric, the end of the one line)
    "metric_name_typo": (
        _rename_metric,
        "rubric_based_final_response_quality_v2",
        (
            "rubric_based_final_response_quality_v2 not found in registry; did"
            f" you mean `{_FINAL}`?"
        ),
    ),
    "criterion_key_typo": (
        _misspell_key,
        _TOOL,
        (
            f"The criterion of `{_TOOL}` is not valid: unknown key"
            " `structured_ouput`; did you mean `structured_output`?"
        ),
    ),
    "num_samples_0": (
        _no_samples,
        _TOOL,
        (
            "judge_model_options.num_samples: Input should be greater than or"
            " equal to 1 (got 0)"
        ),
    ),
    "empty_rubric_text": (
        _empty_text,
        _TOOL,
        (
            "rubrics: The criterion's rubrics cannot be judged; each rubric"
            " needs its own non-empty rubric_id and its own non-empty"
            " text_property: rubric 1 of 1 (rubric_id 't1'): empty"
            " text_property"
        ),
    ),
    "duplicate_rubric_id": (
        _duplicate_id,
        _FINAL,
        "rubric 3 of 3 (rubric_id 'r1'): the same rubric_id as rubric 1",
    ),
}


def _broken(name: str) -> dict[str, Any]:
  config = copy.deepcopy(_control())
  _BROKEN[name][0](config)
  return config


def _adk_eval(
    tmp_path: pathlib.Path, config: dict[str, Any]
) -> subprocess.CompletedProcess[str]:
  agent_dir = tmp_path / SAMPLE.name
  shutil.copytree(
      SAMPLE, agent_dir, ignore=shutil.ignore_patterns(".adk", "__pycache__")
  )
  config_file = tmp_path / "config.json"
  config_file.write_text(json.dumps(config, ensure_ascii=False), "utf-8")
  adk = pathlib.Path(sys.executable).parent / "adk"
  env = {k: v for k, v in os.environ.items() if k != "ADK_SAMPLE_LIVE"}
  return subprocess.run(
      [str(adk), "eval", str(agent_dir)]
      + [f"{agent_dir / f'{EVAL_SET}.evalset.json'}:{_CASE}"]
      + ["--config_file_path", str(config_file), "--log_level", "WARNING"],
      capture_output=True,
      text=True,
      env=env,
      timeout=300,
      check=False,
  )


def test_adk_eval_passes_the_control_config(tmp_path: pathlib.Path):
  completed = _adk_eval(tmp_path, _control())

  assert completed.returncode == 0, completed.stdout + completed.stderr
  assert "Tests passed: 1\n  Tests failed: 0" in completed.stdout
  assert "Error: " not in completed.stdout
  (case,) = stored_cases(tmp_path).values()
  assert case.final_eval_status == EvalStatus.PASSED


@pytest.mark.parametrize("name", sorted(_BROKEN))
def test_adk_eval_fails_a_broken_set_up_in_one_line(
    tmp_path: pathlib.Path, name: str
):
  _, metric, reason = _BROKEN[name]

  completed = _adk_eval(tmp_path, _broken(name))

  assert completed.returncode == 1, completed.stdout + completed.stderr
  assert "Tests passed: 0\n  Tests failed: 1" in completed.stdout
  errors = [
      line
      for line in completed.stdout.splitlines()
      if line.startswith("Error: ")
  ]
  assert len(errors) == 1, completed.stdout
  (error,) = errors
  assert error.startswith(
      f"Error: eval case '{_CASE}', metric '{metric}' could not run: "
  )
  assert error.endswith(reason)
  # The log has the same line, without a traceback.
  assert error.removeprefix("Error: ") in completed.stderr
  assert "Traceback" not in completed.stderr
  (case,) = stored_cases(tmp_path).values()
  assert case.final_eval_status == EvalStatus.FAILED
  (stored,) = [
      m for m in case.overall_eval_metric_results if m.metric_name == metric
  ]
  assert (stored.eval_status, stored.score) == (EvalStatus.NOT_EVALUATED, None)
  assert stored.details.error == error.removeprefix("Error: ")


def test_adk_eval_names_a_misspelled_threshold_in_one_line(
    tmp_path: pathlib.Path,
):
  config = _control()
  criterion = config["criteria"][_TOOL]
  criterion["treshold"] = criterion.pop("threshold")

  completed = _adk_eval(tmp_path, config)

  assert completed.returncode == 1, completed.stdout + completed.stderr
  assert completed.stderr.strip().splitlines()[-1] == (
      f"Error: The eval config {tmp_path / 'config.json'} is not valid:"
      f" criteria.{_TOOL}.threshold: Field required; `treshold` is given,"
      " did you mean `threshold`?"
  )
  assert "Traceback" not in completed.stderr
  assert "Tests passed" not in completed.stdout


async def _agent_evaluator(
    config: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
  monkeypatch.delenv("ADK_SAMPLE_LIVE", raising=False)
  monkeypatch.syspath_prepend(str(SAMPLE.parent))
  eval_set = EvalSet.model_validate_json(
      (SAMPLE / f"{EVAL_SET}.evalset.json").read_text(encoding="utf-8")
  )
  eval_set.eval_cases = [c for c in eval_set.eval_cases if c.eval_id == _CASE]
  await AgentEvaluator.evaluate_eval_set(
      agent_module=SAMPLE.name,
      eval_set=eval_set,
      eval_config=EvalConfig.model_validate(config),
      num_runs=1,
      print_detailed_results=False,
  )


async def test_agent_evaluator_passes_the_control_config(
    monkeypatch: pytest.MonkeyPatch,
):
  await _agent_evaluator(_control(), monkeypatch)


@pytest.mark.parametrize("name", sorted(_BROKEN))
async def test_agent_evaluator_fails_a_broken_set_up_in_one_line(
    monkeypatch: pytest.MonkeyPatch, name: str
):
  _, metric, reason = _BROKEN[name]

  with pytest.raises(AssertionError) as failed:
    await _agent_evaluator(_broken(name), monkeypatch)

  failures = str(failed.value).splitlines()[1:]
  assert len(failures) == 1, str(failed.value)
  (failure,) = failures
  assert failure.startswith(
      f"eval case '{_CASE}', metric '{metric}' could not run: "
  )
  assert failure.endswith(reason)
