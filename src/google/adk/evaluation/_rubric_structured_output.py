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

1. turns the text mode judge request of each invocation into a structured one
   (`structured_request`): the schema of `_rubric_verdicts_schema`, JSON as
   the response MIME type, and a prompt that asks for JSON only (the
   template's instruction to answer in plain text is replaced, and
   `_JSON_ANSWER_INSTRUCTIONS` follows the prompt);
2. wraps the evaluator's judge model (`with_text_fallback`) so that a judge
   that rejects the schema, as its error's type and status say
   (`_is_schema_rejection`), is asked again with the exact text mode request,
   and so is every later request of that evaluator, with one warning. Any
   other error, such as a timeout, a lost connection, a quota or a server
   error, reaches `LlmAsJudge` as it would without structured output, and the
   mode stays as it was.

The answer is parsed and matched as a text answer is (the parser reads JSON
too), so a judge that ignores the schema is scored from its text. The only
public surface is `RubricsBasedCriterion.structured_output`.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
import logging
import string
import sys
from typing import AsyncGenerator

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

# The sentence of the rubric templates that asks for a text answer, and the
# one a structured request has in its place.
_TEXT_ANSWER_SENTENCE = "Respond in pure text, not json."
_JSON_ANSWER_SENTENCE = (
    "Respond in JSON, as described at the end of this prompt."
)

_JSON_ANSWER_INSTRUCTIONS = (
    '\nWrite your answer as one JSON object, {"verdicts": [...]}, and'
    " nothing else: one item per listed property, in the listed order, and"
    " none for anything not listed. An item holds what the output format asks"
    ' for a property, in three fields and in this order: "id", the id shown'
    ' in the property\'s "[id: ...]" tag, copied exactly; "rationale", your'
    " reasoning, with the evidence or steps the output format asks for, which"
    ' may be in the language of the conversation; "verdict", "yes" or "no" in'
    " ASCII English, decided after the rationale. The property text is not"
    " repeated.\n"
)
"""Follows the prompt of a structured request."""

_JSON_MIME_TYPE = "application/json"
# Characters of the judge's error quoted in the warning.
_MAX_ERROR_CHARS = 200

# Names by which an invalid-argument error designates the part of a request
# that asks for structured output, compared after casefolding and removing
# "_" (so `response_schema` and `responseSchema` alike): Gemini's
# `response_schema` (and its messages about "the specified schema"),
# `response_json_schema` and `response_mime_type` ("JSON mode is not enabled
# for models/..."), and the OpenAI-compatible `response_format`.
_STRUCTURED_OUTPUT_NAMES = (
    "schema",
    "responsemimetype",
    "json mode",
    "responseformat",
)


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

  Why this shape: a list of objects with an `id` field is what the parser
  reads, and enums, required fields and item counts are in both Gemini's
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
              type=genai_types.Type.STRING, enum=["yes", "no"]
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


def _is_schema_rejection(error: BaseException) -> bool:
  """Returns whether a judge's error says that it cannot take the schema.

  Only an error whose type says that the request itself is invalid counts,
  and only when it designates the structured output part of the request:

  * `google.genai.errors.ClientError` with code 400 and status
    `INVALID_ARGUMENT`, whose message names the schema, the response MIME type
    or JSON mode (`JSON mode is not enabled for models/...`, `The specified
    schema produces a constraint that has too many states`);
  * `openai.BadRequestError`, and so LiteLLM's `BadRequestError` and
    `UnsupportedParamsError`, whose `param` is `response_format`, or, without
    a `param`, whose message names the response format or its schema
    (`cohere_chat does not support parameters: ['response_format']`).

  Anything else (connection errors, timeouts, 429, 5xx, other client errors,
  LiteLLM's `JSONSchemaValidationError`) is not, whatever its message says.

  Args:
    error: What the judge model raised.

  Returns:
    True when asking again without the schema may succeed.
  """
  if isinstance(error, genai_errors.ClientError):
    return (
        error.code == 400
        and error.status == "INVALID_ARGUMENT"
        and _names_structured_output(error.message)
    )
  # An OpenAI error can only have been raised if its module is loaded; neither
  # openai nor LiteLLM is a dependency of ADK.
  openai = sys.modules.get("openai")
  if openai is not None and isinstance(error, openai.BadRequestError):
    if isinstance(error.param, str) and error.param:
      return error.param == "response_format"
    return _names_structured_output(error.message)
  return False


def _names_structured_output(message: object) -> bool:
  """Returns whether an error message names the structured output."""
  if not isinstance(message, str):
    return False
  folded = message.casefold().replace("_", "")
  return any(name in folded for name in _STRUCTURED_OUTPUT_NAMES)


class _StructuredJudgeRequest(LlmRequest):
  """A structured judge request, with the text mode request it was made from."""

  text_request: LlmRequest = Field(exclude=True, repr=False)
  """What to send instead if the judge rejects the schema."""


