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

"""How a rubric's judge samples voted, and a tie that is no verdict.

With several judge samples, each rubric takes the majority of the samples
that gave it a verdict. Its result now says how they voted, and a tie (as
many yes as no) leaves it unscored: stock broke ties toward no, so `yes`,
no verdict, `no` was silently scored 0.0.
"""

from __future__ import annotations

from typing import Optional

from google.adk.cli.cli_eval import _invocation_fields
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import EvalMetricResult
from google.adk.evaluation.eval_metrics import EvalMetricResultDetails
from google.adk.evaluation.eval_metrics import EvalMetricResultPerInvocation
from google.adk.evaluation.eval_rubrics import RubricScore
from google.adk.evaluation.evaluator import EvalStatus
from google.adk.evaluation.evaluator import PerInvocationResult
from google.adk.evaluation.rubric_based_evaluator import MajorityVotePerInvocationResultsAggregator
from google.genai import types as genai_types
import pytest

_NO_VERDICT = "verdict 'maybe' is not a yes or a no"
_INVOCATION = Invocation(
    user_content=genai_types.Content(
        role="user", parts=[genai_types.Part(text="服用間隔は？")]
    )
)


def _sample(score: Optional[float]) -> PerInvocationResult:
  """One judge sample's verdict on rubric r1 (None: no verdict)."""
  return PerInvocationResult(
      actual_invocation=_INVOCATION,
      rubric_scores=[
          RubricScore(
              rubric_id="r1",
              score=score,
              rationale=f"rationale {score}",
              unscored_reason=None if score is not None else _NO_VERDICT,
          ),
          RubricScore(rubric_id="r2", score=1.0),
      ],
  )


def _aggregate(*scores: Optional[float]) -> PerInvocationResult:
  return MajorityVotePerInvocationResultsAggregator().aggregate(
      [_sample(score) for score in scores], threshold=0.5
  )


@pytest.mark.parametrize(
    "scores, expected_score, votes",
    [
        ((1.0, 1.0, 0.0), 1.0, "2 yes, 1 no"),
        ((0.0, 0.0, 1.0), 0.0, "1 yes, 2 no"),
        (
            (1.0, 1.0, None),
            1.0,
            f"2 yes, 0 no, 1 unscored (judge sample 3: {_NO_VERDICT})",
        ),
        (
            (None, 0.0, None, 0.0, 1.0),
            0.0,
            (
                "1 yes, 2 no, 2 unscored (judge sample 1: "
                f"{_NO_VERDICT}; judge sample 3: {_NO_VERDICT})"
            ),
        ),
    ],
)
def test_a_majority_says_how_the_samples_voted(
    scores: tuple[Optional[float], ...],
    expected_score: float,
    votes: str,
):
  result = _aggregate(*scores)

  r1, r2 = result.rubric_scores
  assert (r1.rubric_id, r1.score, r1.sample_votes) == (
      "r1",
      expected_score,
      votes,
  )
  # The rationale is the first majority sample's, as before.
  assert r1.rationale == f"rationale {expected_score}"
  assert r2.sample_votes == f"{len(scores)} yes, 0 no"


@pytest.mark.parametrize(
    "scores, votes",
    [
        ((1.0, 0.0), "1 yes, 1 no"),
        (
            (1.0, None, 0.0),
            f"1 yes, 1 no, 1 unscored (judge sample 2: {_NO_VERDICT})",
        ),
        ((0.0, 1.0, 1.0, 0.0), "2 yes, 2 no"),
    ],
)
def test_a_tie_is_unscored_and_suggests_an_odd_num_samples(
    scores: tuple[Optional[float], ...], votes: str
):
  result = _aggregate(*scores)

  r1 = result.rubric_scores[0]
  assert (r1.score, r1.rationale, r1.sample_votes) == (None, None, votes)
  assert r1.unscored_reason == (
      f"the judge samples tied ({votes}); an odd num_samples avoids most ties"
  )
  # An invocation with a rubric without a verdict has no score.
  assert (result.score, result.eval_status) == (
      None,
      EvalStatus.NOT_EVALUATED,
  )


def test_one_sample_has_no_votes():
  result = _aggregate(1.0)

  assert [s.sample_votes for s in result.rubric_scores] == [None, None]
  assert "sample_votes" not in result.rubric_scores[0].model_dump(
      exclude_none=False
  )


def test_detailed_results_print_the_votes():
  votes = f"2 yes, 0 no, 1 unscored (judge sample 3: {_NO_VERDICT})"
  per_invocation = EvalMetricResultPerInvocation(
      actual_invocation=_INVOCATION,
      eval_metric_results=[
          EvalMetricResult(
              metric_name="rubric_based_final_response_quality_v1",
              threshold=0.5,
              score=1.0,
              eval_status=EvalStatus.PASSED,
              details=EvalMetricResultDetails(
                  rubric_scores=[
                      RubricScore(
                          rubric_id="r1",
                          score=1.0,
                          rationale="ok",
                          sample_votes=votes,
                      )
                  ]
              ),
          )
      ],
  )

  fields = dict(_invocation_fields(per_invocation))

  assert fields["rubric"] == f"r1\nScore: 1.0, Reasoning: ok\nVotes: {votes}"
