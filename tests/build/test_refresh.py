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

"""`patches.py materialize` then `refresh` round-trips edits to src/ safely."""

from __future__ import annotations

import pathlib

_MODULE = pathlib.Path("src/google/adk/evaluation/_rubric_matching.py")
_TREE_MODULE = pathlib.Path(".work/tree") / _MODULE


def test_refresh_copies_back_only_modules_edited_in_the_tree(
    cli, repo_copy: pathlib.Path
):
  assert cli(repo_copy, "materialize").returncode == 0
  edited_in_src = repo_copy / _MODULE
  edited_in_src.write_text(
      edited_in_src.read_text(encoding="utf-8") + "# edited in src\n",
      encoding="utf-8",
  )

  result = cli(repo_copy, "refresh")

  assert result.returncode == 0, result.stderr
  assert "# edited in src" in edited_in_src.read_text(encoding="utf-8")
  assert f"updated {_MODULE}" not in result.stdout


def test_refresh_copies_back_a_module_edited_in_the_tree(
    cli, repo_copy: pathlib.Path
):
  assert cli(repo_copy, "materialize").returncode == 0
  tree_module = repo_copy / _TREE_MODULE
  tree_module.write_text(
      tree_module.read_text(encoding="utf-8") + "# edited in tree\n",
      encoding="utf-8",
  )

  result = cli(repo_copy, "refresh")

  assert result.returncode == 0, result.stderr
  assert f"updated {_MODULE}" in result.stdout
  assert "# edited in tree" in (repo_copy / _MODULE).read_text(encoding="utf-8")


def test_refresh_keeps_src_when_both_sides_changed(
    cli, repo_copy: pathlib.Path
):
  assert cli(repo_copy, "materialize").returncode == 0
  for path, mark in ((_TREE_MODULE, "# tree\n"), (_MODULE, "# src\n")):
    target = repo_copy / path
    target.write_text(target.read_text(encoding="utf-8") + mark, "utf-8")

  result = cli(repo_copy, "refresh")

  assert "changed both in the tree and in src/" in result.stdout
  text = (repo_copy / _MODULE).read_text(encoding="utf-8")
  assert "# src" in text and "# tree" not in text
