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


"""`[local]` in patches/stack.toml: repository-only files, in no export.

The demo sample and the tests that run it through `adk eval` stay in this
repository; `check` accepts them outside every pull request, and neither
`export` nor `export --stack` writes them.
"""

from __future__ import annotations

import pathlib

import patchlib
import pytest

_SAMPLE = "contributing/samples/multilingual_rubric_eval/"


def _add_local(repo: pathlib.Path, entry: str) -> None:
  stack = repo / patchlib.STACK_FILE
  text = stack.read_text(encoding="utf-8")
  stack.write_text(
      text.replace(
          "[local]\nfiles = [\n", f'[local]\nfiles = [\n  "{entry}",\n'
      ),
      encoding="utf-8",
  )


def _diff_paths(text: str) -> set[str]:
  return {
      line.split()[2].removeprefix("a/")
      for line in text.splitlines()
      if line.startswith("diff --git ")
  }


def test_a_new_file_under_a_local_folder_is_in_no_export(
    cli, repo_copy: pathlib.Path, tmp_path: pathlib.Path
):
  added = repo_copy / _SAMPLE / "notes.md"
  added.write_text("demo notes\n", encoding="utf-8")
  local = patchlib.local_files(repo_copy)
  new_files = patchlib.exported_files(repo_copy)
  assert patchlib.is_local(f"{_SAMPLE}notes.md", local)

  stack_dir = tmp_path / "stack"
  fork_dir = tmp_path / "fork"
  assert cli(repo_copy, "check").returncode == 0
  result = cli(repo_copy, "export", "--stack", str(stack_dir))
  assert result.returncode == 0, result.stderr
  result = cli(repo_copy, "export", "--stack", str(fork_dir), "--layer", "fork")
  assert result.returncode == 0, result.stderr
  one = tmp_path / "one.diff"
  assert cli(repo_copy, "export", "--out", str(one)).returncode == 0

  in_stack = set().union(*(
      _diff_paths(d.read_text(encoding="utf-8"))
      for d in [*stack_dir.glob("*.diff"), *fork_dir.glob("*.diff")]
  ))
  in_export = _diff_paths(one.read_text(encoding="utf-8"))
  local_new = {p for p in new_files if patchlib.is_local(p, local)}
  assert f"{_SAMPLE}notes.md" in local_new
  assert "tests/unittests/evaluation/pharmacy_unscored_cases.py" in local_new
  assert not local_new & in_stack
  assert not local_new & in_export
  # Everything else still reaches both.
  assert set(new_files) - local_new <= in_stack
  assert set(new_files) - local_new <= in_export


@pytest.mark.parametrize(
    "entry, problem",
    [
        (
            "src/google/adk/evaluation/_rubric_checks.py",
            "local but a module of the package",
        ),
        (
            "tests/unittests/evaluation/test_eval_metrics_rubric_checks.py",
            "both local and in a pull request",
        ),
        ("contributing/samples/no_such_sample/", "local but matches no new"),
    ],
)
def test_a_bad_local_entry_fails_the_stack_check(
    repo_copy: pathlib.Path, entry: str, problem: str
):
  _add_local(repo_copy, entry)

  with pytest.raises(patchlib.PatchError) as error:
    patchlib.read_stack(repo_copy)

  assert problem in str(error.value)
  assert entry in str(error.value)


def test_a_sample_file_in_no_pull_request_and_not_local_fails(
    repo_copy: pathlib.Path,
):
  stack = repo_copy / patchlib.STACK_FILE
  text = stack.read_text(encoding="utf-8")
  stack.write_text(text.replace(f'  "{_SAMPLE}",\n', ""), encoding="utf-8")

  with pytest.raises(patchlib.PatchError) as error:
    patchlib.read_stack(repo_copy)

  assert "in no pull request" in str(error.value)
  assert f"{_SAMPLE}agent.py" in str(error.value)
