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

"""Evaluates the multilingual rubric sample with `adk eval`, patched and stock.

  scripts/demo_rubric_eval.py --stock-python PATH   # what scripts/demo.sh runs
  scripts/demo_rubric_eval.py run --out FILE        # one evaluation, as JSON

The first form evaluates `contributing/samples/multilingual_rubric_eval`
twice at the same time, on the same recorded agent, user simulator and judge
answers: with the google-adk of this interpreter (the patched build) and with
the one of `--stock-python` (stock 2.13.0). It prints, for the patched build,
each case's metrics with the verdict each rubric received, the samples in
which a rubric went unscored and why, and the score against the threshold;
then what stock 2.13.0 reports for the same answers. Last, both builds'
`adk eval` commands run one case with a broken set-up (a misspelled
criterion key that stock ignores), and it prints what each reports.

`run` copies the sample to a temporary folder, calls the `adk` command's own
entry point in this process (`adk eval <sample> <3 eval sets>
--config_file_path test_config.json`), reads the eval results that `adk eval`
stores in the agent folder's `.adk/eval_history/`, and writes them with the
judge warnings as JSON. It runs in-process, rather than as `adk eval` whose
log output is parsed, because the unscored reasons come from the one warning
per judge answer that the patched evaluators log: a logging handler receives
that warning whole (it spans several lines) and can tie it to the answer it is
about, since the sample's replay judge publishes the case, invocation and
sample it is answering in a context variable. A log stream keeps neither the
record boundaries nor that context, and its format is adk's to change.
"""

from __future__ import annotations

import argparse
import collections
import json
import logging
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
from typing import Any
from typing import Optional
import unicodedata

ROOT = pathlib.Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "contributing" / "samples" / "multilingual_rubric_eval"
EVAL_SETS = ("pharmacy_ja", "pharmacy_zh", "pharmacy_ar")
METRICS = {
    "rubric_based_multi_turn_trajectory_quality_v1": "multi-turn trajectory",
    "rubric_based_final_response_quality_v1": "final response",
    "rubric_based_tool_use_quality_v1": "tool use",
}
# The patched matcher's warning, one per judge answer, and the evaluator's own.
_JUDGE_LOGGERS = (
    "google_adk.google.adk.evaluation._rubric_matching",
    "google_adk.google.adk.evaluation.rubric_based_evaluator",
)
_UNSCORED_LINE = re.compile(r"^\s+rubric (['\"])(?P<id>.*?)\1: (?P<reason>.*)$")
_BLOCK_LINE = re.compile(r"^\s+block \d+ .*\((?P<reason>[^()]*)\)$")
_VERDICTS = {1.0: "yes", 0.0: "no", None: "unscored"}


# ---------------------------------------------------------------------------
# One evaluation, in this interpreter
# ---------------------------------------------------------------------------


class _JudgeWarnings(logging.Handler):
  """Keeps each judge warning with the recorded judge answer it is about."""

  def __init__(self, replay_file: pathlib.Path):
    super().__init__(logging.WARNING)
    self._replay_file = os.path.realpath(replay_file)
    self.warnings: list[dict[str, Any]] = []

  def emit(self, record: logging.LogRecord) -> None:
    sample = self._judge_sample()
    self.warnings.append({
        "logger": record.name.rsplit(".", 1)[-1],
        "message": record.getMessage(),
        **(vars(sample) if sample else {}),
    })

  def _judge_sample(self) -> Any:
    # adk loads the agent package under a name of its choosing; find the
    # sample's replay module by its file.
    for module in list(sys.modules.values()):
      path = getattr(module, "__file__", None)
      if path and os.path.realpath(path) == self._replay_file:
        return module.current_judge_sample.get()
    return None


def _scores(rubric_scores: Optional[list[Any]]) -> dict[str, Optional[float]]:
  return {r.rubric_id: r.score for r in rubric_scores or ()}


def _case_summary(case: Any) -> dict[str, Any]:
  metrics = {}
  for overall in case.overall_eval_metric_results:
    if overall.metric_name not in METRICS:
      continue
    invocations = []
    for number, per_invocation in enumerate(
        case.eval_metric_result_per_invocation, start=1
    ):
      for result in per_invocation.eval_metric_results:
        if result.metric_name == overall.metric_name:
          invocations.append({
              "invocation": number,
              "score": result.score,
              "status": result.eval_status.name,
              "rubrics": _scores(result.details.rubric_scores),
          })
    metrics[overall.metric_name] = {
        "threshold": overall.criterion.threshold,
        "score": overall.score,
        "status": overall.eval_status.name,
        "rubrics": _scores(overall.details.rubric_scores),
        "invocations": invocations,
    }
  return {
      "eval_set_id": case.eval_set_id,
      "eval_id": case.eval_id,
      "status": case.final_eval_status.name,
      "invocations": len(case.eval_metric_result_per_invocation),
      "metrics": metrics,
  }