class _RubricStructuredOutput:
  """Asks one evaluator's judge for structured verdicts, with a text fallback.

  An instance belongs to one evaluator: once that evaluator's judge has
  rejected the schema, its later requests are sent in text mode. Evaluators
  never share this, since whether a judge takes a schema depends on more than
  the model name (backend, judge config, size of the rubric set).
  """

  def __init__(self):
    self._rejected = False

  def structured_request(
      self,
      llm_request: LlmRequest,
      rubrics: Sequence[Rubric],
      template: str,
  ) -> LlmRequest:
    """Returns a copy of the text mode request that asks for JSON verdicts.

    The copy's config has the schema and the JSON MIME type; its prompt asks
    for JSON (see `_ask_for_json`), followed by `_JSON_ANSWER_INSTRUCTIONS`.
    Once the judge has rejected the schema, the request is returned as it is.

    Args:
      llm_request: The text mode request of one invocation.
      rubrics: The invocation's effective rubrics, in prompt order.
      template: The prompt template the request's prompt was formatted from.

    Returns:
      The request to send.
    """
    if not rubrics or self._rejected:
      return llm_request
    config = llm_request.config.model_copy(
        update={
            "response_mime_type": _JSON_MIME_TYPE,
            "response_schema": _rubric_verdicts_schema(rubrics),
            "response_json_schema": None,
        }
    )
    contents = _edit_prompt(
        llm_request.contents,
        lambda prompt: (
            _ask_for_json(prompt, template) + _JSON_ANSWER_INSTRUCTIONS
        ),
    )
    return _StructuredJudgeRequest(
        **dict(llm_request),
        text_request=llm_request,
    ).model_copy(update={"config": config, "contents": contents})

  def with_text_fallback(self, judge: BaseLlm) -> BaseLlm:
    """Returns `judge`, asked again in text mode if it rejects the schema."""
    return _TextFallbackJudge(model=judge.model, judge=judge, output=self)

  @property
  def rejected(self) -> bool:
    """Whether the judge has rejected the schema."""
    return self._rejected

  def note_rejection(self, model: str, error: BaseException) -> None:
    """Sends text mode requests from now on, warning the first time."""
    if self._rejected:
      return
    self._rejected = True
    logger.warning(
        "Judge model %s rejected the response schema of structured rubric"
        " verdicts (%s: %s); this evaluator asks it again, and from now on,"
        " in text mode. Set structured_output to false for this metric to"
        " save the rejected request.",
        model,
        type(error).__name__,
        str(error).strip().split("\n", 1)[0][:_MAX_ERROR_CHARS],
    )


def _ask_for_json(prompt: str, template: str) -> str:
  """Returns `prompt` with the template's pure text sentence asking for JSON.

  The sentence is replaced where the template puts it: in the text before the
  template's first field, counted from the start of the prompt, or in the
  text after its last field, counted from the end, so that text the fields
  filled in (a rubric, a conversation) is never changed.
  """
  head, tail, has_field = "", "", False
  for literal, field, _, _ in string.Formatter().parse(template):
    if not has_field:
      head += literal
    tail += literal
    if field is not None:
      has_field, tail = True, ""
  start = -1
  if head.find(_TEXT_ANSWER_SENTENCE) >= 0 and prompt.startswith(head):
    start = head.find(_TEXT_ANSWER_SENTENCE)
  elif tail.rfind(_TEXT_ANSWER_SENTENCE) >= 0 and prompt.endswith(tail):
    start = len(prompt) - len(tail) + tail.rfind(_TEXT_ANSWER_SENTENCE)
  if start < 0:
    return prompt
  end = start + len(_TEXT_ANSWER_SENTENCE)
  return prompt[:start] + _JSON_ANSWER_SENTENCE + prompt[end:]


def _edit_prompt(
    contents: list[genai_types.Content], edit: Callable[[str], str]
) -> list[genai_types.Content]:
  """Returns `contents` with the text of its last part edited.

  The judge request holds the prompt as the one text part of one content;
  only copies of that content and part are changed.
  """
  if not contents or not contents[-1].parts or not contents[-1].parts[-1].text:
    return list(contents)
  last = contents[-1]
  part = last.parts[-1].model_copy(update={"text": edit(last.parts[-1].text)})
  return [
      *contents[:-1],
      last.model_copy(update={"parts": [*last.parts[:-1], part]}),
  ]


class _TextFallbackJudge(BaseLlm):
  """A judge model that is asked again in text mode if it rejects a schema."""

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
          if answered or not _is_schema_rejection(error):
            raise
          self.output.note_rejection(self.model, error)
      # Rejected now, or by the time a request built before was sent.
      llm_request = llm_request.text_request
    async with Aclosing(
        self.judge.generate_content_async(llm_request, stream)
    ) as responses:
      async for response in responses:
        yield response
