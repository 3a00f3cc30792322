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

"""Tests for the rubric ids the prompt shows and the matcher accepts back."""

from __future__ import annotations

from google.adk.evaluation import _rubric_ids
from google.adk.evaluation import _rubric_matching

from .rubric_matching_cases import match as _match
from .rubric_matching_cases import NONE as _NONE
from .rubric_matching_cases import rubrics as _rubrics

_ID = _rubric_matching.TIER_ID


def test_the_prompt_list_shows_what_the_matcher_accepts():
  listing = _rubric_ids.format_rubrics_for_prompt(
      _rubrics(("r1", "ユーザの年齢を確認している"), ("年齢", "副作用"))
  )

  assert (
      listing
      == "*  [id: r1] ユーザの年齢を確認している\n*  [id: rubric-2] 副作用"
  )


def test_hard_ids_are_shown_as_handles_and_matched_both_ways():
  rubrics = _rubrics(
      ("simple_id-1", "a"),
      ("needs [quoting] here", "b"),
      ("正確性", "c"),
      ("x" * 100, "d"),
  )

  shown = _rubric_ids.rubric_prompt_ids(rubrics)

  assert shown == {
      "simple_id-1": "simple_id-1",
      "needs [quoting] here": "rubric-2",
      "正確性": "rubric-3",
      "x" * 100: "rubric-4",
  }
  outcomes, _ = _match(
      rubrics,
      "ID: rubric-2\nVerdict: yes\nID: 正確性\nVerdict: no\n"
      "ID: [id: rubric-4]\nVerdict: yes\n",
  )
  assert outcomes == {
      "simple_id-1": _NONE,
      "needs [quoting] here": (1.0, _ID),
      "正確性": (0.0, _ID),
      "x" * 100: (1.0, _ID),
  }


def test_handles_never_collide_with_real_ids():
  rubrics = _rubrics(("rubric-2", "a"), ("has space", "b"))

  shown = _rubric_ids.rubric_prompt_ids(rubrics)

  assert shown["has space"] != "rubric-2"
  outcomes, _ = _match(rubrics, f"ID: {shown['has space']}\nVerdict: yes")
  assert outcomes == {"rubric-2": _NONE, "has space": (1.0, _ID)}