def run(out: pathlib.Path) -> None:
  """Evaluates the sample with this interpreter's google-adk; writes JSON."""
  import google.adk
  from google.adk.cli.cli_tools_click import main as adk
  from google.adk.evaluation.eval_result import EvalSetResult

  with tempfile.TemporaryDirectory() as tmp:
    agent_dir = pathlib.Path(tmp) / SAMPLE.name
    shutil.copytree(
        SAMPLE,
        agent_dir,
        ignore=shutil.ignore_patterns(".adk", "__pycache__"),
    )
    handler = _JudgeWarnings(agent_dir / "replay.py")
    for name in _JUDGE_LOGGERS:
      logging.getLogger(name).addHandler(handler)
    args = ["eval", str(agent_dir)]
    args += [str(agent_dir / f"{name}.evalset.json") for name in EVAL_SETS]
    args += ["--config_file_path", str(agent_dir / "test_config.json")]
    args += ["--log_level", "WARNING"]
    try:
      adk.main(args=args, prog_name="adk", standalone_mode=False)
      exit_code = 0
    except SystemExit as exit_:
      exit_code = exit_.code if isinstance(exit_.code, int) else 1
    history = agent_dir / ".adk" / "eval_history"
    cases = [
        _case_summary(case)
        for path in history.glob("*.evalset_result.json")
        for case in EvalSetResult.model_validate_json(
            path.read_text(encoding="utf-8")
        ).eval_case_results
    ]
  cases.sort(key=lambda case: _case_order()[case["eval_id"]])
  out.write_text(
      json.dumps(
          {
              "version": google.adk.__version__,
              "exit_code": exit_code,
              "cases": cases,
              "warnings": handler.warnings,
          },
          ensure_ascii=False,
          indent=1,
      ),
      encoding="utf-8",
  )


# ---------------------------------------------------------------------------
# A broken set-up, in another interpreter's `adk eval`
# ---------------------------------------------------------------------------

# The sample's case whose rubrics are all judged, with a passing tool-use
# metric beside the final-response one; then the same config with one typo.
BROKEN_EVAL_SET = "pharmacy_ja_unscored"
BROKEN_CASE = "all_answered"
BROKEN_METRIC = "rubric_based_tool_use_quality_v1"
BROKEN_KEY = "structured_ouput"


def broken_setup_config(broken: bool) -> dict[str, Any]:
  """Returns the control config, or it with `structured_ouput: true`."""
  config = json.loads(
      (SAMPLE / "pharmacy_ja_two_metrics_config.json").read_text(
          encoding="utf-8"
      )
  )
  if broken:
    # Meant `structured_output`: structured judging, silently off in stock.
    config["criteria"][BROKEN_METRIC][BROKEN_KEY] = True
  return config


def _adk_eval_broken(python: str, tmp: pathlib.Path) -> subprocess.Popen[str]:
  """Starts `adk eval` of `python`'s venv on the config with the typo."""
  agent_dir = tmp / SAMPLE.name
  shutil.copytree(
      SAMPLE, agent_dir, ignore=shutil.ignore_patterns(".adk", "__pycache__")
  )
  config = tmp / "broken_config.json"
  config.write_text(
      json.dumps(broken_setup_config(True), ensure_ascii=False), "utf-8"
  )
  env = {k: v for k, v in os.environ.items() if k != "ADK_SAMPLE_LIVE"}
  return subprocess.Popen(
      [str(pathlib.Path(python).parent / "adk"), "eval", str(agent_dir)]
      + [f"{agent_dir / f'{BROKEN_EVAL_SET}.evalset.json'}:{BROKEN_CASE}"]
      + ["--config_file_path", str(config), "--log_level", "ERROR"],
      env=env,
      stdout=subprocess.PIPE,
      stderr=subprocess.DEVNULL,
      text=True,
  )


