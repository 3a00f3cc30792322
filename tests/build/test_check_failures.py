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


"""`patches.py check` fails loudly, naming what broke."""

from __future__ import annotations

import pathlib
import re

import patchlib

_TARGET = (
    "google/adk/evaluation/rubric_based_multi_turn_trajectory_evaluator.py"
)


def test_check_passes_on_the_repository(cli, repo_copy: pathlib.Path):
  result = cli(repo_copy, "check")

  assert result.returncode == 0, result.stderr
  assert result.stdout.startswith("ok:")


def test_broken_context_line_names_patch_file_and_hunk(
    cli, repo_copy: pathlib.Path
):
  name = patchlib.read_series(repo_copy)[0]
  patch = repo_copy / "patches" / name
  text = patch.read_text(encoding="utf-8")
  # The first context line after the first hunk header.
  broken = re.sub(r"(\n@@ [^\n]*\n )", r"\1BROKEN", text, count=1)
  assert broken != text
  patch.write_text(broken, encoding="utf-8")

  result = cli(repo_copy, "check")

  assert result.returncode != 0
  first_hunk = re.search(r"^@@ .*? @@", text, re.MULTILINE).group(0)
  assert f"{name}: {_TARGET}: hunk #1" in result.stderr
  assert first_hunk.split(" @@")[0] in result.stderr
  assert "BROKEN" in result.stderr


def test_new_module_shadowing_an_upstream_file_fails(
    cli, repo_copy: pathlib.Path
):
  shadow = repo_copy / "src" / "google" / "adk" / "evaluation" / "eval_case.py"
  shadow.parent.mkdir(parents=True, exist_ok=True)
  shadow.write_text("# not upstream's\n", encoding="utf-8")

  result = cli(repo_copy, "check")

  assert result.returncode != 0
  assert "src/google/adk/evaluation/eval_case.py" in result.stderr
  assert "overwrite" in result.stderr
