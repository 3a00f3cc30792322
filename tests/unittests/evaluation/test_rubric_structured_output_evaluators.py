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

"""The rubric evaluators with `structured_output` on, through a fake judge.

Each test runs one of the three rubric evaluators through
`evaluate_invocations` against a judge model registered in ADK's
`LLMRegistry`. The judge's name says how it treats a response schema:

* `fake-structured-judge-follows` answers the schema's id enum in JSON;
* `fake-structured-judge-ignores` answers in text blocks whatever it is asked;
* `fake-structured-judge-rejects` raises, as Gemini does for a model without
  JSON mode, when a request carries a schema, and answers text otherwise;
* `fake-structured-judge-busy` is rate limited whatever it is asked.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any
from typing import AsyncGenerator
from typing import ClassVar
from typing import Optional

from google.adk.evaluation._retry_options_utils import add_default_retry_options_if_not_present
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_config import get_eval_metrics_from_config
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import EvalStatus
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.evaluator import EvaluationResult
from google.adk.evaluation.llm_as_judge_utils import build_judge_request_config
from google.adk.evaluation.metric_evaluator_registry import DEFAULT_METRIC_EVALUATOR_REGISTRY
from google.adk.evaluation.rubric_based_evaluator import RubricBasedEvaluator
from google.adk.evaluation.rubric_structured_output import JSON_ANSWER_INSTRUCTIONS
from google.adk.evaluation.rubric_structured_output import rubric_verdicts_schema
from google.adk.evaluation.rubric_structured_output import RubricStructuredOutput
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types as genai_types
import pytest

from .judge_prompt_cases import judge_answer
from .judge_prompt_cases import load_dialogues
from .judge_prompt_cases import prompt_text
from .rubric_matching_fixture_cases import EVALUATORS

_FOLLOWS = "fake-structured-judge-follows"
_IGNORES = "fake-structured-judge-ignores"
_REJECTS = "fake-structured-judge-rejects"
_BUSY = "fake-structured-judge-busy"
_DIALOGUES = load_dialogues()
_RUBRIC_LINE = re.compile(r"^\*  \[id: ([^\]\n]*)\] ", re.MULTILINE)
# One id per language that the prompt shows as a `rubric-<n>` handle.
_NATIVE_IDS = {"ja": "傘の案内", "zh-Hans": "雨伞建议", "ar": "نصيحة_المظلة"}


class _SchemaRejected(Exception):
  """What Gemini raises for a response schema on a model without JSON mode."""

  code = 400

  def __init__(self):
    super().__init__(
        f"400 INVALID_ARGUMENT. JSON mode is not enabled for models/{_REJECTS}"
    )


class _RateLimited(Exception):
  """A rate limit error, whose payload happens to name the schema."""

  code = 429

  def __init__(self):
    super().__init__("429 RESOURCE_EXHAUSTED (request with response_schema)")


class _FakeJudge(BaseLlm):
  """Answers every rubric, in JSON or text blocks depending on its name.

  `verdicts` maps a shown id to its verdict (yes by default) and `rationale`
  is the rationale of every verdict. A JSON answer lists the ids of the
  schema's enum in order; a text answer gives one block per `[id: ...]` line
  of the prompt's last `<properties>` section.
  """

  requests: ClassVar[list[LlmRequest]] = []
  verdicts: ClassVar[dict[str, str]] = {}
  rationale: ClassVar[str] = "ok"
  json_answer: ClassVar[Optional[str]] = None

  @classmethod
  def supported_models(cls) -> list[str]:
    return [r"fake-structured-judge-.*"]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    _FakeJudge.requests.append(llm_request)
    schema = llm_request.config.response_schema
    if self.model == _BUSY:
      raise _RateLimited()
    if schema is not None and self.model == _REJECTS:
      raise _SchemaRejected()
    if schema is not None and self.model == _FOLLOWS:
      answer = _FakeJudge.json_answer or _json_answer(schema)
    else:
      answer = _text_answer(prompt_text(llm_request))
    yield judge_answer(answer)


def _json_answer(schema: genai_types.Schema) -> str:
  ids = schema.properties["verdicts"].items.properties["id"].enum
  return json.dumps(
      {
          "verdicts": [
              {
                  "id": shown_id,
                  "rationale": _FakeJudge.rationale,
                  "verdict": _FakeJudge.verdicts.get(shown_id, "yes"),
              }
              for shown_id in ids
          ]
      },
      ensure_ascii=False,
  )


def _text_answer(prompt: str) -> str:
  start = prompt.rindex("<properties>")
  section = prompt[start : prompt.index("</properties>", start)]
  return "\n\n".join(
      f"ID: {shown_id}\nRationale: {_FakeJudge.rationale}\n"
      f"Verdict: {_FakeJudge.verdicts.get(shown_id, 'yes')}"
      for shown_id in _RUBRIC_LINE.findall(section)
  )


@pytest.fixture(autouse=True)
def fixture_judge(monkeypatch: pytest.MonkeyPatch) -> None:
  LLMRegistry.register(_FakeJudge)
  monkeypatch.setattr(_FakeJudge, "requests", [])
  monkeypatch.setattr(_FakeJudge, "verdicts", {})
  monkeypatch.setattr(_FakeJudge, "rationale", "ok")
  monkeypatch.setattr(_FakeJudge, "json_answer", None)
  # Judges that rejected a schema are remembered for the process.
  monkeypatch.setattr(RubricStructuredOutput, "_text_only_models", set())


def _evaluator(
    metric_name: str,
    rubrics: list[Rubric],
    judge: str = _FOLLOWS,
    structured_output: bool = True,
    num_samples: int = 1,
) -> RubricBasedEvaluator:
  return EVALUATORS[metric_name](
      EvalMetric(
          metric_name=metric_name,
          criterion=RubricsBasedCriterion(
              threshold=0.5,
              judge_model_options=JudgeModelOptions(
                  judge_model=judge, num_samples=num_samples
              ),
              rubrics=rubrics,
              structured_output=structured_output,
          ),
      )
  )


def _record_prompts(
    evaluator: RubricBasedEvaluator, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
  """Returns the list to which each prompt the evaluator formats is added."""
  prompts = []
  format_prompt = evaluator.format_auto_rater_prompt

  def recording(actual, expected):
    prompts.append(format_prompt(actual, expected))
    return prompts[-1]

  monkeypatch.setattr(evaluator, "format_auto_rater_prompt", recording)
  return prompts


def _text_mode_request(model: str, prompt: str) -> LlmRequest:
  """Returns the judge request `LlmAsJudge` builds for `prompt` without 0005."""
  llm_request = LlmRequest(
      model=model,
      contents=[
          genai_types.Content(
              role="user", parts=[genai_types.Part(text=prompt)]
          )
      ],
      config=build_judge_request_config(None),
  )
  add_default_retry_options_if_not_present(llm_request)
  return llm_request


def _scores(result: EvaluationResult) -> dict[str, Optional[float]]:
  return {s.rubric_id: s.score for s in result.overall_rubric_scores or []}


def _dump(llm_request: LlmRequest) -> dict[str, Any]:
  return llm_request.model_dump(mode="json")


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_request_carries_schema_with_the_shown_ids(
    metric_name: str, monkeypatch: pytest.MonkeyPatch
):
  dialogue = _DIALOGUES["ja"]
  rubrics = [
      Rubric(
          rubric_id="needs [quoting] here",
          rubric_content=dialogue.rubrics[0].rubric_content,
      ),
      *dialogue.rubrics[1:],
  ]
  evaluator = _evaluator(metric_name, rubrics)
  prompts = _record_prompts(evaluator, monkeypatch)

  await evaluator.evaluate_invocations([dialogue.invocation()])

  (request,) = _FakeJudge.requests
  (prompt,) = prompts
  schema = request.config.response_schema
  item = schema.properties["verdicts"].items
  assert item.properties["id"].enum == [
      "rubric-1",
      "umbrella_advice",
      "temperature_from_tool",
  ]
  assert schema.properties["verdicts"].min_items == 3
  assert schema.properties["verdicts"].max_items == 3
  assert schema == rubric_verdicts_schema(rubrics)
  assert request.config.response_mime_type == "application/json"
  assert request.config.response_json_schema is None
  # The text mode prompt, then the short JSON instructions.
  assert prompt_text(request) == prompt + JSON_ANSWER_INSTRUCTIONS
  structured = _text_mode_request(_FOLLOWS, prompt + JSON_ANSWER_INSTRUCTIONS)
  structured.config.response_mime_type = "application/json"
  structured.config.response_schema = schema
  assert _dump(request) == _dump(structured)


@pytest.mark.parametrize("language", list(_NATIVE_IDS))
@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_structured_answers_in_each_language_score_exactly(
    metric_name: str, language: str
):
  dialogue = _DIALOGUES[language]
  first, second, third = dialogue.rubrics
  native = Rubric(
      rubric_id=_NATIVE_IDS[language], rubric_content=second.rubric_content
  )
  _FakeJudge.rationale = dialogue.rationale
  _FakeJudge.verdicts = {"rubric-2": "no", third.rubric_id: "yes"}
  evaluator = _evaluator(metric_name, [first, native, third])

  result = await evaluator.evaluate_invocations([dialogue.invocation()])

  (request,) = _FakeJudge.requests
  assert request.config.response_schema is not None
  assert _scores(result) == {
      first.rubric_id: 1.0,
      _NATIVE_IDS[language]: 0.0,
      third.rubric_id: 1.0,
  }
  assert result.overall_score == pytest.approx(2 / 3)
  assert result.overall_eval_status == EvalStatus.PASSED
  rubric_scores = result.per_invocation_results[-1].rubric_scores
  assert {s.rationale for s in rubric_scores} == {dialogue.rationale}


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_answer_that_ignores_the_schema_scores_through_text(
    metric_name: str, caplog: pytest.LogCaptureFixture
):
  dialogue = _DIALOGUES["zh-Hans"]
  _FakeJudge.verdicts = {"umbrella_advice": "no"}
  evaluator = _evaluator(metric_name, list(dialogue.rubrics), judge=_IGNORES)

  with caplog.at_level(logging.WARNING):
    result = await evaluator.evaluate_invocations([dialogue.invocation()])

  (request,) = _FakeJudge.requests
  assert request.config.response_schema is not None
  assert _scores(result) == {
      "city_in_tool_call": 1.0,
      "umbrella_advice": 0.0,
      "temperature_from_tool": 1.0,
  }
  assert not caplog.records


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_switch_off_sends_the_text_mode_request(
    metric_name: str, monkeypatch: pytest.MonkeyPatch
):
  dialogue = _DIALOGUES["ar"]
  evaluator = _evaluator(
      metric_name, list(dialogue.rubrics), structured_output=False
  )
  prompts = _record_prompts(evaluator, monkeypatch)

  result = await evaluator.evaluate_invocations([dialogue.invocation()])

  (request,) = _FakeJudge.requests
  (prompt,) = prompts
  assert _dump(request) == _dump(_text_mode_request(_FOLLOWS, prompt))
  assert request.config.response_schema is None
  assert request.config.response_mime_type is None
  assert JSON_ANSWER_INSTRUCTIONS.strip() not in prompt_text(request)
  assert _scores(result) == {r.rubric_id: 1.0 for r in dialogue.rubrics}


def test_switch_is_off_by_default():
  assert RubricsBasedCriterion(threshold=0.5).structured_output is False


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_judge_rejecting_the_schema_is_asked_in_text_mode_once(
    metric_name: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
):
  dialogue = _DIALOGUES["ja"]
  _FakeJudge.verdicts = {"temperature_from_tool": "no"}
  evaluator = _evaluator(
      metric_name, list(dialogue.rubrics), judge=_REJECTS, num_samples=3
  )
  prompts = _record_prompts(evaluator, monkeypatch)

  with caplog.at_level(logging.WARNING):
    result = await evaluator.evaluate_invocations([dialogue.invocation()])
    # Another evaluator of the same judge sends text mode requests only.
    second = _evaluator(metric_name, list(dialogue.rubrics), judge=_REJECTS)
    await second.evaluate_invocations([dialogue.invocation()])

  rejected, *retried = _FakeJudge.requests
  (prompt,) = prompts
  assert rejected.config.response_schema is not None
  # The rejected request, then 3 samples and the second evaluator's one.
  assert len(retried) == 4
  text_mode = _dump(_text_mode_request(_REJECTS, prompt))
  assert [_dump(r) for r in retried] == [text_mode] * 4
  assert _scores(result) == {
      "city_in_tool_call": 1.0,
      "umbrella_advice": 1.0,
      "temperature_from_tool": 0.0,
  }
  (warning,) = caplog.records
  assert warning.name.endswith(".rubric_structured_output")
  assert _REJECTS in warning.getMessage()
  assert "JSON mode is not enabled" in warning.getMessage()


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_other_judge_errors_are_not_retried(metric_name: str):
  dialogue = _DIALOGUES["en"]
  evaluator = _evaluator(metric_name, list(dialogue.rubrics), judge=_BUSY)

  result = await evaluator.evaluate_invocations([dialogue.invocation()])

  (request,) = _FakeJudge.requests
  assert request.config.response_schema is not None
  assert result.per_invocation_results[-1].eval_status == (
      EvalStatus.NOT_EVALUATED
  )


def _answer_account(warning: str) -> str:
  """Returns a warning about a judge answer from where it describes it."""
  return warning[warning.index("Judge answer") :]


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_repeated_missing_and_unknown_ids_count_as_in_text_mode(
    metric_name: str, caplog: pytest.LogCaptureFixture
):
  dialogue = _DIALOGUES["ja"]
  blocks = [
      ("city_in_tool_call", "yes"),
      ("city_in_tool_call", "no"),
      ("umbrella_advice", "yes"),
      ("umbrella_advice", "yes"),
      ("rubric-9", "no"),
  ]
  _FakeJudge.json_answer = json.dumps({
      "verdicts": [
          {"id": i, "rationale": "理由", "verdict": v} for i, v in blocks
      ]
  })
  text_answer = "\n\n".join(
      f"ID: {i}\nRationale: 理由\nVerdict: {v}" for i, v in blocks
  )
  structured = _evaluator(metric_name, list(dialogue.rubrics))
  text = _evaluator(
      metric_name, list(dialogue.rubrics), structured_output=False
  )
  text.create_effective_rubrics_list(None)

  with caplog.at_level(logging.WARNING):
    result = await structured.evaluate_invocations([dialogue.invocation()])
  structured_warnings = [r.getMessage() for r in caplog.records]
  caplog.clear()
  with caplog.at_level(logging.WARNING):
    text_score = text.convert_auto_rater_response_to_score(
        judge_answer(text_answer)
    )

  rubric_scores = result.per_invocation_results[-1].rubric_scores
  assert rubric_scores == text_score.rubric_scores
  scores = {s.rubric_id: s.score for s in rubric_scores}
  assert scores["city_in_tool_call"] is None
  assert scores["umbrella_advice"] == 1.0
  assert scores.get("temperature_from_tool") is None
  # The same account of the answer, whichever sample it names.
  assert [_answer_account(w) for w in structured_warnings] == [
      _answer_account(r.getMessage()) for r in caplog.records
  ]
  (warning,) = structured_warnings
  assert "'temperature_from_tool': no block of the answer could be" in warning
  assert "ID 'rubric-9' (unknown id)" in warning


_TEST_CONFIG = """
{
  "criteria": {
    "rubric_based_final_response_quality_v1": {
      "threshold": 0.8,
      "judge_model_options": {
        "judge_model": "fake-structured-judge-follows",
        "num_samples": 1
      },
      "structured_output": true,
      "rubrics": [
        {
          "rubric_id": "umbrella_advice",
          "rubric_content": {
            "text_property": "応答は傘が必要かどうかを伝えている。"
          }
        }
      ]
    }
  }
}
"""


async def test_switch_is_read_from_an_eval_config():
  metric, *_ = get_eval_metrics_from_config(
      EvalConfig.model_validate_json(_TEST_CONFIG)
  )
  evaluator = DEFAULT_METRIC_EVALUATOR_REGISTRY.get_evaluator(metric)

  result = await evaluator.evaluate_invocations([_DIALOGUES["ja"].invocation()])

  (request,) = _FakeJudge.requests
  item = request.config.response_schema.properties["verdicts"].items
  assert item.properties["id"].enum == ["umbrella_advice"]
  assert _scores(result) == {"umbrella_advice": 1.0}