def _outcome(stdout: str, exit_code: int) -> list[str]:
  """Returns the summary counts, the `Error:` lines and the exit status."""
  lines = [
      line.strip()
      for line in stdout.splitlines()
      if line.strip().startswith(("Tests passed", "Tests failed"))
  ]
  lines += [line for line in stdout.splitlines() if line.startswith("Error:")]
  return lines + [f"exit status {exit_code}"]


def broken_setup_report(outcomes: dict[str, list[str]]) -> str:
  """Words the broken set-up's outcome with each build."""
  lines = [
      "",
      (
          f"A broken set-up: `{BROKEN_KEY}: true` (meant `structured_output`)"
          f" in {BROKEN_METRIC}'s criterion, case {BROKEN_CASE} of"
          f" {BROKEN_EVAL_SET}, beside a passing final-response metric:"
      ),
  ]
  for name, label in (("p", "patched build"), ("s", "stock 2.13.0")):
    lines.append(f"  {label}:")
    lines += [f"    {line}" for line in outcomes[name]]
  return "\n".join(lines)


# ---------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------


def _width(text: str) -> int:
  return sum(
      0
      if unicodedata.combining(char)
      else 2
      if unicodedata.east_asian_width(char) in "WF"
      else 1
      for char in text
  )


def _pad(text: str, width: int) -> str:
  return text + " " * max(0, width - _width(text))


def _score(score: Optional[float]) -> str:
  return "none" if score is None else f"{score:.2f}"


def _verdict(rubrics: dict[str, Optional[float]], rubric_id: str) -> str:
  if rubric_id not in rubrics:
    return "-"
  return _VERDICTS.get(rubrics[rubric_id], f"{rubrics[rubric_id]:.2f}")


def _eval_cases() -> list[dict[str, Any]]:
  """Returns the sample's eval cases, in the order of EVAL_SETS."""
  return [
      case
      for name in EVAL_SETS
      for case in json.loads(
          (SAMPLE / f"{name}.evalset.json").read_text(encoding="utf-8")
      )["eval_cases"]
  ]


def _case_order() -> dict[str, int]:
  return {case["eval_id"]: i for i, case in enumerate(_eval_cases())}


def _rubric_texts() -> dict[tuple[str, str], str]:
  return {
      (case["eval_id"], rubric["rubric_id"]): rubric["rubric_content"][
          "text_property"
      ]
      for case in _eval_cases()
      for rubric in case.get("rubrics") or ()
  }


def _judge_notes(
    warnings: list[dict[str, Any]],
) -> dict[tuple[str, str], list[tuple[Optional[str], dict[str, Any], str]]]:
  """Returns the notes of the judge warnings per (eval_id, metric).

  Each note is (rubric id, or None for the answer as a whole; the warning;
  text), from the lines of the one warning per judge answer that name an
  unscored rubric or a block attached to no rubric.
  """
  notes = collections.defaultdict(list)
  for warning in warnings:
    key = (warning.get("eval_id"), warning.get("metric"))
    lines = warning["message"].splitlines()
    # The evaluator's warnings start by naming the metric, invocation and
    # judge sample, which the replay judge's context gives here.
    if lines[0].startswith("Metric "):
      lines[0] = lines[0].split(": ", 1)[-1]
    if not lines[0].startswith("Judge answer:"):
      notes[key].append((None, warning, lines[0]))
      continue
    blocks = collections.Counter()
    for line in lines[1:]:
      if match := _UNSCORED_LINE.match(line):
        notes[key].append(
            (match["id"], warning, f"unscored, {match['reason']}")
        )
      elif match := _BLOCK_LINE.match(line):
        blocks[match["reason"]] += 1
    for reason, count in blocks.items():
      notes[key].append(
          (None, warning, f"{count} block(s) attached to no rubric: {reason}")
      )
  return notes


def _where(metric: str, warning: dict[str, Any]) -> str:
  if metric.startswith("rubric_based_multi_turn"):
    return f"sample {warning.get('sample')}"
  return f"inv {warning.get('invocation')}, sample {warning.get('sample')}"


