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

"""Tests for the layouts `_rubric_parsing.parse_judge_answer` reads.

Labels and their decoration, translated labels, tables, verdict-first
blocks, verdicts on the line after their label, quoted material that is never
a label, self-correction, JSON answers, and hostile input.
"""

from __future__ import annotations

import json

from google.adk.evaluation import _rubric_parsing
import pytest


def _blocks(text: object) -> list[_rubric_parsing.JudgeBlock]:
  return _rubric_parsing.parse_judge_answer(text)


def _only_block(text: str) -> _rubric_parsing.JudgeBlock:
  blocks = _blocks(text)
  assert len(blocks) == 1, blocks
  return blocks[0]


def _summary(text: str) -> list[tuple]:
  return [(b.rubric_id, b.property_text, b.score) for b in _blocks(text)]


# Labels and decoration.


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
        "(1) ID: r1\n(2) Property: p\n(3) Rationale: ok\n(4) Verdict: yes",
        "### ID: r1\n### Property: p\n### Rationale: ok\n### Verdict: yes",
        "* _ID_: r1\n* _Property_: p\n* _Rationale_: ok\n* _Verdict_: yes",
        "・ID：r1\n・Property：p\n・Rationale：ok\n・Verdict：yes",
        "ＩＤ：r1\nＰｒｏｐｅｒｔｙ：p\nＲａｔｉｏｎａｌｅ：ok\nＶｅｒｄｉｃｔ：ｙｅｓ",
        (
            "\u200fID\u200f: r1\nProp\u200berty: p\nRationale:"
            " ok\nVerdict\u200e: yes"
        ),
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
        "numbered_in_parentheses",
        "headers",
        "italic_labels_in_bullets",
        "katakana_middle_dots",
        "fullwidth_letters",
        "invisible_format_characters_in_labels",
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
        "編號：r1\n理據：已確認。\n結論：是",
        pytest.param(
            "編號：r1\n理據：已確認。\n判斷：是",
        ),
        "아이디: r1\n근거: 확인함\n판정: 예",
        "المعرف: r1\nالمبرر: تم التحقق\nالحكم: نعم",
        "מזהה: r1\nנימוק: נבדק\nפסק דין: כן",
        "Идентификатор: r1\nОбоснование: проверено\nВердикт: да",
        "आईडी: r1\nतर्क: जाँच की गई\nनिर्णय: हाँ",
        "รหัส: r1\nเหตุผล: ตรวจสอบแล้ว\nคำตัดสิน: ใช่",
        "Identificador: r1\nRazonamiento: verificado\nVeredicto: sí",
        "Identificador: r1\nJustificação: verificado\nVeredicto: sim",
        "Kennung: r1\nBegründung: geprüft\nUrteil: ja",
        "Identifiant: r1\nJustification: vérifié\nVerdict: oui",
        "ID: r1\nMotivazione: verificato\nVerdetto: non pertinente",
        "Mã: r1\nLý do: đã kiểm tra\nKết luận: có",
        "ID: r1\nAlasan: sudah diperiksa\nPutusan: ya",
        "ID: r1\nGerekçe: kontrol edildi\nKarar: evet",
        "ID: r1\nUzasadnienie: sprawdzono\nWerdykt: tak",
    ],
    ids=[
        "ja",
        "zh_hans",
        "zh_hant",
        "zh_hant_judgement",
        "ko",
        "ar",
        "he",
        "ru",
        "hi",
        "th",
        "es",
        "pt",
        "de",
        "fr",
        "it",
        "vi",
        "id",
        "tr",
        "pl",
    ],
)
def test_translated_labels(text: str):
  block = _only_block(text)

  assert block.rubric_id == "r1"
  assert block.rationale
  assert block.score == 1.0


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("ID: r1\n評価：満たしている", 1.0),
        ("ID: r1\n評価：満たしていない", 0.0),
        ("ID: r1\n結論：×", 0.0),
        ("ID: r1\n最終判定：○", 1.0),
        ("ID: r1\n判定結果：はい", 1.0),
        ("ID: r1\n【判定】いいえ", 0.0),
        ("编号：r1\n【判定】是", 1.0),
        ("ID: r1\n[Verdict] no", 0.0),
        ("ID: r1\nFinal Verdict: yes", 1.0),
        ("ID: r1\n**Final verdict:** No", 0.0),
    ],
)
def test_conclusion_labels_name_the_verdict(text: str, score: float):
  block = _only_block(text)

  assert (block.rubric_id, block.score) == ("r1", score)


@pytest.mark.parametrize(
    "text",
    [
        "ID: r1\nVerdict:\nyes",
        "ID: r1\nVerdict:\n\n**Yes**",
        "ID: r1\n判定：\n\nはい",
        "ID: r1\n【判定】\nはい",
    ],
)
def test_verdict_on_the_line_after_its_label(text: str):
  assert _only_block(text).score == 1.0


def test_text_without_labels_or_with_unknown_labels_is_no_block():
  assert _blocks("Verdict yes\nID r1") == []
  assert _blocks("Answer: r1 is fine\nNote: yes") == []


