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
and to write its rationale before its verdict. `RubricStructuredOutput` turns
this on for a `RubricBasedEvaluator` whose criterion sets `structured_output`:

1. `structured_request` turns the text mode judge request of one invocation
   into a structured one: the schema of `rubric_verdicts_schema`, JSON as the
   response MIME type, and `JSON_ANSWER_INSTRUCTIONS` after the prompt.
2. `with_text_fallback` wraps the judge model so that a judge that rejects the
   schema is asked again with the text mode request (see `text_request`), and
   from then on only in text mode, with one warning.

Nothing changes on the way back: the answer goes through the evaluator's
parser and `_rubric_matching.match_rubric_responses`, which read JSON as well
as text. A judge that ignores the schema is scored from its text, and
repeated, missing and unknown ids are accounted for as in text mode.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
import logging
from typing import AsyncGenerator
from typing import ClassVar

from google.genai import types as genai_types
from typing_extensions import override

from ..models._capabilities import LlmCapabilities
from ..models.base_llm import BaseLlm
from ..models.llm_request import LlmRequest
from ..models.llm_response import LlmResponse
from ..utils.context_utils import Aclosing
from ._rubric_ids import rubric_prompt_ids
from .eval_rubrics import Rubric

logger = logging.getLogger("google_adk." + __name__)

VERDICTS_KEY = "verdicts"
"""The key of the answer's list of verdicts."""

JSON_ANSWER_INSTRUCTIONS = (
    "\nFor this request, answer in JSON, not in the text format described"
    ' above: one object {"verdicts": [...]} with one item per'
    " listed property, in the listed order, and none for anything not"
    ' listed. Each item has "id", the id shown in the property\'s'
    ' "[id: ...]" tag, copied exactly; then "rationale", your reasoning'
    " (with the evidence, where asked for), which may be in the language of"
    ' the conversation; then "verdict", "yes" or "no" in ASCII English,'
    " decided after the rationale.\n"
)
"""Appended to the judge prompt of a structured request."""

_JSON_MIME_TYPE = "application/json"
# The config fields a structured request sets; text mode has its own values.
_STRUCTURED_FIELDS = (
    "response_mime_type",
    "response_schema",
    "response_json_schema",
)
# Words in the errors of judges that cannot take a response schema: Gemini's
# "JSON mode is not enabled" and schema validation errors, LiteLLM's
# unsupported `response_format`, OpenAI-compatible servers' `json_schema`.
_SCHEMA_ERROR_WORDS = ("schema", "response_format", "mime", "json")


def rubric_verdicts_schema(rubrics: Sequence[Rubric]) -> genai_types.Schema:
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

  Why this shape:

  * A list of objects with an `id` field is what
    `_rubric_parsing.parse_judge_answer` reads, and a string enum, required
    fields and item counts are in both Gemini's schema subset and OpenAI's
    strict mode. An object with one property per id would also stop a judge
    from answering a rubric twice, but the parser does not read ids from
    keys. A repeated or missing rubric is accounted for by the matcher, as in
    text mode.
  * The root is an object because OpenAI's strict mode requires one.
  * The judge writes the fields in the order they are declared, which is also
    their alphabetical order (the order some backends fall back to), so the
    rationale is always written before the verdict.
  * `yes`/`no` rather than a boolean, so that a verdict reads the same in
    both modes.

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
          VERDICTS_KEY: genai_types.Schema(
              type=genai_types.Type.ARRAY,
              items=verdict,
              min_items=len(rubrics),
              max_items=len(rubrics),
          )
      },
      required=[VERDICTS_KEY],
  )


def is_schema_rejection(error: BaseException) -> bool:
  """Returns whether a judge's error says that it cannot take the schema.

  The error must name the schema, the response format, the MIME type or JSON
  (`JSON mode is not enabled for models/...`, `does not support parameters:
  ['response_format']`, `Invalid schema for response_format`). Timeouts, rate
  limits and server errors never count, whatever they say: asking again in
  text mode would hide them.

  Args:
    error: What the judge model raised.

  Returns:
    True when asking again without the schema may succeed.
  """
  for attribute in ("status_code", "code"):
    status = getattr(error, attribute, None)
    if isinstance(status, int) and (status in (408, 429) or status >= 500):
      return False
  text = str(error).casefold()
  return any(word in text for word in _SCHEMA_ERROR_WORDS)


