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

"""Non-ASCII text reaches the multi-turn trajectory judge literally."""

from __future__ import annotations

from typing import AsyncGenerator
from typing import ClassVar

from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_case import InvocationEvent
from google.adk.evaluation.eval_case import InvocationEvents
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import EvalStatus
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import PrebuiltMetrics
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.rubric_based_multi_turn_trajectory_evaluator import RubricBasedMultiTurnTrajectoryEvaluator
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types as genai_types
import pytest

from .judge_prompt_cases import judge_answer
from .judge_prompt_cases import prompt_text

_JUDGE_MODEL = "fake-non-ascii-judge"
_RUBRIC_JA = "エージェントは東京の天気を日本語で答えた。"
_CITY_JA = "東京都"
_FORECAST_JA = "晴れ時々曇り"


class _CapturingJudge(BaseLlm):
  """A judge that records each request and always answers "yes"."""

  requests: ClassVar[list[LlmRequest]] = []

  @classmethod
  def supported_models(cls) -> list[str]:
    return [_JUDGE_MODEL]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    _CapturingJudge.requests.append(llm_request)
    verdict = (
        "ID: 1\n"
        f"Property: {_RUBRIC_JA}\n"
        "Rationale: 天気を日本語で答えている。\n"
        "Verdict: yes\n"
    )
    yield judge_answer(verdict)


@pytest.fixture(name="judge_requests")
def fixture_judge_requests() -> list[LlmRequest]:
  LLMRegistry.register(_CapturingJudge)
  _CapturingJudge.requests.clear()
  return _CapturingJudge.requests


def _text(text: str, role: str) -> genai_types.Content:
  return genai_types.Content(role=role, parts=[genai_types.Part(text=text)])


def _weather_invocation() -> Invocation:
  call = genai_types.Part(
      function_call=genai_types.FunctionCall(
          name="get_weather", args={"city": _CITY_JA}
      )
  )
  response = genai_types.Part(
      function_response=genai_types.FunctionResponse(
          name="get_weather", response={"forecast": _FORECAST_JA}
      )
  )
  return Invocation(
      user_content=_text("東京の天気は？", "user"),
      intermediate_data=InvocationEvents(
          invocation_events=[
              InvocationEvent(
                  author="weather_agent",
                  content=genai_types.Content(role="model", parts=[call]),
              ),
              InvocationEvent(
                  author="weather_agent",
                  content=genai_types.Content(role="user", parts=[response]),
              ),
          ]
      ),
      final_response=_text(f"東京は{_FORECAST_JA}です。", "model"),
  )


def _evaluator() -> RubricBasedMultiTurnTrajectoryEvaluator:
  criterion = RubricsBasedCriterion(
      threshold=0.5,
      judge_model_options=JudgeModelOptions(
          judge_model=_JUDGE_MODEL, num_samples=1
      ),
      rubrics=[
          Rubric(
              rubric_id="1",
              rubric_content=RubricContent(text_property=_RUBRIC_JA),
          )
      ],
  )
  return RubricBasedMultiTurnTrajectoryEvaluator(
      EvalMetric(
          metric_name=PrebuiltMetrics.RUBRIC_BASED_MULTI_TURN_TRAJECTORY_QUALITY_V1.value,
          criterion=criterion,
      )
  )


async def test_japanese_rubric_and_tool_call_reach_the_judge_literally(
    judge_requests: list[LlmRequest],
):
  result = await _evaluator().evaluate_invocations([_weather_invocation()])

  assert len(judge_requests) == 1
  prompt = prompt_text(judge_requests[0])
  assert _RUBRIC_JA in prompt
  assert f'get_weather({{"city": "{_CITY_JA}"}})' in prompt
  assert f'get_weather -> {{"forecast": "{_FORECAST_JA}"}}' in prompt
  assert "\\u" not in prompt
  assert result.overall_eval_status == EvalStatus.PASSED
  assert result.overall_score == 1.0