# Tables.


def test_markdown_table_rows_are_blocks():
  blocks = _blocks(
      "| ID | Property | Rationale | Verdict |\n"
      "|:---|:---|:---|:---:|\n"
      "| r1 | p | fine | ✅ |\n"
      "| r2 | q | Verdict: yes was not earned | ❌ |\n"
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
        "| ID | 評価項目 | 判定 |\n|---|---|---|\n| r1 | p | はい |",
        "| 아이디 | 항목 | 판정 |\n|---|---|---|\n| r1 | p | 예 |",
        "| Property | ID | Verdict |\n|---|---|---|\n| p | r1 | yes |",
        (
            "| **ID** | **Property** | **Verdict** |\n| --- | --- | --- |\n"
            "| `r1` | p | **Yes** |"
        ),
    ],
    ids=["ja", "ko", "columns_reordered", "decorated"],
)
def test_table_columns_are_read_by_their_header(table: str):
  assert _summary(table) == [("r1", "p", 1.0)]


def test_a_table_without_a_verdict_column_is_no_block():
  assert _blocks("| ID | Property |\n|---|---|\n| r1 | p |") == []
  assert _blocks("| r1 | p | yes |") == []


# Verdict first: whatever field opens the first block opens every block.


def test_verdict_first_blocks_with_ids():
  assert _summary(
      "判定：はい\nID: r1\nProperty: a\n理由：x\n\n"
      "判定：いいえ\nID: r2\nProperty: b\n理由：y\n"
  ) == [("r1", "a", 1.0), ("r2", "b", 0.0)]


def test_verdict_first_blocks_without_ids():
  assert _summary(
      "판정: 예\n속성: a\n근거: x\n\n판정: 아니요\n속성: b\n근거: y\n"
  ) == [(None, "a", 1.0), (None, "b", 0.0)]


@pytest.mark.parametrize(
    "text",
    [
        "判定：はい\nProperty：a\n理由：x\n判定：いいえ\nProperty：b\n理由：y",
        "Verdict: yes\nProperty: a\nVerdict: no\nProperty: b",
    ],
)
def test_verdict_first_blocks_without_blank_lines(text: str):
  assert _summary(text) == [(None, "a", 1.0), (None, "b", 0.0)]


def test_verdict_before_rationale_keeps_the_rationale():
  blocks = _blocks(
      "ID: r1\nVerdict: yes\nRationale: r1 ok\n"
      "ID: r2\nVerdict: no\nRationale: r2 bad\n"
  )

  assert [(b.rubric_id, b.rationale, b.score) for b in blocks] == [
      ("r1", "r1 ok", 1.0),
      ("r2", "r2 bad", 0.0),
  ]


def test_id_after_property_joins_the_same_block():
  block = _only_block("Property: p\nID: r1\nRationale: ok\nVerdict: yes")

  assert (block.rubric_id, block.property_text) == ("r1", "p")


def test_missing_id_line_does_not_shift_later_ids():
  assert _summary(
      "Property: first\nVerdict: yes\nID: r2\nProperty: second\nVerdict: no\n"
  ) == [(None, "first", 1.0), ("r2", "second", 0.0)]


def test_a_malformed_block_does_not_discard_the_others():
  assert _summary(
      "Property: first\nRationale: ok\nVerdict: yes\n\n"
      "Property: second\nRationale: no verdict follows\n\n"
      "Property: third\nRationale: ok\nVerdict: no\n"
  ) == [(None, "first", 1.0), (None, "second", None), (None, "third", 0.0)]


def test_step_lines_between_blocks_are_ignored():
  assert _summary(
      "STEP 1: p one\nSTEP 2: plan\nSTEP 5: yes\n"
      "ID: r1\nProperty: p one\nRationale: ok\nVerdict: yes\n\n"
      "STEP 1: p two\nSTEP 5: no\n"
      "ID: r2\nProperty: p two\nRationale: bad\nVerdict: no\n"
  ) == [("r1", "p one", 1.0), ("r2", "p two", 0.0)]


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


def test_id_tag_copied_into_the_property_becomes_the_id():
  block = _only_block("Property: [id: r7] The agent is polite.\nVerdict: yes")

  assert block.rubric_id == "r7"
  assert block.property_text == "The agent is polite."


def test_block_lines_are_where_each_block_starts():
  blocks = _blocks("Intro.\nID: r1\nVerdict: yes\n\nID: r2\nVerdict: no")

  assert [b.line for b in blocks] == [2, 5]


