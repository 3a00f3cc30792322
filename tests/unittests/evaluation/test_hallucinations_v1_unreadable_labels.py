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

"""hallucinations_v1 never scores over fewer sentences than were labelled.

A label the evaluator cannot read (one the validator translated) used to
drop its sentence from the mean: an unsupported sentence labelled
`根拠なし` raised the score from 0.667 to 1.0.
"""

from __future__ import annotations

import re
from typing import AsyncGenerator
from typing import ClassVar

from google.adk.evaluation.eval_case import Invocation
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
from google.genai import types as genai_types
import pytest

from .judge_prompt_cases import judge_answer
from .judge_prompt_cases import prompt_text

_JUDGE_MODEL = "fake-hallucinations-label-judge"
# language: (three sentences of the response, the label of the last one)
_CASES = {
    "ja": (
        ("在庫があります。", "価格は500円です。", "明日届きます。"),
        "根拠なし",
    ),
    "zh": (("有库存。", "价格是五百元。", "明天送达。"), "无依据"),
    "ar": (("المنتج متوفر.", "السعر خمسمائة.", "يصل غدا."), "غير مدعوم"),
}


class _LabellingJudge(BaseLlm):
  """Segments the response at each sentence end; labels from `labels`.

  Each sentence gets the next label of `labels`, in order; the blocks of the
  sentences numbered in `without_last_line` lack their last line.
  """

  labels: ClassVar[list[str]] = []
  without_last_line: ClassVar[set[int]] = set()

  @classmethod
  def supported_models(cls) -> list[str]:
    return [_JUDGE_MODEL]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    prompt = prompt_text(llm_request)
    # The template's own examples come first: the response is the last.
    responses = re.findall(
        r"\*\*Response Begin\*\*\n(.*?)\n\*\*Response End", prompt, re.DOTALL
    )
    if responses:
      sentences = re.findall(r"[^。.]+[。.]", responses[-1])
      answer = "".join(f"<sentence>{s.strip()}</sentence>" for s in sentences)
    else:
      block = re.findall(
          r"\*\*Sentences Begin\*\*\n(.*?)\n\*\*Sentences End",
          prompt,
          re.DOTALL,
      )[-1]
      sentences = re.findall(r"<sentence>(.*?)</sentence>", block)
      answer = "\n".join(
          f"sentence: {s}\nlabel: {label}\nrationale: r\n"
          "supporting_excerpt: null"
          + (
              ""
              if number in _LabellingJudge.without_last_line
              else "\ncontradicting_excerpt: null"
          )
          for number, (s, label) in enumerate(
              zip(sentences, _LabellingJudge.labels), start=1
          )
      )
    yield judge_answer(answer)


@pytest.fixture(autouse=True)
def _judge():
  LLMRegistry.register(_LabellingJudge)
  yield
  _LabellingJudge.labels = []
  _LabellingJudge.without_last_line = set()


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


def _invocation(sentences: tuple[str, ...]) -> Invocation:
  return Invocation(
      user_content=genai_types.Content(
          role="user", parts=[genai_types.Part(text="?")]
      ),
      final_response=genai_types.Content(
          role="model", parts=[genai_types.Part(text=" ".join(sentences))]
      ),
  )


@pytest.mark.parametrize("language", sorted(_CASES))
async def test_english_labels_score_every_sentence(language: str):
  sentences, _ = _CASES[language]
  _LabellingJudge.labels = ["supported", "supported", "unsupported"]

  result = await _evaluator().evaluate_invocations([_invocation(sentences)])

  assert result.overall_score == pytest.approx(2 / 3)
  assert result.overall_eval_status == EvalStatus.PASSED


@pytest.mark.parametrize("language", sorted(_CASES))
async def test_an_unreadable_label_gives_no_score_and_names_it(language: str):
  sentences, label = _CASES[language]
  _LabellingJudge.labels = ["supported", "supported", label]

  with pytest.raises(ValueError) as raised:
    await _evaluator().evaluate_invocations(
        [_invocation(("ok.",)), _invocation(sentences)]
    )

  message = str(raised.value)
  assert message.endswith(
      f"invocation 2 of 2, sentence 3 of 3 ({sentences[2]!r}): label"
      f" {label!r} is not one of contradictory, disputed, not_applicable,"
      " supported, unsupported"
  )
  assert "could overstate" in message
  # The first invocation, all of whose labels were read, is not named.
  assert "invocation 1 of 2" not in message


async def test_an_empty_label_is_unreadable_too():
  _LabellingJudge.labels = ["supported", " "]

  with pytest.raises(ValueError, match="sentence 2 of 2 .'b.'.: label ''"):
    await _evaluator().evaluate_invocations([_invocation(("a.", "b."))])


async def test_a_huge_unreadable_label_is_quoted_in_part():
  _LabellingJudge.labels = ["supported", "根拠なし " + "x" * 1_000_000]

  with pytest.raises(ValueError) as raised:
    await _evaluator().evaluate_invocations([_invocation(("a.", "b."))])

  assert "label '根拠なし xxx" in str(raised.value)
  assert len(str(raised.value)) < 500


async def test_a_block_missing_a_line_does_not_hide_the_next_label():
  # Block 2 has no contradicting_excerpt line, so block 3 would be read as
  # its rest: the unsupported sentence's label lost, 1.0 instead of 0.667.
  _LabellingJudge.labels = ["supported", "supported", "unsupported"]
  _LabellingJudge.without_last_line = {2}

  with pytest.raises(ValueError) as raised:
    await _evaluator().evaluate_invocations([_invocation(("a.", "b.", "c."))])

  assert str(raised.value).endswith(
      "invocation 1 of 1, the answer has 3 `sentence:` lines but 2 blocks"
      " could be read; each block needs sentence, label, rationale,"
      " supporting_excerpt and contradicting_excerpt lines, in that order"
  )


async def test_a_last_block_missing_a_line_is_not_dropped():
  # Unmatched, it would leave the score to the first sentence alone.
  _LabellingJudge.labels = ["supported", "unsupported"]
  _LabellingJudge.without_last_line = {2}

  with pytest.raises(ValueError, match="2 `sentence:` lines but 1 block "):
    await _evaluator().evaluate_invocations([_invocation(("a.", "b."))])
