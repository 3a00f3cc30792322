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

"""A rubric without a verdict is listed, explained, and never inflates.

Each test runs a rubric evaluator through `evaluate_invocations` against a
judge model registered in ADK's `LLMRegistry` that answers from a script:
for the invocation whose user message its prompt ends with, the n-th answer
of that invocation's list (the last one again past its end).

The rubrics are r1, r2 and r3; the judge finds r1 and r3 met and r2 not met,
but says so for r2 only in the last of the four answers of `_ROWS`.
"""

from __future__ import annotations

import logging
from typing import AsyncGenerator
from typing import ClassVar
from typing import Optional

from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import EvalStatus
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.eval_rubrics import RubricScore
from google.adk.evaluation.evaluator import EvaluationResult
from google.adk.evaluation.evaluator import PerInvocationResult
from google.adk.evaluation.rubric_based_evaluator import MajorityVotePerInvocationResultsAggregator
from google.adk.evaluation.rubric_based_evaluator import MeanInvocationResultsSummarizer
from google.adk.evaluation.rubric_based_evaluator import RubricBasedEvaluator
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types as genai_types
import pytest

from .judge_prompt_cases import judge_answer
from .judge_prompt_cases import prompt_text
from .rubric_matching_cases import EVALUATORS

_JUDGE = "fake-scripted-judge"
_FINAL_RESPONSE = "rubric_based_final_response_quality_v1"
_TOOL_USE = "rubric_based_tool_use_quality_v1"
_TRAJECTORY = "rubric_based_multi_turn_trajectory_quality_v1"
_SINGLE_TURN = (_FINAL_RESPONSE, _TOOL_USE)

_RUBRICS = {
    "r1": "The response is polite.",
    "r2": "The response states the price.",
    "r3": "The response is in English.",
}


def _block(rubric_id: str, verdict: Optional[str] = "yes") -> str:
  """One answer block; without a Verdict line when `verdict` is None."""
  block = (
      f"ID: {rubric_id}\nProperty: {_RUBRICS[rubric_id]}\n"
      f"Rationale: The judge's reasons for {rubric_id}.\n"
  )
  return block if verdict is None else f"{block}Verdict: {verdict}\n"


# The four judge answers of the issue: r2 cut off before its verdict, r2 not
# answered, r2 neither yes nor no, every rubric answered.
_ROWS = {
    "r2_cut_off": _block("r1") + _block("r3") + _block("r2", None),
    "r2_not_answered": _block("r1") + _block("r3"),
    "r2_maybe": _block("r1") + _block("r2", "maybe") + _block("r3"),
    "all_answered": _block("r1") + _block("r2", "no") + _block("r3"),
}


class _ScriptedJudge(BaseLlm):
  """Answers each invocation from `script`, keyed by its user message."""

  script: ClassVar[dict[str, list[str]]] = {}
  calls: ClassVar[dict[str, int]] = {}

  @classmethod
  def supported_models(cls) -> list[str]:
    return [_JUDGE]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    prompt = prompt_text(llm_request)
    # A multi-turn prompt holds every user message; the last one is judged.
    user = max(
        (u for u in _ScriptedJudge.script if u in prompt), key=prompt.rfind
    )
    answers = _ScriptedJudge.script[user]
    call = _ScriptedJudge.calls.get(user, 0)
    _ScriptedJudge.calls[user] = call + 1
    answer = answers[min(call, len(answers) - 1)]
    if isinstance(answer, Exception):
      raise answer
    yield judge_answer(answer)


@pytest.fixture(autouse=True)
def _judge():
  LLMRegistry.register(_ScriptedJudge)
  _ScriptedJudge.script = {}
  _ScriptedJudge.calls = {}


def _evaluator(
    metric_name: str,
    num_samples: int = 3,
    rubric_ids: tuple[str, ...] = ("r1", "r2", "r3"),
) -> RubricBasedEvaluator:
  criterion = RubricsBasedCriterion(
      threshold=0.5,
      judge_model_options=JudgeModelOptions(
          judge_model=_JUDGE, num_samples=num_samples
      ),
      rubrics=[
          Rubric(
              rubric_id=rubric_id,
              rubric_content=RubricContent(text_property=_RUBRICS[rubric_id]),
          )
          for rubric_id in rubric_ids
      ],
  )
  return EVALUATORS[metric_name](
      EvalMetric(metric_name=metric_name, criterion=criterion)
  )


def _invocation(
    user: str, rubrics: Optional[list[Rubric]] = None
) -> Invocation:
  return Invocation(
      invocation_id=f"id-{user}",
      user_content=genai_types.Content(
          role="user", parts=[genai_types.Part(text=user)]
      ),
      final_response=genai_types.Content(
          role="model", parts=[genai_types.Part(text="It costs 5 dollars.")]
      ),
      rubrics=rubrics,
  )


