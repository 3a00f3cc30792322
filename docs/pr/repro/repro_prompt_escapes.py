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

"""rubric_based_multi_turn_trajectory_quality_v1: the judge prompt for a Japanese
rubric and tool argument. The judge resolves via ADK's LLMRegistry to a BaseLlm
that keeps the prompt and returns a recorded answer. Exit 1 = \\uXXXX in prompt.
"""

from __future__ import annotations

import asyncio
import re
import sys
import warnings

import google.adk
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_case import InvocationEvent
from google.adk.evaluation.eval_case import InvocationEvents
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.rubric_based_multi_turn_trajectory_evaluator import RubricBasedMultiTurnTrajectoryEvaluator
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types

RUBRIC = "ユーザの服用中の薬を確認してから相互作用等を説明している"
RECORDED_JUDGE_ANSWER = f"""\
ID: checks_interactions
Property: {RUBRIC}
Rationale: 2ターン目で服用中の薬を尋ね、相互作用を確認してから説明している。
Verdict: yes
"""
prompts = []  # what the judge was sent


class RecordedJudge(BaseLlm):

  @classmethod
  def supported_models(cls) -> list[str]:
    return ["recorded-judge"]

  async def generate_content_async(self, llm_request, stream=False):
    prompts.append(llm_request.contents[0].parts[0].text)
    yield LlmResponse(
        content=types.Content(
            role="model", parts=[types.Part(text=RECORDED_JUDGE_ANSWER)]
        )
    )


def turn(user, agent, events=()):  # one invocation; events = agent's tool calls
  return Invocation(
      user_content=types.Content(role="user", parts=[types.Part(text=user)]),
      final_response=types.Content(
          role="model", parts=[types.Part(text=agent)]
      ),
      intermediate_data=InvocationEvents(
          invocation_events=[
              InvocationEvent(
                  author="pharmacist",
                  content=types.Content(role="model", parts=[p]),
              )
              for p in events
          ]
      ),
  )


async def main() -> int:
  print("google.adk", google.adk.__version__, "from", google.adk.__file__)
  warnings.filterwarnings("ignore", message=r"\[EXPERIMENTAL\]")
  LLMRegistry.register(RecordedJudge)
  evaluator = RubricBasedMultiTurnTrajectoryEvaluator(
      EvalMetric(
          metric_name="rubric_based_multi_turn_trajectory_quality_v1",
          criterion=RubricsBasedCriterion(
              threshold=0.8,
              judge_model_options=(
                  JudgeModelOptions(judge_model="recorded-judge", num_samples=1)
              ),
              rubrics=[
                  Rubric(
                      rubric_id="checks_interactions",
                      rubric_content=RubricContent(text_property=RUBRIC),
                  )
              ],
          ),
      )
  )
  call = types.Part(
      function_call=types.FunctionCall(
          name="check_interactions", args={"drug": "ロキソプロフェン"}
      )
  )
  result = await evaluator.evaluate_invocations([
      turn("頭痛薬を飲みたいです。", "今服用中のお薬はありますか？"),
      turn(
          "ロキソプロフェンを飲んでいます。", "併用に注意が必要です。", [call]
      ),
  ])
  escaped = [
      l for l in prompts[0].splitlines() if re.search(r"\\u[0-9a-fA-F]{4}", l)
  ]
  shown = [
      l for l in prompts[0].splitlines() if "ロキソ" in l or "相互作用" in l
  ]
  print(
      "prompt lines with \\uXXXX escapes:", *escaped or ["(none)"], sep="\n  "
  )
  print(
      "prompt lines showing the Japanese text:",
      *shown or ["(none)"],
      sep="\n  ",
  )
  print(
      "rubric scores:",
      [(s.rubric_id, s.score) for s in result.overall_rubric_scores or []],
  )
  print("overall:", result.overall_score, result.overall_eval_status.name)
  print(
      "BUG: judge sees \\uXXXX escapes" if escaped else "no escapes in prompt"
  )
  return 1 if escaped else 0


if __name__ == "__main__":
  sys.exit(asyncio.run(main()))
