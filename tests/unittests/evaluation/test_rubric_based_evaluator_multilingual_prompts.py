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

"""The rubric judge prompts work for judges that do not work in English.

Each of the three rubric evaluators renders its real prompt through
`evaluate_invocations` for a judge model registered in ADK's `LLMRegistry`.
That judge answers the way a judge following the prompt would: one block per
rubric line it was shown, echoing the id in the line's `[id: ...]` tag.
"""

from __future__ import annotations

import re
from typing import AsyncGenerator
from typing import ClassVar
from typing import Optional

from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import EvalStatus
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.evaluator import EvaluationResult
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
import pytest

from .judge_prompt_cases import Dialogue
from .judge_prompt_cases import judge_answer
from .judge_prompt_cases import load_dialogues
from .judge_prompt_cases import prompt_text
from .rubric_matching_cases import EVALUATORS

_JUDGE_MODEL = "fake-echoing-judge"
_DIALOGUES = load_dialogues()
_RUBRIC_LINE = re.compile(r"^\*  \[id: ([^\]\n]*)\] (.*)$", re.MULTILINE)
# Every template must tell the judge these, in these words.
_INSTRUCTIONS = (
    "one block per listed property, in the listed order",
    "no block for anything not listed",
    "and the verdicts (yes, no) in ASCII English, exactly as shown",
    "may be in the language of the conversation",
    'Copy the id shown in the "[id: ...]" tag for this property, exactly.',
    "If you cannot copy the property exactly, the id is what counts.",
)
# The labels each template asks for, and whether it shows the final response
# (the tool use template shows the tool calls only).
_LABELS = {
    "rubric_based_final_response_quality_v1": (
        "ID, Property, Evidence, Rationale, Verdict"
    ),
    "rubric_based_tool_use_quality_v1": "ID, Property, Rationale, Verdict",
    "rubric_based_multi_turn_trajectory_quality_v1": (
        "ID, Property, Rationale, Verdict"
    ),
}
_SHOWS_FINAL_RESPONSE = {
    "rubric_based_final_response_quality_v1": True,
    "rubric_based_tool_use_quality_v1": False,
    "rubric_based_multi_turn_trajectory_quality_v1": True,
}


class _EchoingJudge(BaseLlm):
  """A judge that answers every rubric line of the prompt it is given.

  For each `*  [id: <id>] <text>` line between the prompt's last
  `<properties>` tags it writes an `ID:` block with that id, the property
  (unless `echo_property` is off), `rationale` and the verdict that
  `verdicts` gives the id (yes by default).
  """

  prompts: ClassVar[list[str]] = []
  rationale: ClassVar[str] = "ok"
  verdicts: ClassVar[dict[str, str]] = {}
  echo_property: ClassVar[bool] = True

  @classmethod
  def supported_models(cls) -> list[str]:
    return [_JUDGE_MODEL]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    prompt = prompt_text(llm_request)
    _EchoingJudge.prompts.append(prompt)
    blocks = []
    for shown_id, text in _RUBRIC_LINE.findall(_rubric_section(prompt)):
      lines = [f"ID: {shown_id}"]
      if _EchoingJudge.echo_property:
        lines.append(f"Property: {text}")
      lines.append(f"Rationale: {_EchoingJudge.rationale}")
      lines.append(f"Verdict: {_EchoingJudge.verdicts.get(shown_id, 'yes')}")
      blocks.append("\n".join(lines))
    yield judge_answer("\n\n".join(blocks))


def _rubric_section(prompt: str) -> str:
  start = prompt.rindex("<properties>")
  return prompt[start : prompt.index("</properties>", start)]


@pytest.fixture(name="judge", autouse=True)
def fixture_judge() -> type[_EchoingJudge]:
  LLMRegistry.register(_EchoingJudge)
  _EchoingJudge.prompts.clear()
  _EchoingJudge.rationale = "ok"
  _EchoingJudge.verdicts = {}
  _EchoingJudge.echo_property = True
  return _EchoingJudge


