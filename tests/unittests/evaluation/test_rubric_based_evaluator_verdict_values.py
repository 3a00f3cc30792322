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

"""How DefaultAutoRaterResponseParser reads a verdict: yes or no, and only.

A verdict is yes or no with nothing but punctuation around it, read
NFKC-normalized; words, a question mark or a symbol give no verdict, where
a verdict that merely held `yes` or `no` used to count.
"""

from __future__ import annotations

from typing import Optional

from google.adk.evaluation.rubric_based_evaluator import DefaultAutoRaterResponseParser
import pytest


@pytest.mark.parametrize(
    ("verdict", "score"),
    [
        ("yes", 1.0),
        ("No", 0.0),
        ("YES.", 1.0),
        ("**No**", 0.0),
        ("`yes`", 1.0),
        ("(No)", 0.0),
        ("ｙｅｓ", 1.0),
        ("Ｎｏ。", 0.0),
        ("✅ Yes", None),
        ("~~Yes~~", None),
        ("¬yes", None),
        ("Yes?", None),
        ("「はい」", None),
        ("Yes, mostly", None),
        ("unknown", None),
        ("Not met", None),
        ("Yes/No", None),
        ("Nope", None),
        ("", None),
    ],
)
def test_a_verdict_is_yes_or_no_and_nothing_else(
    verdict: str, score: Optional[float]
):
  answer = f"ID: r1\nProperty: p\nRationale: ok\nVerdict: {verdict}"

  (response,) = DefaultAutoRaterResponseParser().parse(answer)

  assert response.score == score
