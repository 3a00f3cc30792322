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

"""Tests for markdown tables in `_rubric_parsing`.

Table rows are blocks, read by their header; a row whose cells cannot be told
apart is not read.
"""

from __future__ import annotations

import pytest

from .rubric_parsing_cases import answer_blocks
from .rubric_parsing_cases import summary


def test_markdown_table_rows_are_blocks():
  blocks = answer_blocks(
      "| ID | Property | Rationale | Verdict |\n"
      "|:---|:---|:---|:---:|\n"
      "| r1 | p | fine | Yes |\n"
      "| r2 | q | Verdict: yes was not earned | **No** |\n"
  )

  assert [
      (b.rubric_id, b.property_text, b.rationale, b.score) for b in blocks
  ] == [
      ("r1", "p", "fine", 1.0),
      ("r2", "q", "Verdict: yes was not earned", 0.0),
  ]


@pytest.mark.parametrize(
    "table",
    [
        "| ID | Verdict | Revised verdict |\n|---|---|---|\n| r1 | Yes | No |",
        # No label outranks another: not even `Final verdict`.
        (
            "| ID | Initial verdict | Final verdict |\n|---|---|---|\n| r1 |"
            " Yes | No |"
        ),
        (
            "| ID | Verdict | Notes |\n|---|---|---|\n| r1 | Yes | Correction:"
            " No. |"
        ),
    ],
    ids=["revised_column", "initial_and_final", "note_after_the_verdict"],
)
def test_a_row_that_gives_another_verdict_gives_none(table: str):
  blocks = answer_blocks(table)

  assert [(b.rubric_id, b.score, b.unscored_reason) for b in blocks] == [
      ("r1", None, "its block gives two different verdicts")
  ]


def test_a_row_keeps_its_verdict_against_cells_before_it():
  # The rationale before the verdict cell may quote the agent.
  blocks = answer_blocks(
      "| ID | Rationale | Verdict | Notes |\n|---|---|---|---|\n"
      "| r1 | The agent wrote: no. | Yes | No issues |"
  )

  assert [(b.rubric_id, b.score, b.line) for b in blocks] == [("r1", 1.0, 3)]


@pytest.mark.parametrize(
    "table",
    [
        "| Property | ID | Verdict |\n|---|---|---|\n| p | r1 | yes |",
        (
            "| **ID** | **Property** | **Verdict** |\n| --- | --- | --- |\n"
            "| `r1` | p | **Yes** |"
        ),
    ],
    ids=["columns_reordered", "decorated"],
)
def test_table_columns_are_read_by_their_header(table: str):
  assert summary(table) == [("r1", "p", 1.0)]


def test_a_table_without_a_verdict_column_is_no_block():
  assert answer_blocks("| ID | Property |\n|---|---|\n| r1 | p |") == []
  assert answer_blocks("| r1 | p | yes |") == []


def test_a_cell_before_the_verdict_that_opens_with_another_verdict():
  # As a field before a verdict line: `No: ...` is a second verdict.
  blocks = answer_blocks(
      "| ID | Rationale | Verdict |\n|---|---|---|\n"
      "| r1 | No: days=5 was sent. | yes |"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", None)]
