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

"""Tests for reading verdict words beyond the templates' `yes` / `no`.

`_rubric_verdicts.read_verdict` reads the yes, no and not-applicable forms
that the modules of `_rubric_languages` add to `_rubric_vocabulary.VERDICTS`
(English synonyms, check marks, other languages' words), with Arabic vowel
marks and tatweel dropped, and scripts written without spaces read by their
own word boundaries.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_verdicts
import pytest

from .rubric_parsing_cases import verdict_cases

_read = _rubric_verdicts.read_verdict

# (language, yes forms, no forms, not-applicable forms, not-applicable forms
# that also mean "does not hold")
_BY_LANGUAGE = [
    (
        "en",
        ["TRUE", "pass", "met", "fulfilled"],
        ["false", "fail", "not met"],
        ["N/A", "not applicable", "Non-applicable", "Non applicable"],
        [],
    ),
    ("symbols", ["✓", "✔", "✅", "☑", "◯"], ["✗", "✘", "❌", "✕"], [], []),
    (
        "ja",
        ["はい", "はい。", "満たしている", "○"],
        ["いいえ", "満たしていない", "×"],
        ["適用外", "対象外"],
        ["該当なし"],
    ),
    (
        "zh_hans",
        ["是", "是的", "符合", "满足"],
        ["否", "不", "不是", "不符合", "不满足"],
        [],
        ["不适用"],
    ),
    ("zh_hant", ["是", "對", "滿足"], ["否", "不對", "不滿足"], [], ["不適用"]),
    (
        "ko",
        ["예", "네", "충족"],
        ["아니요", "아니오", "미충족"],
        [],
        ["해당 없음", "해당없음"],
    ),
    (
        "ar",
        ["نعم", "نَعَم", "نعـــم"],
        ["لا", "لَا"],
        ["غير قابل للتطبيق"],
        ["لا ينطبق"],
    ),
    ("he", ["כן"], ["לא"], ["לא ישים"], ["לא רלוונטי"]),
    (
        "ru",
        ["да", "Да."],
        ["нет", "Нет.", "не выполнено"],
        ["не применимо", "неприменимо"],
        [],
    ),
    ("hi", ["हाँ", "हां"], ["नहीं"], [], ["लागू नहीं"]),  # "not implemented"
    ("th", ["ใช่"], ["ไม่", "ไม่ใช่"], [], ["ไม่เกี่ยวข้อง"]),
    (
        "es",
        ["sí", "si", "cumple"],
        ["no", "no cumple"],
        [],
        ["No aplica", "no procede"],
    ),
    (
        "pt",
        ["sim", "cumpre"],
        ["não", "não cumpre"],
        ["não aplicável"],
        ["Não se aplica"],
    ),
    (
        "de",
        ["ja", "erfüllt"],
        ["nein", "nicht erfüllt"],
        ["nicht anwendbar"],
        ["nicht zutreffend"],
    ),
    (
        "fr",
        ["oui"],
        ["non"],
        ["sans objet", "non applicable"],
        ["ne s'applique pas"],
    ),
    ("it", ["si"], ["no", "non"], [], ["non pertinente"]),
    # "Did not apply (the filter)".
    ("vi", ["có", "Có"], ["không"], [], ["Không áp dụng"]),
    ("id", ["ya"], ["tidak"], [], ["Tidak berlaku"]),
    ("tr", ["evet"], ["hayır"], [], []),
    ("pl", [], ["nie"], [], ["Nie dotyczy"]),  # "does not concern"
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
  assert _rubric_verdicts.is_not_applicable(verdict)


@pytest.mark.parametrize(
    ("verdict", "score"), verdict_cases(_BY_LANGUAGE, 4, None)
)
def test_not_applicable_that_can_mean_does_not_hold_is_no_verdict(
    verdict: str, score: None
):
  assert _read(verdict) is score
  assert "can also mean" in _rubric_verdicts.explain_verdict(verdict)


@pytest.mark.parametrize("verdict", ["tak", "Tak.", "**tak**"])
def test_a_word_that_is_yes_in_one_language_and_no_in_another_is_none(
    verdict: str,
):
  # Polish `tak` is yes, Indonesian `tak` no.
  assert _read(verdict) is None


@pytest.mark.parametrize(
    "verdict",
    [
        "はい。特に問題はありません。",
        "いいえ。確認していません。",
        "是，可是价格写错了",
        "نعم، لا يذكر الجرعة",
        "Sì, ma solo dopo",
    ],
)
def test_a_verdict_with_words_after_it_is_none(verdict: str):
  # A reason or a qualification that takes the verdict back: no list of
  # words tells them apart in every language.
  assert _read(verdict) is None


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
        "いいえ。はいと答えるべきでした。",
        "はい、ただし一部のみ",
        "是，但不完全",
        "نعم، لكن جزئيا",
        "Sí, pero parcialmente",
        "Oui, mais partiellement",
        "Ja, aber nur teilweise",
        "Да, но частично",
        "예, 하지만 일부만",
    ],
)
def test_a_verdict_the_line_takes_back_or_hedges_is_none(verdict: str):
  assert _read(verdict) is None


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
    ("verdict", "phrase"),
    [
        ("ใช่ ผู้ช่วยถามอายุแล้ว", "ใช่"),
        ("ไม่ใช่ ผู้ช่วยไม่ได้ถาม", "ไม่ใช่"),
        ("はい 確認しています", "はい"),
    ],
)
def test_a_space_ends_the_phrase_in_a_script_without_spaces(
    verdict: str, phrase: str
):
  score, why, read = _rubric_verdicts.read(verdict)

  assert read == phrase
  assert score is None and "says more than a yes or a no" in why


def test_a_no_phrase_inside_a_run_of_han_characters_is_read():
  assert _read("是，但不符合") is None


@pytest.mark.parametrize(
    ("text", "scores"),
    [
        ("答えはいいえ。", {0.0, 1.0}),
        ("不符合", {0.0}),
        ("ไม่ใช่", {0.0}),
        ("nicht zutreffend", {0.0, 1.0}),  # also "not true"
        ("non pertinente", {0.0, 1.0}),
    ],
    ids=[
        "overlapping_phrases",
        "han_phrase_inside_a_longer_one",
        "thai_no",
        "ambiguous_not_applicable_de",
        "ambiguous_not_applicable_it",
    ],
)
def test_verdicts_in_text(text: str, scores: set[float]):
  assert _rubric_verdicts.verdicts_in(_rubric_verdicts.normalize(text)) == (
      scores
  )


@pytest.mark.parametrize(
    ("verdict", "score"),
    [
        ("\u2714\ufe0f", 1.0),  # ✔ with the emoji variation selector
        ("✅ Met", 1.0),
        ("❌ Not met", 0.0),
        ("✅ no", None),
        ("✅ Yes ✅", 1.0),
        ("Yes (not applicable)", 1.0),
        ("✅ (no issues)", None),
    ],
)
def test_a_symbol_or_a_not_applicable_beside_a_verdict(verdict: str, score):
  assert _read(verdict) == score


@pytest.mark.parametrize(
    ("text", "scores"),
    [("N/A.", {1.0}), ("not applicable to this user", {0.0, 1.0})],
)
def test_not_applicable_in_text(text: str, scores: set[float]):
  assert _rubric_verdicts.verdicts_in(_rubric_verdicts.normalize(text)) == (
      scores
  )


def test_a_value_that_opens_with_an_english_no_form():
  assert (
      _rubric_verdicts.opening_verdict("Not met: the dose is missing.") == 0.0
  )
