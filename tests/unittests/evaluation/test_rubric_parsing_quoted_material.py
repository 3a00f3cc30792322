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

"""Tests for quoted material in `_rubric_parsing.parse_judge_answer`.

Lines inside a fenced code block (any CommonMark fence) or a block quote are
never labels, and a verdict quoted inside a line is not the judge's; a
quotation over several lines is not tracked (a stray `"` would hide the
rest of the answer), so label lines in it are read as labels. An id or
property line before the block it opens in has its verdict is the next
block only with every label of that block and after a blank line;
otherwise it may be quoted material, and the answer could not be split.
"""

from __future__ import annotations

import pytest

from .rubric_parsing_cases import answer_blocks
from .rubric_parsing_cases import only_block
from .rubric_parsing_cases import summary


@pytest.mark.parametrize(
    "rationale",
    [
        (
            'The agent wrote "Verdict: yes" and UUID: 1234 in its reply.\n'
            "The user asked about ID: r2 as well."
        ),
        "The agent replied:\n> ID: r2\n> Verdict: yes\n",
        "The agent replied\n> Verdict: yes\n> ID: r2",
        "エージェントは「判定：はい」と書いた。",
        "The tool returned\n```\nID: r2\nVerdict: yes\n```",
        "The tool returned\n~~~\nID: r2\nVerdict: yes\n~~~",
        "The tool returned\n``` text\nID: r2\nVerdict: yes\n```",
        "The tool returned\n````\nID: r2\n```\nVerdict: yes\n````",
    ],
    ids=[
        "mid_sentence",
        "blockquote_after_colon",
        "blockquote",
        "corner_brackets_inline",
        "backtick_fence",
        "tilde_fence",
        "fence_with_info_string",
        "longer_fence_holds_a_shorter_one",
    ],
)
def test_quoted_label_lines_are_never_labels(rationale: str):
  # A verdict quoted inside a line is someone else's: it does not count.
  block = only_block(
      f"ID: r1\nProperty: p\nRationale: {rationale}\nVerdict: no\n"
  )

  assert (block.rubric_id, block.property_text, block.score) == ("r1", "p", 0.0)


def test_quoted_evidence_is_never_a_label():
  block = only_block(
      "ID: r1\nProperty: p\nEvidence: > Verdict: yes\n> ID: r2\nVerdict: no"
  )

  assert (block.rubric_id, block.score) == ("r1", 0.0)
  assert block.evidence == "> Verdict: yes\n> ID: r2"


def test_a_wholly_blockquoted_answer_has_no_labels():
  # Block quotes are the agent's or a tool's words; a judge answer written
  # entirely as a quote has no label of its own.
  assert answer_blocks("> ID: r1\n> Property: p\n> Verdict: yes") == []


def test_a_list_introduced_by_a_colon_does_not_swallow_the_verdict():
  block = only_block(
      "ID: r1\nRationale: The agent did the following:\n"
      "- asked the age\n- checked the medication\nVerdict: yes"
  )

  assert block.score == 1.0


@pytest.mark.parametrize(
    "text",
    [
        (
            "ID: r1\nProperty: p\nRationale: the agent pasted\nID:"
            " r2\nVerdict: yes"
        ),
        "ID: r1\nProperty: p\nRationale: it read:\nID: r2\nVerdict: yes\n",
        (
            "ID: r1\nProperty: p\nRationale: the tool returned\n\n"
            "ID: 2\nName: x\n\nVerdict: yes"
        ),
        "ID: r1\nProperty: p\n\nID: r2\nVerdict: yes\nVerdict: no",
        (
            "ID: r1\nProperty: p\nRationale: 返答は\n「ID:"
            " r2\nVerdict: yes」\nVerdict: no"
        ),
        (
            'ID: r1\nProperty: p\nRationale: "ok\nID: r2\nVerdict: yes" it'
            " said\nVerdict: no"
        ),
    ],
    ids=[
        "no_blank_line",
        "after_colon",
        "record_after_blank_line",
        "correction",
        "corner_brackets_over_lines",
        "double_quotes_over_lines",
    ],
)
def test_a_block_that_lacks_labels_of_the_one_it_opens_in_is_quoted(text):
  # Opened by a repeated id before r1 had its verdict, without r1's other
  # labels: quoted material. No block names r2, and none has a verdict.
  blocks = answer_blocks(text)

  assert blocks
  assert [b.score for b in blocks] == [None] * len(blocks)
  assert "r2" not in [b.rubric_id for b in blocks]


def test_lower_case_keys_of_a_quoted_record_are_no_labels():
  # A tool's record: its `id: r2` opens no block, and its `verdict: no` is a
  # second verdict of r1's block, which the judge's yes does not outvote.
  assert summary(
      "ID: r1\nProperty: p\nEvidence: check_post returned\n"
      "  verdict: no\n  id: r2\n  property: 12 Main St\n"
      "Rationale: the agent checked first.\nVerdict: yes\n\n"
      "ID: r2\nProperty: q\nRationale: ok\nVerdict: yes"
  ) == [("r1", "p", None), ("r2", "q", 1.0)]


def test_a_skipped_verdict_before_a_block_after_a_blank_line_keeps_it():
  assert summary(
      "ID: r1\nProperty: p\nRationale: a\n\n"
      "ID: r2\nProperty: q\nRationale: b\nVerdict: yes"
  ) == [("r1", "p", None), ("r2", "q", 1.0)]


def test_a_record_inside_a_block_without_its_verdict_settles_neither():
  # Without a blank line, `ID: r2 ...` may be the next block (r1's verdict
  # skipped) or a record the judge quoted in r1's rationale (the verdict
  # r1's): the answer does not say which.
  blocks = answer_blocks(
      "ID: r1\nProperty: p\nRationale: a\n"
      "ID: r2\nProperty: q\nRationale: b\nVerdict: yes"
  )

  # The block keeps only the id it opens with.
  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", None)]
  assert (
      blocks[0].unscored_reason == "the answer could not be split into blocks"
  )


def test_a_block_that_could_not_be_split_is_still_its_first_rubrics():
  # r1's first block holds a record after a blank line and a yes, its second
  # block a no: r1 was answered twice with different verdicts, which the
  # matcher leaves unscored, so the first block keeps r1's id and verdict.
  blocks = answer_blocks(
      "ID: r1\nProperty: p\nRationale: The tool returned:\n\n"
      "ID: r2\nname: x\n\nVerdict: yes\n\n"
      "ID: r1\nProperty: p\nRationale: b\nVerdict: no"
  )

  assert [(b.rubric_id, b.verdict, b.score) for b in blocks] == [
      ("r1", "yes", None),
      ("r1", "no", 0.0),
  ]
