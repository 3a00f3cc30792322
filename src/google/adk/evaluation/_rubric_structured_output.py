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

"""Structured judging for the rubric evaluators: ids the judge cannot misspell.

A judge with constrained decoding (Gemini's response schema, or an
OpenAI-compatible JSON schema through LiteLLM) can be made to answer every
rubric with one JSON object whose id is drawn from the ids the prompt shows,
and to write its rationale before its verdict. A `RubricBasedEvaluator` whose
criterion sets `structured_output` owns one `_RubricStructuredOutput`, which:

1. formats each invocation's prompt with the template's `{output_instruction}`
   field holding `_JSON_OUTPUT_INSTRUCTION` (`format_prompt`), keeping the
   text mode prompt (the field holding the evaluator's text mode value), and
   turns the judge request into a structured one (`structured_request`): the
   schema of `_rubric_verdicts_schema` and JSON as the response MIME type,
   carrying the text mode request;
2. wraps the evaluator's judge model (`with_text_fallback`) so that a
   structured request refused as a bad request, as the error's type and HTTP
   status say (`_refused_request_status`), is asked again as the exact text
   mode request. Once such a retry is answered, the evaluator sends text mode
   requests only, with one warning; a retry that fails too raises its error,
   and the mode stays. Any other error, such as a timeout, a lost connection,
   an authentication error, a quota or a server error, reaches `LlmAsJudge`
   as it would without structured output, and the mode stays as it was.

An answer of the schema's shape is read by `read_schema_answer`, each item
as the block of the rubric whose id it gives; any other answer, such as text
blocks from a judge that ignores the schema, goes to the evaluator's parser.
Either way the blocks are matched to rubrics as in text mode. The only public
surface is `RubricsBasedCriterion.structured_output`.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
import json
import logging
import re
from typing import Any
from typing import AsyncGenerator
from typing import Optional

from google.genai import errors as genai_errors
from google.genai import types as genai_types
from pydantic import Field
from typing_extensions import override

from ..models._capabilities import LlmCapabilities
from ..models.base_llm import BaseLlm
from ..models.llm_request import LlmRequest
from ..models.llm_response import LlmResponse
from ..utils.context_utils import Aclosing
from ._rubric_ids import rubric_prompt_ids
from .eval_rubrics import Rubric

logger = logging.getLogger("google_adk." + __name__)

_VERDICTS_KEY = "verdicts"

_JSON_OUTPUT_INSTRUCTION = (
    "Respond in JSON instead of the text blocks of the output format: one"
    ' object, {"verdicts": [...]}, and nothing else, with one item per listed'
    " property, in the listed order, and none for anything not listed. An"
    " item holds what the output format asks for a property, in three fields"
    ' and in this order: "id", the id shown in the property\'s "[id: ...]"'
    ' tag, copied exactly; "rationale", your reasoning, with the evidence or'
    " steps the output format asks for, which may be in the language of the"
    ' conversation; "verdict", "yes" or "no" in ASCII English, decided after'
    " the rationale. The property text is not repeated."
)
"""The `{output_instruction}` field of a structured request's prompt."""

# The verdicts the schema allows, and the score each gives.
VERDICT_SCORES = {"yes": 1.0, "no": 0.0}

_JSON_MIME_TYPE = "application/json"
# Characters of the judge's error quoted in the warning.
_MAX_ERROR_CHARS = 200

# The HTTP statuses of a structured request that a text mode request may not
# get: the server read the request and refused it as invalid (400 Bad
# Request; 422 Unprocessable Content, which servers built on FastAPI give a
# body that fails validation). Never 401, 403, 404, 408, 429 or 5xx: asking
# again without the schema changes nothing about who may call which model,
# how often, or whether the server is up.
_REFUSED_REQUEST_STATUSES = frozenset({400, 422})


