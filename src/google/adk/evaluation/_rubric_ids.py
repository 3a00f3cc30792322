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

"""The ids that rubric judge prompts show, and the ids judges echo back.

Every rubric template shows each rubric with an id the judge copies into its
answer, so that a verdict can be attached by id whatever language the judge
writes in. `format_rubrics_for_prompt` writes the list; `normalize_rubric_id`
reads an echoed id back.
"""

from __future__ import annotations

from collections.abc import Sequence
import re
from typing import Optional
import unicodedata

from .eval_rubrics import Rubric

_ID_LABEL_PREFIX = re.compile(r"(?:rubric[ _-]?)?id\s*[:=]\s*", re.IGNORECASE)
_ID_WRAPPERS = (
    " \t*_`'\"[](){}<>\u00ab\u00bb\u2018\u2019\u201c\u201d"
    "\u300c\u300d\u300e\u300f\u3010\u3011"
)
_ID_TRAILING = ".,;:\u3002\u3001"
_WHITESPACE = re.compile(r"\s+")


def normalize_rubric_id(rubric_id: object) -> str:
  """Returns the form of a rubric id in which the judge's echoes agree.

  Judges echo ids wrapped in the prompt's tag or in markdown (`[id: r1]`,
  `` `r1` ``, `**r1**`, `"r1"`), with trailing punctuation, in another case or
  in full-width characters. Those wrappers are removed; the rest must then be
  exactly the id. Invisible format characters (zero-width and direction
  marks, which right-to-left text often carries) are dropped first.

  Args:
    rubric_id: The id as written in a rubric or echoed by the judge.

  Returns:
    The normalized id, or "" when there is none.
  """
  if not isinstance(rubric_id, str):
    return ""
  text = unicodedata.normalize("NFKC", rubric_id[:500])
  text = "".join(c for c in text if unicodedata.category(c) != "Cf")
  text = text.strip(_ID_WRAPPERS)
  label = _ID_LABEL_PREFIX.match(text)
  if label:
    text = text[label.end() :].strip(_ID_WRAPPERS)
  text = text.rstrip(_ID_TRAILING).strip(_ID_WRAPPERS)
  return _WHITESPACE.sub(" ", text).casefold()


_ECHO_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/-]{0,63}")


def rubric_prompt_ids(rubrics: Sequence[Rubric]) -> dict[str, str]:
  """Returns the id to show the judge for each rubric, keyed by rubric id.

  Short ASCII ids without spaces, brackets or quotes are shown as they are.
  Any other id (with whitespace, brackets, very long, non-ASCII) is replaced in
  the prompt by a handle `rubric-<n>` (n is the rubric's 1-based position), so
  that what the judge has to copy is always easy to copy. The matcher accepts
  both the real id and the handle.

  Args:
    rubrics: The rubrics in prompt order.

  Returns:
    A mapping from each rubric's id to the id the prompt shows.
  """
  taken: Optional[set[str]] = None
  shown = {}
  for position, rubric in enumerate(rubrics, start=1):
    rubric_id = rubric.rubric_id
    if isinstance(rubric_id, str) and _ECHO_SAFE_ID.fullmatch(rubric_id):
      shown[rubric_id] = rubric_id
      continue
    if taken is None:
      taken = {normalize_rubric_id(r.rubric_id) for r in rubrics}
    handle = f"rubric-{position}"
    while normalize_rubric_id(handle) in taken:
      handle += "x"
    taken.add(normalize_rubric_id(handle))
    shown[rubric_id] = handle
  return shown


def format_rubrics_for_prompt(rubrics: Sequence[Rubric]) -> str:
  """Returns the rubric list of a judge prompt, one rubric per line.

  Every rubric is shown as `*  [id: <id>] <property text>`, with the id from
  `rubric_prompt_ids`, so that the judge always has an id it can copy and the
  matcher accepts exactly what the prompt shows. The text is shown as written,
  in its own script. For example:

    *  [id: r1] ユーザの服用中の薬を確認している
    *  [id: rubric-2] 副作用等のリスクを説明している

  Args:
    rubrics: The effective rubrics, in the order the judge should answer them.

  Returns:
    The lines of the list, joined by newlines.
  """
  shown = rubric_prompt_ids(rubrics)
  return "\n".join(
      f"*  [id: {shown[r.rubric_id]}] {r.rubric_content.text_property or ''}"
      for r in rubrics
  )