def _patched_table(result: dict[str, Any], config: dict[str, Any]) -> list[str]:
  texts = _rubric_texts()
  notes = _judge_notes(result["warnings"])
  id_width = 2 + max(len(rubric_id) for _, rubric_id in texts)
  lines = []
  for case in result["cases"]:
    kind = (
        "simulated user"
        if case["eval_id"].endswith("_scenario")
        else "recorded conversation"
    )
    lines.append("")
    lines.append(
        f"{case['eval_set_id']} / {case['eval_id']}  ({kind},"
        f" {case['invocations']} invocations): {case['status']}"
    )
    columns = 7 * case["invocations"]
    for metric, label in METRICS.items():
      data = case["metrics"].get(metric)
      if data is None:
        continue
      samples = config["criteria"][metric]["judge_model_options"]["num_samples"]
      if metric.startswith("rubric_based_multi_turn"):
        how = f"{samples} samples of the whole conversation"
        judged = [i for i in data["invocations"] if i["rubrics"]]
        header = "conv   "
      else:
        how = f"{samples} samples per invocation"
        judged = data["invocations"]
        header = "".join(f"inv {i['invocation']}  " for i in judged)
      lines.append(
          f"  {label}: {_score(data['score'])} vs threshold"
          f" {data['threshold']:.2f}, {data['status']}  ({how})"
      )
      lines.append(f"    {_pad(header, columns)}rubric")
      metric_notes = notes.get((case["eval_id"], metric), [])
      for rubric_id in data["rubrics"]:
        verdicts = "".join(
            _pad(_verdict(i["rubrics"], rubric_id), 7) for i in judged
        )
        text = texts.get((case["eval_id"], rubric_id), "")
        lines.append(
            f"    {_pad(verdicts, columns)}{_pad(rubric_id, id_width)}{text}"
        )
        lines.extend(
            f"    {' ' * columns}  {_where(metric, warning)}: {note}"
            for note_id, warning, note in metric_notes
            if note_id == rubric_id
        )
      lines.extend(
          f"    {_where(metric, warning)}: {note}"
          for note_id, warning, note in metric_notes
          if note_id is None
      )
  return lines


def _comparison(
    patched: dict[str, Any], stock: dict[str, Any], config: dict[str, Any]
) -> list[str]:
  stock_cases = {c["eval_id"]: c for c in stock["cases"]}
  lines = [
      "",
      (
          f"  {_pad('case', 13)}{_pad('metric', 23)}{_pad('patched build', 16)}"
          "stock 2.13.0"
      ),
  ]
  counts = collections.Counter()
  not_evaluated, inflated = [], []
  for case in patched["cases"]:
    other = stock_cases.get(case["eval_id"], {"metrics": {}, "status": "-"})
    first = True
    for metric, label in METRICS.items():
      mine = case["metrics"].get(metric)
      theirs = other["metrics"].get(metric)
      if mine is None:
        continue
      theirs = theirs or {"score": None, "status": "-", "rubrics": {}}
      counts["metrics"] += 1
      lost = [
          f"{rubric_id} ({_verdict(mine['rubrics'], rubric_id)})"
          for rubric_id, score in mine["rubrics"].items()
          if score is not None and theirs["rubrics"].get(rubric_id) is None
      ]
      counts["rubrics"] += sum(
          1 for s in mine["rubrics"].values() if s is not None
      )
      counts["stock_rubrics"] += sum(
          1 for s in theirs["rubrics"].values() if s is not None
      )
      if theirs["score"] is None:
        not_evaluated.append(f"{case['eval_id']} {label}")
      elif mine["score"] is not None and theirs["score"] > mine["score"]:
        inflated.append(f"{case['eval_id']} {label}")
      note = ""
      if lost and theirs["score"] is not None:
        note = "  without " + ", ".join(lost)
      lines.append(
          f"  {_pad(case['eval_id'] if first else '', 13)}{_pad(label, 23)}"
          f"{_pad(_score(mine['score']) + ' ' + mine['status'], 16)}"
          f"{_score(theirs['score'])} {theirs['status']}{note}"
      )
      first = False
    counted = " (adk eval counts it as failed)"
    lines.append(
        f"  {' ' * 13}{_pad('case', 23)}{_pad(case['status'], 16)}"
        f"{other['status']}"
        f"{counted if other['status'] == 'NOT_EVALUATED' else ''}"
    )
  passed = sum(1 for c in stock["cases"] if c["status"] == "PASSED")
  answers = sum(
      config["criteria"][metric]["judge_model_options"]["num_samples"]
      * (
          1
          if metric.startswith("rubric_based_multi_turn")
          else c["invocations"]
      )
      for c in patched["cases"]
      for metric in c["metrics"]
  )
  unread = sum(
      1
      for w in stock["warnings"]
      if w["message"].startswith("Auto-rater response did not match")
  )
  unattached = sum(
      1 for w in stock["warnings"] if "not found in the rubrics" in w["message"]
  )
  lines += [
      "",
      "In plain words, on the same judge answers stock google-adk 2.13.0:",
      (
          f"  * read no verdict at all for {len(not_evaluated)} of"
          f" {counts['metrics']} metric results, so they were not evaluated:"
          f" {', '.join(not_evaluated) or 'none'};"
      ),
      (
          "  * found no ID/Property/Rationale/Verdict block it could read in"
          f" {unread} of the {answers} judge answers, and attached {unattached}"
          " blocks to no"
          " rubric (stock's own warnings);"
      ),
      (
          f"  * read a verdict for {counts['stock_rubrics']} of the"
          f" {counts['rubrics']} rubric results the patched build scored;"
      ),
      (
          f"  * scored {len(inflated)} metric result(s) higher than the patched"
          ' build, because verdicts it could not read, "no" among them, were'
          f" left out of the mean: {', '.join(inflated) or 'none'};"
      ),
      (
          f"  * passed {passed} of {len(stock['cases'])} cases (a metric that"
          " is not evaluated does not fail a case) and exited with status"
          f" {stock['exit_code']}; the patched build passed"
          f" {sum(1 for c in patched['cases'] if c['status'] == 'PASSED')} of"
          f" {len(patched['cases'])} and exited with status"
          f" {patched['exit_code']}."
      ),
  ]
  return lines


