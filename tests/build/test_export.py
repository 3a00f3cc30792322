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


"""`patches.py export` gives one diff that applies to google/adk-python."""

from __future__ import annotations

import pathlib

from conftest import git
import patchlib
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _files(base: pathlib.Path, prefix: str) -> dict[str, bytes]:
  return {
      path.relative_to(base).as_posix(): path.read_bytes()
      for path in (base / prefix).rglob("*")
      if path.is_file() and "__pycache__" not in path.parts
  }


def _exported_tests(base: pathlib.Path) -> dict[str, bytes]:
  local = patchlib.local_files(base)
  return {
      path: data
      for path, data in _files(base, "tests/unittests").items()
      if pathlib.PurePosixPath(path).name
      not in patchlib.NOT_EXPORTED_TEST_FILES
      and not patchlib.is_local(path, local)
  }


@pytest.mark.slow
def test_export_applies_to_upstream_and_gives_the_installed_package(
    cli,
    tmp_path: pathlib.Path,
    upstream_checkout: pathlib.Path,
    stock_files: dict[str, bytes],
    installed_files: dict[str, bytes],
):
  diff = tmp_path / "export.diff"
  result = cli(ROOT, "export", "--out", str(diff))
  assert result.returncode == 0, result.stderr

  git(upstream_checkout, "apply", "--check", str(diff))
  git(upstream_checkout, "apply", str(diff))

  applied = _files(upstream_checkout / "src", "google/adk")
  version = patchlib.VERSION_FILE
  assert applied[version] == stock_files[version]
  assert {p: d for p, d in applied.items() if p != version} == {
      p: d for p, d in installed_files.items() if p != version
  }
  assert _files(upstream_checkout, "tests") == _exported_tests(ROOT)


def test_export_holds_only_upstream_paths(cli, tmp_path: pathlib.Path):
  diff = tmp_path / "export.diff"
  assert cli(ROOT, "export", "--out", str(diff)).returncode == 0

  headers = [
      line.split()[2]
      for line in diff.read_text(encoding="utf-8").splitlines()
      if line.startswith("diff --git ")
  ]
  assert headers
  for header in headers:
    assert (
        header.startswith((
            "a/src/google/adk/",
            "a/tests/unittests/",
            "a/contributing/samples/",
        ))
        or header.removeprefix("a/") in patchlib.EXPORTED_FILES
    )
    assert header != "a/src/" + patchlib.VERSION_FILE
