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

"""Refuses a criterion key that its metric would silently ignore.

Criteria accept keys they do not declare, so that one config can serve
metrics with different options. For a rubric metric that turns a typo into
a silent change of behaviour: `structured_ouput: true` leaves structured
judging off, and `rubric: [...]` leaves the rubrics out. A key is known if
it is a field of the criterion's type, by name or by its camelCase alias.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel

from ._metric_errors import did_you_mean


def known_keys(criterion_type: type[BaseModel]) -> set[str]:
  """Returns each field's name and alias, e.g. `num_samples`, `numSamples`."""
  keys = set()
  for name, field in criterion_type.model_fields.items():
    keys.add(name)
    if field.alias:
      keys.add(field.alias)
  return keys


def check_criterion_keys(
    metric_name: str, criterion_type: type[BaseModel], keys: Iterable[str]
) -> None:
  """Raises a ValueError naming each key the criterion type does not have.

  Args:
    metric_name: The metric the criterion is for.
    criterion_type: The criterion type the metric reads.
    keys: The keys the criterion was given.

  Raises:
    ValueError: A key is not a field of `criterion_type`, e.g. `unknown key
      `structured_ouput` in the criterion of `rubric_based_tool_use_quality_v1`;
      did you mean `structured_output`?`.
  """
  known = known_keys(criterion_type)
  names = sorted(criterion_type.model_fields)
  problems = []
  for key in keys:
    if key in known:
      continue
    hint = did_you_mean(key, known) or (
        "; remove it (the keys are " + ", ".join(names) + ")"
    )
    problems.append(f"unknown key `{key}`{hint}")
  if problems:
    raise ValueError(
        f"The criterion of `{metric_name}` is not valid: " + "; ".join(problems)
    )
