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

  .venv/bin/python scripts/fixture_report.py

Every fixture case runs through all three rubric evaluators. Each rubric's
outcome counts as `attached` (the expected verdict), `unscored` (no verdict)
or `wrong` (a verdict other than the expected one, or one where none was
expected). Exits non-zero if anything is wrong.
"""

from __future__ import annotations

import collections
import logging
import pathlib
import sys
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from tests.unittests.evaluation import rubric_matching_fixture_cases as fixtures  # pylint: disable=g-import-not-at-top


def main() -> int:
  logging.disable(logging.WARNING)
  warnings.filterwarnings("ignore", message=r"\[EXPERIMENTAL\]")
  counts: dict[tuple[str, str], collections.Counter[str]] = (
      collections.defaultdict(collections.Counter)
  )
  missed = 0
  for case in fixtures.load_cases():
    for metric_name in fixtures.EVALUATORS:
      scores = fixtures.score_case(metric_name, case)
      for rubric_id, expected in case.expected.items():
        outcome = fixtures.classify(expected, scores[rubric_id])
        counts[(case.language, case.failure_class)][outcome] += 1
        missed += expected is not None and scores[rubric_id] is None
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
  print(
      f"\n(rubric outcomes over {len(fixtures.EVALUATORS)} evaluators;"
      f" expected verdicts left unscored: {missed})"
  )
  return 1 if total["wrong"] else 0


if __name__ == "__main__":
  sys.exit(main())
