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

"""The traditional-to-simplified Han table behind the `han_simplified` fold.

`_han_variants.TRADITIONAL_TO_SIMPLIFIED` is read as whitespace-separated
pairs, a traditional character then its simplified form. Folding text with
it must be idempotent, so no simplified form may itself be folded again, and
no two traditional characters of different meaning may fold to one
simplified form: only regional spellings of one character share it.
"""

from __future__ import annotations

from google.adk.evaluation import _han_variants
from google.adk.evaluation import _rubric_folding
from google.adk.evaluation._rubric_scripts import han
import pytest

from . import test_rubric_folding_script_steps as script_steps
from . import test_rubric_folding_steps as steps

_PAIRS = _han_variants.TRADITIONAL_TO_SIMPLIFIED.split()
_TABLE = {pair[0]: pair[1] for pair in _PAIRS}


def _is_cjk_unified_ideograph(char: str) -> bool:
  return "\u4e00" <= char <= "\u9fff" or "\u3400" <= char <= "\u4dbf"


def test_every_pair_is_two_characters():
  assert [pair for pair in _PAIRS if len(pair) != 2] == []


def test_table_has_the_generated_number_of_pairs():
  assert len(_PAIRS) == 2700


def test_traditional_characters_are_unique():
  assert len(_TABLE) == len(_PAIRS)


def test_pairs_are_sorted_by_traditional_character():
  assert _PAIRS == sorted(_PAIRS)


def test_no_character_maps_to_itself():
  assert [t for t, s in _TABLE.items() if t == s] == []


def test_no_simplified_form_is_folded_again():
  assert sorted(set(_TABLE.values()) & set(_TABLE)) == []


def test_every_character_is_a_cjk_unified_ideograph():
  chars = "".join(_PAIRS)

  assert [c for c in chars if not _is_cjk_unified_ideograph(c)] == []


@pytest.mark.parametrize(
    "traditional, simplified",
    [
        ("後", "后"),
        ("飯", "饭"),
        ("說", "说"),
        ("國", "国"),
        ("學", "学"),
        ("藥", "药"),
        ("醫", "医"),
        ("確", "确"),
        ("認", "认"),
        ("體", "体"),
        ("應", "应"),
        ("為", "为"),
        ("裡", "里"),
        ("發", "发"),
        ("簽", "签"),
        ("鐘", "钟"),
    ],
)
def test_well_known_traditional_character_has_its_simplified_form(
    traditional: str, simplified: str
):
  assert _TABLE[traditional] == simplified
  assert _rubric_folding.fold(traditional) == (simplified,)


@pytest.mark.parametrize("char", ["前", "后", "饭", "人"])
def test_simplified_or_shared_character_is_not_folded(char: str):
  assert char not in _TABLE
  assert _rubric_folding.fold(char) == (char,)


@pytest.mark.parametrize(
    ("traditional", "simplified"),
    [
        ("確認了旅客的出發日期", "确认了旅客的出发日期"),
        ("建議飯後服用", "建议饭后服用"),
        ("這種藥物的副作用", "这种药物的副作用"),
    ],
)
def test_traditional_sentences_fold_to_their_simplified_spelling(
    traditional: str, simplified: str
):
  assert _rubric_folding.fold(traditional) == _rubric_folding.fold(simplified)


def test_every_pair_folds_alike_and_folding_twice_changes_nothing():
  for traditional, simplified in _TABLE.items():
    folded = _rubric_folding.fold(traditional)
    assert folded == _rubric_folding.fold(simplified) == (simplified,)
    assert _rubric_folding.fold("".join(folded)) == folded


@pytest.mark.parametrize(
    "char",
    [
        "乾",  # 乾坤 in simplified text too; 干 is also 幹 (do)
        "著",  # 著作 in simplified text too
        "髮",  # 发 is 發 (send) by default
        "麵",  # 面 is 面 (face) by default
        "係",  # 系 is 系 (system) by default
        "覆",  # 覆盖 in simplified text too
    ],
)
def test_character_whose_simplified_form_means_another_is_not_folded(
    char: str,
):
  assert char not in _TABLE


def test_simplified_forms_are_shared_only_by_regional_forms():
  by_simplified = {}
  for traditional, simplified in _TABLE.items():
    by_simplified.setdefault(simplified, []).append(traditional)
  shared = {s: "".join(t) for s, t in by_simplified.items() if len(t) > 1}

  # OpenCC's own traditional form and the Taiwan or Hong Kong one (為 爲).
  assert shared == {
      "伪": "偽僞",
      "启": "啓啟",
      "妫": "媯嬀",
      "娴": "嫺嫻",
      "沩": "溈潙",
      "湿": "溼濕",
      "为": "為爲",
      "众": "眾衆",
      "线": "綫線",
      "缊": "緼縕",
      "缰": "繮韁",
      "钵": "缽鉢",
      "蕴": "藴蘊",
      "里": "裏裡",
      "说": "說説",
      "辒": "輼轀",
      "酝": "醖醞",
      "钩": "鈎鉤",
      "锐": "銳鋭",
      "阅": "閱閲",
      "鳁": "鰛鰮",
  }


# The `han_simplified` step of `_rubric_scripts.han`.
_HAN_STEP_PAIRS = [("飯後服用", "饭后服用"), ("確認了用戶", "确认了用户")]


def test_every_step_is_tested():
  assert sorted(name for name, _ in _rubric_folding.FOLD_STEPS) == sorted(
      [*steps._STEP_PAIRS, *script_steps.STEP_PAIRS, "han_simplified"]
  )


@pytest.mark.parametrize(("a", "b"), _HAN_STEP_PAIRS)
def test_the_han_step_alone_makes_its_spellings_equal(
    monkeypatch: pytest.MonkeyPatch, a: str, b: str
):
  steps.test_each_step_alone_makes_its_spellings_equal(
      monkeypatch, "han_simplified", a, b
  )


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("確認している", ("确", "认", "シ", "テ", "イ", "ル")),
        ("1日2錠", ("1", "日", "2", "锭")),
        ("日本語\u00a0text", ("日", "本", "语", "text")),
    ],
)
def test_han_tokens_are_folded_to_their_simplified_form(text: str, tokens):
  assert _rubric_folding.fold(text) == tokens


def test_one_to_many_characters_are_left_to_the_matcher():
  # 於 also stands in simplified text: `fold` keeps it, and the matcher
  # folds it to 于 only where no two rubrics are told apart by the two.
  assert _rubric_folding.fold("對於") == ("对", "於")
  assert han.CONTEXTUAL_FOLDS["於"] == "于"
  assert han.CONTEXTUAL_FOLDS["週"] == "周"
  assert not set(han.CONTEXTUAL_FOLDS) & set(han.CONTEXTUAL_FOLDS.values())