# Quoted material is never a label.


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
        "エージェントの返答は\n「ID: r2\n判定：はい」\nでした。",
        'The agent said "ok\nID: r2\nVerdict: yes" and stopped.',
        "The tool returned\n```\nID: r2\nVerdict: yes\n```",
        "The tool returned\n~~~\nID: r2\nVerdict: yes\n~~~",
        "The tool returned:\nID: r2\nVerdict: yes\n",
    ],
    ids=[
        "mid_sentence",
        "blockquote_after_colon",
        "blockquote",
        "corner_brackets_inline",
        "corner_brackets_multi_line",
        "double_quotes_multi_line",
        "backtick_fence",
        "tilde_fence",
        "colon_introduced_up_to_blank_line",
    ],
)
def test_quoted_label_lines_are_never_labels(rationale: str):
  block = _only_block(
      f"ID: r1\nProperty: p\nRationale: {rationale}\nVerdict: no\n"
  )

  assert (block.rubric_id, block.property_text, block.score) == ("r1", "p", 0.0)


def test_quoted_evidence_is_never_a_label():
  block = _only_block(
      "ID: r1\nProperty: p\nEvidence: > Verdict: yes\n> ID: r2\nVerdict: no"
  )

  assert (block.rubric_id, block.score) == ("r1", 0.0)
  assert block.evidence == "> Verdict: yes\n> ID: r2"


def test_a_wholly_blockquoted_answer_has_no_labels():
  # Block quotes are the agent's or a tool's words; a judge answer written
  # entirely as a quote has no label of its own.
  assert _blocks("> ID: r1\n> Property: p\n> Verdict: yes") == []


def test_a_list_introduced_by_a_colon_does_not_swallow_the_verdict():
  block = _only_block(
      "ID: r1\nRationale: The agent did the following:\n"
      "- asked the age\n- checked the medication\nVerdict: yes"
  )

  assert block.score == 1.0


# Self-correction: within a block, the last verdict stands.


@pytest.mark.parametrize(
    "text",
    [
        (
            "ID: r1\nProperty: p\nVerdict: no\n"
            "Rationale: Actually, on reflection it did.\nVerdict: yes"
        ),
        "ID: r1\nVerdict: no\n\nCorrection:\nVerdict: yes",
        "ID: r1\n判定：いいえ\n理由：訂正します。確認していました。\n判定：はい",
    ],
)
def test_the_last_verdict_of_a_block_stands(text: str):
  block = _only_block(text)

  assert (block.rubric_id, block.score) == ("r1", 1.0)


# JSON: read only when the answer is JSON, or has no text block.


_JSON_ITEMS = [
    {"id": "r1", "property": "p1", "rationale": "ok", "verdict": "yes"},
    {"rubric_id": "r2", "reasoning": "bad", "verdict": False},
    {"id": "r3", "verdict": "unknown"},
]


@pytest.mark.parametrize(
    "template",
    ["{}", "```json\n{}\n```", "Here you go:\n```json\n{}\n```\nDone."],
    ids=["bare", "fenced", "fenced_after_a_preamble"],
)
def test_json_answers(template: str):
  text = template.format(json.dumps(_JSON_ITEMS, ensure_ascii=False))

  blocks = _blocks(text)

  assert [(b.rubric_id, b.rationale, b.score) for b in blocks] == [
      ("r1", "ok", 1.0),
      ("r2", "bad", 0.0),
      ("r3", None, None),
  ]


@pytest.mark.parametrize(
    "text",
    [
        '{"results": [{"id": "r1", "verdict": "はい"}]}',
        '{"id": "r1", "verdict": "はい"}',
        '{"result": {"id": "r1", "verdict": "はい"}}',
        '[{"rubricId": "r1", "answer": "はい"}]',
    ],
)
def test_json_objects_and_wrappers(text: str):
  assert [(b.rubric_id, b.score) for b in _blocks(text)] == [("r1", 1.0)]


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
  blocks = _blocks(
      f"ID: r1\nProperty: p\nEvidence:\n{evidence}\nRationale: ok\nVerdict: yes"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", 1.0)]
  assert '"r1"' in blocks[0].evidence


def test_json_after_text_blocks_does_not_replace_them():
  blocks = _blocks(
      'ID: r1\nVerdict: yes\n\n```json\n[{"id": "r1", "verdict": "no"}]\n```\n'
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", 1.0)]


def test_two_fenced_json_answers_without_text_blocks_are_not_guessed():
  fence = '```json\n[{{"id": "{}", "verdict": "no"}}]\n```\n'

  assert _blocks("a\n" + fence.format("r1") + "b\n" + fence.format("r2")) == []


def test_broken_json_falls_back_to_text():
  assert _summary('{"id": "r1", "verdict": \nID: r1\nVerdict: yes') == [
      ("r1", None, 1.0)
  ]


def test_json_nested_deeper_than_the_answer_shapes_is_no_block():
  text = '{"a": {"b": {"c": {"d": {"e": [{"id": "r1", "verdict": "yes"}]}}}}}'

  assert _blocks(text) == []


# Input that is not an answer, and hostile input: nothing raises.


@pytest.mark.parametrize(
    "text", ["", "   \n", "no labels here at all", None, 42, "Rationale: only"]
)
def test_answers_without_blocks(text):
  assert _blocks(text) == []


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
  blocks = _blocks(text)

  assert isinstance(blocks, list)
  assert all(b.score in (None, 0.0, 1.0) for b in blocks)