def _rubric_verdicts_schema(rubrics: Sequence[Rubric]) -> genai_types.Schema:
  """Returns the response schema asking for one verdict per rubric.

  The answer is an object whose `verdicts` list holds exactly one item per
  rubric (`minItems` = `maxItems` = the number of rubrics). Each item has, in
  this order and all required: `id`, one of the ids the prompt shows (see
  `_rubric_ids.rubric_prompt_ids`, so a hard id is its `rubric-<n>`
  handle); `rationale`; and `verdict`, `yes` or `no`. For rubrics `r1` and
  `正確性` (shown as `rubric-2`) a judge answers:

    {"verdicts": [
      {"id": "r1", "rationale": "...", "verdict": "yes"},
      {"id": "rubric-2", "rationale": "...", "verdict": "no"}]}

  Why this shape: an `id` field attaches each item to its rubric as an
  echoed id attaches a text block (see `read_schema_answer`), and enums, required fields and item counts are in both Gemini's
  schema subset and OpenAI's strict mode (which also requires an object at
  the root). The fields are declared, and sorted, rationale before verdict, so
  the judge reasons first. `yes`/`no` reads the same as in text mode.

  Args:
    rubrics: The effective rubrics, in prompt order.

  Returns:
    The schema, as `google.genai` types (LiteLLM converts it for
    OpenAI-compatible models).
  """
  shown_ids = list(dict.fromkeys(rubric_prompt_ids(rubrics).values()))
  verdict = genai_types.Schema(
      type=genai_types.Type.OBJECT,
      properties={
          "id": genai_types.Schema(
              type=genai_types.Type.STRING,
              enum=shown_ids,
              description="The id in the property's [id: ...] tag.",
          ),
          "rationale": genai_types.Schema(
              type=genai_types.Type.STRING,
              description="The reasoning for the verdict.",
          ),
          "verdict": genai_types.Schema(
              type=genai_types.Type.STRING, enum=list(VERDICT_SCORES)
          ),
      },
      required=["id", "rationale", "verdict"],
  )
  return genai_types.Schema(
      type=genai_types.Type.OBJECT,
      properties={
          _VERDICTS_KEY: genai_types.Schema(
              type=genai_types.Type.ARRAY,
              items=verdict,
              min_items=len(rubrics),
              max_items=len(rubrics),
          )
      },
      required=[_VERDICTS_KEY],
  )


# The fields of an item of the schema's `verdicts` list.
_ITEM_FIELDS = ("id", "rationale", "verdict")
# A judge that does not constrain its decoding may put its JSON in one code
# fence (```` ```json ````); the fence's content is the answer.
_FENCED = re.compile(r"\s*```[\w-]*[ \t]*\n(.*)\n[ \t]*```\s*", re.DOTALL)


def _without_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
  if len({key for key, _ in pairs}) < len(pairs):
    raise ValueError("an object gives a key twice")
  return dict(pairs)


def read_schema_answer(
    answer: str,
) -> Optional[list[dict[str, Optional[str]]]]:
  """Returns the items of an answer of `_rubric_verdicts_schema`'s shape.

  The answer must be the JSON object `{"verdicts": [...]}` and nothing else
  (but one code fence around it): no other key, and no object that gives a
  key twice (which value stands would be a guess). Each item is returned as its `id`, `rationale` and
  `verdict`, each None unless the item gives it as a string (an item that
  is not an object gives all three as None: a block that names no rubric).

  Args:
    answer: The judge's answer text.

  Returns:
    The items in the answer's order, or None if the answer does not have the
    schema's shape, to be read as a text answer.
  """
  fenced = _FENCED.fullmatch(answer)
  try:
    data = json.loads(
        fenced.group(1) if fenced else answer,
        object_pairs_hook=_without_repeated_keys,
    )
  except (ValueError, RecursionError):
    return None
  if not isinstance(data, dict) or list(data) != [_VERDICTS_KEY]:
    return None
  items = data[_VERDICTS_KEY]
  if not isinstance(items, list):
    return None
  return [
      {
          field: _string(item.get(field)) if isinstance(item, dict) else None
          for field in _ITEM_FIELDS
      }
      for item in items
  ]


def _string(value: object) -> Optional[str]:
  return value if isinstance(value, str) else None


def _refused_request_status(error: BaseException) -> Optional[int]:
  """Returns the HTTP status of an error refusing a request as invalid.

  The status is read from the error's type and attributes, never from its
  message: the `code` of a `google.genai.errors.ClientError` (what `Gemini`
  raises for a 4xx answer), or else an integer `status_code` attribute, which
  the OpenAI client's status errors and LiteLLM's exceptions carry
  (`UnsupportedParamsError`, raised before any call for a provider without
  `response_format`, has 400). An error with neither (a lost connection, a
  timeout, a `ValueError` of some `BaseLlm`) tells nothing, whatever its
  message says.

  Args:
    error: What the judge model raised for a structured request.

  Returns:
    The status if it is one of `_REFUSED_REQUEST_STATUSES`, else None.
  """
  if isinstance(error, genai_errors.ClientError):
    status = error.code
  else:
    status = getattr(error, "status_code", None)
  if isinstance(status, bool) or not isinstance(status, int):
    return None
  return status if status in _REFUSED_REQUEST_STATUSES else None


class _StructuredJudgeRequest(LlmRequest):
  """A structured judge request, with the text mode request it was made from."""

  text_request: LlmRequest = Field(exclude=True, repr=False)
  """What to send instead if the judge refuses the structured request."""