def _scores(rubric_scores: Optional[list[RubricScore]]) -> dict[str, object]:
  return {s.rubric_id: s.score for s in rubric_scores or ()}


async def _evaluate(
    metric_name: str, *answers_by_user: tuple[str, list], **options
) -> EvaluationResult:
  _ScriptedJudge.script = dict(answers_by_user)
  return await _evaluator(metric_name, **options).evaluate_invocations(
      [_invocation(user) for user, _ in answers_by_user]
  )


@pytest.mark.parametrize("metric_name", _SINGLE_TURN)
@pytest.mark.parametrize("row", list(_ROWS))
async def test_every_rubric_is_listed_and_only_a_full_answer_scores(
    metric_name: str, row: str
):
  result = await _evaluate(metric_name, ("How much is it?", [_ROWS[row]]))

  (invocation,) = result.per_invocation_results
  for rubric_scores in (invocation.rubric_scores, result.overall_rubric_scores):
    assert [s.rubric_id for s in rubric_scores] == ["r1", "r2", "r3"]
  r2 = invocation.rubric_scores[1]
  if row == "all_answered":
    assert result.overall_score == pytest.approx(2 / 3)
    assert result.overall_eval_status == EvalStatus.PASSED
    assert _scores(invocation.rubric_scores) == {
        "r1": 1.0,
        "r2": 0.0,
        "r3": 1.0,
    }
    assert r2.unscored_reason is None
    return
  assert (result.overall_score, result.overall_eval_status) == (
      None,
      EvalStatus.NOT_EVALUATED,
  )
  assert (invocation.score, invocation.eval_status) == (
      None,
      EvalStatus.NOT_EVALUATED,
  )
  assert _scores(invocation.rubric_scores) == {"r1": 1.0, "r2": None, "r3": 1.0}
  assert r2.unscored_reason.startswith("no verdict in any of 3 judge samples: ")
  assert result.overall_rubric_scores[1].unscored_reason == r2.unscored_reason


@pytest.mark.parametrize("row", list(_ROWS))
def test_every_sample_lists_every_rubric_and_is_scored_only_when_complete(
    row: str,
):
  evaluator = _evaluator(_FINAL_RESPONSE)
  evaluator.create_effective_rubrics_list(None)

  sample = evaluator.convert_auto_rater_response_to_score(
      judge_answer(_ROWS[row])
  )

  assert [s.rubric_id for s in sample.rubric_scores] == ["r1", "r2", "r3"]
  assert sample.score == (
      pytest.approx(2 / 3) if row == "all_answered" else None
  )
  for rubric_score in sample.rubric_scores:
    assert (rubric_score.score is None) == bool(rubric_score.unscored_reason)


def test_an_unscored_rubric_keeps_the_judges_rationale_apart_from_the_reason():
  evaluator = _evaluator(_FINAL_RESPONSE)
  evaluator.create_effective_rubrics_list(None)

  cut_off = evaluator.convert_auto_rater_response_to_score(
      judge_answer(_ROWS["r2_cut_off"])
  )
  empty = evaluator.convert_auto_rater_response_to_score(judge_answer(""))

  r2 = cut_off.rubric_scores[1]
  assert r2.rationale == "The judge's reasons for r2."
  assert r2.unscored_reason and "r2" not in r2.unscored_reason
  assert [(s.rationale, s.unscored_reason) for s in empty.rubric_scores] == [
      (None, "the judge's answer is empty")
  ] * 3


@pytest.mark.parametrize(
    "answers, r2_score",
    [
        # One sample says no, one leaves r2 out, one says maybe: no.
        (
            [
                _ROWS["all_answered"],
                _ROWS["r2_not_answered"],
                _ROWS["r2_maybe"],
            ],
            0.0,
        ),
        # Only one sample gives r2 a verdict, yes: yes, though 2 are silent.
        (
            [
                _block("r1") + _block("r2") + _block("r3"),
                _ROWS["r2_cut_off"],
                _ROWS["r2_not_answered"],
            ],
            1.0,
        ),
    ],
)
async def test_a_rubric_takes_the_majority_of_the_samples_that_judged_it(
    answers: list[str], r2_score: float
):
  result = await _evaluate(_FINAL_RESPONSE, ("How much is it?", answers))

  (invocation,) = result.per_invocation_results
  assert _scores(invocation.rubric_scores) == {
      "r1": 1.0,
      "r2": r2_score,
      "r3": 1.0,
  }
  assert invocation.score == pytest.approx((2 + r2_score) / 3)
  assert result.overall_score == invocation.score


