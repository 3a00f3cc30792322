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

"""Tests for reading judge answers in `rubric_matching.parse_judge_output`."""

from __future__ import annotations

import json

from google.adk.evaluation import rubric_matching
import pytest


def _only_block(text: str) -> rubric_matching.JudgeBlock:
  blocks = rubric_matching.parse_judge_output(text)
  assert len(blocks) == 1, blocks
  return blocks[0]


@pytest.mark.parametrize(
    "text",
    [
        "ID: r1\nProperty: p\nRationale: ok\nVerdict: yes",
        "ID：r1\nProperty：p\nRationale：ok\nVerdict：yes",
        "ID:r1\nProperty:p\nRationale:ok\nVerdict:yes",
        "id : r1\nproperty : p\nrationale : ok\nverdict : YES",
        "**ID:** r1\n**Property:** p\n**Rationale:** ok\n**Verdict:** yes",
        "**ID**: r1\n**Property**: p\n**Rationale**: ok\n**Verdict**: **Yes**",
        "- ID: r1\n- Property: p\n- Rationale: ok\n- Verdict: yes",
        "1. ID: r1\n2. Property: p\n3. Rationale: ok\n4. Verdict: yes",
        "### ID: r1\n### Property: p\n### Rationale: ok\n### Verdict: yes",
        "> ID: r1\n> Property: p\n> Rationale: ok\n> Verdict: yes",
        "* _ID_: r1\n* _Property_: p\n* _Rationale_: ok\n* _Verdict_: yes",
        "ＩＤ：r1\nＰｒｏｐｅｒｔｙ：p\nＲａｔｉｏｎａｌｅ：ok\nＶｅｒｄｉｃｔ：ｙｅｓ",
    ],
    ids=[
        "plain",
        "fullwidth_colons",
        "no_space",
        "lowercase_and_space_before_colon",
        "bold_label_and_colon",
        "bold_label_bold_verdict",
        "bullets",
        "numbered",
        "headers",
        "block_quotes",
        "italic_labels_in_bullets",
        "fullwidth_letters",
    ],
)
def test_label_forms_parse_to_the_same_block(text: str):
  block = _only_block(text)

  assert block.rubric_id == "r1"
  assert block.property_text == "p"
  assert block.rationale == "ok"
  assert block.score == 1.0


@pytest.mark.parametrize(
    "text",
    [
        "ID: r1\n判定：はい\n理由：確認しています。",
        "编号：r1\n理由：已确认。\n判定：是",
        "아이디: r1\n근거: 확인함\n판정: 예",
        "المعرف: r1\nالمبرر: تم التحقق\nالحكم: نعم",
        "ID: r1\nОбоснование: проверено\nВердикт: да",
        "ID: r1\nतर्क: जाँच की गई\nनिर्णय: हाँ",
        "ID: r1\nเหตุผล: ตรวจสอบแล้ว\nคำตัดสิน: ใช่",
    ],
    ids=["ja", "zh", "ko", "ar", "ru", "hi", "th"],
)
def test_translated_labels(text: str):
  block = _only_block(text)

  assert block.rubric_id == "r1"
  assert block.rationale
  assert block.score == 1.0


@pytest.mark.parametrize(
    ("verdict", "score"),
    [
        ("yes", 1.0),
        ("Yes.", 1.0),
        ("YES - the agent asked", 1.0),
        ("Yes, no issues found", 1.0),
        ("[[yes]]", 1.0),
        ("true", 1.0),
        ("はい", 1.0),
        ("はい。", 1.0),
        ("是", 1.0),
        ("예", 1.0),
        ("نعم", 1.0),
        ("да", 1.0),
        ("हाँ", 1.0),
        ("ใช่", 1.0),
        ("sí", 1.0),
        ("oui", 1.0),
        ("ja", 1.0),
        ("no", 0.0),
        ("No.", 0.0),
        ("いいえ", 0.0),
        ("否", 0.0),
        ("不", 0.0),
        ("아니요", 0.0),
        ("لا", 0.0),
        ("нет", 0.0),
        ("नहीं", 0.0),
        ("ไม่ใช่", 0.0),
        ("non", 0.0),
        ("nein", 0.0),
        ("unknown", None),
        ("none", None),
        ("N/A", None),
        ("maybe", None),
        ("partially", None),
        ("部分的に", None),
        ("yes|no", None),
        ("[[yes|no]]", None),
        ("yes/no", None),
        ("yes or no", None),
        ("", None),
        ("是否", None),
    ],
)
def test_verdict_words(verdict: str, score):
  assert rubric_matching.parse_verdict(verdict) == score