async def _evaluate(
    metric_name: str, dialogue: Dialogue, rubrics: Optional[list[Rubric]] = None
) -> tuple[str, EvaluationResult]:
  """Returns the one prompt the judge got and the evaluation result."""
  evaluator = EVALUATORS[metric_name](
      EvalMetric(
          metric_name=metric_name,
          criterion=RubricsBasedCriterion(
              threshold=0.5,
              judge_model_options=JudgeModelOptions(
                  judge_model=_JUDGE_MODEL, num_samples=1
              ),
              rubrics=rubrics or list(dialogue.rubrics),
          ),
      )
  )
  result = await evaluator.evaluate_invocations([dialogue.invocation()])
  (prompt,) = _EchoingJudge.prompts
  return prompt, result


def _scores(result: EvaluationResult) -> dict[str, Optional[float]]:
  return {s.rubric_id: s.score for s in result.overall_rubric_scores or []}


@pytest.mark.parametrize("language", ["ja", "zh-Hans", "ar"])
@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_prompt_shows_rubrics_and_dialogue_as_written(
    metric_name: str, language: str
):
  dialogue = _DIALOGUES[language]
  _EchoingJudge.rationale = dialogue.rationale

  prompt, result = await _evaluate(metric_name, dialogue)

  for rubric in dialogue.rubrics:
    line = f"*  [id: {rubric.rubric_id}] {rubric.rubric_content.text_property}"
    assert line in _rubric_section(prompt)
  for text in (dialogue.user_text, *dialogue.tool_texts()):
    assert text in prompt
  if _SHOWS_FINAL_RESPONSE[metric_name]:
    assert dialogue.final_response in prompt
  assert "\\u" not in prompt
  for instruction in _INSTRUCTIONS:
    assert instruction in prompt
  assert f"Keep the labels ({_LABELS[metric_name]}) and the verdicts" in prompt
  assert _scores(result) == {r.rubric_id: 1.0 for r in dialogue.rubrics}
  rubric_scores = result.per_invocation_results[-1].rubric_scores
  assert {s.rationale for s in rubric_scores} == {dialogue.rationale}
  assert result.overall_eval_status == EvalStatus.PASSED


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_hard_ids_are_shown_as_handles_that_attach_verdicts(
    metric_name: str,
):
  rubrics = [
      Rubric(
          rubric_id="needs [quoting] here",
          rubric_content=RubricContent(
              text_property="応答は気温を伝えている。"
          ),
      ),
      Rubric(
          rubric_id="正確性",
          rubric_content=RubricContent(text_property="応答は正確である。"),
      ),
      Rubric(
          rubric_id="city_in_tool_call",
          rubric_content=RubricContent(
              text_property="ツールに東京を渡している。"
          ),
      ),
  ]
  # Only the echoed handle can tell the judge's blocks apart.
  _EchoingJudge.echo_property = False
  _EchoingJudge.verdicts = {"rubric-1": "no", "city_in_tool_call": "no"}

  prompt, result = await _evaluate(metric_name, _DIALOGUES["ja"], rubrics)

  assert _RUBRIC_LINE.findall(_rubric_section(prompt)) == [
      ("rubric-1", "応答は気温を伝えている。"),
      ("rubric-2", "応答は正確である。"),
      ("city_in_tool_call", "ツールに東京を渡している。"),
  ]
  assert _scores(result) == {
      "needs [quoting] here": 0.0,
      "正確性": 1.0,
      "city_in_tool_call": 0.0,
  }


async def test_multi_turn_prompt_shows_rubric_types_after_the_list():
  rubrics = [
      Rubric(
          rubric_id="city_in_tool_call",
          rubric_content=RubricContent(
              text_property="ツールに東京を渡している。"
          ),
          type="TOOL_USAGE",
      ),
      Rubric(
          rubric_id="正確性",
          rubric_content=RubricContent(text_property="応答は正確である。"),
      ),
  ]

  prompt, result = await _evaluate(
      "rubric_based_multi_turn_trajectory_quality_v1", _DIALOGUES["ja"], rubrics
  )

  assert _rubric_section(prompt).endswith(
      "*  [id: city_in_tool_call] ツールに東京を渡している。\n"
      "*  [id: rubric-2] 応答は正確である。\n"
      "(Property types by id: city_in_tool_call: TOOL_USAGE)\n"
  )
  assert _scores(result) == {"city_in_tool_call": 1.0, "正確性": 1.0}
