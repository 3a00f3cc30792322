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

"""Tests for how the fork's matching answers a "not applicable" verdict."""

from __future__ import annotations

from google.adk.evaluation import _rubric_matching
import pytest


@pytest.mark.parametrize("text", [None, "", 3])
def test_a_rubric_without_text_is_about_nothing_that_applies(text):
  # A criterion built without validation may hold such a rubric; a
  # not-applicable verdict (where a vocabulary module lists one) must not
  # raise on it.
  assert not _rubric_matching._about_applying(  # pylint: disable=protected-access
      text, "n/a", lambda verdict: True
  )
