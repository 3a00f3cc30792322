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
* `fake-structured-judge-rejects` raises Gemini's error for a model without
  JSON mode when a request carries a schema, and answers text otherwise.

Any judge first raises the errors a test puts in `_FakeJudge.errors`, one per
call, as a judge with an outage would.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any
from typing import AsyncGenerator
from typing import ClassVar
from typing import Optional

from google.adk.evaluation._retry_options_utils import add_default_retry_options_if_not_present
from google.adk.evaluation._rubric_structured_output import _JSON_ANSWER_INSTRUCTIONS
from google.adk.evaluation._rubric_structured_output import _rubric_verdicts_schema
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_config import get_eval_metrics_from_config
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import EvalStatus
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.evaluator import EvaluationResult
from google.adk.evaluation.llm_as_judge_utils import build_judge_request_config
from google.adk.evaluation.metric_evaluator_registry import DEFAULT_METRIC_EVALUATOR_REGISTRY
from google.adk.evaluation.rubric_based_evaluator import RubricBasedEvaluator
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import errors as genai_errors
from google.genai import types as genai_types
import pytest

from .judge_prompt_cases import judge_answer
from .judge_prompt_cases import load_dialogues
from .judge_prompt_cases import prompt_text
from .rubric_matching_cases import EVALUATORS

_FOLLOWS = "fake-structured-judge-follows"
_IGNORES = "fake-structured-judge-ignores"
_REJECTS = "fake-structured-judge-rejects"
_DIALOGUES = load_dialogues()
_RUBRIC_LINE = re.compile(r"^\*  \[id: ([^\]\n]*)\] ", re.MULTILINE)
# One id per language that the prompt shows as a `rubric-<n>` handle.
_NATIVE_IDS = {"ja": "傘の案内", "zh-Hans": "雨伞建议", "ar": "نصيحة_المظلة"}
# The templates' request for a text answer, and what a structured prompt says.
_TEXT_SENTENCE = "Respond in pure text, not json."
_JSON_SENTENCE = "Respond in JSON, as described at the end of this prompt."
# The evaluators whose template has the text sentence (the multi-turn one has
# none).
_HAS_TEXT_SENTENCE = {
    "rubric_based_final_response_quality_v1": True,
    "rubric_based_tool_use_quality_v1": True,
    "rubric_based_multi_turn_trajectory_quality_v1": False,
}


def _gemini_error(
    code: int, status: str, message: str
) -> genai_errors.APIError:
  """Returns what google-genai raises for an error response of the API."""
  body = {"error": {"code": code, "message": message, "status": status}}
  if code >= 500:
    return genai_errors.ServerError(code, body)
  return genai_errors.ClientError(code, body)


def _schema_rejected() -> genai_errors.APIError:
  """What Gemini raises for a response schema on a model without JSON mode."""
  return _gemini_error(
      400,
      "INVALID_ARGUMENT",
      f"JSON mode is not enabled for models/{_REJECTS}",
  )


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
  errors: ClassVar[list[BaseException]] = []

  @classmethod
  def supported_models(cls) -> list[str]:
    return [r"fake-structured-judge-.*"]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    _FakeJudge.requests.append(llm_request)
    schema = llm_request.config.response_schema
    # Lets the other samples of an invocation send their requests first.
    await asyncio.sleep(0)
    if _FakeJudge.errors:
      raise _FakeJudge.errors.pop(0)
    if schema is not None and self.model == _REJECTS:
      raise _schema_rejected()
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
  monkeypatch.setattr(_FakeJudge, "errors", [])


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
                  judge_model=judge,
                  num_samples=num_samples,
                  parallelism_limit=num_samples,
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
  assert schema == _rubric_verdicts_schema(rubrics)
  assert request.config.response_mime_type == "application/json"
  assert request.config.response_json_schema is None
  # The text mode prompt asking for JSON, then the JSON instructions.
  structured_prompt = _structured_prompt(metric_name, prompt)
  assert prompt_text(request) == structured_prompt
  structured = _text_mode_request(_FOLLOWS, structured_prompt)
  structured.config.response_mime_type = "application/json"
  structured.config.response_schema = schema
  assert _dump(request) == _dump(structured)


