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

"""Loads the multilingual rubric-matching fixtures and runs them.

The fixtures are data files under `rubric_matching_fixtures/`: one per
language (`ja.yaml`) and, for the shapes of issue 14, one more per language
(`ja_guards.yaml`). Each case gives the rubrics shown to a judge, the
judge's raw answer and the verdict every rubric must end up with: `yes`, `no`
or `unscored`. Both the parametrized tests and `scripts/fixture_report.py`
read the cases through this module.
"""

from __future__ import annotations

import dataclasses
import pathlib
from typing import Optional

from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
import yaml

from .judge_prompt_cases import judge_answer
from .rubric_matching_cases import EVALUATORS
from .rubric_matching_cases import make_evaluator

FIXTURES_DIR = pathlib.Path(__file__).parent / "rubric_matching_fixtures"

_SCORES = {"yes": 1.0, "no": 0.0, "unscored": None}


@dataclasses.dataclass(frozen=True)
class FixtureCase:
  """One judge answer and the verdict each rubric must get from it."""

  language: str
  name: str
  failure_class: str
  shows: str
  rubrics: tuple[Rubric, ...]
  judge: str
  expected: dict[str, Optional[float]]
  # The guard files hold what a careful reader would conclude; the matcher
  # may leave such a rubric unscored, but never give it another verdict.
  strict: bool = True


def load_cases(pattern: str = "*.yaml") -> list[FixtureCase]:
  """Returns every case of the fixture files, in file and case order.

  Args:
    pattern: A glob, relative to `FIXTURES_DIR`, naming the files to read;
      e.g. `*_guards.yaml` for the issue 14 cases only.
  """
  cases = []
  for path in sorted(FIXTURES_DIR.glob(pattern)):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for case in data["cases"]:
      rubrics = tuple(
          Rubric(
              rubric_id=str(r["id"]),
              rubric_content=RubricContent(text_property=r["text"]),
          )
          for r in case["rubrics"]
      )
      expected = {str(k): _SCORES[v] for k, v in case["expected"].items()}
      if set(expected) != {r.rubric_id for r in rubrics}:
        raise ValueError(f"{path.name}:{case['name']}: expected != rubrics")
      cases.append(
          FixtureCase(
              language=data["language"],
              name=case["name"],
              failure_class=case["class"],
              shows=" ".join(case["shows"].split()),
              rubrics=rubrics,
              judge=case["judge"],
              expected=expected,
              strict=not path.stem.endswith("_guards"),
          )
      )
  return cases


def score_case(
    metric_name: str, case: FixtureCase
) -> dict[str, Optional[float]]:
  """Returns the score each rubric of `case` gets from the named evaluator."""
  evaluator = make_evaluator(metric_name, case.rubrics)
  result = evaluator.convert_auto_rater_response_to_score(
      judge_answer(case.judge)
  )
  scores: dict[str, Optional[float]] = {r.rubric_id: None for r in case.rubrics}
  for rubric_score in result.rubric_scores or []:
    scores[rubric_score.rubric_id] = rubric_score.score
  return scores


def classify(expected: Optional[float], actual: Optional[float]) -> str:
  """Returns `attached`, `unscored` or `wrong` for one rubric's outcome.

  A rubric that should stay unscored and does counts as `unscored`; any
  verdict other than the expected one, including a verdict where none was
  expected, is `wrong`.
  """
  if actual == expected:
    return "attached" if actual is not None else "unscored"
  if actual is None:
    return "unscored"
  return "wrong"
