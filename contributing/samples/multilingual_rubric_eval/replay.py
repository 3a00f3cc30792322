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

"""Recorded models, so that the sample evaluates without an API key.

`adk eval` and `AgentEvaluator` build every model from its name through
`LLMRegistry`. Importing this module registers `ReplayLlm` for three names:

* `replay-agent` answers as the pharmacy agent. The reply is chosen by the
  last user message of the request and by how many model turns follow it, so
  a tool call is replayed first and the answer after the tool's result.
* `replay-user-sim` plays the user of a conversation scenario. The scenario is
  found by its starting prompt, and the next turn is the first recorded turn
  that the conversation so far does not contain yet (the last recorded turn,
  the stop signal, once it contains all the others).
* `replay-judge` answers the rubric based metrics. The recording is chosen by
  the evaluator whose prompt template it is and by the user message of the
  judged invocation; the n-th identical request gets the n-th recorded sample.

The recordings are the YAML files in `recordings/`, one per language. With
`ADK_SAMPLE_LIVE=1` nothing is replayed: the agent runs on Gemini and the two
other names forward each request to Gemini (`ADK_SAMPLE_LIVE_MODEL`, default
`gemini-2.5-flash`), so the same eval sets and config evaluate live.
"""

from __future__ import annotations

import contextvars
import dataclasses
import functools
import os
import pathlib
import re
from typing import Any
from typing import AsyncGenerator
from typing import Optional

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types as genai_types
from pydantic import PrivateAttr
import yaml

AGENT_MODEL = "replay-agent"
USER_SIMULATOR_MODEL = "replay-user-sim"
JUDGE_MODEL = "replay-judge"

LIVE_ENV = "ADK_SAMPLE_LIVE"
LIVE_MODEL_ENV = "ADK_SAMPLE_LIVE_MODEL"
_DEFAULT_LIVE_MODEL = "gemini-2.5-flash"

RECORDINGS_DIR = pathlib.Path(__file__).parent / "recordings"

# A marker that only one rubric judge template contains, in the order checked:
# the final response template also lists the agent's available tools.
_JUDGE_TEMPLATE_MARKERS = (
    ("rubric_based_multi_turn_trajectory_quality_v1", "<conversation_history>"),
    ("rubric_based_final_response_quality_v1", "<final_answer>"),
    ("rubric_based_tool_use_quality_v1", "<available_tools>"),
)


@dataclasses.dataclass(frozen=True)
class JudgeSample:
  """The recorded judge answer being replayed.

  Attributes:
    language: The language of the recording file, e.g. "ja".
    eval_id: The eval case the answer judges.
    metric: The metric whose prompt it answers.
    invocation: The judged invocation of the case, counted from 1.
    sample: Which of the metric's samples it is, counted from 1.
  """

  language: str
  eval_id: str
  metric: str
  invocation: int
  sample: int


current_judge_sample: contextvars.ContextVar[Optional[JudgeSample]] = (
    contextvars.ContextVar("current_judge_sample", default=None)
)
"""The judge answer replayed last in the current task.

It is set before the answer is returned, so whatever the evaluator logs while
it reads that answer can be attributed to the case, invocation and sample.
"""


class RecordingNotFoundError(LookupError):
  """No recording (or more than one) fits a request."""


def live() -> bool:
  """Whether the sample runs against live Gemini instead of recordings."""
  return os.environ.get(LIVE_ENV) == "1"


def live_model() -> str:
  return os.environ.get(LIVE_MODEL_ENV, _DEFAULT_LIVE_MODEL)


def agent_model() -> str:
  """The model name for the agent under evaluation."""
  return live_model() if live() else AGENT_MODEL


@functools.cache
def load_recordings() -> tuple[dict[str, Any], ...]:
  """Returns the recording files, parsed, in the order of their names."""
  return tuple(
      yaml.safe_load(path.read_text(encoding="utf-8"))
      for path in sorted(RECORDINGS_DIR.glob("*.yaml"))
  )


def _text(content: Optional[genai_types.Content]) -> str:
  if not content or not content.parts:
    return ""
  return "".join(part.text for part in content.parts if part.text)


def _prompt(llm_request: LlmRequest) -> str:
  return "\n".join(_text(content) for content in llm_request.contents)


def _response(reply: dict[str, Any]) -> LlmResponse:
  """Returns a model response from a recorded `text` or `call` (+ `args`)."""
  if "call" in reply:
    part = genai_types.Part(
        function_call=genai_types.FunctionCall(
            name=reply["call"], args=reply.get("args") or {}
        )
    )
  else:
    part = genai_types.Part(text=reply["text"])
  return LlmResponse(
      content=genai_types.Content(role="model", parts=[part]),
      turn_complete=True,
  )


