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

"""Arabic label and verdict words (see `_rubric_languages`)."""

from __future__ import annotations

LABELS: dict[str, tuple[str, ...]] = {
    "id": (
        "المعرف",
        "معرف",
    ),
    "property": (
        "الخاصية",
        "خاصية",
        "المعيار",
    ),
    "evidence": (
        "الدليل",
        "الأدلة",
    ),
    "rationale": (
        "المبرر",
        "التبرير",
        "السبب",
    ),
    "verdict": (
        "الحكم",
        "القرار",
    ),
}
STEP_WORDS: tuple[str, ...] = ("الخطوة",)
VERDICTS: dict[float, tuple[str, ...]] = {
    1.0: (
        "نعم",
        "لا ينطبق",
        "غير قابل للتطبيق",
    ),
    0.0: ("لا",),
}
NOT_APPLICABLE: tuple[str, ...] = ("غير قابل للتطبيق",)
AMBIGUOUS_NOT_APPLICABLE: tuple[str, ...] = ("لا ينطبق",)  # also "does not fit"
APPLICABILITY_WORDS: tuple[str, ...] = (
    "ينطبق",
    "تطبيق",
)
