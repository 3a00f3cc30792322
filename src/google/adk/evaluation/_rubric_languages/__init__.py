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


"""Label and verdict words beyond the templates' own, one module per
language.

A module here may define any of the tables of `_rubric_vocabulary`
(`LABELS`, `STEP_WORDS`, `VERDICTS`, `NOT_APPLICABLE`,
`AMBIGUOUS_NOT_APPLICABLE`, `APPLICABILITY_WORDS`), under the same name and
with the same types; `_rubric_vocabulary` adds its words to its own table.
ADK ships no module here.
"""
