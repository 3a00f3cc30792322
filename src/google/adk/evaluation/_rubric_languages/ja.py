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

"""Japanese label and verdict words (see `_rubric_languages`)."""

from __future__ import annotations

LABELS: dict[str, tuple[str, ...]] = {
    "id": ("識別子",),
    "property": (
        "プロパティ",
        "性質",
        "評価項目",
    ),
    "evidence": (
        "証拠",
        "根拠資料",
    ),
    "rationale": (
        "理由",
        "根拠",
        "説明",
    ),
    "verdict": (
        "判定",
        "判定結果",
        "評決",
    ),
    "conclusion": (
        "最終判定",
        "評価",
        "結論",
    ),
}
STEP_WORDS: tuple[str, ...] = ("ステップ",)
VERDICTS: dict[float, tuple[str, ...]] = {
    1.0: (
        "はい",
        "満たしている",
        "満たしています",
        "該当なし",
        "適用外",
        "対象外",
    ),
    0.0: (
        "いいえ",
        "満たしていない",
        "満たしていません",
    ),
}
NOT_APPLICABLE: tuple[str, ...] = (
    "適用外",
    "対象外",
)
AMBIGUOUS_NOT_APPLICABLE: tuple[str, ...] = (
    "該当なし",  # also "nothing matches"
)
APPLICABILITY_WORDS: tuple[str, ...] = (
    "該当",
    "適用",
)
