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

"""A judge that raised or answered unreadably fails its eval case.

`final_response_match_v2` and `hallucinations_v1` left an invocation their
judge could not score NOT_EVALUATED, with nothing said: alone, the metric
was left out of the case's status, which passed, and `adk eval` exited 0;
beside a scored invocation, the metric was scored over the others. Now the
metric has no score and the case fails, with one line naming the case, the
metric, the invocation and why. Also here: an eval case whose rubrics share
an id no longer aborts the run, and `hallucinations_v1` names the criterion
key that does not validate.

`adk eval` runs in this process (its click command) and AgentEvaluator on
a fake agent and a fake judge, each registered as a model.
"""

from __future__ import annotations

import json
import pathlib
import re
import sys
from typing import Any
from typing import AsyncGenerator
from typing import ClassVar

from click.testing import CliRunner
from google.adk.cli.cli_tools_click import main
from google.adk.evaluation.agent_evaluator import AgentEvaluator
from google.adk.evaluation.eval_case import EvalCase
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_case import SessionInput
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_config import get_eval_metrics_from_config
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.eval_set import EvalSet
from google.adk.evaluation.hallucinations_v1 import HallucinationsV1Evaluator
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types as genai_types
import pytest

from .judge_prompt_cases import judge_answer
from .judge_prompt_cases import prompt_text

_AGENT_MODEL = "fake-judge-failures-agent"
_JUDGE_MODEL = "fake-judge-failures-judge"
_FRM2 = "final_response_match_v2"
_HAL = "hallucinations_v1"
_VALID = '{"reasoning": "r", "is_the_agent_response_valid": "valid"}'
_AGENT_PACKAGE = "judge_failures_agent"


class _Agent(BaseLlm):
  """Answers `Qn?` with `An is in stock.`."""

  @classmethod
  def supported_models(cls) -> list[str]:
    return [_AGENT_MODEL]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    # The last question asked (the earlier turns come first).
    question = re.findall(r"Q(\d)", prompt_text(llm_request))[-1]
    yield judge_answer(f"A{question} is in stock.")


class _Judge(BaseLlm):
  """Answers each prompt by the first rule whose key it contains.

  A rule's key is `segment`, `validate` or `match` (the step the prompt is
  for) and a question, e.g. `match Q1`; its answer is a text, or an
  exception to raise.
  """

  rules: ClassVar[dict[str, str | Exception]] = {}

  @classmethod
  def supported_models(cls) -> list[str]:
    return [_JUDGE_MODEL]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    prompt = prompt_text(llm_request)
    if "**Sentences Begin**" in prompt:
      step = "validate"
    elif "**Response Begin**" in prompt:
      step = "segment"
    else:
      step = "match"
    # The templates' own examples come first; the invocation's text last.
    question = re.findall(r"[QA](\d)", prompt)[-1]
    answer = _Judge.rules[f"{step} Q{question}"]
    if isinstance(answer, Exception):
      raise answer
    yield judge_answer(answer)


@pytest.fixture(autouse=True)
def _models(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path):
  LLMRegistry.register(_Agent)
  LLMRegistry.register(_Judge)
  package = tmp_path / "agents" / _AGENT_PACKAGE
  package.mkdir(parents=True)
  (package / "__init__.py").write_text("from . import agent\n")
  (package / "agent.py").write_text(
      "from google.adk.agents.llm_agent import Agent\n\n"
      f"root_agent = Agent(name='agent', model={_AGENT_MODEL!r})\n"
  )
  monkeypatch.syspath_prepend(str(tmp_path / "agents"))
  monkeypatch.setenv("GOOGLE_API_KEY", "fake")
  yield
  _Judge.rules = {}
  for name in list(sys.modules):
    if name.startswith(_AGENT_PACKAGE):
      del sys.modules[name]


def _supported(number: int) -> str:
  return (
      f"sentence: A{number} is in stock.\nlabel: supported\nrationale: r\n"
      "supporting_excerpt: null\ncontradicting_excerpt: null"
  )


def _segmented(number: int) -> str:
  return f"<sentence>A{number} is in stock.</sentence>"


def _invocation(number: int) -> Invocation:
  return Invocation(
      user_content=genai_types.Content(
          role="user", parts=[genai_types.Part(text=f"Q{number}?")]
      ),
      final_response=genai_types.Content(
          role="model",
          parts=[genai_types.Part(text=f"A{number} is in stock.")],
      ),
  )


