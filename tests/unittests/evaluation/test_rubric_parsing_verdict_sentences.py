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

"""Tests for the part of a verdict value `_rubric_parsing.read_verdict` reads.

Only the first sentence of the value counts, and a JSON bool is a verdict.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_parsing
import pytest

_read = _rubric_parsing.read_verdict


@pytest.mark.parametrize(
    "verdict",
    [
        "no. yes.",
        "No — it never asked.",
    ],
)
def test_only_the_first_sentence_counts(verdict: str):
  assert _read(verdict) == 0.0


@pytest.mark.parametrize(
    ("value", "score"),
    [
        (True, 1.0),
        (False, 0.0),
        (1, None),
        (0.0, None),
        (None, None),
        ([], None),
    ],
)
def test_values_that_are_not_text(value, score):
  assert _read(value) == score
