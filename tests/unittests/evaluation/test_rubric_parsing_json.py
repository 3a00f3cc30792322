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

"""Tests for JSON answers and hostile input in `_rubric_parsing`.

JSON is read only when the answer is JSON or has no text block; nothing
raises.
"""

from __future__ import annotations

import json

import pytest

from .rubric_parsing_cases import answer_blocks
from .rubric_parsing_cases import summary

_JSON_ITEMS = [
    {"id": "r1", "property": "p1", "rationale": "ok", "verdict": "yes"},
    {"rubric_id": "r2", "rationale": "bad", "verdict": False},
    {"id": "r3", "verdict": "unknown"},
]


@pytest.mark.parametrize(
    "template",
    [
        "{}",
        "```json\n{}\n```",
        "Here you go:\n```json\n{}\n```\nDone.",
        "Here you go:\n~~~json\n{}\n~~~\nDone.",
    ],
    ids=[
        "bare",
        "fenced",
        "fenced_after_a_preamble",
        "tilde_fenced_after_text",
    ],
)
def test_json_answers(template: str):
  text = template.format(json.dumps(_JSON_ITEMS, ensure_ascii=False))

  blocks = answer_blocks(text)

  assert [(b.rubric_id, b.rationale, b.score) for b in blocks] == [
      ("r1", "ok", 1.0),
      ("r2", "bad", 0.0),
      ("r3", None, None),
  ]


@pytest.mark.parametrize(
    "record",
    ['{"id": 1, "answer": "yes"}', '{"result": {"id": "1", "verdict": "yes"}}'],
)
def test_a_fence_beside_fields_the_tables_lack_is_quoted_material(record):
  # A judge's own labels (here Swahili) are unknown, and its evidence quotes
  # a tool's record: the record is not the judge's verdict.
  text = (
      "Kigezo: Wakala anauliza dawa\nTathmini: Hapana - alitoa dozi.\n"
      f"Matokeo ya zana:\n```json\n{record}\n```"
  )

  assert answer_blocks(text) == []


@pytest.mark.parametrize("answer_key", ["answer", "Answer", "ANSWER"])
@pytest.mark.parametrize(("answer", "score"), [("yes", 1.0), ("no", None)])
def test_json_verdict_and_answer_keys_must_agree(
    answer_key: str, answer: str, score
):
  # Neither key outranks the other: two different verdicts give none.
  text = json.dumps([{"id": "r1", answer_key: answer, "verdict": "yes"}])

  assert [(b.rubric_id, b.score) for b in answer_blocks(text)] == [
      ("r1", score)
  ]


def test_json_that_gives_a_key_twice_is_unread():
  text = '[{"id": "r1", "verdict": "no", "verdict": "yes"}]'

  assert answer_blocks(text) == []


@pytest.mark.parametrize(
    "item",
    [
        {"id": "r1", "verdict": "yes", "revised_verdict": "no"},
        {"id": "r1", "verdict": "yes", "rationale": "Met. Actually, no."},
        # An object has no order: before the verdict key counts too.
        {"id": "r1", "rationale": "Final verdict: no.", "verdict": "yes"},
        {"id": "r1", "verdict": "yes", "met": False},
        {"id": "r1", "verdict": "yes", "notes": ["Correction: no."]},
    ],
    ids=[
        "revised_verdict_key",
        "rationale_after",
        "rationale_before",
        "bool_value",
        "list_value",
    ],
)
def test_json_value_that_gives_another_verdict_leaves_none(item):
  blocks = answer_blocks(json.dumps([item]))

  assert [(b.rubric_id, b.score, b.unscored_reason) for b in blocks] == [
      ("r1", None, "its block gives two different verdicts")
  ]


@pytest.mark.parametrize("wrapper", ["%s", "```json\n%s\n```"])
def test_json_text_outside_the_verdict_objects_is_checked_for_ids(wrapper):
  # Rule 12: a note that names r1 and gives the other verdict.
  document = json.dumps({
      "verdicts": [
          {"id": "r1", "verdict": "yes"},
          {"id": "r2", "verdict": "no"},
      ],
      "notes": "Correction: r1 should be no.",
  })

  blocks = answer_blocks(wrapper % document)

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", None), ("r2", 0.0)]
  assert "names its id and gives another verdict" in blocks[0].unscored_reason


