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
* `fake-structured-judge-rejects` raises a client error (by default Gemini's
  400 for a model without JSON mode) when a request carries a schema, and
  answers text otherwise.

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
from typing import Callable
from typing import ClassVar
from typing import Optional

from google.adk.evaluation._retry_options_utils import add_default_retry_options_if_not_present
from google.adk.evaluation._rubric_structured_output import _JSON_OUTPUT_INSTRUCTION
from google.adk.evaluation._rubric_structured_output import _rubric_verdicts_schema
from google.adk.evaluation.eval_case import Invocation
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
# What the `{output_instruction}` field of two templates holds in text mode,
# on their REMEMBER line after these words.
_TEXT_SENTENCE = "Respond in pure text, not json."
_REMEMBER_END = 'Even answering "no" will improve the agent! '
# The evaluators whose template has the text sentence (the multi-turn one has
# none: its field, at the end of the prompt, is empty in text mode).
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
  refusal: ClassVar[Callable[[], BaseException]] = staticmethod(
      lambda: _schema_rejected()
  )

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
      raise _FakeJudge.refusal()
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
  monkeypatch.setattr(_FakeJudge, "refusal", staticmethod(_schema_rejected))


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


async def _text_mode_prompt(
    metric_name: str, rubrics: list[Rubric], invocation: Invocation
) -> str:
  """Returns the prompt of the evaluator with `structured_output` off."""
  evaluator = _evaluator(metric_name, rubrics, structured_output=False)
  sent = len(_FakeJudge.requests)
  await evaluator.evaluate_invocations([invocation])
  (request,) = _FakeJudge.requests[sent:]
  del _FakeJudge.requests[sent:]
  return prompt_text(request)


def _text_mode_request(model: str, prompt: str) -> LlmRequest:
  """Returns the judge request `LlmAsJudge` builds for `prompt` in text mode."""
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
  text_prompt = await _text_mode_prompt(
      metric_name, rubrics, dialogue.invocation()
  )

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
  # The text mode prompt with the JSON instruction in the template's field.
  structured_prompt = _structured_prompt(
      metric_name, text_prompt, evaluator._text_output_instruction
  )
  assert prompt == structured_prompt
  assert prompt_text(request) == structured_prompt
  structured = _text_mode_request(_FOLLOWS, structured_prompt)
  structured.config.response_mime_type = "application/json"
  structured.config.response_schema = schema
  assert _dump(request) == _dump(structured)
  # What it falls back on is exactly the request of text mode.
  assert _dump(request.text_request) == _dump(
      _text_mode_request(_FOLLOWS, text_prompt)
  )


