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

"""Tests of `_rubric_matching` that need the Han variant fold step.

Traditional and simplified spellings of a text fold alike, so they name the
same rubric, as text or against an id; rubrics that differ only in such a
spelling are told apart by exact copies, never by position.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_matching
import pytest

from . import test_rubric_matching_id_guards as guards
from .rubric_matching_cases import is_theirs as _is_theirs
from .rubric_matching_cases import match as _match
from .rubric_matching_cases import NONE as _NONE
from .rubric_matching_cases import rubrics as _rubrics
from .rubric_matching_cases import TWINS as _TWINS

_ID = _rubric_matching.TIER_ID
_TEXT = _rubric_matching.TIER_TEXT
_REWRITE = _rubric_matching.TIER_REWRITE


def test_id_refused_when_the_text_is_another_rubrics_in_traditional_han():
  guards.test_id_refused_when_the_text_is_or_sides_with_another_rubric(
      _rubrics(("r1", "确认了旅客的出发日期"), ("r2", "建议饭后服用")),
      "ID: r2\nProperty: 確認了旅客的出發日期\nVerdict: yes\n",
      _is_theirs("r2", "r1"),
  )


def test_text_tier_folds_spelling_variants():
  rubrics = _rubrics(
      ("ja", "ユーザの年齢を確認している"),
      ("ar", "هل أجاب الوكيل بدقة؟"),
      ("ru", "Агент учёл все детали"),
      ("en", "The agent is polite."),
      ("zh", "确认了用户的过敏史"),
      ("esc", "副作用を説明している"),
  )

  outcomes, report = _match(
      rubrics,
      "Property: **ユーザーの年齢を確認している。**\nVerdict: yes\n"
      "Property: هَلْ أَجَابَ الوَكِيـــل بدقه\nVerdict: yes\n"
      "Property: Агент учел все детали\nVerdict: yes\n"
      "Property: “THE AGENT IS POLITE”\nVerdict: yes\n"
      "Property: 確認了用戶的過敏史\nVerdict: yes\n"
      "Property: \\u526f\\u4f5c\\u7528\\u3092\\u8aac\\u660e\\u3057\\u3066"
      "\\u3044\\u308b\nVerdict: yes\n",
  )

  assert outcomes == {k: (1.0, _TEXT) for k in outcomes}
  assert report.warning_message() is None


def test_han_variants_that_fold_alike_are_told_apart_by_exact_copies():
  # 後 and 后 fold alike; exact copies still name their rubric, in any order.
  outcomes, _ = _match(
      _TWINS,
      "Property: 回答提到了要饭后服用\nVerdict: yes\n"
      "Property: 回答提到了要饭後服用\nVerdict: no\n"
      "Property: 回答给出了价格\nVerdict: yes\n",
  )

  assert outcomes == {"a": (0.0, _TEXT), "b": (1.0, _TEXT), "c": (1.0, _TEXT)}


@pytest.mark.parametrize(
    "suffix", ["。", "等"], ids=["not_exact_copies", "with_a_slip"]
)
def test_position_never_decides_between_twins(suffix: str):
  # Complete and in order, but neither block is an exact copy of a twin.
  outcomes, _ = _match(
      _TWINS,
      f"Property: 回答提到了要饭後服用{suffix}\nVerdict: yes\n"
      f"Property: 回答提到了要饭后服用{suffix}\nVerdict: no\n"
      "Property: 回答给出了价格\nVerdict: yes\n",
  )

  assert outcomes == {"a": _NONE, "b": _NONE, "c": (1.0, _TEXT)}


def test_near_identical_rubrics_without_ids_in_korean_arabic_chinese():
  korean = _rubrics(
      ("am", "오전에 복용하도록 안내했다"), ("pm", "오후에 복용하도록 안내했다")
  )
  arabic = _rubrics(
      ("d3", "نصح الوكيل بالراحة لمدة 3 أيام"),
      ("d5", "نصح الوكيل بالراحة لمدة 5 أيام"),
  )
  chinese = _rubrics(("before", "建议饭前服用"), ("after", "建议饭后服用"))

  assert _match(
      korean,
      "속성: 오후에 복용 하도록 안내했다\n판정: 아니요\n"
      "속성: 오전에 복용 하도록 안내했다\n판정: 예\n",
  )[0] == {"am": (1.0, _REWRITE), "pm": (0.0, _REWRITE)}
  assert _match(
      arabic,
      "الخاصية: نصح الوكيل بالراحة لمدة 5 ايام\nالحكم: لا\n"
      "الخاصية: نصحَ الوكيلُ بالراحة لمدة 3 أيام\nالحكم: نعم\n",
  )[0] == {"d3": (1.0, _TEXT), "d5": (0.0, _TEXT)}
  assert _match(
      chinese,
      "属性：建議飯後服用\n判定：否\n属性：建议饭前 服用\n判定：是\n",
  )[0] == {"before": (1.0, _TEXT), "after": (0.0, _TEXT)}


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        ("回答對於退貨政策有說明", "回答对于退货政策有说明"),
        ("回答对于退货政策有说明", "回答對於退貨政策有說明"),
        ("回答說明了週末的營業時間", "回答说明了周末的营业时间"),
        ("助手表示徵得用戶同意", "助手表示征得用户同意"),
    ],
    ids=["duiyu_simplified", "duiyu_traditional", "zhoumo", "zhengde"],
)
def test_one_to_many_characters_fold_where_they_tell_no_rubrics_apart(
    rubric: str, written: str
):
  rubrics = _rubrics(("r", rubric), ("other", "回答提到了价格"))

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r": (1.0, _TEXT), "other": _NONE}


def test_a_one_to_many_fold_that_would_merge_two_rubrics_is_refused():
  # 於 and 于 are here two surnames: each block is the rubric it copies.
  rubrics = _rubrics(
      ("wu", "回答提到了於先生的預約"), ("gan", "回答提到了于先生的預約")
  )

  outcomes, _ = _match(
      rubrics,
      "Property: 回答提到了于先生的预约\nVerdict: yes\n"
      "Property: 回答提到了於先生的預約\nVerdict: no\n",
  )

  assert outcomes == {"wu": (0.0, _TEXT), "gan": (1.0, _TEXT)}
