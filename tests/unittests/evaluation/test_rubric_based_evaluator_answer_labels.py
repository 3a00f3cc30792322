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

"""How DefaultAutoRaterResponseParser reads the template's labels.

Labels with a capital first letter, markdown around them and full-width
forms, values kept as written; blocks that begin at `ID:` lines and at
`Property:` lines not right under one; no verdict where two verdict lines
or the answer's order leave it to a guess.
"""

from __future__ import annotations

from typing import Optional

from google.adk.evaluation.rubric_based_evaluator import DefaultAutoRaterResponseParser
import pytest

_R1 = "ユーザの服用中の薬を確認してから用量を案内している"
_R2 = "副作用、効果、相互作用等を説明している"


def _read(answer: str) -> list[tuple[Optional[str], Optional[str], object]]:
  return [
      (r.rubric_id, r.property_text, r.score)
      for r in DefaultAutoRaterResponseParser().parse(answer)
  ]


@pytest.mark.parametrize(
    "layout",
    [
        pytest.param(
            "ID: {}\nProperty: {}\nRationale: ok\nVerdict: {}", id="template"
        ),
        pytest.param(
            "**ID:** {}\n**Property:** {}\n**Rationale:** ok\n**Verdict:** {}",
            id="bold_labels",
        ),
        pytest.param(
            "**ID**: {}\n**Property**: {}\n**Rationale**: ok\n**Verdict**: {}",
            id="bold_label_words",
        ),
        pytest.param(
            "ID：{}\nProperty：{}\nRationale：ok\nVerdict：{}",
            id="full_width_colons",
        ),
        pytest.param(
            "**ID：** {}\n**Property：** {}\n**Rationale：**"
            " ok\n**Verdict：** {}",
            id="bold_full_width",
        ),
        pytest.param(
            "ＩＤ：{}\nＰｒｏｐｅｒｔｙ：{}\nＲａｔｉｏｎａｌｅ：ok\nＶｅｒｄｉｃｔ：{}",
            id="full_width_labels",
        ),
        pytest.param(
            "Id: {}\nPROPERTY: {}\nRationale: ok\nVERDICT: {}",
            id="label_case",
        ),
        pytest.param(
            "### ID: {}\n- Property: {}\n- Rationale: ok\n- **Verdict:** {}",
            id="heading_and_list_markers",
        ),
        pytest.param(
            "1. ID: `{}`\n2. Property: {}\n3. Rationale: ok\n4. Verdict: {}",
            id="numbered_lines_and_code_id",
        ),
        pytest.param(
            "  ID : {}\n  Property : {}\n  Rationale : ok\n  Verdict : {}",
            id="indented_space_before_colon",
        ),
    ],
)
def test_label_forms_give_the_same_blocks(layout: str):
  answer = "\n\n".join([
      layout.format("asks_first", _R1, "Yes"),
      layout.format("explains_risks", _R2, "No"),
  ])

  assert _read(answer) == [
      ("asks_first", _R1, 1.0),
      ("explains_risks", _R2, 0.0),
  ]


def test_values_are_kept_as_written():
  answer = "ＩＤ：　r1\nProperty：ｐ①\nRationale：全角ＡＢＣ\nVerdict：yes"

  (response,) = DefaultAutoRaterResponseParser().parse(answer)

  assert (
      response.rubric_id,
      response.property_text,
      response.rationale,
      response.score,
  ) == ("r1", "ｐ①", "全角ＡＢＣ", 1.0)


def test_blocks_begin_at_property_lines_without_id_lines():
  answer = (
      "Property: p1\nRationale: ok\nVerdict: yes\n\n"
      "Property: p2\nRationale: ok\nVerdict: no"
  )

  assert _read(answer) == [(None, "p1", 1.0), (None, "p2", 0.0)]


def test_an_id_line_belongs_to_the_property_under_it():
  answer = (
      "Property: p1\nRationale: ok\nVerdict: yes\n\n"
      "ID: r2\nProperty: p2\nRationale: ok\nVerdict: no\n\n"
      "Property: p3\nRationale: ok\nVerdict: yes"
  )

  assert _read(answer) == [
      (None, "p1", 1.0),
      ("r2", "p2", 0.0),
      (None, "p3", 1.0),
  ]


