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

"""Japanese kana spellings (see `_rubric_scripts`).

A word written in hiragana or in katakana is the same word (`かくにん` /
`カクニン`), and a loanword is written with or without its long vowel mark
(`ユーザ` / `ユーザー`, as style guides differ).
"""

from __future__ import annotations


def _katakana(char: str) -> str:
  return chr(ord(char) + 0x60) if "\u3041" <= char <= "\u3096" else char


def _without_long_vowel_mark(char: str) -> str:
  return "" if char == "\u30fc" else char


FOLD_STEPS = (
    ("kana", _katakana),
    ("long_vowel_mark", _without_long_vowel_mark),
)