def _structured_prompt(
    metric_name: str, text_prompt: str, text_instruction: str
) -> str:
  """Returns `text_prompt` with the JSON instruction in the template's field."""
  if _HAS_TEXT_SENTENCE[metric_name]:
    line = _REMEMBER_END + text_instruction + "\n"
    assert text_prompt.count(line) == 1
    return text_prompt.replace(
        line, _REMEMBER_END + _JSON_OUTPUT_INSTRUCTION + "\n"
    )
  assert text_prompt.endswith("</properties>\n")
  return text_prompt + _JSON_OUTPUT_INSTRUCTION


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_text_mode_prompt_holds_the_text_instruction_in_the_field(
    metric_name: str,
):
  dialogue = _DIALOGUES["en"]
  evaluator = _evaluator(metric_name, list(dialogue.rubrics))
  template = evaluator._auto_rater_prompt_template

  prompt = await _text_mode_prompt(
      metric_name, list(dialogue.rubrics), dialogue.invocation()
  )

  assert template.count("{output_instruction}") == 1
  assert "{output_instruction}" not in prompt
  assert "JSON" not in prompt.replace("json", "")
  if _HAS_TEXT_SENTENCE[metric_name]:
    # The REMEMBER line of the template, as it reads in text mode.
    assert prompt.count(_REMEMBER_END + _TEXT_SENTENCE + "\n") == 1
    assert prompt.count(_TEXT_SENTENCE) == 1
  else:
    assert prompt.endswith("\n</properties>\n")
    assert "json" not in prompt.casefold()


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_structured_prompt_holds_no_instruction_against_json(
    metric_name: str, monkeypatch: pytest.MonkeyPatch
):
  dialogue = _DIALOGUES["ja"]
  evaluator = _evaluator(metric_name, list(dialogue.rubrics))
  prompts = _record_prompts(evaluator, monkeypatch)

  await evaluator.evaluate_invocations([dialogue.invocation()])

  (request,) = _FakeJudge.requests
  (structured_prompt,) = prompts
  prompt = prompt_text(request)
  assert prompt == structured_prompt
  assert "not json" not in prompt.casefold()
  assert "pure text" not in prompt.casefold()
  # The tool use template's line asking for text blocks is part of its text
  # value. (The final response template still describes its text blocks in
  # its output format section.)
  assert "IMPORTANT: Write one block" not in prompt
  assert prompt.count(_JSON_OUTPUT_INSTRUCTION) == 1
  # What text mode asks for instead, for contrast.
  text_prompt = prompt_text(request.text_request)
  assert ("not json" in text_prompt) == _HAS_TEXT_SENTENCE[metric_name]
  assert _JSON_OUTPUT_INSTRUCTION not in text_prompt


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_rubric_quoting_the_text_sentence_is_left_as_written(
    metric_name: str,
):
  dialogue = _DIALOGUES["en"]
  # The REMEMBER line's end, and the field itself, in a rubric.
  quoted = _REMEMBER_END + _TEXT_SENTENCE + " {output_instruction}"
  quoting = Rubric(
      rubric_id="quotes_the_template",
      rubric_content=RubricContent(text_property=quoted),
  )
  rubrics = [*dialogue.rubrics, quoting]
  evaluator = _evaluator(metric_name, rubrics)
  text_prompt = await _text_mode_prompt(
      metric_name, rubrics, dialogue.invocation()
  )

  await evaluator.evaluate_invocations([dialogue.invocation()])

  (request,) = _FakeJudge.requests
  prompt = prompt_text(request)
  assert f"[id: quotes_the_template] {quoted}" in prompt
  assert prompt.count(_TEXT_SENTENCE) == 1
  assert prompt.count(_JSON_OUTPUT_INSTRUCTION) == 1
  # Only the template's field holds the JSON instruction; the rubric comes
  # after the field in one template and before it in the others.
  at = prompt.index(_JSON_OUTPUT_INSTRUCTION)
  end = at + len(_JSON_OUTPUT_INSTRUCTION)
  text_instruction = evaluator._text_output_instruction
  assert prompt[:at] + text_instruction + prompt[end:] == text_prompt
  assert prompt_text(request.text_request) == text_prompt


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
  assert _JSON_OUTPUT_INSTRUCTION not in prompt_text(request)
  assert _scores(result) == {r.rubric_id: 1.0 for r in dialogue.rubrics}


def test_switch_is_off_by_default():
  assert RubricsBasedCriterion(threshold=0.5).structured_output is False


def _own_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
  return [
      r.getMessage()
      for r in caplog.records
      if r.name.endswith("._rubric_structured_output")
  ]


def _litellm_error(name: str, **arguments: Any) -> BaseException:
  litellm = pytest.importorskip("litellm")
  return getattr(litellm, name)(model="m", llm_provider="p", **arguments)


# What a judge raises for a structured request it refuses: the error's
# factory, and its type name and HTTP status as the warning gives them.
_REFUSALS = {
    "gemini_json_mode": (_schema_rejected, "ClientError", 400),
    "gemini_naming_nothing": (
        lambda: _gemini_error(
            400, "INVALID_ARGUMENT", "Request contains an invalid argument."
        ),
        "ClientError",
        400,
    ),
    "litellm_unsupported_params": (
        lambda: _litellm_error(
            "UnsupportedParamsError",
            message="p does not support parameters: ['response_format']",
        ),
        "UnsupportedParamsError",
        400,
    ),
}


