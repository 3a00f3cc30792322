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

"""The label and verdict words a rubric judge may write, in one place.

The rubric templates ask for the labels `ID`, `Property`, `Evidence`,
`Rationale` and `Verdict`, `STEP n` lines, and the verdicts `yes` / `no`:
those are the words listed here, with ADK's own name for the id field
(`rubric_id`). Entries are compared after NFKC normalization and case
folding, so case and full-width variants need not be listed. Other words
(`Reasoning`, `Final verdict`, `Pass`, `N/A`, a check mark, another
language's) come from the modules of `_rubric_languages` (see the end of
this module), which ADK ships without any.
"""

from __future__ import annotations

import importlib
import pkgutil
import types
from typing import Any
from typing import Iterable

# The field each label names. A `conclusion` label (`Final verdict`, `結論`)
# gives the verdict of a block that has no `verdict` line; beside one, it
# counts only where it opens with a verdict, which must then agree. The
# templates have none.
LABELS: dict[str, tuple[str, ...]] = {
    "id": ("id", "rubric id", "rubric_id"),
    "property": ("property",),
    "evidence": ("evidence",),
    "rationale": ("rationale",),
    "verdict": ("verdict",),
    "conclusion": (),
}

# The word of the templates' `STEP 1:` ... `STEP 5:` lines: a numbered step
# is the judge's working, never a second verdict.
STEP_WORDS: tuple[str, ...] = ("step",)

# Verdict phrases and the score each stands for. A value holding forms of
# both (`yes/no`, `はい・いいえ`) is no verdict. A word that means yes in one
# language and no in another (`tak`: Polish yes, Indonesian no) is never
# listed.
VERDICTS: dict[float, tuple[str, ...]] = {
    1.0: ("yes",),
    0.0: ("no",),
}

# The verdict phrases of `VERDICTS` that say "not applicable". They are a
# yes, as every rubric template defines `yes` ("fulfilled, or not
# applicable"), unless the property is itself about whether something
# applies (`APPLICABILITY_WORDS`: words, compared case-folded as parts of the
# text, that make a property be about what applies); those in
# `AMBIGUOUS_NOT_APPLICABLE` also mean "does not hold" in their language
# (`nicht zutreffend`: "not true"), so they are no verdict. The templates
# list no such phrase.
NOT_APPLICABLE: tuple[str, ...] = ()
AMBIGUOUS_NOT_APPLICABLE: tuple[str, ...] = ()
APPLICABILITY_WORDS: tuple[str, ...] = ()


# Other languages' words: a module of the `_rubric_languages` package may
# define any of the tables above, under the same name, and its words are
# added to that table here. ADK has none; a build for judges that answer in
# other languages adds one module per language, and edits no other file.
def _language_modules() -> list[types.ModuleType]:
  package = importlib.import_module("._rubric_languages", __package__)
  names = sorted(found.name for found in pkgutil.iter_modules(package.__path__))
  return [importlib.import_module(f"{package.__name__}.{n}") for n in names]


def with_words_of(
    modules: Iterable[types.ModuleType], name: str, table: Any
) -> Any:
  """`table` (the table called `name`) with the words `modules` add to it."""
  for module in modules:
    more = getattr(module, name, None)
    if not more:
      continue
    if isinstance(table, dict):
      table = {
          key: tuple(dict.fromkeys((*table.get(key, ()), *more.get(key, ()))))
          for key in {**table, **more}
      }
    else:
      table = tuple(dict.fromkeys((*table, *more)))
  return table


_LANGUAGES = _language_modules()
LABELS = with_words_of(_LANGUAGES, "LABELS", LABELS)
STEP_WORDS = with_words_of(_LANGUAGES, "STEP_WORDS", STEP_WORDS)
VERDICTS = with_words_of(_LANGUAGES, "VERDICTS", VERDICTS)
NOT_APPLICABLE = with_words_of(_LANGUAGES, "NOT_APPLICABLE", NOT_APPLICABLE)
AMBIGUOUS_NOT_APPLICABLE = with_words_of(
    _LANGUAGES, "AMBIGUOUS_NOT_APPLICABLE", AMBIGUOUS_NOT_APPLICABLE
)
APPLICABILITY_WORDS = with_words_of(
    _LANGUAGES, "APPLICABILITY_WORDS", APPLICABILITY_WORDS
)
