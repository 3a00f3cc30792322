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

"""Traditional and simplified Han spellings (see `_rubric_scripts`).

From the table `_han_variants` generates from OpenCC: a traditional character
with one simplified form folds to it (`飯後` / `饭后`). One with several
(`CONTEXTUAL_FOLDS`) is left to the matcher.
"""

from __future__ import annotations

from .._han_variants import CONTEXTUAL_PAIRS
from .._han_variants import TRADITIONAL_TO_SIMPLIFIED

_SIMPLIFIED = {pair[0]: pair[1] for pair in TRADITIONAL_TO_SIMPLIFIED.split()}


def _simplified(char: str) -> str:
  return _SIMPLIFIED.get(char, char)


FOLD_STEPS = (("han_simplified", _simplified),)

# Folds of one token into another that the matcher makes only where the two
# tell no two rubrics apart (`_rubric_matching._Rubrics.folds`): `fold`
# leaves them alone. Traditional Han characters that OpenCC converts one to
# many, and their first simplified form (於 / 于: 對於 is 对于, but 于 is a
# character of its own too; 週 / 周).
CONTEXTUAL_FOLDS: dict[str, str] = {
    pair[0]: pair[1] for pair in CONTEXTUAL_PAIRS.split()
}
