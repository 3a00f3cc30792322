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

"""Runs `adk eval` on rubrics a judge left without a verdict.

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

from google.adk.evaluation.eval_result import EvalCaseResult
from google.adk.evaluation.local_eval_set_results_manager import LocalEvalSetResultsManager

SAMPLE = (
    pathlib.Path(__file__).resolve().parents[3]
    / "contributing"
    / "samples"
    / "multilingual_rubric_eval"
)
_APP = SAMPLE.name
EVAL_SET = "pharmacy_ja_unscored"
METRIC = "rubric_based_final_response_quality_v1"

# Eval case -> a word of why r2 has no verdict; None when it has one. The
# wording is the matcher's; the tests check only that it is given.
R2_REASONS = {
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
      SAMPLE, agent_dir, ignore=shutil.ignore_patterns(".adk", "__pycache__")
  )
  (tmp_path / "config.json").write_text(config, encoding="utf-8")
  adk = pathlib.Path(sys.executable).parent / "adk"
  env = {k: v for k, v in os.environ.items() if k != "ADK_SAMPLE_LIVE"}
  return subprocess.run(
      [str(adk), "eval", str(agent_dir)]
      + [str(agent_dir / f"{EVAL_SET}.evalset.json")]
      + ["--config_file_path", str(tmp_path / "config.json")]
      + ["--print_detailed_results", "--log_level", "WARNING"],
      capture_output=True,
      text=True,
      env=env,
      timeout=300,
      check=False,
  )


def stored_cases(tmp_path: pathlib.Path) -> dict[str, EvalCaseResult]:
  """Returns the eval case results `adk eval` saved, by eval case id."""
  manager = LocalEvalSetResultsManager(agents_dir=str(tmp_path))
  (result_id,) = manager.list_eval_set_results(_APP)
  stored = manager.get_eval_set_result(_APP, result_id)
  return {case.eval_id: case for case in stored.eval_case_results}
