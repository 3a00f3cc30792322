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

"""Prints how the multilingual fixtures fare, language by failure class.

Run with the interpreter of a venv that has the patched build installed:

  .venv/bin/python scripts/fixture_report.py [--files GLOB] [--per-case]

Every fixture case runs through all three rubric evaluators. Each rubric's
outcome counts as `attached` (the expected verdict), `unscored` (no verdict)
or `wrong` (a verdict other than the expected one, or one where none was
expected). An evaluator that raises counts as a crash. Exits non-zero if
anything is wrong or crashed.

`--files` restricts the run to the fixture files matching a glob (e.g.
`'*_guards.yaml'`). `--per-case` also prints one line per case, `right`,
`unscored` (an expected verdict missing, nothing wrong), `wrong` or `crash`
over the three evaluators, with the wrong verdicts, and a Markdown table of
those case outcomes by failure class and language. It does not check the
warning the tests also require.
"""

from __future__ import annotations

import argparse
import collections
import logging
import pathlib
import sys
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from tests.unittests.evaluation import rubric_matching_fixture_cases as fixtures  # pylint: disable=g-import-not-at-top

_CASE_OUTCOMES = ("right", "unscored", "wrong", "crash")
_VERDICTS = {1.0: "yes", 0.0: "no", None: "unscored"}


def _case_outcome(
    case: fixtures.FixtureCase,
    counts: dict[tuple[str, str], collections.Counter[str]],
) -> tuple[str, list[str]]:
  """Scores `case` with every evaluator, counting rubric outcomes.

  Returns:
    The case outcome and, for a wrong or crashed case, what went wrong.
  """
  outcomes = set()
  details = []
  for metric_name in fixtures.EVALUATORS:
    try:
      scores = fixtures.score_case(metric_name, case)
    except Exception as e:  # pylint: disable=broad-exception-caught
      outcomes.add("crash")
      details.append(f"{metric_name}: {type(e).__name__}")
      continue
    for rubric_id, expected in case.expected.items():
      outcome = fixtures.classify(expected, scores[rubric_id])
      counts[(case.language, case.failure_class)][outcome] += 1
      if expected is not None and scores[rubric_id] is None:
        counts[(case.language, case.failure_class)]["missed"] += 1
        outcomes.add("unscored")
      if outcome == "wrong":
        outcomes.add("wrong")
        detail = (
            f"{rubric_id}: expected {_VERDICTS[expected]},"
            f" got {_VERDICTS[scores[rubric_id]]}"
        )
        if detail not in details:
          details.append(detail)
  for outcome in reversed(_CASE_OUTCOMES):
    if outcome in outcomes:
      return outcome, details
  return "right", details


def _cell(counter: collections.Counter[str]) -> str:
  """Returns `right/unscored/wrong` for a table cell; crashes count as wrong."""
  if not counter:
    return ""
  cell = (
      f"{counter['right']}/{counter['unscored']}"
      f"/{counter['wrong'] + counter['crash']}"
  )
  return cell + (f" ({counter['crash']} crash)" if counter["crash"] else "")


def _print_case_table(
    cases: list[fixtures.FixtureCase], outcomes: dict[str, str]
) -> None:
  """Prints a Markdown table of case outcomes, class by language."""
  table: dict[tuple[str, str], collections.Counter[str]] = (
      collections.defaultdict(collections.Counter)
  )
  languages: collections.Counter[str] = collections.Counter()
  for case in cases:
    outcome = outcomes[case.name]
    languages[case.language] += 1
    for key in (
        (case.failure_class, case.language),
        (case.failure_class, ""),
        ("", case.language),
        ("", ""),
    ):
      table[key][outcome] += 1
  columns = [language for language, _ in languages.most_common()] + [""]
  print(
      "\nCases right/unscored/wrong (a crash counts as wrong):\n\n| class |"
      + "".join(f" {language or 'all'} |" for language in columns)
  )
  print("|---|" + "---|" * len(columns))
  for failure_class in sorted({c.failure_class for c in cases}) + [""]:
    print(
        f"| {failure_class or 'all'} |"
        + "".join(
            f" {_cell(table[(failure_class, language)])} |"
            for language in columns
        )
    )


def main(argv: list[str]) -> int:
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("--files", default="*.yaml", help="fixture file glob")
  parser.add_argument(
      "--per-case", action="store_true", help="print each case's outcome"
  )
  args = parser.parse_args(argv)
  logging.disable(logging.WARNING)
  warnings.filterwarnings("ignore", message=r"\[EXPERIMENTAL\]")
  counts: dict[tuple[str, str], collections.Counter[str]] = (
      collections.defaultdict(collections.Counter)
  )
  cases = fixtures.load_cases(args.files)
  outcomes = {}
  for case in cases:
    outcome, details = _case_outcome(case, counts)
    outcomes[case.name] = outcome
    if args.per_case:
      print(f"{outcome:9} {case.name}" + "".join(f"\n    {d}" for d in details))
  if args.per_case:
    print()
  print(
      f"{'language':9} {'failure class':26} {'attached':>9} {'unscored':>9}"
      f" {'wrong':>6}"
  )
  total: collections.Counter[str] = collections.Counter()
  for (language, failure_class), counter in sorted(counts.items()):
    total.update(counter)
    print(
        f"{language:9} {failure_class:26} {counter['attached']:9}"
        f" {counter['unscored']:9} {counter['wrong']:6}"
    )
  print(
      f"{'all':9} {'':26} {total['attached']:9} {total['unscored']:9}"
      f" {total['wrong']:6}"
  )
  crashed = sum(o == "crash" for o in outcomes.values())
  print(
      f"\n(rubric outcomes over {len(fixtures.EVALUATORS)} evaluators;"
      f" expected verdicts left unscored: {total['missed']})"
  )
  if crashed:
    print(f"cases that crashed an evaluator: {crashed}")
  if args.per_case:
    _print_case_table(cases, outcomes)
  return 1 if total["wrong"] or crashed else 0


if __name__ == "__main__":
  sys.exit(main(sys.argv[1:]))
