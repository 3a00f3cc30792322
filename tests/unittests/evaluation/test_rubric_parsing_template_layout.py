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

"""Answers in the templates' own layout are read as any other answer is.

`_rubric_parsing` reads an answer written exactly in the templates' layout
(one line per label, blocks apart by blank lines) without the passes over
the whole answer that other layouts need. The property: for every such
answer, whatever its values say (verdicts, labels, ids, tags, corrections),
the blocks are those of the reading of any layout, field for field.

Set RUBRIC_PARSING_EXAMPLES to run more examples than CI does.
"""

from __future__ import annotations

import dataclasses
import os

from google.adk.evaluation import _rubric_parsing
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
import pytest

_EXAMPLES = int(os.environ.get("RUBRIC_PARSING_EXAMPLES", "100"))
_SETTINGS = settings(derandomize=True, max_examples=_EXAMPLES, deadline=None)

# Values that the rules read: verdicts, second verdicts, labels inside a
# value, ids and id tags, emphasis, separators, quotes, fences, table cells.
_VALUES = st.one_of(
    st.sampled_from((
        "yes", "No", "**Yes**", "no.", "ｙｅｓ", "maybe", "Yes?", "Yes, but",
        "No. Correction: yes", "Verdict: no", "Final verdict: yes",
        "Conclusion: no", "ID: r3", "Property: x", "[id: r2] the agent asks",
        "r2 should be no", "r1 is a yes", "`r1`", "rubric-1", "Yes —", "no,",
        "| r1 | yes |", "```", "> no", "STEP 5: no", "✅ Yes", "1", "", "はい",
    )),
    st.text(
        alphabet=st.sampled_from(
            list("abr12 :\uff1ayesno[]*`|,.-?>#\u3000\u200b\u0301はい是否")
        ),
        max_size=14,
    ),
)  # fmt: skip


@st.composite
def _template_answers(draw: st.DrawFn) -> str:
  """An answer in the templates' layout, with values drawn from `_VALUES`."""
  labels = (
      ([f"STEP {n}" for n in range(1, 6)] if draw(st.booleans()) else [])
      + ["ID"] * draw(st.booleans())
      + ["Property"]
  )
  labels += ["Evidence"] * draw(st.booleans()) + ["Rationale", "Verdict"]
  blocks = []
  for _ in range(draw(st.integers(1, 4))):
    lines = []
    for label in labels:
      value = draw(_VALUES)
      if label == "ID":
        value = draw(st.sampled_from(("r1", "r2", "r3", "rubric-1", value)))
      if label == "Verdict" and not value.strip(" \t\u3000*_`"):
        value = "yes"  # The layout has a verdict in every block.
      lines.append(f"{label}:{draw(st.sampled_from(('', ' ', '  ')))}{value}")
    blocks.append("\n".join(lines))
  gaps = draw(st.sampled_from(("\n\n", "\n\n\n", "\n \n", "\n\u3000\n")))
  return draw(st.sampled_from(("", "\n"))) + gaps.join(blocks)


def _fields(
    blocks: list[_rubric_parsing.JudgeBlock],
) -> list[dict[str, object]]:
  return [dataclasses.asdict(block) for block in blocks]


@_SETTINGS
@given(_template_answers())
def test_an_answer_in_the_templates_layout_reads_as_any_layout(answer: str):
  fast = _rubric_parsing._template_blocks(answer)  # pylint: disable=protected-access

  assert fast is not None
  assert _fields(fast) == _fields(_rubric_parsing._read_any_layout(answer))  # pylint: disable=protected-access


@pytest.mark.parametrize(
    "answer",
    [
        # A lone block's steps are in no block: STEP 5 does not disagree.
        (
            "STEP 1: a\nSTEP 2: b\nSTEP 3: c\nSTEP 4: d\nSTEP 5: no\n"
            "ID: r1\nProperty: p\nRationale: r\nVerdict: yes"
        ),
        # Two blocks open at their first step: STEP 5 disagrees.
        (
            "STEP 1: a\nSTEP 2: b\nSTEP 3: c\nSTEP 4: d\nSTEP 5: no\n"
            "ID: r1\nProperty: p\nRationale: r\nVerdict: yes\n\n"
            "STEP 1: a\nSTEP 2: b\nSTEP 3: c\nSTEP 4: d\nSTEP 5: yes\n"
            "ID: r2\nProperty: q\nRationale: r\nVerdict: yes"
        ),
        # A rationale that opens with the other verdict.
        "ID: r1\nProperty: p\nRationale: No, it does not.\nVerdict: yes",
        # A later block's rationale takes r1's verdict back (rule 12).
        (
            "ID: r1\nProperty: p\nRationale: r\nVerdict: yes\n\n"
            "ID: r2\nProperty: q\nRationale: r1 should be no\nVerdict: no"
        ),
    ],
    ids=["lone_block_steps", "steps_open_blocks", "rationale", "rule_12"],
)
def test_template_layout_examples_read_as_any_layout(answer: str):
  blocks = _rubric_parsing.parse_judge_answer(answer)

  assert _rubric_parsing._template_blocks(answer) is not None  # pylint: disable=protected-access
  assert _fields(blocks) == _fields(_rubric_parsing._read_any_layout(answer))  # pylint: disable=protected-access


@pytest.mark.parametrize(
    "answer",
    [
        "**ID:** r1\n**Property:** p\n**Rationale:** r\n**Verdict:** yes",
        "ID: r1\nProperty: p\nRationale: r\nmore reasoning\nVerdict: yes",
        "Here is my answer.\n\nID: r1\nProperty: p\nRationale: r\nVerdict: no",
        (
            "ID: r1\nProperty: p\nRationale: r\nVerdict: yes\n\n"
            "Property: q\nRationale: r\nVerdict: no"
        ),
        "ID: r1\nProperty: p\nRationale: r\nVerdict:",
        (
            "ID: r1\nProperty: p\nRationale: r\nVerdict: yes\nID: r2\n"
            "Property: q\nRationale: r\nVerdict: no"
        ),
    ],
    ids=[
        "markdown_labels",
        "two_line_rationale",
        "preamble",
        "blocks_unlike",
        "empty_verdict",
        "no_blank_between_blocks",
    ],
)
def test_other_layouts_take_the_reading_of_any_layout(answer: str):
  assert _rubric_parsing._template_blocks(answer) is None  # pylint: disable=protected-access
