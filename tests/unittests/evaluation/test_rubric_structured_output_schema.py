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

"""The schema, requests, error test and fallback of structured rubric judging.

The schema asks for exactly one `{id, rationale, verdict}` item per rubric,
with the ids the prompt shows; an answer of that shape, and nothing else, is
read item by item, any other answer by the text parser; a structured request
is the prompt with the JSON instruction in the template's
`{output_instruction}` field, the schema, and the exact text mode request to
fall back on; only the type and HTTP status of an error (400 or 422) make a
refused request, never its message; and the text mode retry switches the
mode only once it is answered.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import AsyncGenerator
from typing import Optional

from google.adk.evaluation._rubric_ids import format_rubrics_for_prompt
from google.adk.evaluation._rubric_structured_output import _JSON_OUTPUT_INSTRUCTION
from google.adk.evaluation._rubric_structured_output import _refused_request_status
from google.adk.evaluation._rubric_structured_output import _rubric_verdicts_schema
from google.adk.evaluation._rubric_structured_output import _RubricStructuredOutput
from google.adk.evaluation._rubric_structured_output import read_schema_answer
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.llm_as_judge_utils import build_judge_request_config
from google.adk.evaluation.rubric_based_evaluator import _SchemaAnswerParser
from google.adk.evaluation.rubric_based_evaluator import AutoRaterResponseParser
from google.adk.evaluation.rubric_based_evaluator import RubricResponse
from google.adk.models.base_llm import BaseLlm
from google.adk.models.google_llm import _ResourceExhaustedError
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import errors as genai_errors
from google.genai import types as genai_types
import httpx
import pytest

from .judge_prompt_cases import judge_answer
from .judge_prompt_cases import prompt_text

_RUBRICS = [
    Rubric(
        rubric_id="city_in_tool_call",
        rubric_content=RubricContent(
            text_property="ツールに東京を渡している。"
        ),
    ),
    Rubric(
        rubric_id="傘の案内",
        rubric_content=RubricContent(
            text_property="応答は傘が必要かどうかを伝えている。"
        ),
    ),
    Rubric(
        rubric_id="needs [quoting] here",
        rubric_content=RubricContent(text_property="応答は正確である。"),
    ),
]
_SHOWN_IDS = ["city_in_tool_call", "rubric-2", "rubric-3"]


def _schema_dict() -> dict[str, object]:
  return _rubric_verdicts_schema(_RUBRICS).model_dump(
      by_alias=True, exclude_none=True, mode="json"
  )


def test_schema_asks_for_one_item_per_rubric_with_the_shown_ids():
  schema = _schema_dict()

  assert schema["type"] == "OBJECT"
  assert schema["required"] == ["verdicts"]
  verdicts = schema["properties"]["verdicts"]
  assert verdicts["type"] == "ARRAY"
  assert verdicts["minItems"] == verdicts["maxItems"] == len(_RUBRICS)
  item = verdicts["items"]
  assert item["required"] == ["id", "rationale", "verdict"]
  assert item["properties"]["id"]["enum"] == _SHOWN_IDS
  assert item["properties"]["verdict"]["enum"] == ["yes", "no"]
  # The ids are the ones the prompt shows.
  for shown_id in _SHOWN_IDS:
    assert f"[id: {shown_id}]" in format_rubrics_for_prompt(_RUBRICS)


def test_rationale_comes_before_verdict_in_declared_and_sorted_order():
  properties = list(
      _schema_dict()["properties"]["verdicts"]["items"]["properties"]
  )

  assert properties == ["id", "rationale", "verdict"]
  assert properties == sorted(properties)


def _schema_answer(*items: object) -> str:
  return json.dumps({"verdicts": list(items)}, ensure_ascii=False)


def test_answer_of_the_schema_shape_gives_one_block_per_item():
  answer = _schema_answer(
      {"id": "city_in_tool_call", "rationale": "東京", "verdict": "yes"},
      {"id": "rubric-2", "rationale": "傘", "verdict": "no"},
      {"id": "rubric-3", "rationale": "正確", "verdict": "yes"},
  )
  parser = _SchemaAnswerParser(_NoText())

  responses = parser.parse(answer)

  assert [(r.rubric_id, r.rationale, r.score) for r in responses] == [
      ("city_in_tool_call", "東京", 1.0),
      ("rubric-2", "傘", 0.0),
      ("rubric-3", "正確", 1.0),
  ]


def test_item_verdict_decides_whatever_the_rationale_says():
  # The schema gives the verdict its own field: a "no" in the reasoning is
  # part of the reasoning.
  answer = _schema_answer({
      "id": "r1",
      "rationale": "No tool error; the answer is no.",
      "verdict": "yes",
  })

  (response,) = _SchemaAnswerParser(_NoText()).parse(answer)

  assert response.score == 1.0


@pytest.mark.parametrize(
    ("verdict", "score"),
    [("yes", 1.0), ("no", 0.0), (" Yes ", 1.0), ("NO", 0.0), ("maybe", None)],
)
def test_item_verdict_is_yes_or_no_in_any_case(
    verdict: str, score: Optional[float]
):
  answer = _schema_answer({"id": "r1", "rationale": "", "verdict": verdict})

  (response,) = _SchemaAnswerParser(_NoText()).parse(answer)

  assert (response.score, response.verdict) == (score, verdict)


@pytest.mark.parametrize("info", ["json", "", "JSON"])
def test_an_answer_in_one_code_fence_is_read(info: str):
  answer = (
      f"```{info}\n"
      + _schema_answer({"id": "r1", "rationale": "ok", "verdict": "no"})
      + "\n```\n"
  )

  (response,) = _SchemaAnswerParser(_NoText()).parse(answer)

  assert (response.rubric_id, response.score) == ("r1", 0.0)


def test_item_fields_of_other_types_are_not_read():
  answer = _schema_answer(
      {"id": 1, "rationale": ["a"], "verdict": True}, "r2: yes", None
  )

  responses = _SchemaAnswerParser(_NoText()).parse(answer)

  assert [
      (r.rubric_id, r.rationale, r.verdict, r.score) for r in responses
  ] == [(None, None, None, None)] * 3


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(
            "Here:\n```json\n"
            + _schema_answer({"id": "r1", "verdict": "yes"})
            + "\n```",
            id="fenced_after_words",
        ),
        pytest.param(
            "```json\n"
            + _schema_answer({"id": "r1", "verdict": "yes"})
            + "\n```\n```json\n"
            + _schema_answer({"id": "r1", "verdict": "no"})
            + "\n```",
            id="two_fences",
        ),
        pytest.param(
            '{"verdicts": [{"id": "r1", "verdict": "yes"}], "notes": "r1: no"}',
            id="another_key",
        ),
        pytest.param(
            '{"verdicts": [{"id": "r1", "verdict": "no", "verdict": "yes"}]}',
            id="a_key_given_twice",
        ),
        pytest.param('[{"id": "r1", "verdict": "yes"}]', id="a_bare_list"),
        pytest.param('{"verdicts": {"id": "r1"}}', id="verdicts_not_a_list"),
        pytest.param("ID: r1\nVerdict: yes", id="text_blocks"),
        pytest.param("[" * 100_000, id="nested_too_deep"),
    ],
)
def test_other_answers_go_to_the_text_parser(answer: str):
  assert read_schema_answer(answer) is None
  assert _SchemaAnswerParser(_NoText()).parse(answer) == [
      RubricResponse(rationale=answer)
  ]


class _NoText(AutoRaterResponseParser):
  """Gives one block holding the answer, to show that it was asked."""

  def parse(self, auto_rater_response: str) -> list[RubricResponse]:
    return [RubricResponse(rationale=auto_rater_response)]


def test_litellm_sends_the_schema_as_a_strict_openai_json_schema():
  lite_llm = pytest.importorskip("google.adk.models.lite_llm")

  response_format = lite_llm._to_litellm_response_format(
      _rubric_verdicts_schema(_RUBRICS), model="openai/gpt-4o"
  )

  assert response_format["type"] == "json_schema"
  assert response_format["json_schema"]["strict"] is True
  schema = response_format["json_schema"]["schema"]
  assert schema["type"] == "object"
  assert schema["additionalProperties"] is False
  item = schema["properties"]["verdicts"]["items"]
  assert item["additionalProperties"] is False
  assert item["properties"]["id"] == {
      "description": "The id in the property's [id: ...] tag.",
      "enum": _SHOWN_IDS,
      "type": "string",
  }
  assert schema["properties"]["verdicts"]["minItems"] == len(_RUBRICS)


_TEXT_INSTRUCTION = "Respond in plain text."
_TEMPLATE = "Judge the properties. {output_instruction}\n{rubrics}\n"


def _text_request(prompt: str) -> LlmRequest:
  """Returns the judge request `LlmAsJudge` builds for `prompt`."""
  config = build_judge_request_config(
      genai_types.GenerateContentConfig(temperature=0.0)
  )
  return LlmRequest(
      model="judge",
      contents=[
          genai_types.Content(
              role="user", parts=[genai_types.Part(text=prompt)]
          )
      ],
      config=config,
  )


def test_structured_prompt_fills_the_field_with_the_json_instruction():
  rubrics = format_rubrics_for_prompt(_RUBRICS)
  output = _RubricStructuredOutput()

  prompt = output.format_prompt(
      _TEMPLATE, _TEXT_INSTRUCTION, {"rubrics": rubrics}
  )

  assert prompt == (
      "Judge the properties. "
      + _JSON_OUTPUT_INSTRUCTION
      + "\n"
      + rubrics
      + "\n"
  )
  assert _TEXT_INSTRUCTION not in prompt


def test_structured_request_asks_for_json_and_carries_the_text_request():
  rubrics = format_rubrics_for_prompt(_RUBRICS)
  output = _RubricStructuredOutput()
  prompt = output.format_prompt(
      _TEMPLATE, _TEXT_INSTRUCTION, {"rubrics": rubrics}
  )
  request = _text_request(prompt)
  before = request.model_dump()

  structured = output.structured_request(request, _RUBRICS)

  assert request.model_dump() == before
  assert structured.config.response_mime_type == "application/json"
  assert structured.config.response_schema == _rubric_verdicts_schema(_RUBRICS)
  assert structured.config.temperature == 0.0
  assert structured.contents == request.contents
  # The request to fall back on is the request the same template gives in
  # text mode, and is not part of what a judge model would serialize.
  text_prompt = _TEMPLATE.format(
      output_instruction=_TEXT_INSTRUCTION, rubrics=rubrics
  )
  assert structured.text_request.model_dump() == (
      _text_request(text_prompt).model_dump()
  )
  assert "text_request" not in structured.model_dump()


def test_field_values_are_not_read_as_fields():
  output = _RubricStructuredOutput()
  quoting = "{output_instruction} " + _TEXT_INSTRUCTION

  prompt = output.format_prompt(
      _TEMPLATE, _TEXT_INSTRUCTION, {"rubrics": quoting}
  )
  structured = output.structured_request(_text_request(prompt), _RUBRICS)

  assert prompt.endswith("\n" + quoting + "\n")
  assert prompt_text(structured.text_request) == (
      "Judge the properties. " + _TEXT_INSTRUCTION + "\n" + quoting + "\n"
  )


def test_request_whose_prompt_was_not_formatted_here_is_left_as_it_is():
  request = _text_request("A prompt of a template without the field.")

  assert _RubricStructuredOutput().structured_request(request, _RUBRICS) is (
      request
  )


def test_after_a_rejection_prompts_and_requests_are_text_mode(
    caplog: pytest.LogCaptureFixture,
):
  output = _RubricStructuredOutput()
  rejection = _gemini_error(
      400, "INVALID_ARGUMENT", "JSON mode is not enabled for models/judge"
  )

  output.note_rejection("judge", rejection)
  output.note_rejection("judge", rejection)
  prompt = output.format_prompt(_TEMPLATE, _TEXT_INSTRUCTION, {"rubrics": "r"})
  request = _text_request(prompt)

  assert output.rejected
  assert prompt == "Judge the properties. " + _TEXT_INSTRUCTION + "\nr\n"
  assert output.structured_request(request, _RUBRICS) is request
  (warning,) = caplog.records
  assert "JSON mode is not enabled for models/judge" in warning.getMessage()
  assert "HTTP status 400" in warning.getMessage()


def _gemini_error(
    code: int, status: Optional[str], message: str
) -> genai_errors.APIError:
  """Returns what google-genai raises for an error response of the API."""
  body = {"error": {"code": code, "message": message, "status": status}}
  if code >= 500:
    return genai_errors.ServerError(code, body)
  return genai_errors.ClientError(code, body)


class _StatusError(Exception):
  """An error of some client library, with a `status_code` attribute."""

  def __init__(self, message: str, status_code: object):
    super().__init__(message)
    self.status_code = status_code


class _CodeError(Exception):
  """An error with a `code` attribute, which says nothing about HTTP."""

  def __init__(self, message: str, code: object):
    super().__init__(message)
    self.code = code


@pytest.mark.parametrize(
    "error, status",
    [
        pytest.param(
            _gemini_error(
                400,
                "INVALID_ARGUMENT",
                "JSON mode is not enabled for models/gemini-1.0-pro",
            ),
            400,
            id="gemini_400_json_mode",
        ),
        pytest.param(
            _gemini_error(
                400, "INVALID_ARGUMENT", "Request contains an invalid argument."
            ),
            400,
            id="gemini_400_naming_nothing",
        ),
        pytest.param(
            _gemini_error(
                400,
                "INVALID_ARGUMENT",
                "The input token count (1200000) exceeds the maximum number of"
                " tokens allowed (1048576).",
            ),
            400,
            id="gemini_400_prompt_too_long_the_retry_decides",
        ),
        pytest.param(
            _gemini_error(
                401, "UNAUTHENTICATED", "response_schema needs an API key"
            ),
            None,
            id="gemini_401_naming_the_schema",
        ),
        pytest.param(
            _gemini_error(
                403, "PERMISSION_DENIED", "response_schema not allowed"
            ),
            None,
            id="gemini_403_naming_the_schema",
        ),
        pytest.param(
            _gemini_error(404, "NOT_FOUND", "models/judge is not found"),
            None,
            id="gemini_404",
        ),
        pytest.param(
            _gemini_error(
                429, "RESOURCE_EXHAUSTED", "Quota exceeded for response_schema"
            ),
            None,
            id="gemini_429_naming_the_schema",
        ),
        pytest.param(
            _ResourceExhaustedError(
                _gemini_error(429, "RESOURCE_EXHAUSTED", "Quota exceeded")
            ),
            None,
            id="adk_resource_exhausted",
        ),
        pytest.param(
            _gemini_error(
                500,
                "INTERNAL",
                "response_schema is not supported by this model",
            ),
            None,
            id="gemini_500_naming_the_schema",
        ),
        pytest.param(
            _gemini_error(
                503,
                "UNAVAILABLE",
                "could not decode JSON body (connection reset)",
            ),
            None,
            id="gemini_503_naming_json",
        ),
        pytest.param(
            ConnectionResetError(
                "400 could not decode JSON body (connection reset)"
            ),
            None,
            id="connection_reset_naming_400_and_json",
        ),
        pytest.param(
            asyncio.TimeoutError("no JSON schema answer in time"),
            None,
            id="timeout_naming_the_schema",
        ),
        pytest.param(
            ValueError("400: response_mime_type is not supported"),
            None,
            id="untyped_error_naming_400_and_the_mime_type",
        ),
        pytest.param(
            _StatusError("bad request", 400), 400, id="status_code_400"
        ),
        pytest.param(
            _StatusError("unprocessable", 422), 422, id="status_code_422"
        ),
        pytest.param(_StatusError("conflict", 409), None, id="status_code_409"),
        pytest.param(_StatusError("timeout", 408), None, id="status_code_408"),
        pytest.param(
            _StatusError("bad request", "400"), None, id="status_code_string"
        ),
        pytest.param(
            _StatusError("bad request", True), None, id="status_code_bool"
        ),
        pytest.param(
            _CodeError("bad request", 400), None, id="code_outside_google_genai"
        ),
    ],
)
def test_refused_request_status_is_read_from_type_and_status(
    error: Exception, status: Optional[int]
):
  assert _refused_request_status(error) == status


# LiteLLM error class, its arguments (with model="m" and llm_provider="p"),
# and the refused request status read from it.
_LITELLM_ERRORS = {
    "unsupported_params": (
        "UnsupportedParamsError",
        {"message": "p does not support parameters: ['response_format']"},
        400,
    ),
    "bad_request": (
        "BadRequestError",
        {"message": "Invalid schema for response_format 'verdicts'."},
        400,
    ),
    "context_window_exceeded": (
        "ContextWindowExceededError",
        {"message": "This model's maximum context length is 8192 tokens."},
        400,
    ),
    "unprocessable_entity": ("UnprocessableEntityError", {"message": "x"}, 422),
    "authentication_naming_response_format": (
        "AuthenticationError",
        {"message": "no key for response_format requests"},
        None,
    ),
    "rate_limit_naming_response_format": (
        "RateLimitError",
        {"message": "429 quota exceeded (response_format request)"},
        None,
    ),
    "timeout_naming_json": (
        "Timeout",
        {"message": "timed out reading the JSON body"},
        None,
    ),
    "connection_error_naming_json": (
        "APIConnectionError",
        {"message": "could not decode JSON body (connection reset)"},
        None,
    ),
    "internal_server_error_naming_the_schema": (
        "InternalServerError",
        {"message": "response_format json_schema is not supported"},
        None,
    ),
    "service_unavailable_naming_the_schema": (
        "ServiceUnavailableError",
        {"message": "json_schema backend unavailable"},
        None,
    ),
    "answer_not_matching_the_schema": (
        "JSONSchemaValidationError",
        {"raw_response": "{}", "schema": '{"type": "object"}'},
        None,
    ),
}


@pytest.mark.parametrize("name", list(_LITELLM_ERRORS))
def test_refused_request_status_is_read_from_litellm_errors(name: str):
  litellm = pytest.importorskip("litellm")
  error_class, arguments, status = _LITELLM_ERRORS[name]
  if error_class == "UnprocessableEntityError":
    arguments = {
        **arguments,
        "response": httpx.Response(
            422, request=httpx.Request("POST", "http://judge")
        ),
    }
  error = getattr(litellm, error_class)(
      model="m", llm_provider="p", **arguments
  )

  assert _refused_request_status(error) == status


class _ScriptedJudge(BaseLlm):
  """Answers or raises, call by call, what `script` says; records requests."""

  script: list[object]
  requests: list[LlmRequest] = []

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    self.requests.append(llm_request)
    for step in self.script.pop(0):
      if isinstance(step, BaseException):
        raise step
      yield judge_answer(step)


def _structured(output: _RubricStructuredOutput) -> LlmRequest:
  prompt = output.format_prompt(_TEMPLATE, _TEXT_INSTRUCTION, {"rubrics": "r"})
  return output.structured_request(_text_request(prompt), _RUBRICS)


async def _answers(judge: BaseLlm, request: LlmRequest) -> list[str]:
  return [
      response.content.parts[0].text
      async for response in judge.generate_content_async(request)
  ]


def _refusal() -> genai_errors.APIError:
  return _gemini_error(400, "INVALID_ARGUMENT", "Invalid JSON payload")


async def test_refusal_answered_in_text_switches_the_mode_once(
    caplog: pytest.LogCaptureFixture,
):
  output = _RubricStructuredOutput()
  scripted = _ScriptedJudge(model="judge", script=[[_refusal()], ["text"]])
  judge = output.with_text_fallback(scripted)
  request = _structured(output)

  with caplog.at_level(logging.WARNING):
    answers = await _answers(judge, request)

  assert answers == ["text"]
  assert scripted.requests == [request, request.text_request]
  assert output.rejected
  (warning,) = caplog.records
  assert "ClientError, HTTP status 400: 400 INVALID_ARGUMENT" in (
      warning.getMessage()
  )


async def test_refused_retry_raises_its_error_and_keeps_the_mode(
    caplog: pytest.LogCaptureFixture,
):
  output = _RubricStructuredOutput()
  refusal = _refusal()
  text_error = _gemini_error(400, "INVALID_ARGUMENT", "Prompt too long")
  scripted = _ScriptedJudge(model="judge", script=[[refusal], [text_error]])
  judge = output.with_text_fallback(scripted)
  request = _structured(output)

  with pytest.raises(genai_errors.ClientError) as raised:
    await _answers(judge, request)

  assert raised.value is text_error
  assert raised.value.__cause__ is refusal
  assert scripted.requests == [request, request.text_request]
  assert not output.rejected
  assert not caplog.records


async def test_error_after_an_answer_is_not_asked_again():
  output = _RubricStructuredOutput()
  scripted = _ScriptedJudge(
      model="judge", script=[['{"verdicts": []}', _refusal()]]
  )
  judge = output.with_text_fallback(scripted)
  request = _structured(output)
  answers = []

  with pytest.raises(genai_errors.ClientError):
    async for response in judge.generate_content_async(request):
      answers.append(response.content.parts[0].text)

  assert answers == ['{"verdicts": []}']
  assert scripted.requests == [request]
  assert not output.rejected


@pytest.mark.parametrize(
    "error",
    [
        _gemini_error(401, "UNAUTHENTICATED", "response_schema"),
        _gemini_error(429, "RESOURCE_EXHAUSTED", "response_schema"),
        _gemini_error(500, "INTERNAL", "response_schema is not supported"),
        _StatusError("json_schema unsupported", 503),
    ],
    ids=["401", "429", "500_naming_the_schema", "status_code_503"],
)
async def test_other_errors_are_raised_unchanged(error: Exception):
  output = _RubricStructuredOutput()
  scripted = _ScriptedJudge(model="judge", script=[[error]])
  judge = output.with_text_fallback(scripted)
  request = _structured(output)

  with pytest.raises(type(error)) as raised:
    await _answers(judge, request)

  assert raised.value is error
  assert raised.value.__cause__ is None
  assert scripted.requests == [request]
  assert not output.rejected
