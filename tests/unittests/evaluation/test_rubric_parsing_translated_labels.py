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

"""Tests for translated labels in `_rubric_parsing.parse_judge_answer`.

Labels and verdict words in other languages than English, in label lines,
conclusion labels, tables, verdict-first blocks and JSON answers.
"""

from __future__ import annotations

import pytest

from .rubric_parsing_cases import answer_blocks
from .rubric_parsing_cases import only_block
from .rubric_parsing_cases import summary


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
        "ID: r1\nMotivazione: verificato\nVerdetto: sì",
        "Mã: r1\nLý do: đã kiểm tra\nKết luận: có",
        "ID: r1\nAlasan: sudah diperiksa\nPutusan: ya",
        "ID: r1\nGerekçe: kontrol edildi\nKarar: evet",
        "ID: r1\nUzasadnienie: sprawdzono\nWerdykt: spełnia",
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
  block = only_block(text)

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
    ],
)
def test_conclusion_labels_name_the_verdict(text: str, score: float):
  block = only_block(text)

  assert (block.rubric_id, block.score) == ("r1", score)


@pytest.mark.parametrize(
    "text",
    [
        "ID: r1\n判定：\nはい",
        "ID: r1\n【判定】\nはい",
    ],
)
def test_verdict_on_the_line_after_its_label(text: str):
  assert only_block(text).score == 1.0


@pytest.mark.parametrize(
    "table",
    [
        "| ID | 評価項目 | 判定 |\n|---|---|---|\n| r1 | p | はい |",
        "| 아이디 | 항목 | 판정 |\n|---|---|---|\n| r1 | p | 예 |",
    ],
    ids=["ja", "ko"],
)
def test_table_columns_are_read_by_their_header(table: str):
  assert summary(table) == [("r1", "p", 1.0)]


def test_verdict_first_blocks_with_ids():
  assert summary(
      "判定：はい\nID: r1\nProperty: a\n理由：x\n\n"
      "判定：いいえ\nID: r2\nProperty: b\n理由：y\n"
  ) == [("r1", "a", 1.0), ("r2", "b", 0.0)]


def test_verdict_first_blocks_without_ids():
  assert summary(
      "판정: 예\n속성: a\n근거: x\n\n판정: 아니요\n속성: b\n근거: y\n"
  ) == [(None, "a", 1.0), (None, "b", 0.0)]


@pytest.mark.parametrize(
    "text",
    [
        "判定：はい\nProperty：a\n理由：x\n判定：いいえ\nProperty：b\n理由：y",
    ],
)
def test_verdict_first_blocks_without_blank_lines_are_unsettled(text: str):
  # Also a summary verdict over blocks in the template's order, the last
  # one cut off: the answer does not say which, and no rubric gets a verdict.
  assert summary(text) == [(None, "a", None), (None, "b", None)]


@pytest.mark.parametrize(
    "text",
    [
        "ID: r1\n判定：いいえ\n理由：訂正します。確認していました。\n判定：はい",
    ],
)
def test_two_verdicts_in_a_block_give_none(text: str):
  block = only_block(text)

  assert (block.rubric_id, block.score) == ("r1", None)
  assert block.unscored_reason == "its block gives two different verdicts"


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
  assert [(b.rubric_id, b.score) for b in answer_blocks(text)] == [("r1", 1.0)]


def test_a_verdict_word_inside_a_compound_is_no_verdict_label():
  # `Testergebnis` (a test run's result, quoted from a tool) ends with
  # `Ergebnis` but is no verdict label: t1's `fail` after its `ja` is a
  # second verdict, t2's agrees with its `nein`. (Right under the verdict,
  # an unknown label would continue its value.)
  blocks = answer_blocks(
      "ID: t1\nEigenschaft: a\nUrteil: ja\n\nTestergebnis: fail\n\n"
      "ID: t2\nEigenschaft: b\nUrteil: nein\n\nTestergebnis: fail"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("t1", None), ("t2", 0.0)]


def test_a_verdict_word_after_kana_or_han_still_names_a_verdict():
  block = only_block("ID: r1\n修正後の判定：はい")

  assert (block.rubric_id, block.score) == ("r1", 1.0)