def _eval_set(cases: dict[str, list[int]], **case_fields: Any) -> EvalSet:
  """Eval cases by id, each with its questions' numbers."""
  return EvalSet(
      eval_set_id="judge_failures",
      eval_cases=[
          EvalCase(
              eval_id=eval_id,
              conversation=[_invocation(n) for n in numbers],
              session_input=SessionInput(app_name=_AGENT_PACKAGE, user_id="u"),
              **case_fields.get(eval_id, {}),
          )
          for eval_id, numbers in cases.items()
      ],
  )


def _config(*metrics: str) -> EvalConfig:
  criteria = {
      _FRM2: {
          "threshold": 0.5,
          "judge_model_options": {
              "judge_model": _JUDGE_MODEL,
              "num_samples": 1,
          },
      },
      _HAL: {
          "threshold": 0.5,
          "judge_model_options": {
              "judge_model": _JUDGE_MODEL,
              "num_samples": 1,
          },
      },
      "response_match_score": 0.5,
  }
  return EvalConfig(criteria={m: criteria[m] for m in metrics})


def _adk_eval(
    tmp_path: pathlib.Path, eval_set: EvalSet, config: EvalConfig
) -> tuple[int, list[str]]:
  """Runs `adk eval`; returns its exit code and its `Error:` lines."""
  eval_set_file = tmp_path / "cases.evalset.json"
  eval_set_file.write_text(eval_set.model_dump_json(), encoding="utf-8")
  config_file = tmp_path / "config.json"
  config_file.write_text(config.model_dump_json(), encoding="utf-8")
  result = CliRunner().invoke(
      main,
      [
          "eval",
          str(tmp_path / "agents" / _AGENT_PACKAGE),
          str(eval_set_file),
          "--config_file_path",
          str(config_file),
      ],
  )
  assert result.exception is None or isinstance(
      result.exception, SystemExit
  ), result.output
  errors = [
      line.removeprefix("Error: ")
      for line in result.output.splitlines()
      if line.startswith("Error: ")
  ]
  return result.exit_code, errors


async def _agent_evaluator(eval_set: EvalSet, config: EvalConfig) -> str:
  """Runs AgentEvaluator; returns its failure message, `` if it passed."""
  try:
    await AgentEvaluator.evaluate_eval_set(
        agent_module=_AGENT_PACKAGE,
        eval_set=eval_set,
        eval_config=config,
        num_runs=1,
    )
  except AssertionError as e:
    return str(e)
  return ""


_UNSCORED = (
    "the judge could not score {} of {} invocations, and a score over the"
    " others could overstate the agent: "
)
_HAL_UNSCORED = (
    "the judge could not score every response, and a score over the others"
    " could overstate the agent: "
)

# name: (metric, judge rules, questions, the reason in the line)
_BROKEN = {
    "match_judge_raised_for_one_of_two": (
        _FRM2,
        {"match Q1": RuntimeError("judge down"), "match Q2": _VALID},
        [1, 2],
        _UNSCORED.format(1, 2)
        + "invocation 1 of 2, judge sample 1 of 1 raised RuntimeError: judge"
        " down",
    ),
    "match_answer_without_a_label": (
        _FRM2,
        {"match Q1": "The response looks fine to me."},
        [1],
        _UNSCORED.format(1, 1)
        + "invocation 1 of 1: the judge's answer could not be read",
    ),
    "segmenter_raised": (
        _HAL,
        {"segment Q1": RuntimeError("judge down")},
        [1],
        _HAL_UNSCORED
        + "invocation 1 of 1: the segmenter call raised RuntimeError: judge"
        " down",
    ),
    "segmenter_gave_no_sentences": (
        _HAL,
        {"segment Q1": "A1 is in stock."},
        [1],
        _HAL_UNSCORED
        + "invocation 1 of 1: the segmenter's answer has no <sentence> tags",
    ),
    "validator_raised_for_one_of_two": (
        _HAL,
        {
            "segment Q1": _segmented(1),
            "validate Q1": RuntimeError("judge down"),
            "segment Q2": _segmented(2),
            "validate Q2": _supported(2),
        },
        [1, 2],
        _HAL_UNSCORED
        + "invocation 1 of 2: the sentence validator call raised"
        " RuntimeError: judge down",
    ),
    "validator_labelled_fewer_sentences": (
        _HAL,
        {
            "segment Q1": (
                _segmented(1) + "<sentence>A1 ships today.</sentence>"
            ),
            "validate Q1": _supported(1),
        },
        [1],
        _HAL_UNSCORED
        + "invocation 1 of 1: the sentence validator labelled 1 of the 2"
        " sentences",
    ),
    "validator_wrote_markdown_labels": (
        _HAL,
        {
            "segment Q1": _segmented(1),
            "validate Q1": _supported(1).replace("label:", "**label:**"),
        },
        [1],
        _HAL_UNSCORED
        + "invocation 1 of 1: the sentence validator's answer has no block"
        " that can be read",
    ),
}


