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

"""French label and verdict words (see `_rubric_languages`)."""

from __future__ import annotations

LABELS: dict[str, tuple[str, ...]] = {
    "id": ("identifiant",),
    "property": (
        "propriété",
        "critère",
    ),
    "evidence": (
        "preuve",
        "preuves",
    ),
    "rationale": ("justification",),
}
STEP_WORDS: tuple[str, ...] = ("étape",)
VERDICTS: dict[float, tuple[str, ...]] = {
    1.0: (
        "oui",
        "sans objet",
        "ne s'applique pas",
        "non pertinent",
    ),
    0.0: ("non",),
}
NOT_APPLICABLE: tuple[str, ...] = ("sans objet",)
AMBIGUOUS_NOT_APPLICABLE: tuple[str, ...] = (
    "ne s'applique pas",
    "non pertinent",
)
APPLICABILITY_WORDS: tuple[str, ...] = (
    "pertinent",
    "s'appliqu",
)