def test_multi_line_rationale_and_evidence_are_kept_whole():
  block = _only_block(
      "ID: r1\n"
      "Property: p\n"
      "Evidence: step 0 returned 110.\n"
      "  step 1 failed.\n"
      "Rationale: first line\n"
      "second line\n"
      "\n"
      "third line\n"
      "Verdict: no\n"
  )

  assert block.evidence == "step 0 returned 110.\nstep 1 failed."
  assert block.rationale == "first line\nsecond line\n\nthird line"
  assert block.score == 0.0


def test_labels_quoted_mid_sentence_do_not_change_blocks():
  blocks = rubric_matching.parse_judge_output(
      "ID: r1\n"
      "Property: p\n"
      'Rationale: The agent wrote "Verdict: yes" and UUID: 1234 in its reply.\n'
      "The user asked about ID: r2 as well.\n"
      "Verdict: no\n"
  )

  assert len(blocks) == 1
  assert blocks[0].rubric_id == "r1"
  assert blocks[0].score == 0.0


def test_step_lines_between_blocks_are_ignored():
  blocks = rubric_matching.parse_judge_output(
      "STEP 1: p one\nSTEP 2: plan\nSTEP 5: yes\n"
      "ID: r1\nProperty: p one\nRationale: ok\nVerdict: yes\n\n"
      "STEP 1: p two\nSTEP 5: no\n"
      "ID: r2\nProperty: p two\nRationale: bad\nVerdict: no\n"
  )

  assert [(b.rubric_id, b.property_text, b.score) for b in blocks] == [
      ("r1", "p one", 1.0),
      ("r2", "p two", 0.0),
  ]


def test_a_malformed_block_does_not_discard_the_others():
  blocks = rubric_matching.parse_judge_output(
      "Property: first\nRationale: ok\nVerdict: yes\n\n"
      "Property: second\nRationale: no verdict follows\n\n"
      "Property: third\nRationale: ok\nVerdict: no\n"
  )

  assert [(b.property_text, b.score) for b in blocks] == [
      ("first", 1.0),
      ("second", None),
      ("third", 0.0),
  ]


def test_missing_id_line_does_not_shift_later_ids():
  blocks = rubric_matching.parse_judge_output(
      "Property: first\nVerdict: yes\nID: r2\nProperty: second\nVerdict: no\n"
  )

  assert [(b.rubric_id, b.property_text) for b in blocks] == [
      (None, "first"),
      ("r2", "second"),
  ]


def test_id_after_property_joins_the_same_block():
  block = _only_block("Property: p\nID: r1\nRationale: ok\nVerdict: yes")

  assert (block.rubric_id, block.property_text) == ("r1", "p")


def test_verdict_before_rationale_keeps_the_rationale():
  blocks = rubric_matching.parse_judge_output(
      "ID: r1\nVerdict: yes\nRationale: r1 ok\n"
      "ID: r2\nVerdict: no\nRationale: r2 bad\n"
  )

  assert [(b.rubric_id, b.rationale, b.score) for b in blocks] == [
      ("r1", "r1 ok", 1.0),
      ("r2", "r2 bad", 0.0),
  ]


def test_id_tag_copied_into_the_property_becomes_the_id():
  block = _only_block("Property: [id: r7] The agent is polite.\nVerdict: yes")

  assert block.rubric_id == "r7"
  assert block.property_text == "The agent is polite."


@pytest.mark.parametrize("fenced", [False, True])
def test_json_answers(fenced: bool):
  payload = json.dumps(
      [
          {"id": "r1", "property": "p1", "rationale": "ok", "verdict": "yes"},
          {"rubric_id": "r2", "reasoning": "bad", "verdict": False},
          {"id": "r3", "verdict": "unknown"},
      ],
      ensure_ascii=False,
  )
  text = f"Here you go:\n```json\n{payload}\n```\n" if fenced else payload

  blocks = rubric_matching.parse_judge_output(text)

  assert [(b.rubric_id, b.rationale, b.score) for b in blocks] == [
      ("r1", "ok", 1.0),
      ("r2", "bad", 0.0),
      ("r3", None, None),
  ]


def test_json_wrapped_in_an_object():
  blocks = rubric_matching.parse_judge_output(
      '{"results": [{"id": "r1", "verdict": "はい"}]}'
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", 1.0)]


def test_broken_json_falls_back_to_text():
  blocks = rubric_matching.parse_judge_output(
      '{"id": "r1", "verdict": \nID: r1\nVerdict: yes'
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", 1.0)]


@pytest.mark.parametrize(
    "text", ["", "   \n", "no labels here at all", None, 42, "Rationale: only"]
)
def test_answers_without_blocks(text):
  assert rubric_matching.parse_judge_output(text) == []
