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

"""The schema, requests and error test of structured rubric judging.

The schema asks for exactly one `{id, rationale, verdict}` item per rubric,
with the ids the prompt shows; an answer of that shape is read by the same
parser as text answers; a structured request is the text mode request with
the schema, a prompt that asks for JSON only, and the exact text mode request
to fall back on; and only an error whose type and status say that the
request's structured output part is invalid counts as a schema rejection.
"""

from __future__ import annotations

import asyncio
import json
from typing import Optional

from google.adk.evaluation._rubric_ids import format_rubrics_for_prompt
from google.adk.evaluation._rubric_parsing import parse_judge_answer
from google.adk.evaluation._rubric_structured_output import _is_schema_rejection
from google.adk.evaluation._rubric_structured_output import _JSON_ANSWER_INSTRUCTIONS
from google.adk.evaluation._rubric_structured_output import _rubric_verdicts_schema
from google.adk.evaluation._rubric_structured_output import _RubricStructuredOutput
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.llm_as_judge_utils import build_judge_request_config
from google.adk.models.llm_request import LlmRequest
from google.genai import errors as genai_errors
from google.genai import types as genai_types
import pytest

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


@pytest.mark.parametrize("fenced", [False, True], ids=["bare", "fenced"])
def test_answer_of_the_schema_shape_is_read_by_the_judge_parser(fenced: bool):
  answer = json.dumps(
      {
          "verdicts": [
              {
                  "id": "city_in_tool_call",
                  "rationale": "東京",
                  "verdict": "yes",
              },
              {"id": "rubric-2", "rationale": "傘", "verdict": "no"},
              {"id": "rubric-3", "rationale": "正確", "verdict": "yes"},
          ]
      },
      ensure_ascii=False,
  )
  if fenced:
    answer = f"```json\n{answer}\n```"

  blocks = parse_judge_answer(answer)

  assert [(b.rubric_id, b.rationale, b.score) for b in blocks] == [
      ("city_in_tool_call", "東京", 1.0),
      ("rubric-2", "傘", 0.0),
      ("rubric-3", "正確", 1.0),
  ]


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


_TEXT_SENTENCE = "Respond in pure text, not json."
_JSON_SENTENCE = "Respond in JSON, as described at the end of this prompt."
_TEMPLATE = "Judge the properties. " + _TEXT_SENTENCE + "\n{rubrics}\n"


def _text_request(prompt: str) -> LlmRequest:
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


def test_structured_request_asks_for_json_in_a_copy():
  prompt = _TEMPLATE.format(rubrics=format_rubrics_for_prompt(_RUBRICS))
  text_request = _text_request(prompt)
  before = text_request.model_dump()

  structured = _RubricStructuredOutput().structured_request(
      text_request, _RUBRICS, _TEMPLATE
  )

  assert text_request.model_dump() == before
  assert structured.config.response_mime_type == "application/json"
  assert structured.config.response_schema == _rubric_verdicts_schema(_RUBRICS)
  assert structured.config.temperature == 0.0
  assert structured.contents[0].parts[0].text == (
      prompt.replace(_TEXT_SENTENCE, _JSON_SENTENCE) + _JSON_ANSWER_INSTRUCTIONS
  )
  # The request to fall back on is the text mode request itself, and is not
  # part of what a judge model would serialize.
  assert structured.text_request is text_request
  assert "text_request" not in structured.model_dump()


@pytest.mark.parametrize(
    "template, values, expected",
    [
        pytest.param(
            "Intro. " + _TEXT_SENTENCE + "\n<p>\n{rubrics}\n</p>\n",
            {"rubrics": _TEXT_SENTENCE},
            "Intro. "
            + _JSON_SENTENCE
            + "\n<p>\n"
            + _TEXT_SENTENCE
            + "\n</p>\n",
            id="before_the_fields",
        ),
        pytest.param(
            "<p>\n{rubrics}\n</p>\nREMEMBER: " + _TEXT_SENTENCE + "\n",
            {"rubrics": _TEXT_SENTENCE},
            "<p>\n"
            + _TEXT_SENTENCE
            + "\n</p>\nREMEMBER: "
            + _JSON_SENTENCE
            + "\n",
            id="after_the_fields",
        ),
        pytest.param(
            'Answer {{"a": 1}}. ' + _TEXT_SENTENCE + " {rubrics} {{}}",
            {"rubrics": "r"},
            'Answer {"a": 1}. ' + _JSON_SENTENCE + " r {}",
            id="escaped_braces",
        ),
        pytest.param(
            "<c>{dialogue}</c>\n<p>{rubrics}</p>\n",
            {"dialogue": _TEXT_SENTENCE, "rubrics": "r"},
            "<c>" + _TEXT_SENTENCE + "</c>\n<p>r</p>\n",
            id="template_without_the_sentence",
        ),
        pytest.param(
            "<c>{dialogue}</c>\n" + _TEXT_SENTENCE + "\n<p>{rubrics}</p>",
            {"dialogue": _TEXT_SENTENCE, "rubrics": "r"},
            "<c>" + _TEXT_SENTENCE + "</c>\n" + _TEXT_SENTENCE + "\n<p>r</p>",
            id="between_fields_left_alone",
        ),
    ],
)
def test_pure_text_sentence_is_replaced_only_where_the_template_has_it(
    template: str, values: dict[str, str], expected: str
):
  text_request = _text_request(template.format(**values))

  structured = _RubricStructuredOutput().structured_request(
      text_request, _RUBRICS, template
  )

  assert structured.contents[0].parts[0].text == (
      expected + _JSON_ANSWER_INSTRUCTIONS
  )


