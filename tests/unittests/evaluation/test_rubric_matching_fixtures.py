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

"""Multilingual judge answers score the same through all three evaluators.

Each case comes from a data file under `rubric_matching_fixtures/` and is
named for what it shows, e.g. `ja_seed_rewrites_no_ids`.
"""

from __future__ import annotations

import logging

import pytest

from . import rubric_matching_fixture_cases as fixture_cases

_CASES = fixture_cases.load_cases()


@pytest.mark.parametrize("metric_name", sorted(fixture_cases.EVALUATORS))
@pytest.mark.parametrize("case", _CASES, ids=[c.name for c in _CASES])
def test_fixture_verdicts(
    case: fixture_cases.FixtureCase,
    metric_name: str,
    caplog: pytest.LogCaptureFixture,
):
  with caplog.at_level(logging.WARNING):
    scores = fixture_cases.score_case(metric_name, case)

  if case.strict:
    assert scores == case.expected, case.shows
  else:
    wrong = {
        rubric_id: score
        for rubric_id, score in scores.items()
        if score is not None and score != case.expected[rubric_id]
    }
    assert not wrong, case.shows
  unscored = [rubric_id for rubric_id, s in case.expected.items() if s is None]
  warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
  if unscored:
    assert len(warnings) == 1, "one warning per judge answer"
    # An answer with no block at all gets one warning that counts its rubrics
    # and quotes the answer, rather than listing every rubric.
    if case.strict:
      for rubric_id in unscored:
        assert repr(rubric_id) in warnings[0].getMessage()


def test_fixtures_cover_the_required_languages():
  languages = {case.language for case in _CASES}

  assert {"ja", "zh-Hans", "zh-Hant", "ar", "ko", "hi", "th", "ru"} <= languages
