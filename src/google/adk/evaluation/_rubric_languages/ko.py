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

"""Korean label and verdict words (see `_rubric_languages`)."""

from __future__ import annotations

LABELS: dict[str, tuple[str, ...]] = {
    "id": (
        "아이디",
        "식별자",
    ),
    "property": (
        "항목",
        "속성",
    ),
    "evidence": ("증거",),
    "rationale": (
        "근거",
        "이유",
    ),
    "verdict": (
        "판정",
        "평결",
    ),
    "conclusion": ("결론",),
}
STEP_WORDS: tuple[str, ...] = ("단계",)
VERDICTS: dict[float, tuple[str, ...]] = {
    1.0: (
        "예",
        "네",
        "충족",
        "해당 없음",
        "해당없음",
    ),
    0.0: (
        "아니요",
        "아니오",
        "아니",
        "미충족",
        "불충족",
    ),
}
AMBIGUOUS_NOT_APPLICABLE: tuple[str, ...] = (
    "해당 없음",  # also "does not correspond"
    "해당없음",
)
APPLICABILITY_WORDS: tuple[str, ...] = (
    "해당",
    "관련",
)
