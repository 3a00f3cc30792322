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

"""Checks that rubrics can be judged before a judge is asked about them.

A rubric needs an id and a property text: the judge is asked about the text
and its verdict is attached to the rubric by the id. Ids must differ, or two
rubrics' verdicts could not be told apart; so must texts (but for case,
width and spaces), or the judge is asked the same twice and a verdict that
quotes the text fits both.
"""

from __future__ import annotations

from collections.abc import Sequence
import unicodedata

from .eval_rubrics import Rubric


def _same_text_key(text: str) -> str:
  """Returns the text without differences of case, width and spacing."""
  return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def rubric_problems(rubrics: Sequence[Rubric]) -> list[str]:
  """Returns one line per rubric that cannot be judged, naming it.

  For example `rubric 2 of 3 (rubric_id 'tone'): empty text_property`.
  """
  problems = []
  first_of_id: dict[str, int] = {}
  first_of_text: dict[str, int] = {}
  for number, rubric in enumerate(rubrics, start=1):
    name = f"rubric {number} of {len(rubrics)}"
    rubric_id = rubric.rubric_id.strip()
    text = rubric.rubric_content.text_property
    if rubric_id:
      name += f" (rubric_id {rubric.rubric_id!r})"
    else:
      problems.append(f"{name}: empty rubric_id (text_property {text!r})")
    if not text or not text.strip():
      problems.append(f"{name}: empty text_property")
    elif (folded := _same_text_key(text)) in first_of_text:
      problems.append(
          f"{name}: the same text_property as rubric {first_of_text[folded]}"
      )
    else:
      first_of_text[folded] = number
    if not rubric_id:
      continue
    if rubric_id in first_of_id:
      problems.append(
          f"{name}: the same rubric_id as rubric {first_of_id[rubric_id]}"
      )
    else:
      first_of_id[rubric_id] = number
  return problems


def check_rubrics(rubrics: Sequence[Rubric], where: str) -> None:
  """Raises a ValueError naming every rubric that cannot be judged.

  Args:
    rubrics: The rubrics, in the order they were given.
    where: Where they were given, e.g. "The criterion's rubrics".

  Raises:
    ValueError: A rubric has an empty id or text, or another's id or text.
  """
  problems = rubric_problems(rubrics)
  if problems:
    raise ValueError(
        f"{where} cannot be judged; each rubric needs its own non-empty"
        " rubric_id and its own non-empty text_property:\n  "
        + "\n  ".join(problems)
    )