def agent_reply(llm_request: LlmRequest) -> LlmResponse:
  """Returns the recorded agent reply for a request of the agent's flow."""
  contents = llm_request.contents
  last_user = max(
      (
          i
          for i, content in enumerate(contents)
          if content.role == "user" and _text(content)
      ),
      default=None,
  )
  if last_user is None:
    raise RecordingNotFoundError("The agent request has no user message.")
  message = _text(contents[last_user]).strip()
  step = sum(1 for c in contents[last_user + 1 :] if c.role == "model")
  for recording in load_recordings():
    for turn in recording.get("agent", ()):
      if turn["user"].strip() == message:
        replies = turn["replies"]
        if step >= len(replies):
          raise RecordingNotFoundError(
              f"Only {len(replies)} agent replies are recorded for {message!r}."
          )
        return _response(replies[step])
  raise RecordingNotFoundError(f"No agent reply is recorded for {message!r}.")


def user_simulator_turn(llm_request: LlmRequest) -> LlmResponse:
  """Returns the next recorded user turn of a conversation scenario."""
  prompt = _prompt(llm_request)
  for recording in load_recordings():
    for scenario in recording.get("user_simulator", ()):
      if scenario["starting_prompt"] not in prompt:
        continue
      # The last turn is the stop signal, which the prompt's instructions
      # name, so it is sent once every other turn is in the conversation.
      *turns, last = scenario["turns"]
      for turn in turns:
        if turn not in prompt:
          return _response({"text": turn})
      return _response({"text": last})
  raise RecordingNotFoundError(
      "No scenario's starting prompt is in the prompt."
  )


def judge_metric(prompt: str) -> str:
  """Returns the metric whose judge template the prompt was written from."""
  for metric, marker in _JUDGE_TEMPLATE_MARKERS:
    if marker in prompt:
      return metric
  raise RecordingNotFoundError("The prompt is not a rubric judge prompt.")


def find_judge_recording(prompt: str) -> tuple[str, dict[str, Any]]:
  """Returns the language and the judge recording that fit a judge prompt.

  Raises:
    RecordingNotFoundError: No recording, or more than one, fits.
  """
  metric = judge_metric(prompt)
  found = [
      (recording["language"], entry)
      for recording in load_recordings()
      for entry in recording.get("judge", ())
      if entry["metric"] == metric and entry["user"] in prompt
  ]
  if len(found) != 1:
    raise RecordingNotFoundError(
        f"{len(found)} judge recordings of {metric} fit the prompt; expected"
        " exactly one."
    )
  return found[0]


class ReplayLlm(BaseLlm):
  """Replays the recordings for the agent, the user simulator and the judge."""

  _judge_requests: dict[tuple[str, str, int], int] = PrivateAttr(
      default_factory=dict
  )

  @classmethod
  def supported_models(cls) -> list[str]:
    return [
        re.escape(name)
        for name in (AGENT_MODEL, USER_SIMULATOR_MODEL, JUDGE_MODEL)
    ]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    if live():
      model = live_model()
      async for response in LLMRegistry.new_llm(model).generate_content_async(
          llm_request.model_copy(update={"model": model}), stream=stream
      ):
        yield response
      return
    if self.model == AGENT_MODEL:
      yield agent_reply(llm_request)
    elif self.model == USER_SIMULATOR_MODEL:
      yield user_simulator_turn(llm_request)
    else:
      yield self._judge_answer(llm_request)

  def _judge_answer(self, llm_request: LlmRequest) -> LlmResponse:
    language, entry = find_judge_recording(_prompt(llm_request))
    key = (entry["eval_id"], entry["metric"], entry["invocation"])
    sample = self._judge_requests.get(key, 0)
    samples = entry["samples"]
    if sample >= len(samples):
      raise RecordingNotFoundError(
          f"Only {len(samples)} judge samples are recorded for {key}; lower"
          " num_samples in the eval config."
      )
    self._judge_requests[key] = sample + 1
    current_judge_sample.set(
        JudgeSample(
            language=language,
            eval_id=entry["eval_id"],
            metric=entry["metric"],
            invocation=entry["invocation"],
            sample=sample + 1,
        )
    )
    return _response({"text": samples[sample]})


LLMRegistry.register(ReplayLlm)
