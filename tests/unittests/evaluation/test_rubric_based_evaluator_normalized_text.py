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

"""Property texts are compared after documented normalization.

Without a usable id, a block reaches a rubric by a property text the judge
rewrote without changing it for a reader (full-width letters, markdown),
with the same signs; a text that several rubrics share after normalization
reaches none of them.
"""

from __future__ import annotations

from typing import Optional

from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.rubric_based_final_response_quality_v1 import RubricBasedFinalResponseQualityV1Evaluator
from google.adk.models.llm_response import LlmResponse
from google.genai import types as genai_types
import pytest


def _score(
    rubrics: dict[str, str], answer: str
) -> tuple[Optional[float], dict[str, Optional[float]]]:
  """Scores one judge answer; returns the score and the scored rubrics."""
  criterion = RubricsBasedCriterion(
      threshold=0.5,
      judge_model_options=JudgeModelOptions(num_samples=1),
      rubrics=[
          Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
          for i, t in rubrics.items()
      ],
  )
  evaluator = RubricBasedFinalResponseQualityV1Evaluator(
      EvalMetric(
          metric_name="rubric_based_final_response_quality_v1",
          criterion=criterion,
      )
  )
  evaluator.create_effective_rubrics_list(None)
  result = evaluator.convert_auto_rater_response_to_score(
      LlmResponse(
          content=genai_types.Content(
              role="model", parts=[genai_types.Part(text=answer)]
          )
      )
  )
  scored = {
      s.rubric_id: s.score for s in result.rubric_scores if s.score is not None
  }
  return result.score, scored


def test_a_decorated_id_and_a_respelled_text_reach_their_rubrics():
  score, scored = _score(
      {"r1": "The response is polite.", "r2": "ユーザーの年齢を確認している"},
      "ID: **R1**\nVerdict: yes\n\n"
      "Property: **ﾕｰｻﾞｰの年齢を確認している。**\nVerdict: no\n",
  )

  assert scored == {"r1": 1.0, "r2": 0.0}
  assert score == 0.5


def test_a_text_that_two_rubrics_fold_to_reaches_neither():
  score, scored = _score(
      {
          "a": "ユーザーの年齢を確認している",
          "b": "「ユーザー」の年齢を確認している",
      },
      "Property: ユーザーの年齢を確認している!\nVerdict: yes\n",
  )

  assert scored == {}
  assert score is None


@pytest.mark.parametrize(
    ("rubric", "echoed"),
    [
        ("Recommends ≤ 2 tablets per day.", "Recommends ≥ 2 tablets per day."),
        ("Says it is -5 degrees outside.", "Says it is +5 degrees outside."),
        ("Says it is -5 degrees outside.", "Says it is 5 degrees outside."),
        ("Quotes the price in $.", "Quotes the price in €."),
    ],
    ids=["le_ge", "minus_plus", "minus_dropped", "currency"],
)
def test_a_text_that_differs_in_a_sign_reaches_no_rubric(rubric, echoed):
  # Folding drops symbols; the texts must still give the same signs.
  score, scored = _score({"r1": rubric}, f"Property: {echoed}\nVerdict: yes\n")

  assert scored == {}
  assert score is None


def test_exact_echoes_of_texts_that_differ_only_in_a_sign_reach_their_rubrics():
  score, scored = _score(
      {"gt": "Price > 100", "lt": "Price < 100"},
      "Property: Price > 100\nVerdict: yes\n\n"
      "Property: Price < 100\nVerdict: no\n",
  )

  assert scored == {"gt": 1.0, "lt": 0.0}
  assert score == 0.5