async def test_an_invocation_without_a_verdict_unscores_the_whole_case():
  result = await _evaluate(
      _TOOL_USE,
      ("How much is it?", [_ROWS["all_answered"]]),
      ("And with tax?", [_ROWS["r2_not_answered"]]),
  )

  first, second = result.per_invocation_results
  assert (first.score, first.eval_status) == (
      pytest.approx(2 / 3),
      EvalStatus.PASSED,
  )
  assert (second.score, second.eval_status) == (None, EvalStatus.NOT_EVALUATED)
  assert (result.overall_score, result.overall_eval_status) == (
      None,
      EvalStatus.NOT_EVALUATED,
  )
  overall = {s.rubric_id: s for s in result.overall_rubric_scores}
  assert (overall["r1"].score, overall["r3"].score) == (1.0, 1.0)
  assert overall["r2"].score is None
  assert overall["r2"].unscored_reason == (
      "no verdict in invocation 2 of 2: "
      + second.rubric_scores[1].unscored_reason
  )


async def test_each_answer_is_matched_against_its_own_invocations_rubrics():
  def own_rubric(rubric_id: str) -> list[Rubric]:
    return [
        Rubric(
            rubric_id=rubric_id,
            rubric_content=RubricContent(text_property=_RUBRICS[rubric_id]),
            type="FINAL_RESPONSE_QUALITY",
        )
    ]

  _ScriptedJudge.script = {
      "How much is it?": [_block("r2", "no")],
      "And with tax?": [_block("r3")],
  }
  evaluator = _evaluator(_FINAL_RESPONSE, num_samples=1, rubric_ids=("r1",))

  result = await evaluator.evaluate_invocations([
      _invocation("How much is it?", own_rubric("r2")),
      _invocation("And with tax?", own_rubric("r3")),
  ])

  # Every prompt is written before the first answer is read; each answer is
  # still matched against the rubrics of the invocation it judges.
  assert [_scores(r.rubric_scores) for r in result.per_invocation_results] == [
      {"r1": None, "r2": 0.0},
      {"r1": None, "r3": 1.0},
  ]


async def test_a_failed_judge_call_lists_the_invocations_rubrics_as_unscored():
  result = await _evaluate(
      _FINAL_RESPONSE,
      ("How much is it?", [_ROWS["all_answered"]]),
      ("And with tax?", [RuntimeError("judge unavailable")]),
      num_samples=1,
  )

  failed = result.per_invocation_results[1]
  assert _scores(failed.rubric_scores) == {"r1": None, "r2": None, "r3": None}
  assert "judge model call failed" in failed.rubric_scores[0].unscored_reason
  assert result.overall_score is None
  assert result.overall_eval_status == EvalStatus.NOT_EVALUATED


async def test_warnings_name_the_metric_the_invocation_and_the_sample(
    caplog: pytest.LogCaptureFixture,
):
  with caplog.at_level(logging.WARNING):
    await _evaluate(
        _FINAL_RESPONSE,
        ("How much is it?", [_ROWS["all_answered"]]),
        ("And with tax?", [_ROWS["r2_not_answered"]]),
    )

  warnings = [r.getMessage() for r in caplog.records]
  assert len(warnings) == 3
  for sample, warning in enumerate(warnings, start=1):
    assert warning.startswith(
        "Metric 'rubric_based_final_response_quality_v1', invocation 2 of 2"
        f" (id 'id-And with tax?'), judge sample {sample} of 3: "
    )
    assert "'r2'" in warning


async def test_the_warning_quotes_the_answer_when_no_rubric_got_a_verdict(
    caplog: pytest.LogCaptureFixture,
):
  answer = "**ID**: r9\n**Verdict**: Yes\n" + "x" * 600
  with caplog.at_level(logging.WARNING):
    await _evaluate(
        _FINAL_RESPONSE, ("How much is it?", [answer]), num_samples=1
    )

  (warning,) = [r.getMessage() for r in caplog.records]
  assert "3 of 3 rubrics unscored" in warning
  assert (
      "The judge's answer began: '**ID**: r9\\n**Verdict**: Yes\\n" in warning
  )
  assert warning.endswith(f" [... {len(answer) - 500} more characters cut]")


async def test_the_warning_does_not_quote_an_answer_that_scored_a_rubric(
    caplog: pytest.LogCaptureFixture,
):
  with caplog.at_level(logging.WARNING):
    await _evaluate(
        _FINAL_RESPONSE,
        ("How much is it?", [_ROWS["r2_not_answered"]]),
        num_samples=1,
    )

  (warning,) = [r.getMessage() for r in caplog.records]
  assert "1 of 3 rubrics unscored" in warning
  assert "answer began" not in warning


