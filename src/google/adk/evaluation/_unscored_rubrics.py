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

"""Says which rubrics got no verdict, where, and why.

A rubric without a verdict is listed in `rubric_scores` with `score=None`
and `unscored_reason`, and the result that holds it is not scored. These
helpers word those reasons when samples or invocations are combined, and
describe the unscored rubrics of a metric's results for warnings and failure
messages.
"""

from __future__ import annotations

from collections.abc import Sequence
import statistics
from typing import Optional

from .eval_rubrics import RubricScore

NO_REASON = "no verdict"
"""The reason of an unscored rubric that was given none."""

# Unscored rubrics listed in one message; the rest are counted.
_MAX_LISTED = 10


def unscored(
    rubric_scores: Optional[Sequence[RubricScore]],
) -> list[RubricScore]:
  """Returns the rubric scores that have no score."""
  return [s for s in rubric_scores or () if s.score is None]


def reason_of(rubric_score: RubricScore) -> str:
  """Returns why a rubric score has no score."""
  return rubric_score.unscored_reason or NO_REASON


def average_if_all_scored(
    rubric_scores: Sequence[RubricScore],
) -> Optional[float]:
  """Returns the mean score, or None if a rubric (or every one) has none.

  The mean of the scored rubrics alone would overstate the result whenever
  the unscored one would have failed.
  """
  if not rubric_scores or unscored(rubric_scores):
    return None
  return statistics.mean(s.score for s in rubric_scores)


def missing_verdicts(
    rubric_id: str,
    rubric_score_lists: Sequence[Optional[Sequence[RubricScore]]],
    absent: Optional[str] = None,
) -> list[tuple[int, str]]:
  """Returns which of several results gave a rubric no verdict, and why.

  Args:
    rubric_id: The rubric.
    rubric_score_lists: Each result's `rubric_scores`, in order.
    absent: The reason for a result that does not list the rubric; such a
      result is left out when None (the rubric is not one of its rubrics).

  Returns:
    The 0-based index of each result without a verdict, with the reason.
  """
  missing = []
  for index, rubric_scores in enumerate(rubric_score_lists):
    found = [s for s in rubric_scores or () if s.rubric_id == rubric_id]
    if not found:
      if absent is not None:
        missing.append((index, absent))
    elif all(s.score is None for s in found):
      missing.append((index, reason_of(found[0])))
  return missing


def join_reasons(
    unit: str, total: int, missing: Sequence[tuple[int, str]]
) -> str:
  """Words why a rubric got no verdict in some of several samples or results.

  For example, `join_reasons("judge sample", 3, [(0, "a"), (1, "a"),
  (2, "b")])` is `"no verdict in any of 3 judge samples: judge sample 1: a;
  judge sample 2: a; judge sample 3: b"`.

  Args:
    unit: What was combined, in the singular ("judge sample", "invocation").
    total: How many there were.
    missing: The 0-based index of each one that gave no verdict, with why.

  Returns:
    The reason alone when there was only one; otherwise which ones gave no
    verdict, then the reason, or each one's reason when they differ.
  """
  if total == 1 and len(missing) == 1:
    return missing[0][1]
  if len(missing) == total:
    where = f"no verdict in any of {total} {unit}s"
  elif len(missing) == 1:
    where = f"no verdict in {unit} {missing[0][0] + 1} of {total}"
  else:
    numbers = ", ".join(str(index + 1) for index, _ in missing)
    where = f"no verdict in {unit}s {numbers} of {total}"
  reasons = {reason for _, reason in missing}
  if len(reasons) == 1:
    return f"{where}: {reasons.pop()}"
  return f"{where}: " + "; ".join(
      f"{unit} {index + 1}: {reason}" for index, reason in missing
  )


def describe_invocations(
    rubric_scores_by_invocation: Sequence[Optional[Sequence[RubricScore]]],
) -> list[str]:
  """Returns one line per unscored rubric of each invocation, at most 10.

  Args:
    rubric_scores_by_invocation: Each invocation's `rubric_scores`, in
      order.
  """
  total = len(rubric_scores_by_invocation)
  return describe([
      (f"invocation {index + 1} of {total}", rubric_scores)
      for index, rubric_scores in enumerate(rubric_scores_by_invocation)
  ])


def describe(
    rubric_scores_by_place: Sequence[
        tuple[str, Optional[Sequence[RubricScore]]]
    ],
) -> list[str]:
  """Returns one line per unscored rubric, at most 10, then a count.

  Args:
    rubric_scores_by_place: Where each list of rubric scores is from (e.g.
      "invocation 2 of 3") and the list.
  """
  lines = [
      f"{place}: rubric {score.rubric_id!r}: {reason_of(score)}"
      for place, rubric_scores in rubric_scores_by_place
      for score in unscored(rubric_scores)
  ]
  if len(lines) > _MAX_LISTED:
    lines[_MAX_LISTED:] = [f"... and {len(lines) - _MAX_LISTED} more"]
  return lines
