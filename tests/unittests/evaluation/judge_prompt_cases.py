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

"""Loads the dialogues whose judge prompts the tests render.

Each file under `judge_prompt_dialogues/` holds one agent turn in one
language: the user's question, the agent's instructions and tool, one tool
call with its response, the final response, the rubrics to judge it by and a
rationale a judge could give. The prompt tests render the real judge
prompts from them.
"""

from __future__ import annotations

import dataclasses
import pathlib
from typing import Any

from google.adk.evaluation.app_details import AgentDetails
from google.adk.evaluation.app_details import AppDetails
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_case import InvocationEvent
from google.adk.evaluation.eval_case import InvocationEvents
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types as genai_types
import yaml

DIALOGUES_DIR = pathlib.Path(__file__).parent / "judge_prompt_dialogues"
AGENT_NAME = "weather_agent"


@dataclasses.dataclass(frozen=True)
class Dialogue:
  """One agent turn in one language, with the rubrics to judge it by."""

  language: str
  instructions: str
  tool_name: str
  tool_description: str
  tool_args: dict[str, Any]
  tool_response: dict[str, Any]
  user_text: str
  final_response: str
  rationale: str
  rubrics: tuple[Rubric, ...]

  def invocation(self) -> Invocation:
    """Returns the turn as the invocation an evaluator is given."""
    call = genai_types.FunctionCall(name=self.tool_name, args=self.tool_args)
    response = genai_types.FunctionResponse(
        name=self.tool_name, response=self.tool_response
    )
    tool = genai_types.Tool(
        function_declarations=[
            genai_types.FunctionDeclaration(
                name=self.tool_name, description=self.tool_description
            )
        ]
    )
    return Invocation(
        user_content=_content("user", genai_types.Part(text=self.user_text)),
        intermediate_data=InvocationEvents(
            invocation_events=[
                InvocationEvent(
                    author=AGENT_NAME,
                    content=_content(
                        "model", genai_types.Part(function_call=call)
                    ),
                ),
                InvocationEvent(
                    author=AGENT_NAME,
                    content=_content(
                        "user", genai_types.Part(function_response=response)
                    ),
                ),
            ]
        ),
        final_response=_content(
            "model", genai_types.Part(text=self.final_response)
        ),
        app_details=AppDetails(
            agent_details={
                AGENT_NAME: AgentDetails(
                    name=AGENT_NAME,
                    instructions=self.instructions,
                    tool_declarations=[tool],
                )
            }
        ),
    )

  def tool_texts(self) -> list[str]:
    """Returns the values of the tool call's arguments and response."""
    return [
        *(str(v) for v in self.tool_args.values()),
        *(str(v) for v in self.tool_response.values()),
    ]


def _content(role: str, part: genai_types.Part) -> genai_types.Content:
  return genai_types.Content(role=role, parts=[part])


def load_dialogues() -> dict[str, Dialogue]:
  """Returns every dialogue, keyed by its language."""
  dialogues = {}
  for path in sorted(DIALOGUES_DIR.glob("*.yaml")):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    dialogues[data["language"]] = Dialogue(
        language=data["language"],
        instructions=data["instructions"],
        tool_name=data["tool"]["name"],
        tool_description=data["tool"]["description"],
        tool_args=data["tool"]["args"],
        tool_response=data["tool"]["response"],
        user_text=data["user"],
        final_response=data["final_response"],
        rationale=data["rationale"],
        rubrics=tuple(
            Rubric(
                rubric_id=str(r["id"]),
                rubric_content=RubricContent(text_property=r["text"]),
            )
            for r in data["rubrics"]
        ),
    )
  return dialogues


def judge_answer(text: str) -> LlmResponse:
  """Returns what a fake judge model answers: `text`, as the model."""
  return LlmResponse(
      content=genai_types.Content(
          role="model", parts=[genai_types.Part(text=text)]
      )
  )


def prompt_text(llm_request: LlmRequest) -> str:
  """Returns the text a judge request carries, its parts joined."""
  return "".join(
      part.text
      for content in llm_request.contents
      for part in content.parts or []
      if part.text
  )