async def test_multi_turn_judges_the_conversation_once_and_needs_every_verdict(
    caplog: pytest.LogCaptureFixture,
):
  users = ["Hello.", "How much is it?", "Thanks, bye."]
  _ScriptedJudge.script = {users[-1]: [_ROWS["r2_not_answered"]]}
  evaluator = _evaluator(_TRAJECTORY)

  with caplog.at_level(logging.WARNING):
    result = await evaluator.evaluate_invocations(
        [_invocation(user) for user in users]
    )

  *earlier, last = result.per_invocation_results
  # By design, the first N-1 turns are not judged on their own.
  assert [(r.score, r.eval_status, r.rubric_scores) for r in earlier] == [
      (None, EvalStatus.NOT_EVALUATED, None)
  ] * 2
  assert (last.score, last.eval_status) == (None, EvalStatus.NOT_EVALUATED)
  assert _scores(last.rubric_scores) == {"r1": 1.0, "r2": None, "r3": 1.0}
  assert (result.overall_score, result.overall_eval_status) == (
      None,
      EvalStatus.NOT_EVALUATED,
  )
  assert result.overall_rubric_scores[1].unscored_reason == (
      last.rubric_scores[1].unscored_reason
  )
  assert (
      caplog.records[0]
      .getMessage()
      .startswith(
          "Metric 'rubric_based_multi_turn_trajectory_quality_v1', conversation"
          " of 3 invocations, judged at invocation 3 (id 'id-Thanks, bye.'),"
          " judge sample 1 of 3: "
      )
  )


async def test_multi_turn_scores_a_rubric_one_sample_judged():
  users = ["Hello.", "Thanks, bye."]
  _ScriptedJudge.script = {
      users[-1]: [
          _ROWS["r2_not_answered"],
          _ROWS["r2_maybe"],
          _ROWS["all_answered"],
      ]
  }

  result = await _evaluator(_TRAJECTORY).evaluate_invocations(
      [_invocation(user) for user in users]
  )

  assert result.overall_score == pytest.approx(2 / 3)
  assert result.overall_eval_status == EvalStatus.PASSED


def _sample(*rubric_scores: RubricScore) -> PerInvocationResult:
  return PerInvocationResult(
      actual_invocation=_invocation("How much is it?"),
      rubric_scores=list(rubric_scores),
  )


def test_aggregation_says_why_each_sample_left_a_rubric_unscored():
  samples = [
      _sample(
          RubricScore(rubric_id="r1", score=1.0),
          RubricScore(rubric_id="r2", unscored_reason="cut off"),
      ),
      _sample(RubricScore(rubric_id="r1", score=1.0)),
      _sample(
          RubricScore(rubric_id="r1", score=1.0),
          RubricScore(
              rubric_id="r2", rationale="unsure", unscored_reason="maybe"
          ),
      ),
  ]

  result = MajorityVotePerInvocationResultsAggregator().aggregate(
      samples, threshold=0.0
  )

  assert (result.score, result.eval_status) == (None, EvalStatus.NOT_EVALUATED)
  r2 = result.rubric_scores[1]
  assert r2.unscored_reason == (
      "no verdict in any of 3 judge samples: judge sample 1: cut off; judge"
      " sample 2: not in the sample's rubric scores; judge sample 3: maybe"
  )


def test_summary_names_every_invocation_without_a_verdict():
  def invocation(r2: RubricScore) -> PerInvocationResult:
    return _sample(RubricScore(rubric_id="r1", score=1.0), r2)

  result = MeanInvocationResultsSummarizer().summarize(
      [
          invocation(RubricScore(rubric_id="r2", unscored_reason="cut off")),
          invocation(RubricScore(rubric_id="r2", score=1.0)),
          invocation(RubricScore(rubric_id="r2", unscored_reason="cut off")),
      ],
      threshold=0.0,
  )

  assert (result.overall_score, result.overall_eval_status) == (
      None,
      EvalStatus.NOT_EVALUATED,
  )
  assert [
      (s.score, s.unscored_reason) for s in result.overall_rubric_scores
  ] == [
      (1.0, None),
      (None, "no verdict in invocations 1, 3 of 3: cut off"),
  ]


def test_the_reason_is_saved_only_for_an_unscored_rubric():
  scored = RubricScore(rubric_id="r1", score=1.0, rationale="polite")
  unscored = RubricScore(rubric_id="r2", unscored_reason="no verdict")

  assert "unscoredReason" not in scored.model_dump_json()
  assert '"unscoredReason":"no verdict"' in unscored.model_dump_json(
      by_alias=True
  )
  assert RubricScore.model_validate_json(unscored.model_dump_json()) == (
      unscored
  )
