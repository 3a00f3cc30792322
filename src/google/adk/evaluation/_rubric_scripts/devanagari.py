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

"""Devanagari spellings (see `_rubric_scripts`): the nukta is often left out
(`ज़रूरी` / `जरूरी`), and candrabindu written as anusvara (`हँसी` / `हंसी`)."""

from __future__ import annotations

_PLAIN = {"\u093c": "", "\u0901": "\u0902"}


def _plain(char: str) -> str:
  return _PLAIN.get(char, char)


FOLD_STEPS = (("devanagari_nukta", _plain),)
