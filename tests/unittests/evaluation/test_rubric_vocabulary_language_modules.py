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

"""Words of other languages reach the vocabulary as modules, one per language."""

from __future__ import annotations

import types

from google.adk.evaluation import _rubric_vocabulary as vocabulary
import pytest

_TABLES = (
    "LABELS",
    "STEP_WORDS",
    "VERDICTS",
    "NOT_APPLICABLE",
    "AMBIGUOUS_NOT_APPLICABLE",
    "APPLICABILITY_WORDS",
)


def _language(**tables: object) -> types.ModuleType:
  module = types.ModuleType("_rubric_languages.xx")
  for name, table in tables.items():
    setattr(module, name, table)
  return module


def test_a_module_adds_words_and_keys_to_a_mapping():
  table = {"id": ("id",), "verdict": ("verdict",)}
  xx = _language(LABELS={"verdict": ("urteil",), "evidence": ("beleg",)})

  merged = vocabulary.with_words_of([xx], "LABELS", table)

  assert merged == {
      "id": ("id",),
      "verdict": ("verdict", "urteil"),
      "evidence": ("beleg",),
  }
  assert table == {"id": ("id",), "verdict": ("verdict",)}  # Not changed.


def test_modules_add_words_to_a_tuple_in_their_order_once_each():
  first = _language(STEP_WORDS=("schritt", "step"))
  second = _language(STEP_WORDS=("étape", "schritt"))

  merged = vocabulary.with_words_of([first, second], "STEP_WORDS", ("step",))

  assert merged == ("step", "schritt", "étape")


def test_a_module_without_the_table_leaves_it_as_it_is():
  verdicts = {1.0: ("yes",), 0.0: ("no",)}

  merged = vocabulary.with_words_of(
      [_language(LABELS={"id": ("kennung",)})], "VERDICTS", verdicts
  )

  assert merged == verdicts


@pytest.mark.parametrize("name", _TABLES)
def test_every_language_module_word_is_in_the_vocabulary(name):
  # `_rubric_languages` holds no module in ADK's own tree; a build that adds
  # one gets its words without editing `_rubric_vocabulary`.
  table = getattr(vocabulary, name)
  for module in vocabulary._language_modules():  # pylint: disable=protected-access
    added = getattr(module, name, None) or {}
    if isinstance(table, dict):
      for key, words in added.items():
        assert set(words) <= set(table[key]), (module.__name__, key)
    else:
      assert set(added) <= set(table), module.__name__
