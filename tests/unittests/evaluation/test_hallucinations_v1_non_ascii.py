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

"""Non-ASCII text reaches the hallucinations judge literally."""

from __future__ import annotations

import re
from typing import AsyncGenerator
from typing import ClassVar

from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import EvalStatus
from google.adk.evaluation.eval_metrics import HallucinationsCriterion
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import PrebuiltMetrics
from google.adk.evaluation.hallucinations_v1 import HallucinationsV1Evaluator
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
import pytest

from .judge_prompt_cases import judge_answer
from .judge_prompt_cases import load_dialogues
from .judge_prompt_cases import prompt_text

_JUDGE_MODEL = "fake-hallucinations-judge"
_DIALOGUES = load_dialogues()
_RESPONSE = re.compile(r"\*\*Response Begin\*\*\n(.*?)\n\*\*Response End")
_SENTENCES = re.compile(r"\*\*Sentences Begin\*\*\n(.*?)\n\*\*Sentences End")


class _CapturingJudge(BaseLlm):
  """A judge that records each prompt and finds every sentence supported.

  Asked to segment a response, it returns the response as one sentence; asked
  to validate sentences, it labels each of them `supported`.
  """

  prompts: ClassVar[list[str]] = []

  @classmethod
  def supported_models(cls) -> list[str]:
    return [_JUDGE_MODEL]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    prompt = prompt_text(llm_request)
    _CapturingJudge.prompts.append(prompt)
    response = _RESPONSE.search(prompt)
    if response:
      answer = f"<sentence>{response.group(1)}</sentence>"
    else:
      sentences = re.findall(
          r"<sentence>(.*?)</sentence>", _SENTENCES.findall(prompt)[-1]
      )
      answer = "\n".join(
          f"sentence: {s}\nlabel: supported\nrationale: ok\n"
          "supporting_excerpt: null\ncontradicting_excerpt: null"
          for s in sentences
      )
    yield judge_answer(answer)


@pytest.fixture(name="judge_prompts")
def fixture_judge_prompts() -> list[str]:
  LLMRegistry.register(_CapturingJudge)
  _CapturingJudge.prompts.clear()
  return _CapturingJudge.prompts


def _evaluator() -> HallucinationsV1Evaluator:
  return HallucinationsV1Evaluator(
      EvalMetric(
          metric_name=PrebuiltMetrics.HALLUCINATIONS_V1.value,
          criterion=HallucinationsCriterion(
              threshold=0.5,
              judge_model_options=JudgeModelOptions(
                  judge_model=_JUDGE_MODEL, num_samples=1
              ),
          ),
      )
  )


@pytest.mark.parametrize("language", ["ja", "zh-Hans", "ar"])
async def test_tool_calls_and_responses_reach_the_validator_literally(
    judge_prompts: list[str], language: str
):
  dialogue = _DIALOGUES[language]

  result = await _evaluator().evaluate_invocations([dialogue.invocation()])

  segmenter_prompt, validator_prompt = judge_prompts
  assert dialogue.final_response in segmenter_prompt
  for text in (dialogue.user_text, *dialogue.tool_texts()):
    assert text in validator_prompt
  assert dialogue.final_response in validator_prompt
  assert dialogue.instructions in validator_prompt
  assert dialogue.tool_description in validator_prompt
  assert "\\u" not in validator_prompt
  assert result.overall_eval_status == EvalStatus.PASSED
  assert result.overall_score == 1.0