class _RubricStructuredOutput:
  """Asks one evaluator's judge for structured verdicts, with a text fallback.

  An instance belongs to one evaluator: once that evaluator's judge has
  refused a structured request and answered the same request in text mode,
  its later requests are sent in text mode. Evaluators never share this,
  since whether a judge takes a schema depends on more than the model name
  (backend, judge config, size of the rubric set).
  """

  def __init__(self):
    self._rejected = False
    self._text_prompt: Optional[str] = None

  def format_prompt(
      self, template: str, text_instruction: str, fields: Mapping[str, str]
  ) -> str:
    """Returns the prompt for one invocation, asking for JSON if still asked.

    The template's `{output_instruction}` field holds
    `_JSON_OUTPUT_INSTRUCTION`; the text mode prompt, the field holding
    `text_instruction`, is kept for `structured_request`. Once the judge has
    refused the schema, the text mode prompt is returned.

    Args:
      template: The evaluator's prompt template.
      text_instruction: What the field holds in text mode.
      fields: The template's other fields.

    Returns:
      The prompt to send.
    """
    text_prompt = template.format(**fields, output_instruction=text_instruction)
    if self._rejected:
      self._text_prompt = None
      return text_prompt
    self._text_prompt = text_prompt
    return template.format(
        **fields, output_instruction=_JSON_OUTPUT_INSTRUCTION
    )

  def structured_request(
      self, llm_request: LlmRequest, rubrics: Sequence[Rubric]
  ) -> LlmRequest:
    """Returns the request to send for the prompt `format_prompt` returned.

    For a structured prompt, a copy of `llm_request` whose config has the
    schema and the JSON MIME type, carrying the text mode request: a copy of
    `llm_request` with the text mode prompt. Otherwise `llm_request` itself.

    Args:
      llm_request: The request `LlmAsJudge` built from the prompt.
      rubrics: The invocation's effective rubrics, in prompt order.

    Returns:
      The request to send.
    """
    text_prompt, self._text_prompt = self._text_prompt, None
    if text_prompt is None:
      return llm_request
    text_request = llm_request.model_copy(
        update={"contents": _with_prompt(llm_request.contents, text_prompt)}
    )
    if not rubrics:
      return text_request
    config = llm_request.config.model_copy(
        update={
            "response_mime_type": _JSON_MIME_TYPE,
            "response_schema": _rubric_verdicts_schema(rubrics),
            "response_json_schema": None,
        }
    )
    return _StructuredJudgeRequest(
        **dict(llm_request),
        text_request=text_request,
    ).model_copy(update={"config": config})

  def with_text_fallback(self, judge: BaseLlm) -> BaseLlm:
    """Returns `judge`, asked again in text mode if it refuses the schema."""
    return _TextFallbackJudge(model=judge.model, judge=judge, output=self)

  @property
  def rejected(self) -> bool:
    """Whether the judge has refused the schema."""
    return self._rejected

  def note_rejection(self, model: str, error: BaseException) -> None:
    """Sends text mode requests from now on, warning the first time."""
    if self._rejected:
      return
    self._rejected = True
    logger.warning(
        "Judge model %s refused the structured rubric verdicts request (%s,"
        " HTTP status %s: %s) and answered the same request in text mode;"
        " this evaluator sends text mode requests from now on. Set"
        " structured_output to false for this metric to save the refused"
        " request.",
        model,
        type(error).__name__,
        _refused_request_status(error),
        str(error).strip().split("\n", 1)[0][:_MAX_ERROR_CHARS],
    )


def _with_prompt(
    contents: list[genai_types.Content], prompt: str
) -> list[genai_types.Content]:
  """Returns `contents` with `prompt` as the text of its last part.

  The judge request holds the prompt as the one text part of one content;
  only copies of that content and part are changed.
  """
  last = contents[-1]
  part = last.parts[-1].model_copy(update={"text": prompt})
  return [
      *contents[:-1],
      last.model_copy(update={"parts": [*last.parts[:-1], part]}),
  ]


class _TextFallbackJudge(BaseLlm):
  """A judge model asked again in text mode if it refuses a structured request.

  Only a structured request refused before any answer, with a status of
  `_REFUSED_REQUEST_STATUSES`, is asked again: an answer, even one that does
  not fit the schema, is scored as it is. The retry is the exact text mode
  request; its answer switches the evaluator to text mode, and its error is
  raised (caused by the refusal) as text mode would raise it.
  """

  judge: BaseLlm
  output: _RubricStructuredOutput

  @property
  @override
  def capabilities(self) -> LlmCapabilities:
    return self.judge.capabilities

  @override
  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    refusal: Optional[BaseException] = None
    if isinstance(llm_request, _StructuredJudgeRequest):
      if not self.output.rejected:
        answered = False
        try:
          async with Aclosing(
              self.judge.generate_content_async(llm_request, stream)
          ) as responses:
            async for response in responses:
              answered = True
              yield response
          return
        except Exception as error:  # pylint: disable=broad-exception-caught
          if answered or _refused_request_status(error) is None:
            raise
          refusal = error
      # Refused now, or by the time a request built before was sent.
      llm_request = llm_request.text_request
    answered = False
    try:
      async with Aclosing(
          self.judge.generate_content_async(llm_request, stream)
      ) as responses:
        async for response in responses:
          if refusal is not None and not answered:
            self.output.note_rejection(self.model, refusal)
          answered = True
          yield response
    except Exception as error:  # pylint: disable=broad-exception-caught
      if refusal is None or answered:
        raise
      raise error from refusal
