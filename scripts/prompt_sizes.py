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

"""Prints the size of each rubric judge prompt, stock against patched.

Run with the interpreter of a venv that has the patched build installed:

  .venv/bin/python scripts/prompt_sizes.py

The three rubric evaluators of stock 2.13.0 (loaded from the pinned wheel,
see `scripts/stock.py`) and of the patched build render their real prompts
through `evaluate_invocations`, with a judge model that records its requests,
on the dialogues of `tests/unittests/evaluation/judge_prompt_dialogues/`
(English, Japanese, simplified Chinese, Arabic). For each prompt it prints
the characters of the whole prompt and of its rubric list (between the last
`<properties>` tags) and their change. Exits non-zero when an English prompt
grows by more than 3% or a non-English multi-turn rubric list does not
shrink.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import pathlib
import sys
from typing import AsyncGenerator
from typing import ClassVar
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from google.adk.evaluation.eval_metrics import EvalMetric  # pylint: disable=g-import-not-at-top
from google.adk.evaluation.eval_metrics import JudgeModelOptions  # pylint: disable=g-import-not-at-top
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion  # pylint: disable=g-import-not-at-top
from google.adk.models.base_llm import BaseLlm  # pylint: disable=g-import-not-at-top
from google.adk.models.llm_request import LlmRequest  # pylint: disable=g-import-not-at-top
from google.adk.models.llm_response import LlmResponse  # pylint: disable=g-import-not-at-top
from google.adk.models.registry import LLMRegistry  # pylint: disable=g-import-not-at-top
import stock  # pylint: disable=g-import-not-at-top

from tests.unittests.evaluation import judge_prompt_cases  # pylint: disable=g-import-not-at-top

_JUDGE_MODEL = "prompt-size-recorder"
# (label, module in google.adk.evaluation, evaluator class).
_EVALUATORS = (
    (
        "final_response",
        "rubric_based_final_response_quality_v1",
        "RubricBasedFinalResponseQualityV1Evaluator",
    ),
    (
        "tool_use",
        "rubric_based_tool_use_quality_v1",
        "RubricBasedToolUseV1Evaluator",
    ),
    (
        "multi_turn",
        "rubric_based_multi_turn_trajectory_evaluator",
        "RubricBasedMultiTurnTrajectoryEvaluator",
    ),
)
_MAX_ENGLISH_GROWTH = 0.03


class _Recorder(BaseLlm):
  """A judge model that records each prompt and answers nothing useful."""

  prompts: ClassVar[list[str]] = []

  @classmethod
  def supported_models(cls) -> list[str]:
    return [_JUDGE_MODEL]

  async def generate_content_async(
      self, llm_request: LlmRequest, stream: bool = False
  ) -> AsyncGenerator[LlmResponse, None]:
    _Recorder.prompts.append(judge_prompt_cases.prompt_text(llm_request))
    yield judge_prompt_cases.judge_answer("Verdict: yes")


def _render(evaluator_class, dialogue: judge_prompt_cases.Dialogue) -> str:
  """Returns the prompt `evaluator_class` sends its judge for `dialogue`."""
  evaluator = evaluator_class(
      EvalMetric(
          metric_name=evaluator_class.__name__,
          criterion=RubricsBasedCriterion(
              threshold=0.5,
              judge_model_options=JudgeModelOptions(
                  judge_model=_JUDGE_MODEL, num_samples=1
              ),
              rubrics=list(dialogue.rubrics),
          ),
      )
  )
  _Recorder.prompts.clear()
  asyncio.run(evaluator.evaluate_invocations([dialogue.invocation()]))
  (prompt,) = _Recorder.prompts
  return prompt


def _rubric_section(prompt: str) -> str:
  start = prompt.rindex("<properties>") + len("<properties>")
  return prompt[start : prompt.index("</properties>", start)].strip("\n")


def _change(before: int, after: int) -> float:
  return (after - before) / before


def main() -> int:
  logging.disable(logging.WARNING)
  warnings.filterwarnings("ignore", message=r"\[EXPERIMENTAL\]")
  LLMRegistry.register(_Recorder)
  dialogues = judge_prompt_cases.load_dialogues()
  print(
      f"{'evaluator':15} {'lang':8} {'prompt stock':>12} {'patched':>8}"
      f" {'growth':>7} {'rubrics stock':>14} {'patched':>8} {'change':>7}"
  )
  failures = []
  for label, module_name, class_name in _EVALUATORS:
    stock_module = stock.load_evaluation_module(
        module_name, stock_imports=("rubric_based_evaluator",)
    )
    patched_module = importlib.import_module(
        f"google.adk.evaluation.{module_name}"
    )
    for language in ("en", "ja", "zh-Hans", "ar"):
      prompts = [
          _render(getattr(module, class_name), dialogues[language])
          for module in (stock_module, patched_module)
      ]
      totals = [len(p) for p in prompts]
      rubrics = [len(_rubric_section(p)) for p in prompts]
      growth = _change(*totals)
      rubric_change = _change(*rubrics)
      print(
          f"{label:15} {language:8} {totals[0]:12} {totals[1]:8}"
          f" {growth:+7.1%} {rubrics[0]:14} {rubrics[1]:8}"
          f" {rubric_change:+7.1%}"
      )
      if language == "en" and growth > _MAX_ENGLISH_GROWTH:
        failures.append(f"{label}/{language}: prompt grows {growth:+.1%}")
      if (
          language != "en"
          and label == "multi_turn"
          and rubrics[1] >= rubrics[0]
      ):
        failures.append(f"{label}/{language}: rubric list does not shrink")
  print(
      f"\nBudget: English prompts grow by at most {_MAX_ENGLISH_GROWTH:.0%};"
      " non-English multi-turn rubric lists shrink."
  )
  for failure in failures:
    print(f"OVER BUDGET: {failure}")
  return 1 if failures else 0


if __name__ == "__main__":
  sys.exit(main())
