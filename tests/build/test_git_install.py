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


"""Installing from a git URL builds the same package as the test venv has."""

from __future__ import annotations

import hashlib
import json
import pathlib
import subprocess
import sys

from conftest import git
import patchlib
import pytest

_LIST_FILES = """
import hashlib, importlib.metadata, json, pathlib
dist = importlib.metadata.distribution("google-adk")
print(json.dumps({
    "version": dist.version,
    "files": {
        str(f): hashlib.sha256(pathlib.Path(dist.locate_file(f)).read_bytes()).hexdigest()
        for f in dist.files
        if str(f).startswith("google/adk/") and "__pycache__" not in f.parts
    },
}))
"""


@pytest.mark.slow
def test_git_url_install_matches_the_test_venv(
    repo_copy: pathlib.Path,
    tmp_path: pathlib.Path,
    config: patchlib.Config,
    installed_files: dict[str, bytes],
):
  # Commit the current files, so the test checks them and not the last commit.
  git(repo_copy, "init", "--quiet", "--initial-branch=main")
  git(repo_copy, "add", "--all")
  git(repo_copy, "commit", "--quiet", "--message=snapshot")
  venv = tmp_path / "venv"
  subprocess.run(
      [sys.executable, "-m", "venv", "--without-pip", venv], check=True
  )
  python = venv / "bin" / "python"

  subprocess.run(
      [
          *(sys.executable, "-m", "pip", "--python", python, "install"),
          "--quiet",
          "--no-deps",
          f"google-adk @ git+file://{repo_copy}",
      ],
      check=True,
  )

  listed = json.loads(
      subprocess.run(
          [python, "-c", _LIST_FILES], capture_output=True, check=True
      ).stdout
  )
  assert listed["version"] == config.version
  assert listed["files"] == {
      path: hashlib.sha256(data).hexdigest()
      for path, data in installed_files.items()
  }
