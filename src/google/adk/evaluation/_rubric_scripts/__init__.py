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

"""Spelling folds of scripts, one module per script (see `_rubric_folding`).

A module here may define `FOLD_STEPS`, `(name, step)` pairs as in
`_rubric_folding.FOLD_STEPS`: each step maps one character of its script
(after NFKC and case folding) to its folded form, and only merges spellings
of the same letter or word. `_rubric_folding` adds them after its own steps.
ADK ships no module here.
"""
