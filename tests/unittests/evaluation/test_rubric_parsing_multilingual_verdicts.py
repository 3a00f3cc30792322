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

"""Tests for reading verdict words in other languages than English.

`_rubric_parsing.read_verdict` reads the translated yes, no and
not-applicable forms of `_rubric_vocabulary.VERDICTS`, with Arabic vowel
marks and tatweel dropped, and scripts written without spaces read by their
own word boundaries.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_parsing
import pytest

from .rubric_parsing_cases import verdict_cases

_read = _rubric_parsing.read_verdict

# (language, yes forms, no forms, not-applicable forms)
_BY_LANGUAGE = [
    (
        "ja",
        ["はい", "はい。", "満たしている", "○"],
        ["いいえ", "満たしていない", "×"],
        ["該当なし", "適用外", "対象外"],
    ),
    (
        "zh_hans",
        ["是", "是的", "符合", "满足"],
        ["否", "不", "不是", "不符合", "不满足"],
        ["不适用"],
    ),
    ("zh_hant", ["是", "對", "滿足"], ["否", "不對", "不滿足"], ["不適用"]),
    (
        "ko",
        ["예", "네", "충족"],
        ["아니요", "아니오", "미충족"],
        ["해당 없음", "해당없음"],
    ),
    (
        "ar",
        ["نعم", "نَعَم", "نعـــم"],
        ["لا", "لَا"],
        ["لا ينطبق", "غير قابل للتطبيق"],
    ),
    ("he", ["כן"], ["לא"], ["לא רלוונטי", "לא ישים"]),
    (
        "ru",
        ["да", "Да."],
        ["нет", "Нет.", "не выполнено"],
        ["не применимо", "неприменимо"],
    ),
    ("hi", ["हाँ", "हां"], ["नहीं"], ["लागू नहीं"]),
    ("th", ["ใช่"], ["ไม่", "ไม่ใช่"], ["ไม่เกี่ยวข้อง"]),
    (
        "es",
        ["sí", "si", "cumple"],
        ["no", "no cumple"],
        ["No aplica", "no procede"],
    ),
    (
        "pt",
        ["sim", "cumpre"],
        ["não", "não cumpre"],
        ["Não se aplica", "não aplicável"],
    ),
    (
        "de",
        ["ja", "erfüllt"],
        ["nein", "nicht erfüllt"],
        ["nicht zutreffend", "nicht anwendbar"],
    ),
    (
        "fr",
        ["oui"],
        ["non"],
        ["sans objet", "ne s'applique pas", "non applicable"],
    ),
    ("it", ["si"], ["no", "non"], ["non pertinente"]),
    ("vi", ["có", "Có"], ["không"], ["Không áp dụng"]),
    ("id", ["ya"], ["tidak"], ["Tidak berlaku"]),
    ("tr", ["evet"], ["hayır"], []),
    ("pl", ["tak"], ["nie"], ["Nie dotyczy"]),
]


@pytest.mark.parametrize(
    ("verdict", "score"),
    verdict_cases(_BY_LANGUAGE, 1, 1.0) + verdict_cases(_BY_LANGUAGE, 2, 0.0),
)
def test_yes_and_no_forms_per_language(verdict: str, score: float):
  assert _read(verdict) == score


@pytest.mark.parametrize(
    ("verdict", "score"), verdict_cases(_BY_LANGUAGE, 3, 1.0)
)
def test_not_applicable_is_a_yes_as_the_templates_define_it(
    verdict: str, score: float
):
  assert _read(verdict) == score


@pytest.mark.parametrize(
    "verdict",
    [
        "はい。特に問題はありません。",
    ],
)
def test_decorated_or_explained_yes(verdict: str):
  assert _read(verdict) == 1.0


@pytest.mark.parametrize(
    "verdict",
    [
        pytest.param(
            "sì",
        ),
    ],
)
def test_yes_with_a_remark_or_an_accent(verdict: str):
  assert _read(verdict) == 1.0


@pytest.mark.parametrize(
    "verdict",
    [
        "いいえ。確認していません。",
        pytest.param(
            "いいえ。はいと答えるべきでした。",
        ),
    ],
)
def test_only_the_first_sentence_counts(verdict: str):
  assert _read(verdict) == 0.0


@pytest.mark.parametrize(
    "verdict",
    [
        "はい・いいえ",
        "是/否",
        "예 / 아니요",
        "نعم أو لا",
        "да/нет",
    ],
)
def test_both_forms_are_no_verdict(verdict: str):
  assert _read(verdict) is None


@pytest.mark.parametrize(
    "verdict",
    [
        "Нет данных",
        "不错",
        "ไม่ผ่าน",
        "non noto",
        "nie wiem",
    ],
)
def test_a_negator_before_an_unknown_word_is_no_verdict(verdict: str):
  assert _read(verdict) is None


@pytest.mark.parametrize(
    "verdict",
    [
        "部分满足",
        "部分的に",
        "是否",
    ],
)
def test_the_verdict_must_open_the_value(verdict: str):
  assert _read(verdict) is None


@pytest.mark.parametrize(
    ("verdict", "score"),
    [
        ("ใช่ ผู้ช่วยถามอายุแล้ว", 1.0),
        ("ไม่ใช่ ผู้ช่วยไม่ได้ถาม", 0.0),
        ("はい 確認しています", 1.0),
    ],
)
def test_a_space_ends_the_phrase_in_a_script_without_spaces(
    verdict: str, score: float
):
  assert _read(verdict) == score


def test_a_no_phrase_inside_a_run_of_han_characters_is_read():
  assert _read("是，但不符合") is None