@pytest.mark.parametrize(
    "rationale",
    [
        "No issues: the dose is stated.",  # `no` running into a word
        "Yes, it is stated.",  # the same verdict again
    ],
)
def test_json_value_that_does_not_take_the_verdict_back(rationale: str):
  text = json.dumps([{"id": "r1", "verdict": "yes", "rationale": rationale}])

  assert [(b.rubric_id, b.score) for b in answer_blocks(text)] == [("r1", 1.0)]


@pytest.mark.parametrize(
    "evidence",
    [
        '```json\n[{"id": "r1", "answer": "No, it failed"}]\n```',
        '```json\n{"result": {"id": "r1", "verdict": "no"}}\n```',
        '```\n{"id": "r1", "verdict": "no"}\n```',
    ],
    ids=["tool_list", "function_response_wrapper", "unlabelled_fence"],
)
def test_json_inside_a_text_answer_is_part_of_the_text(evidence: str):
  blocks = answer_blocks(
      f"ID: r1\nProperty: p\nEvidence:\n{evidence}\nRationale: ok\nVerdict: yes"
  )

  # Not a block of its own; but a line naming r1 with a no, fenced or not,
  # leaves r1 unscored (rule 12).
  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", None)]
  assert '"r1"' in blocks[0].evidence
  assert "names its id and gives another verdict" in blocks[0].unscored_reason


@pytest.mark.parametrize(
    ("verdict", "score"),
    [
        ("yes", 1.0),
        # A fence after the block's verdict is text after it (PR 03).
        ("no", None),
    ],
)
def test_json_after_text_blocks_does_not_replace_them(verdict: str, score):
  blocks = answer_blocks(
      "ID: r1\nVerdict: yes\n\n```json\n"
      f'[{{"id": "r1", "verdict": "{verdict}"}}]\n```\n'
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", score)]


def test_two_fenced_json_answers_without_text_blocks_are_not_guessed():
  fence = '```json\n[{{"id": "{}", "verdict": "no"}}]\n```\n'

  assert (
      answer_blocks("a\n" + fence.format("r1") + "b\n" + fence.format("r2"))
      == []
  )


@pytest.mark.parametrize(
    "text",
    [
        '```json\n[{"id": "r1", "verdict": "no"}]\n````\n',
        'Here you go:\n```json\n[{"id": "r1", "verdict": "no"}]\n',
    ],
    ids=["closed_by_a_longer_fence", "left_open_to_the_end"],
)
def test_fenced_json_ends_where_commonmark_ends_the_fence(text: str):
  assert [(b.rubric_id, b.score) for b in answer_blocks(text)] == [("r1", 0.0)]


def test_broken_json_falls_back_to_text():
  assert summary('{"id": "r1", "verdict": \nID: r1\nVerdict: yes') == [
      ("r1", None, 1.0)
  ]


def test_json_nested_deeper_than_the_answer_shapes_is_no_block():
  text = '{"a": {"b": {"c": {"d": {"e": [{"id": "r1", "verdict": "yes"}]}}}}}'

  assert answer_blocks(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "[" * 5_000 + "]" * 5_000,
        '{"a":' * 5_000 + "1" + "}" * 5_000,
        "```json\n" + "[" * 5_000 + "\n```",
        "Preamble\n```json\n" + "[" * 5_000 + "]" * 5_000 + "\n```",
        "```\n" * 5_000,
        ">" * 10_000 + " Verdict: yes",
        '"' * 10_000 + "\nID: r1\nVerdict: yes",
        "「" * 10_000 + "\nID: r1\nVerdict: yes",
        "ID: r1\n" + "Verdict: yes\n" * 5_000,
        "| ID | Verdict |\n" + "| r1 | yes |\n" * 5_000,
        "\x00\ud800\uffff\U0010ffff ID:\x85r1\u2028Verdict:\u2029yes",
    ],
    ids=[
        "open_brackets",
        "deep_list",
        "deep_object",
        "deep_fenced_list",
        "deep_list_after_preamble",
        "fences",
        "nested_blockquote",
        "quotes",
        "corner_brackets",
        "repeated_verdicts",
        "long_table",
        "control_and_unpaired_surrogate_characters",
    ],
)
def test_hostile_answers_never_raise(text: str):
  blocks = answer_blocks(text)

  assert isinstance(blocks, list)
  assert all(b.score in (None, 0.0, 1.0) for b in blocks)
