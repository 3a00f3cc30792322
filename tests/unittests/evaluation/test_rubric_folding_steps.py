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

"""Tests for `_rubric_folding.fold`: each named step, escapes, tokens."""

from __future__ import annotations

import sys

from google.adk.evaluation import _rubric_folding as folding
import pytest

# For each step of `_rubric_folding`'s own, two spellings that only that step
# makes equal (the steps of `_rubric_scripts` modules are tested with them).
_STEP_PAIRS = {
    "separators": [
        ("The agent, politely!", "the agent politely"),
        ("「ユーザ」の年齢", "ユーザの年齢"),
        ("**Lists** the side-effects.", "lists the side effects"),
    ],
    "digits": [("يوم ٣", "يوم 3"), ("३ दिन", "3 दिन")],
}


@pytest.mark.parametrize(
    ("step", "a", "b"),
    [
        pytest.param(step, a, b, id=f"{step}-{i}")
        for step, pairs in _STEP_PAIRS.items()
        for i, (a, b) in enumerate(pairs)
    ],
)
def test_each_step_alone_makes_its_spellings_equal(
    monkeypatch: pytest.MonkeyPatch, step: str, a: str, b: str
):
  assert folding.fold(a) == folding.fold(b)

  monkeypatch.setattr(
      folding,
      "FOLD_STEPS",
      tuple((n, f) for n, f in folding.FOLD_STEPS if n != step),
  )
  monkeypatch.setattr(folding, "_FOLD_TABLE", folding._FoldTable())

  assert folding.fold(a) != folding.fold(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("ＡＢＣ", "abc"),
        ("STRASSE", "straße"),
        ("ｶﾀｶﾅ", "カタカナ"),
        ("１２", "12"),
        ("e\u0301", "\u00e9"),
    ],
    ids=[
        "fullwidth",
        "case_folding",
        "halfwidth_kana",
        "fullwidth_digits",
        "nfkc",
    ],
)
def test_compatibility_forms_and_case_fold_alike(a: str, b: str):
  assert folding.fold(a) == folding.fold(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("饭前", "饭后"),
        ("café", "cafe"),
        ("三", "3"),
        ("오전", "오후"),
        ("は", "ば"),
    ],
    ids=[
        "han_changed",
        "diacritic",
        "han_numeral",
        "hangul_word",
        "kana_voicing",
    ],
)
def test_different_spellings_stay_apart(a: str, b: str):
  assert folding.fold(a) != folding.fold(b)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("Lists the side-effects", ("lists", "the", "side", "effects")),
        ("r1 SKU-12", ("r1", "sku", "12")),
        ("ไม่ใช่", ("ไ", "ม", "\u0e48", "ใ", "ช", "\u0e48")),
        ("오전에 복용", ("오전에", "복용")),
        ("😀 ok", ("ok",)),
        ("", ()),
    ],
)
def test_tokens_are_words_or_single_unspaced_characters(text: str, tokens):
  assert folding.fold(text) == tokens


@pytest.mark.parametrize("value", [None, 3, b"yes", ["a"]])
def test_anything_but_text_folds_to_no_tokens(value):
  assert folding.fold(value) == ()


@pytest.mark.parametrize(
    "text",
    [
        "a\u200bb",  # zero-width space
        "a\u200cb",  # zero-width non-joiner
        "a\u200db",  # zero-width joiner
        "a\u200eb",  # left-to-right mark
        "a\u200fb",  # right-to-left mark
        "a\u2060b",  # word joiner
        "a\ufeffb",  # byte order mark
        "\u202bab\u202c",  # right-to-left embedding
    ],
)
def test_invisible_format_characters_are_dropped(text: str):
  assert folding.fold(text) == ("ab",)


def test_escapes_copied_from_a_prompt_are_decoded():
  escaped = "\\u30e6\\u30fc\\u30b6\\u306e\\u5E74\\u9F62"

  assert folding.decode_escapes(escaped) == "ユーザの年齢"
  assert folding.fold(escaped) == folding.fold("「ユーザ」の年齢")


def test_text_without_escapes_is_returned_as_is():
  text = "no escapes \\n here"

  assert folding.decode_escapes(text) is text


@pytest.mark.parametrize("text", ["\\u12", "\\u12zz", "\\x41", "\\U0001F600"])
def test_incomplete_or_other_escapes_are_left_alone(text: str):
  assert folding.decode_escapes(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "**ユーザーの年齢を確認している。**",
        "هَلْ أَجَابَ الوَكِيـــل بدقة؟",
        "Агент учёл ВСЕ детали",
        "確認了旅客的出發日期",
        "ज़रूरी जानकारी दी",
    ],
)
def test_folding_is_idempotent(text: str):
  tokens = folding.fold(text)

  assert folding.fold(" ".join(tokens)) == tokens


def test_a_script_module_adds_its_steps_after_the_own_ones(
    monkeypatch: pytest.MonkeyPatch, tmp_path
):
  scripts = folding._rubric_scripts  # pylint: disable=protected-access
  (tmp_path / "zz_test_script.py").write_text(
      'FOLD_STEPS = (("x_as_y", lambda c: "y" if c == "x" else c),)\n'
  )
  monkeypatch.setattr(scripts, "__path__", [*scripts.__path__, str(tmp_path)])
  try:
    steps = folding._script_steps()  # pylint: disable=protected-access
  finally:
    sys.modules.pop(f"{scripts.__name__}.zz_test_script", None)

  assert [name for name, _ in steps][-1] == "x_as_y"
  assert steps[-1][1]("x") == "y"
  assert [name for name, _ in folding.FOLD_STEPS][:2] == list(_STEP_PAIRS)


@pytest.mark.parametrize(
    ("text", "signs"),
    [
        ("Recommends ≤ 2 tablets", ("≤",)),
        ("at -5 °C", ("-", "°")),
        ("SKU-5 costs $3.50", ("$", ".")),
        ("> quote and | table", ()),
        ("Price > 100", (">",)),
        ("C++ or C#", ("+", "#")),
        ("50 ٪", ("%",)),
        ("computes 10 - 2", ("-",)),
        ("computes 10 / 2", ("/",)),
        ("in 2023, 5 items", ()),
        ("SKU-2's price, 8' tall", ("′",)),
    ],
)
def test_signs_are_what_folding_drops_that_changes_a_text(text, signs):
  assert folding.signs(folding.copy_form(text)) == signs


def test_the_copy_form_keeps_signs_and_decodes_escapes():
  assert (
      folding.copy_form("  **ＰＲＩＣＥ**  >  100 \\u00e9")
      == "**price** > 100 é"
  )
  assert folding.copy_form(None) == ""
