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

"""Cyrillic spellings (see `_rubric_scripts`): Russian writes `ё` as `е` as
often as not (`учёл` / `учел`)."""

from __future__ import annotations


def _yo_as_ye(char: str) -> str:
  return "\u0435" if char == "\u0451" else char


FOLD_STEPS = (("cyrillic_yo", _yo_as_ye),)
