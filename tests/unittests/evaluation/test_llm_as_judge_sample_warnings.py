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

"""A failed judge sample's warning names the metric, invocation and sample.

It used to say `invocation 0` (0-based, where results print `Invocation 1
of 2`) and log a full traceback for every failed sample.
"""

from __future__ import annotations

import logging

import pytest

from .test_rubric_based_evaluator_unscored_rubrics import _evaluate
from .test_rubric_based_evaluator_unscored_rubrics import _FINAL_RESPONSE
from .test_rubric_based_evaluator_unscored_rubrics import _judge  # pylint: disable=unused-import
from .test_rubric_based_evaluator_unscored_rubrics import _ROWS


async def test_one_warning_per_failed_sample_and_one_traceback_per_error(
    caplog: pytest.LogCaptureFixture,
):
  with caplog.at_level(logging.WARNING):
    await _evaluate(
        _FINAL_RESPONSE,
        ("How much is it?", [_ROWS["all_answered"]] * 3),
        (
            "And with tax?",
            [
                RuntimeError("judge unavailable"),
                ValueError("bad request"),
                RuntimeError("judge unavailable"),
            ],
        ),
    )

  failed = [
      r for r in caplog.records if r.getMessage().startswith("Evaluation")
  ]
  assert [r.getMessage() for r in failed] == [
      "Evaluation sample failed: metric"
      f" '{_FINAL_RESPONSE}', invocation 2 of 2, judge sample {sample} of 3:"
      f" {error}"
      for sample, error in (
          (1, "RuntimeError: judge unavailable"),
          (2, "ValueError: bad request"),
          (3, "RuntimeError: judge unavailable"),
      )
  ]
  assert [bool(r.exc_info) for r in failed] == [True, True, False]
