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

"""One-line reports of a metric that could not be set up or could not run.

A metric whose evaluator raised (an unknown metric name, a criterion that
does not validate, a rubric that cannot be judged, a judge that could not be
reached) has no score. The eval case must then not pass, and the user must
read why where they look at the result, not only in the log. The report is
one line naming the eval case, the metric and what went wrong, e.g.

  eval case 'ja_scenario', metric 'rubric_based_final_response_quality_v2'
  could not run: rubric_based_final_response_quality_v2 not found in
  registry; did you mean `rubric_based_final_response_quality_v1`?

(one line in the output; wrapped here).
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
import difflib
import typing
from typing import Any
from typing import Optional

from pydantic import BaseModel
from pydantic import ValidationError


def did_you_mean(name: str, known: Iterable[str]) -> str:
  """Returns `; did you mean `x`?` for the closest known name, or ``.

  Args:
    name: The name as written, e.g. `rubric_based_final_response_quality_v2`.
    known: The names it could have meant.
  """
  matches = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
  return f"; did you mean `{matches[0]}`?" if matches else ""


def one_line(text: str) -> str:
  """Returns the text's non-blank lines, stripped, in one line.

  Lines are joined with `; `, or with a space after a line ending in `:`
  (a heading of the lines that follow).
  """
  lines = [line.strip() for line in text.splitlines() if line.strip()]
  joined = lines[:1]
  for line in lines[1:]:
    joined.append((" " if joined[-1].endswith(":") else "; ") + line)
  return "".join(joined)


def _without_union_branches(
    errors: list[dict[str, Any]],
) -> list[dict[str, Any]]:
  """Drops the errors of union members the value was plainly not meant for.

  A criterion is a number or an object: an object with a misspelled key
  fails both, and pydantic reports `Input should be a valid number` for it
  beside the real error, each under the member's name (`...float`,
  `...BaseCriterion.threshold`). An error about a value's type is dropped
  when another error lies under the same place, deeper; the member's name
  is dropped from the other's place.
  """
  kept = []
  tags = set()
  for error in errors:
    loc = tuple(error["loc"])
    deeper = [
        other
        for other in errors
        if len(other["loc"]) > len(loc)
        and tuple(other["loc"][: len(loc) - 1]) == loc[:-1]
    ]
    if deeper and error["type"].endswith(("_type", "_parsing")):
      for other in deeper:
        tags.add((len(loc) - 1, other["loc"][len(loc) - 1]))
      continue
    kept.append(error)
  for error in kept:
    error["loc"] = tuple(
        part
        for position, part in enumerate(error["loc"])
        if (position, part) not in tags
    )
  return kept


def _keys_at(
    model: type[BaseModel], loc: Sequence[int | str]
) -> Optional[set[str]]:
  """Returns the keys of the model found at `loc` within `model`, or None.

  Each part of `loc` is a field's name or alias whose type is, or is an
  Optional of, a model; None if one is not.
  """
  for part in loc:
    fields = {
        key: field
        for name, field in model.model_fields.items()
        for key in (name, field.alias)
        if key
    }
    field = fields.get(str(part))
    if field is None:
      return None
    nested = [
        t
        for t in (field.annotation, *typing.get_args(field.annotation))
        if isinstance(t, type) and issubclass(t, BaseModel)
    ]
    if not nested:
      return None
    model = nested[0]
  return {
      key
      for name, field in model.model_fields.items()
      for key in (name, field.alias)
      if key
  }


def describe_validation_error(
    error: ValidationError, model: Optional[type[BaseModel]] = None
) -> str:
  """Returns one `key: message (got value)` item per invalid value, in a line.

  Pydantic's own text gives each error three lines and a URL; a user who
  misspelled one value needs its key, what was wrong and what was given. A
  required key that is missing beside a key of a close spelling is named:
  `threshold: Field required; `treshold` is given, did you mean `threshold`?`.
  Given the model validated, an unknown key gets the closest key of its
  place: `judge_model_options.num_smaples: Extra inputs are not permitted;
  did you mean `num_samples`?`.

  Args:
    error: The error pydantic raised.
    model: The model that was validated, if known.
  """
  items = []
  for item in _without_union_branches(error.errors(include_url=False)):
    key = ".".join(str(part) for part in item["loc"]) or "value"
    message = item["msg"].removeprefix("Value error, ")
    text = f"{key}: {one_line(message)}"
    given = item.get("input")
    if item["type"] == "missing":
      field = str(item["loc"][-1]) if item["loc"] else ""
      if isinstance(given, dict) and field:
        close = difflib.get_close_matches(
            field, [str(k) for k in given], n=1, cutoff=0.6
        )
        if close:
          text += f"; `{close[0]}` is given, did you mean `{field}`?"
    elif (
        item["type"] == "extra_forbidden"
        and model is not None
        and item["loc"]
        and (
            hint := did_you_mean(
                str(item["loc"][-1]), _keys_at(model, item["loc"][:-1]) or ()
            )
        )
    ):
      text += hint
    elif "input" in item and not isinstance(given, (dict, list)):
      shown = repr(given)
      if len(shown) > 60:
        shown = shown[:57] + "..."
      text += f" (got {shown})"
    items.append(text)
  return "; ".join(items)


def describe_metric_error(
    eval_case_id: str, metric_name: str, error: BaseException
) -> str:
  """Returns the one line reporting that a metric could not run for a case.

  Args:
    eval_case_id: The eval case's id.
    metric_name: The metric's name, as configured.
    error: What the metric's set-up or evaluation raised.
  """
  if isinstance(error, ValidationError):
    reason = describe_validation_error(error)
  else:
    reason = one_line(str(error))
  if not reason:
    reason = type(error).__name__
  return (
      f"eval case {eval_case_id!r}, metric {metric_name!r} could not run:"
      f" {reason}"
  )