class RubricStructuredOutput:
  """Asks a rubric judge for structured verdicts, with a text fallback.

  Judge models that reject a schema are remembered for the rest of the
  process, by model name: their later requests are sent in text mode, so an
  eval run pays for one rejected request (one per request already in flight
  at the first rejection) and logs one warning per judge model, however many
  evaluators and samples it runs.
  """

  _text_only_models: ClassVar[set[str]] = set()

  def __init__(self, text_config: genai_types.GenerateContentConfig):
    """Initializes the structured output.

    Args:
      text_config: The judge request config of text mode, whose response
        fields `text_request` restores.
    """
    self._text_config = text_config

  def structured_request(
      self, llm_request: LlmRequest, rubrics: Sequence[Rubric]
  ) -> LlmRequest:
    """Returns a copy of the text mode request that asks for JSON verdicts.

    The copy has the schema of `rubric_verdicts_schema` and the JSON MIME type
    in its config, and `JSON_ANSWER_INSTRUCTIONS` after its prompt. The
    request itself and its config are left unchanged. A judge model known to
    reject schemas gets the request unchanged.

    Args:
      llm_request: The text mode request of one invocation.
      rubrics: The invocation's effective rubrics, in prompt order.

    Returns:
      The request to send.
    """
    if not rubrics or self.is_text_only(llm_request.model or ""):
      return llm_request
    config = llm_request.config.model_copy(
        update={
            "response_mime_type": _JSON_MIME_TYPE,
            "response_schema": rubric_verdicts_schema(rubrics),
            "response_json_schema": None,
        }
    )
    contents = _edit_prompt(
        llm_request.contents, lambda text: text + JSON_ANSWER_INSTRUCTIONS
    )
    return llm_request.model_copy(
        update={"config": config, "contents": contents}
    )

  def text_request(self, llm_request: LlmRequest) -> LlmRequest:
    """Returns the text mode request a structured request was made from."""
    config = llm_request.config.model_copy(
        update={
            name: getattr(self._text_config, name)
            for name in _STRUCTURED_FIELDS
        }
    )
    contents = _edit_prompt(
        llm_request.contents,
        lambda text: text.removesuffix(JSON_ANSWER_INSTRUCTIONS),
    )
    return llm_request.model_copy(
        update={"config": config, "contents": contents}
    )

  def with_text_fallback(self, judge: BaseLlm) -> BaseLlm:
    """Returns `judge`, asked again in text mode if it rejects the schema."""
    return _TextFallbackJudge(model=judge.model, judge=judge, output=self)

  def is_text_only(self, model: str) -> bool:
    """Returns whether `model` has rejected a schema in this process."""
    return model in self._text_only_models

  def note_rejection(self, model: str, error: BaseException) -> None:
    """Sends `model` text mode requests from now on, warning the first time."""
    if model in self._text_only_models:
      return
    self._text_only_models.add(model)
    logger.warning(
        "Judge model %s rejected the response schema of structured rubric"
        " verdicts (%s: %s); asking it again, and from now on, in text mode.",
        model,
        type(error).__name__,
        str(error).strip().split("\n", 1)[0][:200],
    )


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
  output: RubricStructuredOutput

  @property
  @override
  def capabilities(self) -> LlmCapabilities:
    return self.judge.capabilities

  @override
  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    structured = llm_request.config.response_schema is not None
    if structured and self.output.is_text_only(self.model):
      # Requests built before the judge rejected a schema.
      llm_request, structured = self.output.text_request(llm_request), False
    if structured:
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
        if answered or not is_schema_rejection(error):
          raise
        self.output.note_rejection(self.model, error)
        llm_request = self.output.text_request(llm_request)
    async with Aclosing(
        self.judge.generate_content_async(llm_request, stream)
    ) as responses:
      async for response in responses:
        yield response