def report(patched: dict[str, Any], stock: dict[str, Any]) -> str:
  config = json.loads((SAMPLE / "test_config.json").read_text(encoding="utf-8"))
  lines = [
      (
          f"Patched google-adk {patched['version']}: adk eval on"
          f" {', '.join(EVAL_SETS)} (recorded agent, user simulator and judge)"
      ),
      "Verdicts: yes/no = majority of the judge's samples; unscored notes",
      "come from the warning the patched evaluators log per judge answer.",
  ]
  lines += _patched_table(patched, config)
  lines += [
      "",
      (
          f"Stock google-adk {stock['version']} (from PyPI), same recordings,"
          " run side by side:"
      ),
  ]
  lines += _comparison(patched, stock, config)
  return "\n".join(lines)


def _evaluate(python: str, out: pathlib.Path) -> subprocess.Popen[str]:
  env = {k: v for k, v in os.environ.items() if k != "ADK_SAMPLE_LIVE"}
  return subprocess.Popen(
      [python, __file__, "run", "--out", str(out)],
      env=env,
      stdout=subprocess.PIPE,
      stderr=subprocess.STDOUT,
      text=True,
  )


def main(argv: Optional[list[str]] = None) -> int:
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("mode", nargs="?", choices=["run"])
  parser.add_argument("--out", type=pathlib.Path)
  parser.add_argument(
      "--stock-python", help="the python of a venv with stock google-adk"
  )
  args = parser.parse_args(argv)
  if args.mode == "run":
    run(args.out)
    return 0
  if not args.stock_python:
    parser.error("--stock-python is required")
  with tempfile.TemporaryDirectory() as tmp:
    outs = {name: pathlib.Path(tmp) / f"{name}.json" for name in ("p", "s")}
    runs = {
        "p": _evaluate(sys.executable, outs["p"]),
        "s": _evaluate(args.stock_python, outs["s"]),
    }
    for name, process in runs.items():
      log, _ = process.communicate()
      if process.returncode or not outs[name].exists():
        print(log, file=sys.stderr)
        print(f"error: the {name} evaluation failed", file=sys.stderr)
        return 1
    patched, stock = (
        json.loads(outs[name].read_text(encoding="utf-8"))
        for name in ("p", "s")
    )
    broken_runs = {}
    for name, python in (("p", sys.executable), ("s", args.stock_python)):
      folder = pathlib.Path(tmp) / f"broken_{name}"
      folder.mkdir()
      broken_runs[name] = _adk_eval_broken(python, folder)
    outcomes = {}
    for name, process in broken_runs.items():
      stdout, _ = process.communicate()
      outcomes[name] = _outcome(stdout, process.returncode)
  if "+" not in patched["version"] or stock["version"] != "2.13.0":
    print(
        "error: expected the patched build and stock 2.13.0, got"
        f" {patched['version']} and {stock['version']}",
        file=sys.stderr,
    )
    return 1
  print(report(patched, stock))
  print(broken_setup_report(outcomes))
  return 0


if __name__ == "__main__":
  sys.exit(main())
