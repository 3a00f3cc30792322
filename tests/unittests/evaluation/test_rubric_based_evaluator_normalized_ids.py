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

"""Echoed ids are compared after documented normalization.

A block reaches a rubric by an id the judge decorated (`**R1**`, `[id: r1]`,
`R1.`, full-width letters); an id that several rubrics share after
normalization reaches none of them, and an exact id still names its own.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_ids
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.rubric_based_final_response_quality_v1 import RubricBasedFinalResponseQualityV1Evaluator
import pytest

from .judge_prompt_cases import judge_answer

_TEXTS = ("The response is polite.", "The response is short.")


def _scored(rubric_ids: list[str], answer: str) -> dict[str, float]:
  """The rubrics one judge answer scores, by id; no block copies a text."""
  rubrics = [
      Rubric(rubric_id=i, rubric_content=RubricContent(text_property=text))
      for i, text in zip(rubric_ids, _TEXTS)
  ]
  metric = EvalMetric(
      metric_name="rubric_based_final_response_quality_v1",
      criterion=RubricsBasedCriterion(threshold=0.5, rubrics=rubrics),
  )
  evaluator = RubricBasedFinalResponseQualityV1Evaluator(metric)
  evaluator.create_effective_rubrics_list(None)
  result = evaluator.convert_auto_rater_response_to_score(judge_answer(answer))
  return {s.rubric_id: s.score for s in result.rubric_scores or []}


@pytest.mark.parametrize(
    "echo",
    ["r1", "R1", "**r1**", "`r1`", "[id: r1]", "r1.", "ｒ１", "\u200fr1\u200f"],
)
def test_an_echoed_id_is_read_back_without_its_decoration(echo: str):
  assert _rubric_ids.normalize_rubric_id(echo) == "r1"


@pytest.mark.parametrize("value", [None, "", "  ", "**", 1])
def test_no_id_normalizes_to_nothing(value: object):
  assert _rubric_ids.normalize_rubric_id(value) == ""


def test_a_decorated_id_reaches_its_rubric():
  scored = _scored(
      ["r1", "r2"],
      "ID: **R1**\nProperty: other words\nRationale: ok\nVerdict: yes\n\n"
      "ID: ｒ２.\nProperty: more words\nRationale: ok\nVerdict: no\n",
  )

  assert scored == {"r1": 1.0, "r2": 0.0}


def test_an_id_that_two_rubrics_normalize_to_reaches_neither():
  scored = _scored(
      ["Q1", "q1"],
      "ID: Q1\nProperty: a\nRationale: ok\nVerdict: yes\n\n"
      "ID: q1\nProperty: b\nRationale: ok\nVerdict: no\n\n"
      "ID: Q1.\nProperty: c\nRationale: ok\nVerdict: no\n",
  )

  # Exact ids still name their rubrics; `Q1.` names both once normalized,
  # so its "no" reaches neither.
  assert scored == {"Q1": 1.0, "q1": 0.0}
