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

"""Caps the judge's text kept in eval results, saying how much was cut.

A rubric's rationale is the judge's text, and a judge can write a lot: a
200 KB answer became 6.8 MB of `adk eval --print_detailed_results` output
and a 6.2 MB eval history file, as the rationale is kept per sample,
invocation and case. Results keep the first `MAX_CHARS` characters of a
rationale or reason and say how many were cut; warnings quote at most an
excerpt of the judge's answer, saying the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from .eval_rubrics import RubricScore

MAX_CHARS = 2000
"""Characters of a rationale or reason kept in eval results."""


def capped(text: Optional[str], limit: int = MAX_CHARS) -> Optional[str]:
  """Returns the text, or its first `limit` characters and what was cut.

  For example `capped("x" * 2500)` is 2000 `x` then ` [... 500 more
  characters cut]`.
  """
  if text is None or len(text) <= limit:
    return text
  return f"{text[:limit]}{_cut(text, limit)}"


def excerpt(text: str, limit: int) -> str:
  """Returns the text quoted, cut after `limit` characters saying how much.

  For example `excerpt("abcdef", 4)` is `'abcd' [... 2 more characters
  cut]`: what a warning quotes of a judge's answer, which can be megabytes.
  """
  return repr(text[:limit]) + _cut(text, limit)


def _cut(text: str, limit: int) -> str:
  if len(text) <= limit:
    return ""
  return f" [... {len(text) - limit:,} more characters cut]"


def capped_rubric_scores(
    rubric_scores: Optional[Sequence[RubricScore]],
) -> Optional[list[RubricScore]]:
  """Returns the rubric scores with rationales and reasons capped."""
  if rubric_scores is None:
    return None
  return [
      score.model_copy(
          update={
              "rationale": capped(score.rationale),
              "unscored_reason": capped(score.unscored_reason),
          }
      )
      for score in rubric_scores
  ]
