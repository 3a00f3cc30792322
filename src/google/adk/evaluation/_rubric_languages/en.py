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

"""English words beyond the templates' own (see `_rubric_languages`).

The templates ask for `ID`, `Property`, `Evidence`, `Rationale`, `Verdict`
and `yes` / `no`; English-speaking judges also write these.
"""

from __future__ import annotations

LABELS: dict[str, tuple[str, ...]] = {
    "id": ("property id",),
    "property": (
        "rubric",
        "criterion",
    ),
    "rationale": (
        "reasoning",
        "reason",
        "explanation",
    ),
    "conclusion": (
        "conclusion",
        "final verdict",
        "overall verdict",
    ),
}

# "Not applicable" is a yes, as the templates define `yes`; none of these
# English forms also means "does not hold".
VERDICTS: dict[float, tuple[str, ...]] = {
    1.0: (
        "true",
        "pass",
        "passed",
        "met",
        "fulfilled",
        "satisfied",
        "n/a",
        "not applicable",
        "non applicable",
        "non-applicable",
        "inapplicable",
    ),
    0.0: (
        "false",
        "fail",
        "failed",
        "not met",
        "not fulfilled",
        "not satisfied",
    ),
}

NOT_APPLICABLE: tuple[str, ...] = (
    "n/a",
    "not applicable",
    "non applicable",
    "non-applicable",
    "inapplicable",
)

APPLICABILITY_WORDS: tuple[str, ...] = (
    "appl",
    "relevan",
    "pertinen",
)