def test_request_after_a_rejection_is_the_text_request(
    caplog: pytest.LogCaptureFixture,
):
  text_request = _text_request(_TEMPLATE.format(rubrics="r"))
  output = _RubricStructuredOutput()
  rejection = _gemini_error(
      400, "INVALID_ARGUMENT", "JSON mode is not enabled for models/judge"
  )

  output.note_rejection("judge", rejection)
  output.note_rejection("judge", rejection)

  assert output.rejected
  assert output.structured_request(text_request, _RUBRICS, _TEMPLATE) is (
      text_request
  )
  (warning,) = caplog.records
  assert "JSON mode is not enabled for models/judge" in warning.getMessage()


def _gemini_error(
    code: int, status: Optional[str], message: str
) -> genai_errors.APIError:
  """Returns what google-genai raises for an error response of the API."""
  body = {"error": {"code": code, "message": message, "status": status}}
  if code >= 500:
    return genai_errors.ServerError(code, body)
  return genai_errors.ClientError(code, body)


@pytest.mark.parametrize(
    "error, rejection",
    [
        pytest.param(
            _gemini_error(
                400,
                "INVALID_ARGUMENT",
                "JSON mode is not enabled for models/gemini-1.0-pro",
            ),
            True,
            id="json_mode_not_enabled",
        ),
        pytest.param(
            _gemini_error(
                400,
                "INVALID_ARGUMENT",
                "The specified schema produces a constraint that has too many"
                " states for serving.",
            ),
            True,
            id="schema_too_large",
        ),
        pytest.param(
            _gemini_error(
                400,
                "INVALID_ARGUMENT",
                "Invalid value at 'generation_config.response_mime_type'",
            ),
            True,
            id="mime_type_invalid",
        ),
        pytest.param(
            _gemini_error(
                400,
                "INVALID_ARGUMENT",
                "The input token count (1200000) exceeds the maximum number of"
                " tokens allowed (1048576).",
            ),
            False,
            id="prompt_too_long",
        ),
        pytest.param(
            _gemini_error(
                400, "FAILED_PRECONDITION", "response_schema: billing disabled"
            ),
            False,
            id="other_status_naming_the_schema",
        ),
        pytest.param(
            _gemini_error(
                429, "RESOURCE_EXHAUSTED", "Quota exceeded for response_schema"
            ),
            False,
            id="quota_naming_the_schema",
        ),
        pytest.param(
            _gemini_error(
                503,
                "UNAVAILABLE",
                "could not decode JSON body (connection reset)",
            ),
            False,
            id="server_error_naming_json",
        ),
        pytest.param(
            ConnectionResetError(
                "could not decode JSON body (connection reset)"
            ),
            False,
            id="connection_reset_naming_json",
        ),
        pytest.param(
            asyncio.TimeoutError("no JSON schema answer in time"),
            False,
            id="timeout_naming_the_schema",
        ),
        pytest.param(
            ValueError("response_mime_type is not supported by this model"),
            False,
            id="untyped_error_naming_the_mime_type",
        ),
    ],
)
def test_schema_rejection_is_read_from_gemini_error_types(
    error: Exception, rejection: bool
):
  assert _is_schema_rejection(error) is rejection


# LiteLLM error class, its arguments (with model="m" and llm_provider="p"),
# and whether it is a schema rejection.
_LITELLM_ERRORS = {
    "unsupported_params": (
        "UnsupportedParamsError",
        {"message": "p does not support parameters: ['response_format']"},
        True,
    ),
    "bad_request_param_response_format": (
        "BadRequestError",
        {
            "message": "Invalid schema for this request.",
            "body": {"message": "Invalid schema", "param": "response_format"},
        },
        True,
    ),
    "bad_request_naming_response_format": (
        "BadRequestError",
        {"message": "response_format json_schema is not supported here"},
        True,
    ),
    "bad_request_param_other_than_response_format": (
        "BadRequestError",
        {
            "message": "messages too long for response_format json_schema",
            "body": {"message": "too long", "param": "messages"},
        },
        False,
    ),
    "context_window_exceeded": (
        "ContextWindowExceededError",
        {"message": "This model's maximum context length is 8192 tokens."},
        False,
    ),
    "rate_limit_naming_response_format": (
        "RateLimitError",
        {"message": "429 quota exceeded (response_format request)"},
        False,
    ),
    "timeout_naming_json": (
        "Timeout",
        {"message": "timed out reading the JSON body"},
        False,
    ),
    "connection_error_naming_json": (
        "APIConnectionError",
        {"message": "could not decode JSON body (connection reset)"},
        False,
    ),
    "service_unavailable_naming_the_schema": (
        "ServiceUnavailableError",
        {"message": "json_schema backend unavailable"},
        False,
    ),
    "answer_not_matching_the_schema": (
        "JSONSchemaValidationError",
        {"raw_response": "{}", "schema": '{"type": "object"}'},
        False,
    ),
}


@pytest.mark.parametrize("name", list(_LITELLM_ERRORS))
def test_schema_rejection_is_read_from_litellm_error_types(name: str):
  litellm = pytest.importorskip("litellm")
  error_class, arguments, rejection = _LITELLM_ERRORS[name]
  error = getattr(litellm, error_class)(
      model="m", llm_provider="p", **arguments
  )

  assert _is_schema_rejection(error) is rejection
