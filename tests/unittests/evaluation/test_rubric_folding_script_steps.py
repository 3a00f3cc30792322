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

"""Tests for the spelling folds of `_rubric_scripts`' modules."""

from __future__ import annotations

from google.adk.evaluation import _rubric_folding as folding
from google.adk.evaluation._rubric_scripts import arabic
from google.adk.evaluation._rubric_scripts import cyrillic
from google.adk.evaluation._rubric_scripts import devanagari
from google.adk.evaluation._rubric_scripts import hebrew
from google.adk.evaluation._rubric_scripts import japanese
import pytest

from . import test_rubric_folding_steps as steps

# For each step, two spellings that only that step makes equal.
STEP_PAIRS = {
    "kana": [("かくにん", "カクニン"), ("ゆーざ", "ユーザ")],
    "long_vowel_mark": [("ユーザー", "ユーザ"), ("サーバー", "サーバ")],
    "arabic_marks": [("نَعَم", "نعم"), ("الوكيـــل", "الوكيل")],
    "arabic_letter_forms": [
        ("أجاب", "اجاب"),
        ("إلى", "الي"),
        ("بدقة", "بدقه"),
    ],
    "hebrew_points": [("שָׁלוֹם", "שלום")],
    "cyrillic_yo": [("Агент учёл всё", "агент учел все")],
    "devanagari_nukta": [("ज़रूरी", "जरूरी"), ("हँसी", "हंसी")],
}


@pytest.mark.parametrize(
    ("step", "a", "b"),
    [
        pytest.param(step, a, b, id=f"{step}-{i}")
        for step, pairs in STEP_PAIRS.items()
        for i, (a, b) in enumerate(pairs)
    ],
)
def test_each_script_step_alone_makes_its_spellings_equal(
    monkeypatch: pytest.MonkeyPatch, step: str, a: str, b: str
):
  steps.test_each_step_alone_makes_its_spellings_equal(monkeypatch, step, a, b)


def test_every_step_of_these_modules_is_tested_and_folds():
  modules = (arabic, cyrillic, devanagari, hebrew, japanese)
  names = [name for module in modules for name, _ in module.FOLD_STEPS]

  assert sorted(names) == sorted(STEP_PAIRS)
  assert set(names) <= {name for name, _ in folding.FOLD_STEPS}


def test_a_respelled_japanese_text_folds_alike():
  assert folding.fold("**ユーザーの年齢を確認している。**") == folding.fold(
      "ゆーざの年齢を確認している"
  )
