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

"""Tests for `_rubric_ids.format_rubrics_for_prompt`, the prompt's rubric list."""

from __future__ import annotations

from google.adk.evaluation import _rubric_ids

from .rubric_matching_cases import rubrics as _rubrics


def test_the_prompt_list_shows_what_the_matcher_accepts():
  listing = _rubric_ids.format_rubrics_for_prompt(
      _rubrics(("r1", "ユーザの年齢を確認している"), ("年齢", "副作用"))
  )

  assert (
      listing
      == "*  [id: r1] ユーザの年齢を確認している\n*  [id: rubric-2] 副作用"
  )
