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

"""Rubric sets and helpers shared by the rubric matching tests.

`match` parses a judge answer with the evaluators' default parser and
matches its blocks to the rubrics, and returns each rubric's (score, tier)
with the report. `EVALUATORS` are the
three rubric evaluators by metric name, and `make_evaluator` builds one.
"""

from __future__ import annotations

import inspect

from google.adk.evaluation import _rubric_matching
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.rubric_based_evaluator import RubricBasedEvaluator
from google.adk.evaluation.rubric_based_final_response_quality_v1 import RubricBasedFinalResponseQualityV1Evaluator
from google.adk.evaluation.rubric_based_multi_turn_trajectory_evaluator import RubricBasedMultiTurnTrajectoryEvaluator
from google.adk.evaluation.rubric_based_tool_use_quality_v1 import RubricBasedToolUseV1Evaluator

NONE = (None, None)

EVALUATORS: dict[str, type[RubricBasedEvaluator]] = {
    "rubric_based_final_response_quality_v1": (
        RubricBasedFinalResponseQualityV1Evaluator
    ),
    "rubric_based_tool_use_quality_v1": RubricBasedToolUseV1Evaluator,
    "rubric_based_multi_turn_trajectory_quality_v1": (
        RubricBasedMultiTurnTrajectoryEvaluator
    ),
}


def rubrics(*pairs: tuple[str, str]) -> list[Rubric]:
  return [
      Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
      for i, t in pairs
  ]


# What RubricBasedEvaluator parses judge answers with unless told otherwise.
PARSER = (
    inspect.signature(RubricBasedEvaluator)
    .parameters["auto_rater_response_parser"]
    .default
)


def match(rubric_list: list[Rubric], answer: str):
  report = _rubric_matching.match_rubric_responses(
      rubric_list, PARSER.parse(answer)
  )
  return {o.rubric_id: (o.score, o.tier) for o in report.outcomes}, report


def make_evaluator(
    metric_name: str, rubrics: tuple[Rubric, ...]
) -> RubricBasedEvaluator:
  """Returns the named evaluator with `rubrics` as its effective rubrics."""
  criterion = RubricsBasedCriterion(
      threshold=0.5,
      judge_model_options=JudgeModelOptions(num_samples=1),
      rubrics=list(rubrics),
  )
  evaluator = EVALUATORS[metric_name](
      EvalMetric(metric_name=metric_name, criterion=criterion)
  )
  evaluator.create_effective_rubrics_list(None)
  return evaluator


def is_theirs(named: str, theirs: str) -> str:
  return f"its ID names rubric {named!r} but its text is rubric {theirs!r}'s"


def reasons(report: _rubric_matching.RubricMatchReport) -> list[str]:
  return [b.reason for b in report.unmatched_blocks]


PHARMACY = rubrics(
    ("r1", "ユーザの服用中の薬を確認している"),
    ("r2", "副作用等のリスクを説明している"),
    ("r3", "服用方法を含めて回答している"),
)

TURNS = rubrics(
    ("t1", "In turn 1 the agent lists the side effects"),
    ("t2", "In turn 2 the agent lists the side effects"),
    ("t3", "In turn 3 the agent lists the side effects"),
)

TABLETS = rubrics(
    ("a", "1日2錠を服用するよう説明している"),
    ("b", "1日3錠を服用するよう説明している"),
    ("c", "1日4錠を服用するよう説明している"),
)

TWINS = rubrics(
    ("a", "回答提到了要饭後服用"),
    ("b", "回答提到了要饭后服用"),
    ("c", "回答给出了价格"),
)
