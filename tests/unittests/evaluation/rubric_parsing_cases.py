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

"""Helpers shared by the `_rubric_parsing` tests."""

from __future__ import annotations

from google.adk.evaluation import _rubric_parsing
import pytest


def answer_blocks(text: object) -> list[_rubric_parsing.JudgeBlock]:
  return _rubric_parsing.parse_judge_answer(text)


def only_block(text: str) -> _rubric_parsing.JudgeBlock:
  found = answer_blocks(text)
  assert len(found) == 1, found
  return found[0]


def summary(text: str) -> list[tuple]:
  return [(b.rubric_id, b.property_text, b.score) for b in answer_blocks(text)]


def verdict_cases(table: list[tuple], column: int, score: float) -> list:
  """Returns a pytest case for each word in `column` of a language table.

  Args:
    table: Rows of (language, yes forms, no forms, not-applicable forms).
    column: The column to take the words from.
    score: The score each word of the column reads as.
  """
  return [
      pytest.param(word, score, id=f"{row[0]}-{word}")
      for row in table
      for word in row[column]
  ]
