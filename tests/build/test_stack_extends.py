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


"""`extends` in patches/stack.toml: a pull request that grows a new module.

The repository holds each new file in its final form; the version an
earlier pull request adds is that form with the later `extends` diffs
undone.
"""

from __future__ import annotations

import pathlib

import patchlib
import pytest

_MODULE = "src/google/adk/evaluation/_m.py"
_FIRST = "def a():\n  return 1\n"
_FINAL = "def a():\n  return 1\n\n\ndef b():\n  return 2\n"


def _root(tmp_path: pathlib.Path, final: str, diff: str) -> pathlib.Path:
  (tmp_path / _MODULE).parent.mkdir(parents=True)
  (tmp_path / _MODULE).write_text(final, encoding="utf-8")
  for other in patchlib.EXPORTED_FILES:  # Single files every stack has.
    (tmp_path / other).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / other).write_text("", encoding="utf-8")
  (tmp_path / "patches" / "stack").mkdir(parents=True)
  (tmp_path / "patches" / "stack" / "02-b.diff").write_text(
      diff, encoding="utf-8"
  )
  return tmp_path


def _stack(first_files: tuple[str, ...] = (_MODULE,)):
  return [
      patchlib.PullRequest("01-a", "a", (), first_files),
      patchlib.PullRequest(
          "02-b", "b", (), (), extends="patches/stack/02-b.diff"
      ),
  ]


def test_an_earlier_pull_request_adds_the_module_without_the_extension(
    tmp_path: pathlib.Path,
):
  diff = patchlib.git_diff(_MODULE, _FIRST.encode(), _FINAL.encode())
  root = _root(tmp_path, _FINAL, diff)

  first, second = patchlib.new_file_versions(root, _stack())

  assert first == {_MODULE: _FIRST.encode()}
  assert second == {_MODULE: _FINAL.encode()}


def test_an_extension_that_no_longer_undoes_exactly_is_an_error(
    tmp_path: pathlib.Path,
):
  diff = patchlib.git_diff(_MODULE, _FIRST.encode(), _FINAL.encode())
  root = _root(tmp_path, _FINAL.replace("return 2", "return 3"), diff)

  with pytest.raises(patchlib.PatchError, match=r"02-b\.diff: .*hunk #1"):
    patchlib.new_file_versions(root, _stack())


def test_an_extension_may_only_change_a_file_an_earlier_pr_added(
    tmp_path: pathlib.Path,
):
  diff = patchlib.git_diff(_MODULE, _FIRST.encode(), _FINAL.encode())
  root = _root(tmp_path, _FINAL, diff)
  # The module is in no pull request before the one that extends it.
  with pytest.raises(patchlib.PatchError, match="not a new file of an earlier"):
    patchlib.new_file_versions(root, _stack(first_files=()))


def test_edited_stage_files_become_the_extension_and_the_final_file(
    tmp_path: pathlib.Path,
):
  diff = patchlib.git_diff(_MODULE, _FIRST.encode(), _FINAL.encode())
  root = _root(tmp_path / "repo", _FINAL, diff)
  stages = tmp_path / "stages"
  patchlib.write_stage_files(root, _stack(), stages)
  edited = stages / "02-b" / _MODULE
  edited.write_text(_FINAL + "\n\ndef c():\n  return 3\n", encoding="utf-8")

  changes = patchlib.read_stage_files(root, _stack(), stages)

  assert changes == ["wrote patches/stack/02-b.diff", f"updated {_MODULE}"]
  first, second = patchlib.new_file_versions(root, _stack())
  assert first == {_MODULE: _FIRST.encode()}
  assert second[_MODULE].decode().endswith("def c():\n  return 3\n")


def test_the_repository_stack_round_trips_through_stage_files(
    repo_copy: pathlib.Path, tmp_path: pathlib.Path
):
  stack = patchlib.read_stack(repo_copy)
  patchlib.write_stage_files(repo_copy, stack, tmp_path)

  assert patchlib.read_stage_files(repo_copy, stack, tmp_path) == []
