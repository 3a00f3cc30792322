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

"""The eval case whose metric is being evaluated, for warnings to name.

An evaluator is given invocations, not the eval case they come from, and
its interface has no room for one. `LocalEvalService` names the case around
each metric's evaluation; the judge's tasks inherit it, so a warning about
one judge sample can say which case it is about.
"""

from __future__ import annotations

from collections.abc import Iterator
import contextlib
import contextvars
from typing import Optional

_EVAL_CASE_ID: contextvars.ContextVar[Optional[str]] = contextvars.ContextVar(
    "eval_case_id", default=None
)


@contextlib.contextmanager
def evaluating_eval_case(eval_id: str) -> Iterator[None]:
  """Names `eval_id` as the eval case evaluated within the context."""
  token = _EVAL_CASE_ID.set(eval_id)
  try:
    yield
  finally:
    _EVAL_CASE_ID.reset(token)


def describe_metric(metric_name: str) -> str:
  """Returns `eval case 'c', metric 'm'`, or `metric 'm'` outside a case."""
  eval_id = _EVAL_CASE_ID.get()
  metric = f"metric {metric_name!r}"
  return metric if eval_id is None else f"eval case {eval_id!r}, {metric}"