def _structured_prompt(metric_name: str, text_prompt: str) -> str:
  """Returns the prompt of a structured request made from `text_prompt`."""
  assert text_prompt.count(_TEXT_SENTENCE) == _HAS_TEXT_SENTENCE[metric_name]
  return (
      text_prompt.replace(_TEXT_SENTENCE, _JSON_SENTENCE)
      + _JSON_ANSWER_INSTRUCTIONS
  )


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_structured_prompt_holds_no_instruction_against_json(
    metric_name: str, monkeypatch: pytest.MonkeyPatch
):
  dialogue = _DIALOGUES["ja"]
  evaluator = _evaluator(metric_name, list(dialogue.rubrics))
  prompts = _record_prompts(evaluator, monkeypatch)

  await evaluator.evaluate_invocations([dialogue.invocation()])

  (request,) = _FakeJudge.requests
  (text_prompt,) = prompts
  prompt = prompt_text(request).casefold()
  assert "not json" not in prompt
  assert "pure text" not in prompt
  assert "json" in prompt
  assert prompt.count(_JSON_SENTENCE.casefold()) == (
      _HAS_TEXT_SENTENCE[metric_name]
  )
  # What text mode asks for instead, for contrast.
  assert ("not json" in text_prompt) == _HAS_TEXT_SENTENCE[metric_name]


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_rubric_quoting_the_text_sentence_is_left_as_written(
    metric_name: str, monkeypatch: pytest.MonkeyPatch
):
  dialogue = _DIALOGUES["en"]
  quoting = Rubric(
      rubric_id="quotes_the_template",
      rubric_content=RubricContent(text_property=_TEXT_SENTENCE),
  )
  evaluator = _evaluator(metric_name, [*dialogue.rubrics, quoting])
  prompts = _record_prompts(evaluator, monkeypatch)

  await evaluator.evaluate_invocations([dialogue.invocation()])

  (request,) = _FakeJudge.requests
  (text_prompt,) = prompts
  prompt = prompt_text(request)
  assert f"[id: quotes_the_template] {_TEXT_SENTENCE}" in prompt
  assert prompt.count(_TEXT_SENTENCE) == 1
  assert prompt.count(_JSON_SENTENCE) == _HAS_TEXT_SENTENCE[metric_name]
  # Only the template's sentence, on its REMEMBER line, is replaced; the
  # rubric comes after it in one template and before it in the other.
  at = text_prompt.find(_TEXT_SENTENCE, text_prompt.find("REMEMBER:"))
  if _HAS_TEXT_SENTENCE[metric_name]:
    assert prompt == (
        text_prompt[:at]
        + _JSON_SENTENCE
        + text_prompt[at + len(_TEXT_SENTENCE) :]
        + _JSON_ANSWER_INSTRUCTIONS
    )
  else:
    assert prompt == text_prompt + _JSON_ANSWER_INSTRUCTIONS


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
  assert _JSON_ANSWER_INSTRUCTIONS.strip() not in prompt_text(request)
  assert _JSON_SENTENCE not in prompt_text(request)
  assert _scores(result) == {r.rubric_id: 1.0 for r in dialogue.rubrics}


def test_switch_is_off_by_default():
  assert RubricsBasedCriterion(threshold=0.5).structured_output is False


def _own_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
  return [
      r.getMessage()
      for r in caplog.records
      if r.name.endswith("._rubric_structured_output")
  ]


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_schema_rejection_switches_to_text_once_with_one_warning(
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
    first_call = list(_FakeJudge.requests)
    # The same evaluator again: text mode only, and no new warning.
    await evaluator.evaluate_invocations([dialogue.invocation()])

  later_calls = _FakeJudge.requests[len(first_call) :]
  text_mode = [_dump(_text_mode_request(_REJECTS, p)) for p in prompts]
  # The 3 samples were sent concurrently, so all 3 were rejected; each was
  # asked again with the exact text mode request.
  rejected = [r for r in first_call if r.config.response_schema is not None]
  retried = [_dump(r) for r in first_call if r.config.response_schema is None]
  assert len(rejected) == 3
  assert retried == [text_mode[0]] * 3
  assert [_dump(r) for r in later_calls] == [text_mode[1]] * 3
  assert _scores(result) == {
      "city_in_tool_call": 1.0,
      "umbrella_advice": 1.0,
      "temperature_from_tool": 0.0,
  }
  (warning,) = _own_warnings(caplog)
  assert _REJECTS in warning
  assert "JSON mode is not enabled" in warning
  assert "ClientError" in warning


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_evaluators_of_one_judge_model_keep_their_own_mode(
    metric_name: str, caplog: pytest.LogCaptureFixture
):
  dialogue = _DIALOGUES["ja"]
  first = _evaluator(metric_name, list(dialogue.rubrics), judge=_REJECTS)
  second = _evaluator(metric_name, list(dialogue.rubrics), judge=_REJECTS)

  with caplog.at_level(logging.WARNING):
    await first.evaluate_invocations([dialogue.invocation()])
    await second.evaluate_invocations([dialogue.invocation()])
    await first.evaluate_invocations([dialogue.invocation()])

  structured = [
      r.config.response_schema is not None for r in _FakeJudge.requests
  ]
  # First: rejected, retried. Second: its own rejection and retry, since what
  # the first learned is its own. First again: text mode only.
  assert structured == [True, False, True, False, False]
  assert len(_own_warnings(caplog)) == 2


_OUTAGES = {
    "connection_reset": lambda: ConnectionResetError(
        "could not decode JSON body (connection reset)"
    ),
    "server_error": lambda: _gemini_error(
        503, "UNAVAILABLE", "could not decode JSON body (connection reset)"
    ),
    "quota": lambda: _gemini_error(
        429, "RESOURCE_EXHAUSTED", "Quota exceeded for response_schema calls"
    ),
    "timeout": lambda: asyncio.TimeoutError("no JSON answer in time"),
}


@pytest.mark.parametrize("outage", list(_OUTAGES))
@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_outage_mentioning_json_is_not_a_rejection(
    metric_name: str, outage: str, caplog: pytest.LogCaptureFixture
):
  dialogue = _DIALOGUES["en"]
  evaluator = _evaluator(metric_name, list(dialogue.rubrics))
  _FakeJudge.errors = [_OUTAGES[outage]()]

  with caplog.at_level(logging.WARNING):
    failed = await evaluator.evaluate_invocations([dialogue.invocation()])
    scored = await evaluator.evaluate_invocations([dialogue.invocation()])

  # Not asked again in text mode: the failed sample is not evaluated, as
  # LlmAsJudge handles any judge error, and the next request is structured.
  assert [
      r.config.response_schema is not None for r in _FakeJudge.requests
  ] == [
      True,
      True,
  ]
  assert failed.per_invocation_results[-1].eval_status == (
      EvalStatus.NOT_EVALUATED
  )
  assert any(
      r.name.endswith(".llm_as_judge") and "sample failed" in r.getMessage()
      for r in caplog.records
  )
  assert _scores(scored) == {r.rubric_id: 1.0 for r in dialogue.rubrics}
  assert not _own_warnings(caplog)


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
  assert "ID 'rubric-9' (no rubric has this ID)" in warning


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
