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

"""Tests for the token classes of `_rubric_folding`: numbers and words."""

from __future__ import annotations

from google.adk.evaluation import _rubric_folding as folding
import pytest


@pytest.mark.parametrize(
    "token", ["3", "12", "٣", "۳", "३", "๓", "၁", "三", "十", "½", "r1"]
)
def test_numbers_of_any_script(token: str):
  assert folding.is_number(token)


@pytest.mark.parametrize("token", ["x", "sku", "ユ", "日", "예"])
def test_tokens_without_numerals_are_not_numbers(token: str):
  assert not folding.is_number(token)


def test_word_tokens():
  assert [folding.is_word(t) for t in ("abc", "3", "예", "日", "ア", "ไ")] == [
      True,
      True,
      True,
      False,
      False,
      False,
  ]
