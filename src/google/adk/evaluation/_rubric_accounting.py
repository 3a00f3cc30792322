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

"""Accounts for one judge answer: every rubric, every stray block.

The last stage of rubric matching: `RubricMatchReport` holds, for each
effective rubric, what the judge's answer gave it (a verdict, or why none),
and the blocks of the answer that went to no rubric; `warning_message` says
in one warning what is amiss.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

from ._capped_text import excerpt

_MAX_LISTED = 10


@dataclasses.dataclass(frozen=True)
class RubricOutcome:
  """What one judge answer gave one rubric.

  Attributes:
    rubric_id: The rubric's id.
    score: The verdict's score; None when the rubric is unscored.
    rationale: The judge's rationale from the attached block.
    reason: Why the rubric is unscored; None when it is scored.
    tier: How the block was attached (`id`, `text`, `rewrite`), or None.
    block: The 0-based index of the attached block in the judge's answer.
  """

  rubric_id: str
  score: Optional[float] = None
  rationale: Optional[str] = None
  reason: Optional[str] = None
  tier: Optional[str] = None
  block: Optional[int] = None


@dataclasses.dataclass(frozen=True)
class UnmatchedBlock:
  """A block of the judge's answer that was attached to no rubric."""

  index: int
  rubric_id: Optional[str]
  property_text: Optional[str]
  reason: str

  def describe(self) -> str:
    parts = [f"block {self.index + 1}"]
    if self.rubric_id:
      parts.append(f"ID {quote(self.rubric_id)}")
    if self.property_text:
      parts.append(f"property {quote(self.property_text)}")
    return f"{' '.join(parts)} ({self.reason})"


@dataclasses.dataclass(frozen=True)
class RubricMatchReport:
  """The accounting of one judge answer: every rubric, every stray block."""

  outcomes: list[RubricOutcome]
  unmatched_blocks: list[UnmatchedBlock]

  @property
  def unscored(self) -> list[RubricOutcome]:
    return [o for o in self.outcomes if o.score is None]

  def warning_message(self) -> Optional[str]:
    """Returns the one warning for this answer, or None if nothing is amiss."""
    unscored = self.unscored
    if not unscored and not self.unmatched_blocks:
      return None
    lines = [
        f"Judge answer: {len(unscored)} of {len(self.outcomes)} rubrics"
        " unscored."
    ]
    lines.extend(
        f"  rubric {quote(o.rubric_id)}: {o.reason}"
        for o in unscored[:_MAX_LISTED]
    )
    if len(unscored) > _MAX_LISTED:
      lines.append(f"  ... and {len(unscored) - _MAX_LISTED} more rubrics")
    if self.unmatched_blocks:
      lines.append(
          f"  {len(self.unmatched_blocks)} block(s) attached to no rubric:"
      )
      lines.extend(
          f"    {b.describe()}" for b in self.unmatched_blocks[:_MAX_LISTED]
      )
      if len(self.unmatched_blocks) > _MAX_LISTED:
        lines.append(
            f"    ... and {len(self.unmatched_blocks) - _MAX_LISTED} more"
        )
    return "\n".join(lines)


def quote(text: str, limit: int = 60) -> str:
  """Returns `text` on one line, quoted; cut after `limit` characters."""
  return excerpt(" ".join(str(text).split()), limit)
