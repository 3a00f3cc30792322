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

"""Offline rubric evaluation with Japanese rubrics and a recorded judge.

A pharmacy-advice answer is judged against three Japanese rubrics by
`rubric_based_final_response_quality_v1`, through the public
`evaluate_invocations`, with the judge's answers replayed from recordings of
the kinds real judges write: one without ID lines and with the property text
rewritten (ユーザー for ユーザ, など for 等, ふくめて for 含めて), one with
full-width colons. Prints the verdict each rubric received and the score.
"""

from __future__ import annotations

import asyncio
import logging
from typing import AsyncGenerator
from typing import ClassVar
import warnings

from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.rubric_based_final_response_quality_v1 import RubricBasedFinalResponseQualityV1Evaluator
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types as genai_types

_JUDGE = "recorded-japanese-judge"
_RUBRICS = {
    "r1": "ユーザの服用中の薬を確認している",
    "r2": "副作用等のリスクを説明している",
    "r3": "服用方法を含めて回答している",
}
_RECORDED_ANSWERS = [
    """Property: ユーザーの服用中の薬を確認している
Rationale: 最初に現在服用している薬を確認しています。
Verdict: yes

Property: 副作用などのリスクを説明している
Rationale: 眠気の副作用について説明しています。
Verdict: yes

Property: 服用方法をふくめて回答している
Rationale: 用法・用量の説明がありません。
Verdict: no
""",
    """ID：r1
Property：ユーザの服用中の薬を確認している
Rationale：服用中の薬を尋ねています。
Verdict：はい

ID：r2
Property：副作用等のリスクを説明している
Rationale：眠気について触れています。
Verdict：はい

ID：r3
Property：服用方法を含めて回答している
Rationale：服用方法の案内はありません。
Verdict：いいえ
""",
]


class RecordedJudge(BaseLlm):
  """Replays the recorded judge answers, one per request, in turn."""

  calls: ClassVar[int] = 0

  @classmethod
  def supported_models(cls) -> list[str]:
    return [_JUDGE]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    answer = _RECORDED_ANSWERS[RecordedJudge.calls % len(_RECORDED_ANSWERS)]
    RecordedJudge.calls += 1
    yield LlmResponse(
        content=genai_types.Content(
            role="model", parts=[genai_types.Part(text=answer)]
        )
    )


async def main() -> None:
  logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
  warnings.filterwarnings("ignore", message=r"\[EXPERIMENTAL\]")
  LLMRegistry.register(RecordedJudge)
  criterion = RubricsBasedCriterion(
      threshold=0.6,
      judge_model_options=JudgeModelOptions(
          judge_model=_JUDGE, num_samples=len(_RECORDED_ANSWERS)
      ),
      rubrics=[
          Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
          for i, t in _RUBRICS.items()
      ],
  )
  evaluator = RubricBasedFinalResponseQualityV1Evaluator(
      EvalMetric(
          metric_name="rubric_based_final_response_quality_v1",
          criterion=criterion,
      )
  )
  invocation = Invocation(
      user_content=genai_types.Content(
          role="user",
          parts=[genai_types.Part(text="花粉症の薬を飲んでも大丈夫ですか？")],
      ),
      final_response=genai_types.Content(
          role="model",
          parts=[
              genai_types.Part(
                  text=(
                      "現在服用中のお薬はありますか？この薬は眠気の副作用が"
                      "あるため、運転前の服用は避けてください。"
                  )
              )
          ],
      ),
  )
  result = await evaluator.evaluate_invocations([invocation])
  verdicts = {1.0: "yes", 0.0: "no", None: "unscored"}
  print(f"\n{'rubric':6}  {'verdict':8}  property")
  scores = {s.rubric_id: s.score for s in result.overall_rubric_scores or []}
  for rubric_id, text in _RUBRICS.items():
    print(f"{rubric_id:6}  {verdicts[scores.get(rubric_id)]:8}  {text}")
  print(
      f"\noverall score: {result.overall_score} (threshold"
      f" {criterion.threshold}) -> {result.overall_eval_status.name}"
  )


if __name__ == "__main__":
  asyncio.run(main())
