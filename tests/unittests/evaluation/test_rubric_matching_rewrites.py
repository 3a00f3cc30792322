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

"""Tests for the rewrite tier of `_rubric_matching`.

Without a usable id, a property text attaches to the one rubric it differs
from by a few words and sides with against every other: it respells a word
(Korean spacing, a kana spelling, `listed` / `lists`), adds words no rubric
has or leaves out words another rubric has too, and what it keeps holds a
word that only that rubric has. A number, a negation, a word beside a
number, or a word that only that rubric has never changes.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_matching
import pytest

from .rubric_matching_cases import match as _match
from .rubric_matching_cases import NONE as _NONE
from .rubric_matching_cases import PHARMACY as _PHARMACY
from .rubric_matching_cases import reasons as _reasons
from .rubric_matching_cases import rubrics as _rubrics
from .rubric_matching_cases import TABLETS as _TABLETS
from .rubric_matching_cases import TURNS as _TURNS

_TEXT = _rubric_matching.TIER_TEXT
_REWRITE = _rubric_matching.TIER_REWRITE


# The rewrite tier: accepted rewrites.


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        ("副作用等のリスクを説明している", "副作用などのリスクを説明している"),
        ("服用方法を含めて回答している", "服用方法をふくめて回答している"),
        ("복용 중인 약을 확인한다", "복용중인 약을 확인한다"),
    ],
    ids=["kana_for_kanji", "kana_for_kanji_verb", "spacing_ko"],
)
def test_spellings_of_the_rubric_attach(rubric: str, written: str):
  rubrics = _rubrics(("r", rubric), ("other", "The user asks about the price"))

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r": (1.0, _REWRITE), "other": _NONE}


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        (
            "The agent lists the side effects",
            "The agent listed the side effects",
        ),
        (
            "The response links to the size guide",
            "The response links to the sizing guide",
        ),
        (
            "1日2錠を服用するよう説明している",
            "1日2錠を服用するように説明している",
        ),
        ("回答说明了药物副作用", "回答说明了药物的副作用"),
    ],
    ids=[
        "inflection_en",
        "stem_en",
        "particle_added_ja",
        "particle_added_zh",
    ],
)
def test_light_rewordings_attach(rubric: str, written: str):
  # A word respelled with the same stem, or a word added that no rubric
  # has, leaves the block on its rubric.
  rubrics = _rubrics(("r", rubric), ("other", "The user asks about the price"))

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r": (1.0, _REWRITE), "other": _NONE}


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        ("副作用を説明している", "副作用を説明しています"),
        ("오전에 복용하도록 안내했다", "오전에 복용하도록 안내한다"),
        ("回答说明了药物的副作用", "回答说明药物的副作用"),
        ("ذكر الوكيل الجرعة", "ذكر الوكيل والجرعة"),
        ("左目に点眼するよう案内している", "みぎ目に点眼するよう案内している"),
        (
            "The agent asks for the employer's address",
            "The agent asks for the employee's address",
        ),
        (
            "The response links to the color chart",
            "The response links to the colour chart",
        ),
    ],
    ids=[
        "inflection_ja_polite",
        "inflection_ko",
        "chinese_particle_dropped",
        "arabic_conjunction",
        "kana_of_another_word",
        "one_letter_changes_the_word",
        "one_letter_added",
    ],
)
def test_a_word_only_the_rubric_has_never_changes(rubric: str, written: str):
  # The other rubric shares none of these words: each one the block leaves
  # out or replaces names its rubric, and one letter can change what it
  # names (employer / employee), so even `colour` for `color` stays out.
  rubrics = _rubrics(("r", rubric), ("other", "The user asks about the price"))

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"r": _NONE, "other": _NONE}


def test_seed_case_attaches_without_ids():
  outcomes, report = _match(
      _PHARMACY,
      "Property: ユーザーの服用中の薬を確認している\nVerdict: yes\n"
      "Property: 副作用などのリスクを説明している\nVerdict: yes\n"
      "Property: 服用方法をふくめて回答している\nVerdict: no\n",
  )

  assert outcomes == {
      "r1": (1.0, _TEXT),
      "r2": (1.0, _REWRITE),
      "r3": (0.0, _REWRITE),
  }
  assert report.warning_message() is None


def test_a_polite_form_is_no_spelling_of_either_rubric():
  outcomes, _ = _match(
      _rubrics(
          ("mentions", "回答は眠気の副作用に言及している"),
          ("omits", "回答は眠気の副作用に言及していない"),
      ),
      "Property: 回答は眠気の副作用に言及しています\nVerdict: yes",
  )

  assert outcomes == {"mentions": _NONE, "omits": _NONE}


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("The agent lists the side effects", "effects"),
        ("The agent states the price today", "price"),
        ("The agent states the price of the drug", None),
    ],
    ids=["shared_words_left_out", "shared_word_left_out", "own_word_left_out"],
)
def test_words_other_rubrics_share_may_be_left_out(written: str, expected):
  # `of the drug` is in both rubrics; `today` is only `price`'s.
  rubrics = _rubrics(
      ("effects", "The agent lists the side effects of the drug"),
      ("price", "The agent states the price of the drug today"),
  )

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {
      k: (1.0, _REWRITE) if k == expected else _NONE for k in outcomes
  }


@pytest.mark.parametrize(
    ("rubrics", "answer", "expected"),
    [
        (
            _rubrics(
                ("sku1", "Ассистент называет цену товара SKU-1"),
                ("sku2", "Ассистент называет цену товара SKU-2"),
            ),
            "Property: Ассистент назвал цену товара SKU-2\nVerdict: yes",
            {"sku1": _NONE, "sku2": (1.0, _REWRITE)},
        ),
        (
            _rubrics(
                ("tax", "The agent calls the tax office for the user"),
                ("bank", "The agent calls the bank for the user"),
            ),
            "Property: The agent phoned the bank for the user\nVerdict: yes",
            {"tax": _NONE, "bank": (1.0, _REWRITE)},
        ),
    ],
    ids=["inflection_ru", "synonym_en"],
)
def test_a_word_every_rubric_has_may_be_replaced(rubrics, answer, expected):
  outcomes, _ = _match(rubrics, answer)

  assert outcomes == expected


@pytest.mark.parametrize(
    "written",
    [
        # `with` is not in every rubric: it tells `with` from `alone` apart.
        "The agent takes the tablet using water",
        # Left out (`tablet`, which `alone` has too) and added at once.
        "The agent takes the pill with water",
        # Four words added that no rubric has.
        "The agent very carefully and slowly takes the tablet with water",
    ],
    ids=["replaced_word_not_in_every_rubric", "replaced_elsewhere", "too_many"],
)
def test_a_word_replaced_must_be_in_every_rubric(written: str):
  rubrics = _rubrics(
      ("with", "The agent takes the tablet with water"),
      ("alone", "The agent takes the tablet alone"),
      ("other", "The agent asks about allergies"),
  )

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert set(outcomes.values()) == {_NONE}


@pytest.mark.parametrize(
    ("rubrics", "written"),
    [
        (
            _rubrics(
                ("r1", "Delivers within 5 days of the order"),
                ("r2", "Delivers within 3 days of the order"),
            ),
            "Delivers within 5 weeks of the order",
        ),
        (
            _rubrics(
                ("r1", "Books the 9 am visit for Monday"),
                ("r2", "Books the 10 am visit for Tuesday"),
            ),
            "Books the 9 pm visit for Monday",
        ),
        (
            _rubrics(("r1", "Delivers within 5 days"), ("r2", "Delivers soon")),
            "Delivers within 5 business days",
        ),
        (
            _rubrics(
                ("r1", "预约上午十点的门诊"), ("r2", "预约下午十点的门诊")
            ),
            "预约晚上十点的门诊",
        ),
    ],
    ids=["unit_replaced", "time_of_day_replaced", "word_added", "han_unit"],
)
def test_a_word_beside_a_number_never_changes(rubrics, written: str):
  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert set(outcomes.values()) == {_NONE}


def test_one_han_character_for_another_is_another_word():
  # `后` is in every rubric, but in Han one character for another is a
  # changed word (饭后, after meals; 饭前, before meals).
  rubrics = _rubrics(
      ("a", "提醒用户饭后服用降压药"),
      ("b", "提醒用户饭后服用止痛药"),
  )

  outcomes, _ = _match(
      rubrics, "Property: 提醒用户饭前服用降压药\nVerdict: yes"
  )

  assert outcomes == {"a": _NONE, "b": _NONE}


def test_a_block_whose_words_another_rubric_holds_is_refused():
  # Every word the block keeps of `short` is in `long` too: it does not
  # side with `short` against `long`.
  rubrics = _rubrics(
      ("short", "The agent lists the side effects"),
      ("long", "The agent lists the side effects and the dose"),
  )

  outcomes, _ = _match(
      rubrics,
      "Property: The agent lists the side effects clearly\nVerdict: yes",
  )

  assert outcomes == {"short": _NONE, "long": _NONE}


# The rewrite tier: refused rewrites.


@pytest.mark.parametrize(
    ("rubrics", "written"),
    [
        (_TURNS, "In turn 4 the agent listed the side effects"),
        (_TURNS, "the agent listed the side effects"),
        (_TABLETS, "1日5錠を服用するように説明している"),
        (_TABLETS, "1日錠を服用するように説明している"),
        (_rubrics(("a", "أوصى بتناول 2 أقراص")), "أوصى بتناول ٣ أقراص"),
        (_rubrics(("a", "建议每天服用2次")), "建议每天服用二次"),
    ],
    ids=[
        "other_number",
        "number_dropped",
        "other_number_ja",
        "number_dropped_ja",
        "arabic_indic_digit",
        "han_numeral_for_digit",
    ],
)
def test_rewrites_must_keep_the_numbers(rubrics, written: str):
  outcomes, report = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert all(o == _NONE for o in outcomes.values())
  assert _reasons(report) == ["no rubric has this property text"]


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        (
            "The agent mentions the dosage",
            "The agent does not mention the dosage",
        ),
        ("副作用に言及している", "副作用に言及していない"),
        ("回答提到了副作用", "回答没提到副作用"),
        ("Der Agent nennt die Dosis", "Der Agent nennt die Dosis nicht"),
        ("ذكر الوكيل الجرعة", "لم يذكر الوكيل الجرعة"),
        ("Агент назвал дозу", "Агент не назвал дозу"),
        ("부작용을 설명했다", "부작용을 안 설명했다"),
    ],
    ids=["en", "ja", "zh", "de", "ar", "ru", "ko"],
)
def test_rewrites_must_keep_the_negations(rubric: str, written: str):
  outcomes, _ = _match(
      _rubrics(("a", rubric)), f"Property: {written}\nVerdict: yes"
  )

  assert outcomes == {"a": _NONE}


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        ("建议饭后服用药物", "建议饭前服用药物"),
        (
            "助手建议用户在饭后半小时服用这种药物",
            "助手建议用户在饭前半小时服用这种药物",
        ),
        # 薬 (Japanese) for 药 (simplified): not a pair of the Han table.
        ("询问了正在服用的药物", "询问了正在服用的薬物"),
        # 食後の (after meals) for 食前に (before meals) mixes kanji and kana
        # on both sides; it is not a kanji written out in kana.
        (
            "薬は食前に服用するよう説明している",
            "薬は食後の服用するよう説明している",
        ),
    ],
)
def test_a_replaced_han_character_is_another_sentence(rubric: str, written):
  outcomes, _ = _match(
      _rubrics(("a", rubric)), f"Property: {written}\nVerdict: yes"
  )

  assert outcomes == {"a": _NONE}


@pytest.mark.parametrize(
    "written",
    [
        "The agent lists the risks and benefits",
        "The agent listed the benefits clearly",
    ],
)
def test_a_word_of_another_rubric_refuses_the_rewrite(written: str):
  rubrics = _rubrics(
      ("risks", "The agent lists the risks clearly"),
      ("benefits", "The agent lists the benefits"),
  )

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"risks": _NONE, "benefits": _NONE}


def test_a_rewrite_takes_the_rubric_whose_own_spelling_it_keeps():
  # Both rubrics spell the same sentence; the block writes `など`, as only
  # `r2` does, and `ふくめて` for the `含めて` both have.
  outcomes, _ = _match(
      _rubrics(
          ("r1", "副作用等を含めて説明している"),
          ("r2", "副作用などを含めて説明している"),
      ),
      "Property: 副作用などをふくめて説明している\nVerdict: yes",
  )

  assert outcomes == {"r1": _NONE, "r2": (1.0, _REWRITE)}


def test_a_rewrite_of_several_rubrics_is_refused():
  # Each rubric's own spelling is in the block once: `など` is `r2`'s, `含`
  # is `r1`'s, and each rubric's other word is respelled in kana.
  outcomes, report = _match(
      _rubrics(
          ("r1", "副作用等を説明し含めて"),
          ("r2", "副作用などを説明しふくめて"),
      ),
      "Property: 副作用などを説明し含めて\nVerdict: yes",
  )

  assert outcomes == {"r1": _NONE, "r2": _NONE}
  assert _reasons(report) == ["its text could be any of rubrics 'r1', 'r2'"]


def test_a_paraphrase_is_no_rewrite():
  outcomes, _ = _match(
      _rubrics(("1", "Is the response good?")),
      "Property: Is the reply excellent?\nVerdict: yes",
  )

  assert outcomes == {"1": _NONE}


@pytest.mark.parametrize(
    ("written", "rubric"),
    [
        ("Ⅱ", "Ⅲ"),
        ("Ⅺ", "Ⅻ"),
        pytest.param("Ⅶ", "Ⅷ"),
        pytest.param("VII", "VIII"),
    ],
)
def test_roman_numerals_must_agree(written: str, rubric: str):
  outcomes, _ = _match(
      _rubrics(("a", f"Step {rubric} checks the dosage")),
      f"Property: Step {written} checks the dosage\nVerdict: yes",
  )

  assert outcomes == {"a": _NONE}


def test_near_identical_rubrics_without_ids_in_japanese():
  outcomes, report = _match(
      _TABLETS,
      "Property: 1日3錠を服用する様説明している\nVerdict: no\n"
      "Property: 1日5錠を服用する様説明している\nVerdict: yes\n"
      "Property: 1日2錠を服用する様説明している\nVerdict: yes\n"
      "Property: 1日3錠を服用する様説明している\nVerdict: yes\n",
  )

  assert outcomes == {
      "a": (1.0, _REWRITE),
      "b": (None, _REWRITE),
      "c": _NONE,
  }
  assert "different verdicts" in report.outcomes[1].reason


@pytest.mark.parametrize(
    ("rubric", "written"),
    [
        ("아버지가 방에 들어간 시간을 기록한다", "아버지 가방에 들어간 시간을 기록한다"),
        ("나무 가지를 자른다", "나무가 지를 자른다"),
    ],
    ids=["father_room_bag", "branch_subject"],
)  # fmt: skip
def test_a_moved_space_in_korean_is_another_sentence(rubric: str, written):
  # The same letters with a space moved read otherwise (father entered the
  # room / entered father's bag); only words joined or split are spellings.
  rubrics = _rubrics(
      ("r", rubric), ("other", "어머니가 집을 나간 시간을 기록한다")
  )

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: 예")

  assert outcomes == {"r": _NONE, "other": _NONE}
