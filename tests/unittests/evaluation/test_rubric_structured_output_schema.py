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
parser as text answers; a structured request is the text mode request plus
the schema and a short instruction, and turns back into it exactly.
"""

from __future__ import annotations

import json

from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.llm_as_judge_utils import build_judge_request_config
from google.adk.evaluation.rubric_matching import format_rubrics_for_prompt
from google.adk.evaluation.rubric_matching import parse_judge_output
from google.adk.evaluation.rubric_structured_output import is_schema_rejection
from google.adk.evaluation.rubric_structured_output import JSON_ANSWER_INSTRUCTIONS
from google.adk.evaluation.rubric_structured_output import rubric_verdicts_schema
from google.adk.evaluation.rubric_structured_output import RubricStructuredOutput
from google.adk.models.llm_request import LlmRequest
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
  return rubric_verdicts_schema(_RUBRICS).model_dump(
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

  blocks = parse_judge_output(answer)

  assert [(b.rubric_id, b.rationale, b.score) for b in blocks] == [
      ("city_in_tool_call", "東京", 1.0),
      ("rubric-2", "傘", 0.0),
      ("rubric-3", "正確", 1.0),
  ]


def test_litellm_sends_the_schema_as_a_strict_openai_json_schema():
  lite_llm = pytest.importorskip("google.adk.models.lite_llm")

  response_format = lite_llm._to_litellm_response_format(
      rubric_verdicts_schema(_RUBRICS), model="openai/gpt-4o"
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


def _text_request() -> LlmRequest:
  config = build_judge_request_config(
      genai_types.GenerateContentConfig(temperature=0.0)
  )
  return LlmRequest(
      model="judge",
      contents=[
          genai_types.Content(
              role="user", parts=[genai_types.Part(text="prompt")]
          )
      ],
      config=config,
  )


def test_structured_request_adds_schema_and_instructions_to_a_copy():
  text_request = _text_request()
  before = text_request.model_dump()
  output = RubricStructuredOutput(text_request.config)

  structured = output.structured_request(text_request, _RUBRICS)

  assert text_request.model_dump() == before
  assert structured.config.response_mime_type == "application/json"
  assert structured.config.response_schema == rubric_verdicts_schema(_RUBRICS)
  assert structured.config.temperature == 0.0
  assert structured.contents[0].parts[0].text == (
      "prompt" + JSON_ANSWER_INSTRUCTIONS
  )
  assert output.text_request(structured).model_dump() == before


def test_text_only_model_gets_the_text_request_unchanged(monkeypatch):
  monkeypatch.setattr(RubricStructuredOutput, "_text_only_models", set())
  text_request = _text_request()
  output = RubricStructuredOutput(text_request.config)
  output.note_rejection("judge", ValueError("JSON mode is not enabled"))

  assert output.structured_request(text_request, _RUBRICS) is text_request


class _ApiError(Exception):

  def __init__(self, code: int, message: str):
    super().__init__(f"{code} {message}")
    self.code = code


class _LiteLlmError(Exception):

  def __init__(self, status_code: int, message: str):
    super().__init__(message)
    self.status_code = status_code


@pytest.mark.parametrize(
    "error, rejection",
    [
        pytest.param(
            _ApiError(400, "INVALID_ARGUMENT. JSON mode is not enabled"),
            True,
            id="gemini_json_mode_not_enabled",
        ),
        pytest.param(
            _ApiError(
                400, "Invalid value at 'generation_config.response_schema'"
            ),
            True,
            id="gemini_schema_invalid",
        ),
        pytest.param(
            _LiteLlmError(
                400, "ollama does not support parameters: ['response_format']"
            ),
            True,
            id="litellm_unsupported_params",
        ),
        pytest.param(
            ValueError("response_mime_type is not supported by this model"),
            True,
            id="local_model_without_mime_type",
        ),
        pytest.param(
            _ApiError(429, "RESOURCE_EXHAUSTED while reading response_schema"),
            False,
            id="rate_limit_naming_the_schema",
        ),
        pytest.param(
            _LiteLlmError(503, "json_schema backend unavailable"),
            False,
            id="server_error_naming_the_schema",
        ),
        pytest.param(
            _ApiError(400, "The input token count exceeds the maximum"),
            False,
            id="prompt_too_long",
        ),
        pytest.param(
            ConnectionError("connection reset"), False, id="connection_reset"
        ),
    ],
)
def test_is_schema_rejection(error: Exception, rejection: bool):
  assert is_schema_rejection(error) is rejection