@pytest.mark.parametrize("refusal", list(_REFUSALS))
@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_refusal_switches_to_text_once_with_one_warning(
    metric_name: str,
    refusal: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
):
  dialogue = _DIALOGUES["ja"]
  make_error, error_type, status = _REFUSALS[refusal]
  _FakeJudge.refusal = staticmethod(make_error)
  _FakeJudge.verdicts = {"temperature_from_tool": "no"}
  evaluator = _evaluator(
      metric_name, list(dialogue.rubrics), judge=_REJECTS, num_samples=3
  )
  prompts = _record_prompts(evaluator, monkeypatch)
  text_prompt = await _text_mode_prompt(
      metric_name, list(dialogue.rubrics), dialogue.invocation()
  )

  with caplog.at_level(logging.WARNING):
    result = await evaluator.evaluate_invocations([dialogue.invocation()])
    first_call = list(_FakeJudge.requests)
    # The same evaluator again: text mode only, and no new warning.
    await evaluator.evaluate_invocations([dialogue.invocation()])

  later_calls = _FakeJudge.requests[len(first_call) :]
  text_mode = _dump(_text_mode_request(_REJECTS, text_prompt))
  # The 3 samples were sent concurrently, so all 3 were refused; each was
  # asked again with the exact text mode request.
  refused = [r for r in first_call if r.config.response_schema is not None]
  retried = [_dump(r) for r in first_call if r.config.response_schema is None]
  assert len(refused) == 3
  assert retried == [text_mode] * 3
  assert [_dump(r) for r in later_calls] == [text_mode] * 3
  assert prompts == [
      _structured_prompt(
          metric_name, text_prompt, evaluator._text_output_instruction
      ),
      text_prompt,
  ]
  assert _scores(result) == {
      "city_in_tool_call": 1.0,
      "umbrella_advice": 1.0,
      "temperature_from_tool": 0.0,
  }
  (warning,) = _own_warnings(caplog)
  assert _REJECTS in warning
  assert f"({error_type}, HTTP status {status}: " in warning
  assert "structured_output" in warning


@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_refusal_whose_retry_fails_too_keeps_the_mode(
    metric_name: str, caplog: pytest.LogCaptureFixture
):
  dialogue = _DIALOGUES["en"]
  evaluator = _evaluator(metric_name, list(dialogue.rubrics))
  # A bad request for a reason other than the schema: text mode gets it too.
  _FakeJudge.errors = [
      _gemini_error(400, "INVALID_ARGUMENT", "The input token count exceeds"),
      _gemini_error(400, "INVALID_ARGUMENT", "The input token count exceeds"),
  ]

  with caplog.at_level(logging.WARNING):
    failed = await evaluator.evaluate_invocations([dialogue.invocation()])
    scored = await evaluator.evaluate_invocations([dialogue.invocation()])

  assert [
      r.config.response_schema is not None for r in _FakeJudge.requests
  ] == [True, False, True]
  assert failed.per_invocation_results[-1].eval_status == (
      EvalStatus.NOT_EVALUATED
  )
  assert any(
      r.name.endswith(".llm_as_judge")
      and "The input token count exceeds" in r.getMessage()
      for r in caplog.records
  )
  assert _scores(scored) == {r.rubric_id: 1.0 for r in dialogue.rubrics}
  assert not _own_warnings(caplog)


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
    "unauthenticated": lambda: _gemini_error(
        401, "UNAUTHENTICATED", "API key not valid for response_schema"
    ),
    "server_error_naming_the_schema": lambda: _gemini_error(
        500, "INTERNAL", "response_schema is not supported by this model"
    ),
    "timeout": lambda: asyncio.TimeoutError("no JSON answer in time"),
}


@pytest.mark.parametrize("outage", list(_OUTAGES))
@pytest.mark.parametrize("metric_name", list(EVALUATORS))
async def test_other_error_mentioning_json_is_not_a_refusal(
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

  # An answer, even a wrong one, is scored as it is: never asked again.
  (request,) = _FakeJudge.requests
  assert request.config.response_schema is not None
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
