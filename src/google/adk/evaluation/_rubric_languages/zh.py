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

"""Chinese label and verdict words (see `_rubric_languages`)."""

from __future__ import annotations

LABELS: dict[str, tuple[str, ...]] = {
    "id": (
        "编号",  # simplified
        "編號",  # traditional
    ),
    "property": (
        "属性",  # simplified
        "特性",  # simplified
        "性质",  # simplified
        "屬性",  # traditional
    ),
    "evidence": (
        "证据",  # simplified
        "證據",  # traditional
    ),
    "rationale": (
        "理由",
        "理据",  # simplified
        "依据",  # simplified
        "理據",  # traditional
        "依據",  # traditional
    ),
    "verdict": (
        "判断",
        "裁定",
        "判斷",
    ),
    "conclusion": (
        "结论",
        "最终判定",
        "最終判斷",
    ),
}
STEP_WORDS: tuple[str, ...] = (
    "步骤",
    "步驟",
)
VERDICTS: dict[float, tuple[str, ...]] = {
    1.0: (
        "是",
        "是的",
        "对",
        "對",
        "符合",
        "满足",
        "滿足",
        "不适用",
        "不適用",
    ),
    0.0: (
        "否",
        "不",
        "不是",
        "不对",
        "不對",
        "不符合",
        "不满足",
        "不滿足",
        "未满足",  # simplified
        "未滿足",  # traditional
        "未符合",
    ),
}
AMBIGUOUS_NOT_APPLICABLE: tuple[str, ...] = (
    "不适用",  # also "not suitable"
    "不適用",
)
APPLICABILITY_WORDS: tuple[str, ...] = (
    "适用",
    "相关",
    "相關",
)
