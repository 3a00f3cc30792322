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

Without a usable id, a property text that is a spelling of exactly one
rubric's text attaches: Korean spacing, a word written in kana that the
rubric writes in Han characters, or a word that every rubric has in another
English inflection. A changed word, number or negation never does.
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
        ("副作用を説明している", "副作用を説明しています"),
        (
            "1日2錠を服用するよう説明している",
            "1日2錠を服用するように説明している",
        ),
        ("오전에 복용하도록 안내했다", "오전에 복용하도록 안내한다"),
        ("回答说明了药物副作用", "回答说明了药物的副作用"),
        ("回答说明了药物的副作用", "回答说明药物的副作用"),
        ("ذكر الوكيل الجرعة", "ذكر الوكيل والجرعة"),
        ("左目に点眼するよう案内している", "みぎ目に点眼するよう案内している"),
        ("人気が3くらいの店を案内している", "人気が3位の店を案内している"),
        (
            "The agent asks for the employer's address",
            "The agent asks for the employee's address",
        ),
    ],
    ids=[
        "inflection_en",
        "inflection_ja_polite",
        "inflection_ja_particle",
        "inflection_ko",
        "chinese_particle_added",
        "chinese_particle_dropped",
        "arabic_conjunction",
        "kana_of_another_word",
        "rank_for_about",
        "one_letter_changes_the_word",
    ],
)
def test_changed_words_are_not_spellings_and_stay_unscored(
    rubric: str, written: str
):
  # An inflection, a particle or a conjunction may change what the rubric
  # says (employer / employee): only spellings of the same text attach.
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


def test_a_word_every_rubric_has_may_be_inflected():
  # `lists` is in every rubric and tells none apart; `2` names `t2`.
  outcomes, _ = _match(
      _TURNS,
      "Property: In turn 2 the agent listed the side effects\nVerdict: yes",
  )

  assert outcomes == {"t1": _NONE, "t2": (1.0, _REWRITE), "t3": _NONE}


@pytest.mark.parametrize(
    ("rubric_word", "written_word"),
    [
        ("lists", "listing"),
        ("lists", "list"),
        ("terms", "term"),
        ("rate", "rating"),
        ("plan", "plane"),
    ],
)
def test_only_verb_endings_inflect(rubric_word: str, written_word: str):
  # A bare stem, `-ing` and `-e` make other words as often as they inflect
  # one (`terms` of a contract, a `rating` for a `rate`, a `plane`).
  rubrics = _rubrics(
      ("a", f"The agent {rubric_word} the offer for Alice"),
      ("b", f"The agent {rubric_word} the offer for Bruno"),
  )

  outcomes, _ = _match(
      rubrics,
      f"Property: The agent {written_word} the offer for Alice\nVerdict: yes",
  )

  assert outcomes == {"a": _NONE, "b": _NONE}


@pytest.mark.parametrize(
    ("rubrics", "written"),
    [
        # `card` is not in every rubric: a stem is no meaning (`car`).
        (
            _rubrics(
                ("card", "The agent blocks the card today"),
                ("phone", "The agent blocks the phone today"),
            ),
            "The agent blocks the car today",
        ),
        # `size` names its rubric; `sizing` may be another word.
        (
            _rubrics(
                ("size", "The response links to the size guide"),
                ("return", "The response links to the return policy"),
            ),
            "The response links to the sizing guide",
        ),
        # One rubric alone: no word is known to tell nothing apart.
        (
            _rubrics(("one", "The agent lists the side effects")),
            "The agent listed the side effects",
        ),
        # `shows` is in every rubric, `showed` in one: it names that one.
        (
            _rubrics(
                ("a", "The agent shows the price of item A"),
                ("b", "The agent shows the price of item B and showed it"),
            ),
            "The agent showed the price of item A",
        ),
    ],
    ids=["stem_of_a_name", "respelled_name", "single_rubric", "known_word"],
)
def test_only_a_word_every_rubric_has_is_inflected(rubrics, written: str):
  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert set(outcomes.values()) == {_NONE}


@pytest.mark.parametrize(
    "written",
    [
        "The agent fails to list the side effects",
        "The agent lists the side effects incorrectly",
        "The agent omits the side effects",
        "The agent lists only the side effects",
        "The agent the side effects lists",
    ],
    ids=["finding", "adverb", "verb_replaced", "word_added", "words_moved"],
)
def test_a_changed_word_every_rubric_has_stays_unscored(written: str):
  # Words every rubric has may still turn the property round: only their
  # inflection is read as the same word.
  rubrics = _rubrics(
      ("effects", "The agent lists the side effects"),
      ("dosage", "The agent lists the dosage"),
  )

  outcomes, _ = _match(rubrics, f"Property: {written}\nVerdict: yes")

  assert outcomes == {"effects": _NONE, "dosage": _NONE}


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


def test_a_rewrite_of_several_rubrics_is_refused():
  outcomes, report = _match(
      _rubrics(
          ("r1", "副作用等を含めて説明している"),
          ("r2", "副作用などを含めて説明している"),
      ),
      "Property: 副作用などをふくめて説明している\nVerdict: yes",
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
