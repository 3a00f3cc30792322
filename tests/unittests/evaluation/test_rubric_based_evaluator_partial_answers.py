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

"""An answer that leaves an effective rubric without a verdict is not scored.

A sample score is the mean of its rubrics' verdicts, so a verdict missing
for one rubric would let the others stand in for it: r1 and r3 met and r2
skipped would score 1.0 where the judge was asked about three rubrics. The
parser already refuses a partial parse for this reason; these tests pin the
same rule for an answer that parses but misses a rubric.
"""

from __future__ import annotations

import logging

from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.rubric_based_evaluator import RubricBasedEvaluator
from google.adk.evaluation.rubric_based_final_response_quality_v1 import RubricBasedFinalResponseQualityV1Evaluator
from google.adk.evaluation.rubric_based_tool_use_quality_v1 import RubricBasedToolUseV1Evaluator
from google.adk.models.llm_response import LlmResponse
from google.genai import types as genai_types
import pytest

_RUBRICS = {
    "r1": "The response is polite.",
    "r2": "The response states the price.",
    "r3": "The response is in English.",
}


def _evaluator(cls: type[RubricBasedEvaluator]) -> RubricBasedEvaluator:
  criterion = RubricsBasedCriterion(
      threshold=0.5,
      judge_model_options=JudgeModelOptions(num_samples=1),
      rubrics=[
          Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
          for i, t in _RUBRICS.items()
      ],
  )
  evaluator = cls(EvalMetric(metric_name="rubrics", criterion=criterion))
  evaluator.create_effective_rubrics_list(None)
  return evaluator


def _answer(*blocks: tuple[str, str, str]) -> LlmResponse:
  text = "\n\n".join(
      f"ID: {rubric_id}\nProperty: {text}\nRationale: Reasons.\n"
      f"Verdict: {verdict}"
      for rubric_id, text, verdict in blocks
  )
  return LlmResponse(
      content=genai_types.Content(
          role="model", parts=[genai_types.Part(text=text)]
      )
  )


_R1 = ("r1", _RUBRICS["r1"], "yes")
_R3 = ("r3", _RUBRICS["r3"], "yes")

_PARTIAL = {
    "skipped": _answer(_R1, _R3),
    "neither_yes_nor_no": _answer(_R1, ("r2", _RUBRICS["r2"], "maybe"), _R3),
    "matches_no_rubric": _answer(
        _R1, ("r9", "The response states the cost.", "no"), _R3
    ),
}

_EVALUATORS = [
    RubricBasedFinalResponseQualityV1Evaluator,
    RubricBasedToolUseV1Evaluator,
]


def _warnings(caplog) -> list[str]:
  return [
      r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING
  ]


@pytest.mark.parametrize("cls", _EVALUATORS)
def test_a_complete_answer_is_scored_as_before(cls, caplog):
  evaluator = _evaluator(cls)

  with caplog.at_level(logging.WARNING):
    score = evaluator.convert_auto_rater_response_to_score(
        _answer(_R1, ("r2", _RUBRICS["r2"], "no"), _R3)
    )

  assert score.score == pytest.approx(2 / 3)
  assert [(r.rubric_id, r.score) for r in score.rubric_scores] == [
      ("r1", 1.0),
      ("r2", 0.0),
      ("r3", 1.0),
  ]
  assert not _warnings(caplog)


@pytest.mark.parametrize("cls", _EVALUATORS)
@pytest.mark.parametrize("answer", list(_PARTIAL), ids=list(_PARTIAL))
def test_an_answer_without_a_verdict_for_a_rubric_gives_no_score(
    cls, answer: str, caplog
):
  evaluator = _evaluator(cls)

  with caplog.at_level(logging.WARNING):
    score = evaluator.convert_auto_rater_response_to_score(_PARTIAL[answer])

  assert score.score is None
  # Whatever the answer's rubric scores list, r2 has none, and no other
  # rubric has a verdict the judge did not give it.
  scored = {r.rubric_id: r.score for r in score.rubric_scores}
  assert scored.get("r2") is None
  assert {i: s for i, s in scored.items() if s is not None}.items() <= {
      "r1": 1.0,
      "r3": 1.0,
  }.items()
  # One warning names the rubric without a verdict.
  assert len([m for m in _warnings(caplog) if "r2" in m]) == 1


def test_an_answer_with_no_block_gives_one_warning(caplog):
  evaluator = _evaluator(RubricBasedFinalResponseQualityV1Evaluator)
  response = LlmResponse(
      content=genai_types.Content(
          role="model", parts=[genai_types.Part(text="All good.")]
      )
  )

  with caplog.at_level(logging.WARNING):
    score = evaluator.convert_auto_rater_response_to_score(response)

  assert score.score is None
  assert all(r.score is None for r in score.rubric_scores)
  assert len(_warnings(caplog)) == 1