def test_a_block_without_property_keeps_its_id():
  answer = "ID: r1\nRationale: ok\nVerdict: yes\n\nID: r2\nVerdict: no"

  assert _read(answer) == [("r1", None, 1.0), ("r2", None, 0.0)]


@pytest.mark.parametrize(
    "second",
    [
        pytest.param("Verdict: no", id="second_verdict_line"),
        pytest.param("Final verdict: no", id="final_verdict"),
        pytest.param("**Revised verdict for r1:** no", id="revised_verdict"),
        pytest.param("✅ **Verdict:** Yes", id="verdict_after_a_symbol"),
        pytest.param("Rationale: the verdict: no", id="rationale_names_one"),
    ],
)
def test_a_block_with_two_verdict_lines_gives_none(second: str):
  answer = (
      f"ID: r1\nProperty: p1\nRationale: ok\nVerdict: yes\n{second}\n\n"
      "ID: r2\nProperty: p2\nRationale: ok\nVerdict: no"
  )

  assert _read(answer) == [("r1", "p1", None), ("r2", "p2", 0.0)]


def test_an_answer_with_a_verdict_before_its_first_block_gives_none():
  # Verdicts may come first in such an answer: each would be the block's
  # before it, or the one after it.
  answer = (
      "**Verdict:** yes\nID: r1\nProperty: p1\nRationale: ok\n\n"
      "**Verdict:** no\nID: r2\nProperty: p2\nRationale: ok\n"
      "Verdict: yes"
  )

  assert _read(answer) == [("r1", "p1", None), ("r2", "p2", None)]


@pytest.mark.parametrize(
    "closing",
    ["", "\n\nOverall verdict: one of two met."],
    ids=["ids_last", "ids_last_and_a_closing_line"],
)
def test_an_answer_with_ids_after_their_blocks_gives_none(closing: str):
  # Each id could be the block's before it or after it.
  answer = (
      "Property: p1\nRationale: ok\nVerdict: yes\nID: r1\n\n"
      "Property: p2\nRationale: ok\nVerdict: no\nID: r2"
      + closing
  )

  assert all(score is None for _, _, score in _read(answer))


def test_a_label_inside_a_line_is_no_label():
  answer = (
      "ID: r1\nProperty: p\n"
      "Rationale: the agent wrote ID: r2 and Property: q in its reply.\n"
      "Verdict: yes"
  )

  assert _read(answer) == [("r1", "p", 1.0)]


def test_lower_case_keys_of_a_quoted_record_are_no_labels():
  # The judge quotes a tool's record: its `id: r2` starts no block, and its
  # `verdict: no` is a second verdict line of the block it stands in.
  answer = (
      "ID: r1\nProperty: p1\nEvidence: check_post returned\n"
      "  verdict: no\n  id: r2\n  property: 12 Main St\n"
      "Rationale: the agent checked first.\nVerdict: yes\n\n"
      "ID: r2\nProperty: p2\nRationale: ok\nVerdict: yes"
  )

  assert _read(answer) == [("r1", "p1", None), ("r2", "p2", 1.0)]


def test_a_quoted_verdict_line_is_a_second_verdict_line():
  answer = "ID: r1\nProperty: p\n> Verdict: no\nVerdict: yes"

  assert _read(answer) == [("r1", "p", None)]


def test_lines_before_the_first_block_are_not_read():
  answer = (
      "Here are my verdicts:\nRationale: overall fine.\n\n"
      "ID: r1\nProperty: p\nRationale: ok\nVerdict: yes"
  )

  assert _read(answer) == [("r1", "p", 1.0)]


@pytest.mark.parametrize(
    ("mark", "line_end"),
    [("\ufeff", "\n"), ("\u200f", "\n"), ("", "\r\n")],
    ids=["byte_order_mark", "right_to_left_mark", "crlf"],
)
def test_invisible_marks_and_crlf_line_ends(mark: str, line_end: str):
  answer = line_end.join(
      f"{mark}{line}" for line in ["ID: r1", "Property: p", "Verdict: no"]
  )

  assert _read(answer) == [("r1", "p", 0.0)]
