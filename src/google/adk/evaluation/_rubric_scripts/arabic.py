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

"""Arabic spellings (see `_rubric_scripts`).

Vowel marks and the tatweel (`الوكيـــل`) are optional, and hamza forms of
alef, alef maqsura and ta marbuta are often written plain (`أجاب` / `اجاب`).
"""

from __future__ import annotations

_MARKS = frozenset(
    chr(c)
    for c in (*range(0x064B, 0x0660), 0x0670, *range(0x06D6, 0x06EE), 0x0640)
)
_LETTER_FORMS = {
    "\u0623": "\u0627",
    "\u0625": "\u0627",
    "\u0622": "\u0627",
    "\u0671": "\u0627",
    "\u0649": "\u064a",
    "\u0629": "\u0647",
}


def _without_marks(char: str) -> str:
  return "" if char in _MARKS else char


def _plain_letter(char: str) -> str:
  return _LETTER_FORMS.get(char, char)


FOLD_STEPS = (
    ("arabic_marks", _without_marks),
    ("arabic_letter_forms", _plain_letter),
)
