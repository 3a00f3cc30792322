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
verdict, so only it may have a score. Also, through the same sample: a case
is not passed on its other metrics, `AgentEvaluator` names each rubric, and
a rubric that cannot be judged is reported for each case.

These tests read the sample in `contributing/samples/multilingual_rubric_eval`
and run `adk eval`: they stay in this repository (`[local]` in
`patches/stack.toml`) and are in no pull request.
"""

from __future__ import annotations

import json
import pathlib

from google.adk.evaluation.agent_evaluator import AgentEvaluator
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_set import EvalSet
from google.adk.evaluation.evaluator import EvalStatus
import pytest

from .pharmacy_unscored_cases import EVAL_SET
from .pharmacy_unscored_cases import METRIC
from .pharmacy_unscored_cases import R2_REASONS
from .pharmacy_unscored_cases import run_adk_eval
from .pharmacy_unscored_cases import SAMPLE
from .pharmacy_unscored_cases import stored_cases

_PASSED = EvalStatus.PASSED
_NOT_EVALUATED = EvalStatus.NOT_EVALUATED


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
    # Each of the 3 judge samples' warnings names the case.
    assert (
        completed.stderr.count(
            f"Eval case {eval_id!r}, metric {METRIC!r}, invocation 1 of 1"
            " (id 'e-"
        )
        == 3
    )
  assert (
      completed.stdout.count("\n                              Unscored: ") == 3
  )
  # What else is on stderr (left as upstream prints it): each experimental
  # notice once per process, not per evaluator made (one per case), and the
  # token usage the agent's recorded model does not report, never the judge.
  notices = [
      line for line in completed.stderr.splitlines() if "[EXPERIMENTAL]" in line
  ]
  assert notices and len(notices) == len(set(notices))
  usage = [
      line
      for line in completed.stderr.splitlines()
      if "Skipping missing token usage" in line
  ]
  assert all(line.endswith(" and model replay-agent") for line in usage)


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


def test_adk_eval_reports_the_bad_rubric_for_each_case(tmp_path: pathlib.Path):
  config = json.loads(
      (SAMPLE / f"{EVAL_SET}_config.json").read_text(encoding="utf-8")
  )
  criterion = config["criteria"]["rubric_based_final_response_quality_v1"]
  criterion["rubrics"][1]["rubric_content"]["text_property"] = ""

  completed = run_adk_eval(tmp_path, json.dumps(config, ensure_ascii=False))

  assert completed.returncode == 1, completed.stdout + completed.stderr
  assert "Tests passed: 0\n  Tests failed: 4" in completed.stdout
  assert (
      completed.stderr.count(
          "rubric 2 of 3 (rubric_id 'r2'): empty text_property"
      )
      >= 4
  )


async def test_agent_evaluator_names_each_rubric_without_a_verdict(
    monkeypatch: pytest.MonkeyPatch,
):
  monkeypatch.delenv("ADK_SAMPLE_LIVE", raising=False)
  monkeypatch.syspath_prepend(str(SAMPLE.parent))
  eval_set = EvalSet.model_validate_json(
      (SAMPLE / f"{EVAL_SET}.evalset.json").read_text(encoding="utf-8")
  )
  eval_config = EvalConfig.model_validate_json(
      (SAMPLE / f"{EVAL_SET}_config.json").read_text(encoding="utf-8")
  )

  with pytest.raises(AssertionError) as failed:
    await AgentEvaluator.evaluate_eval_set(
        agent_module=SAMPLE.name,
        eval_set=eval_set,
        eval_config=eval_config,
        num_runs=1,
        print_detailed_results=False,
    )

  message = str(failed.value)
  users = {
      case.eval_id: case.conversation[0].user_content.parts[0].text
      for case in eval_set.eval_cases
  }
  for eval_id, reason in R2_REASONS.items():
    line = f"invocation {users[eval_id]!r}: rubric 'r2': no verdict in any of 3"
    assert (line in message) == (reason is not None), eval_id
  assert message.count("was not evaluated: rubrics got no verdict") == 3
