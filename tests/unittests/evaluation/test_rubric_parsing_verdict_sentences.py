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

"""Tests for the part of a verdict value `_rubric_verdicts.read_verdict` reads.

The whole value counts: a verdict with words after it, which may take it
back, is none.
"""

from __future__ import annotations

from google.adk.evaluation import _rubric_verdicts
import pytest

_read = _rubric_verdicts.read_verdict


@pytest.mark.parametrize(
    ("verdict", "score"),
    [
        ("No — it never asked.", None),
        ("Yes. The reply covers every step.", None),
        ("No.", 0.0),
        ("no. yes.", None),
        ("Verdict: No. Correction: yes, it did ask.", None),
    ],
)
def test_the_whole_value_counts(verdict: str, score):
  assert _read(verdict) == score


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