def _passing_rules() -> dict[str, str]:
  rules = {}
  for number in (1, 2):
    rules[f"match Q{number}"] = _VALID
    rules[f"segment Q{number}"] = _segmented(number)
    rules[f"validate Q{number}"] = _supported(number)
  return rules


@pytest.mark.parametrize("metric", [_FRM2, _HAL])
def test_adk_eval_passes_when_the_judge_answers(
    tmp_path: pathlib.Path, metric: str
):
  _Judge.rules = _passing_rules()

  assert _adk_eval(tmp_path, _eval_set({"c1": [1, 2]}), _config(metric)) == (
      0,
      [],
  )


@pytest.mark.parametrize("name", list(_BROKEN))
def test_adk_eval_fails_a_case_the_judge_could_not_score(
    tmp_path: pathlib.Path, name: str
):
  metric, rules, numbers, reason = _BROKEN[name]
  _Judge.rules = rules

  # A passing metric beside it does not let the case pass.
  exit_code, errors = _adk_eval(
      tmp_path,
      _eval_set({"c1": numbers}),
      _config(metric, "response_match_score"),
  )

  assert exit_code == 1
  assert errors == [
      f"eval case 'c1', metric '{metric}' could not run: {reason}"
  ]


@pytest.mark.parametrize(
    "name",
    ["match_judge_raised_for_one_of_two", "validator_raised_for_one_of_two"],
)
async def test_agent_evaluator_fails_with_the_line(name: str):
  metric, rules, numbers, reason = _BROKEN[name]
  _Judge.rules = rules

  message = await _agent_evaluator(_eval_set({"c1": numbers}), _config(metric))

  assert f"eval case 'c1', metric '{metric}' could not run: {reason}" in message


def _rubric(rubric_id: str, text: str) -> Rubric:
  return Rubric(
      rubric_id=rubric_id,
      rubric_content=RubricContent(text_property=text),
      type="FINAL_RESPONSE_QUALITY",
  )


# The case's own set-up, not a metric's: one line, whatever the metrics.
_DUPLICATE_ID_LINE = (
    "eval case 'c2' cannot be evaluated: Rubric with rubric_id 'r1' already"
    " exists. Each rubric of an eval case and of its invocations needs its"
    " own rubric_id."
)


def test_adk_eval_reports_a_case_whose_rubrics_share_an_id(
    tmp_path: pathlib.Path,
):
  # The other case is still evaluated, and passes.
  eval_set = _eval_set(
      {"c1": [1], "c2": [2]},
      c2={"rubrics": [_rubric("r1", "Polite."), _rubric("r1", "Short.")]},
  )

  exit_code, errors = _adk_eval(
      tmp_path, eval_set, _config("response_match_score")
  )

  assert (exit_code, errors) == (1, [_DUPLICATE_ID_LINE])


async def test_agent_evaluator_reports_an_invocation_rubric_id_of_the_case():
  eval_set = _eval_set({"c2": [2]}, c2={"rubrics": [_rubric("r1", "Polite.")]})
  eval_set.eval_cases[0].conversation[0].rubrics = [_rubric("r1", "Short.")]

  message = await _agent_evaluator(eval_set, _config("response_match_score"))

  assert _DUPLICATE_ID_LINE in message


def test_hallucinations_names_the_criterion_key_that_does_not_validate():
  config = EvalConfig.model_validate({
      "criteria": {
          _HAL: {"threshold": 0.5, "judge_model_options": {"num_samples": 0}}
      }
  })
  (metric,) = [
      m for m in get_eval_metrics_from_config(config) if m.metric_name == _HAL
  ]

  with pytest.raises(ValueError) as raised:
    HallucinationsV1Evaluator(metric)

  assert str(raised.value).endswith(
      "judge_model_options.num_samples: Input should be greater than or equal"
      " to 1 (got 0)"
  )
