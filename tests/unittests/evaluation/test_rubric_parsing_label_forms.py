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

"""Tests for more label forms in `_rubric_parsing.parse_judge_answer`.

Numbered labels, labels wrapped in brackets (`[Verdict] no`), a verdict on
the line after its label, a summary verdict line before the blocks, and a
`[id: x]` tag the judge copied into the property.
"""

from __future__ import annotations

import pytest

from .rubric_parsing_cases import only_block
from .rubric_parsing_cases import summary


@pytest.mark.parametrize(
    "text",
    [
        "1. ID: r1\n2. Property: p\n3. Rationale: ok\n4. Verdict: yes",
        "(1) ID: r1\n(2) Property: p\n(3) Rationale: ok\n(4) Verdict: yes",
    ],
    ids=["numbered", "numbered_in_parentheses"],
)
def test_label_forms_parse_to_the_same_block(text: str):
  block = only_block(text)

  assert block.rubric_id == "r1"
  assert block.property_text == "p"
  assert block.rationale == "ok"
  assert block.score == 1.0


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("ID: r1\n[Verdict] no", 0.0),
    ],
)
def test_conclusion_labels_name_the_verdict(text: str, score: float):
  block = only_block(text)

  assert (block.rubric_id, block.score) == ("r1", score)


def test_id_tag_copied_into_the_property_becomes_the_id():
  block = only_block("Property: [id: r7] The agent is polite.\nVerdict: yes")

  assert block.rubric_id == "r7"
  assert block.property_text == "The agent is polite."


def test_verdict_on_the_line_after_its_label():
  assert only_block("ID: r1\nVerdict:\nyes").score == 1.0


def test_an_empty_verdict_takes_its_value_after_a_blank_line():
  # `**Verdict:**`, a blank line, then the verdict: a markdown layout.
  assert only_block("ID: r1\n**Verdict:**\n\n**No**").score == 0.0
  # A closing remark there runs on as the value, which says more.
  block = only_block("ID: r1\nVerdict:\n\nYes, overall the agent helped.")

  assert block.score is None
  assert "says more than a yes or a no" in block.unscored_reason


def test_a_summary_verdict_before_the_blocks_opens_no_block():
  assert summary(
      "Final verdict: 2 of 3 met\n\nID: r1\nVerdict: yes\n\nID: r2\nVerdict: no"
  ) == [("r1", None, 1.0), ("r2", None, 0.0)]
