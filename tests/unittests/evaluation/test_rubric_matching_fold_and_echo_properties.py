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

"""Properties of the one-to-many Han folds and of echoed worked examples.

Generated answers: traditional rubrics answered in simplified characters,
ids dropped and blocks shuffled, some rubrics told apart by a one-to-many
pair (`於` / `于`); and answers that echo a template's worked example
(ids `1`, `2`, `3`) at random places. Every honest block says yes and
every decoy says no, so a rubric scored no is a wrong attachment.
"""

from __future__ import annotations

import os

from google.adk.evaluation import _han_variants
from google.adk.evaluation import _rubric_matching
from google.adk.evaluation import _rubric_parsing
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

_EXAMPLES = int(os.environ.get("RUBRIC_MATCHING_EXAMPLES", "200"))
_SETTINGS = settings(derandomize=True, max_examples=_EXAMPLES, deadline=None)

_SIMPLIFIED = {
    pair[0]: pair[1]
    for table in (
        _han_variants.TRADITIONAL_TO_SIMPLIFIED,
        _han_variants.CONTEXTUAL_PAIRS,
    )
    for pair in table.split()
}
# Traditional rubric texts, each with a one-to-many character (於, 週, 徵,
# 隻, 製, 鬆, 麵, 髮) and words no other text holds.
_TRADITIONAL = (
    "回答對於退貨政策有說明",
    "回答說明了週末的營業時間",
    "助手表示徵得用戶同意",
    "回答提到兩隻貓的飼養方法",
    "回答說明了產品的製造地點",
    "助手建議放鬆肩膀",
    "回答推薦了牛肉麵的做法",
    "回答說明了頭髮護理方法",
)
# Two rubrics told apart by the pair 於 / 于 (two surnames).
_SURNAMES = ("回答提到了於先生的預約", "回答提到了于先生的預約")


def _simplified(text: str) -> str:
  return "".join(_SIMPLIFIED.get(char, char) for char in text)


def _match(rubrics: list[tuple[str, str]], answer: str) -> dict[str, object]:
  report = _rubric_matching.match_rubric_responses(
      [
          Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
          for i, t in rubrics
      ],
      _rubric_parsing.parse_judge_answer(answer),
  )
  return {o.rubric_id: o.score for o in report.outcomes}


def _block(text: str, verdict: str, rubric_id: str = "") -> str:
  id_line = f"ID: {rubric_id}\n" if rubric_id else ""
  return f"{id_line}Property: {text}\nRationale: checked.\nVerdict: {verdict}"


@_SETTINGS
@given(
    st.lists(
        st.sampled_from(_TRADITIONAL), min_size=1, max_size=5, unique=True
    ),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_traditional_rubrics_answered_in_simplified_attach_and_never_wrongly(
    texts: list[str], surnames: bool, rng
):
  rubrics = [(f"r{k}", text) for k, text in enumerate(texts)]
  blocks = [_block(_simplified(text), "yes") for text in texts]
  if surnames:
    rubrics += [("wu", _SURNAMES[0]), ("gan", _SURNAMES[1])]
    # Each copied as written: the fold of 於 to 于 is refused here.
    blocks += [_block(_SURNAMES[0], "yes"), _block(_SURNAMES[1], "yes")]
  rng.shuffle(blocks)

  scores = _match(rubrics, "\n\n".join(blocks))

  assert 0.0 not in scores.values()
  # With the surnames, 於 no longer folds to 于 in this answer: a rubric
  # holding 於 answered 对于 is left unscored, never given another's verdict.
  refused = {i for i, text in rubrics if surnames and "於" in text}
  assert {i for i, score in scores.items() if score is None} <= refused - {"wu"}


@_SETTINGS
@given(
    st.lists(
        st.sampled_from(_TRADITIONAL), min_size=1, max_size=4, unique=True
    ),
    st.lists(st.sampled_from(("1", "2", "3", "4")), min_size=1, max_size=6),
    st.randoms(use_true_random=False),
)
def test_an_echoed_worked_example_never_gives_a_rubric_its_verdict(
    texts: list[str], echoed: list[str], rng
):
  examples = {
      "1": (
          "The final answer correctly identifies the total number of employees."
      ),
      "2": (
          "The final answer correctly states the average salary for the"
          " Marketing department."
      ),
      "3": "Does the agent run function call 'default_api.grammar_check'?",
      "4": "The final answer is formatted as a numbered list.",
  }
  # Rubric ids 1, 2, ...: the very ids the example blocks echo.
  rubrics = [(str(k + 1), text) for k, text in enumerate(texts)]
  blocks = [_block(text, "yes", rubric_id) for rubric_id, text in rubrics]
  for rubric_id in echoed:
    blocks.insert(
        rng.randrange(len(blocks) + 1),
        _block(examples[rubric_id], "no", rubric_id),
    )

  scores = _match(rubrics, "\n\n".join(blocks))

  assert set(scores.values()) == {1.0}
