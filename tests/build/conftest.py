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


"""Fixtures for tests of the build itself: the stock wheel, the installed one.

These tests run against the google-adk that is installed in the test venv
(scripts/unittests.sh installs this repository's build there) and against
the stock release downloaded from PyPI.
"""

from __future__ import annotations

import importlib.metadata
import os
import pathlib
import shutil
import subprocess
import sys
from typing import Callable
import zipfile

import patchlib
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session", name="config")
def fixture_config() -> patchlib.Config:
  return patchlib.Config.load(ROOT)


@pytest.fixture(scope="session", name="upstream_cache")
def fixture_upstream_cache(
    tmp_path_factory: pytest.TempPathFactory, config: patchlib.Config
) -> pathlib.Path:
  """A directory holding the stock wheel, shared with the CLI under test."""
  cache = tmp_path_factory.mktemp("upstream")
  subprocess.run(
      [
          *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"),
          *("--only-binary=:all:", "--dest", str(cache)),
          f"google-adk=={config.upstream}",
      ],
      check=True,
  )
  return cache


@pytest.fixture(scope="session", name="stock_wheel")
def fixture_stock_wheel(upstream_cache: pathlib.Path) -> pathlib.Path:
  (wheel,) = upstream_cache.glob("google_adk-*.whl")
  return wheel


@pytest.fixture(scope="session", name="stock_files")
def fixture_stock_files(stock_wheel: pathlib.Path) -> dict[str, bytes]:
  """The stock wheel's `google/adk/**` files, read straight from the zip."""
  with zipfile.ZipFile(stock_wheel) as zf:
    return {
        name: zf.read(name)
        for name in zf.namelist()
        if name.startswith("google/adk/") and not name.endswith("/")
    }


@pytest.fixture(scope="session", name="stock_dist")
def fixture_stock_dist(
    stock_wheel: pathlib.Path, tmp_path_factory: pytest.TempPathFactory
) -> importlib.metadata.Distribution:
  dest = tmp_path_factory.mktemp("stock")
  with zipfile.ZipFile(stock_wheel) as zf:
    zf.extractall(dest)
  (dist_info,) = dest.glob("*.dist-info")
  return importlib.metadata.Distribution.at(dist_info)


def _package_files(dist: importlib.metadata.Distribution) -> dict[str, bytes]:
  """The installed `google/adk/**` files of `dist`, without byte code."""
  return {
      str(file): pathlib.Path(dist.locate_file(file)).read_bytes()
      for file in dist.files or []
      if str(file).startswith("google/adk/") and "__pycache__" not in file.parts
  }


@pytest.fixture(scope="session", name="installed_dist")
def fixture_installed_dist() -> importlib.metadata.Distribution:
  return importlib.metadata.distribution("google-adk")


@pytest.fixture(scope="session", name="installed_files")
def fixture_installed_files(
    installed_dist: importlib.metadata.Distribution,
) -> dict[str, bytes]:
  return _package_files(installed_dist)


@pytest.fixture(name="repo_copy")
def fixture_repo_copy(tmp_path: pathlib.Path) -> pathlib.Path:
  """A copy of the repository's current files (tracked or not, not ignored)."""
  dest = tmp_path / "repo"
  listed = subprocess.run(
      ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
      cwd=ROOT,
      check=True,
      capture_output=True,
      text=True,
  ).stdout
  for name in filter(None, listed.split("\0")):
    source = ROOT / name
    if source.is_file():
      (dest / name).parent.mkdir(parents=True, exist_ok=True)
      shutil.copy2(source, dest / name)
  return dest


@pytest.fixture(name="cli")
def fixture_cli(
    upstream_cache: pathlib.Path,
) -> Callable[..., subprocess.CompletedProcess[str]]:
  """Runs `python scripts/patches.py ARGS` in a root, with the shared cache."""

  def run(root: pathlib.Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(root / "scripts" / "patches.py"), *args],
        cwd=root,
        env={**os.environ, "ADK_UPSTREAM_CACHE": str(upstream_cache)},
        capture_output=True,
        text=True,
    )

  return run


def git(repo: pathlib.Path, *args: str) -> None:
  """Runs git in `repo` with a fixed identity, failing on error."""
  subprocess.run(
      ["git", "-c", "user.name=test", "-c", "user.email=test@example.com"]
      + list(args),
      cwd=repo,
      check=True,
      capture_output=True,
      text=True,
  )


@pytest.fixture(name="upstream_checkout")
def fixture_upstream_checkout(
    tmp_path: pathlib.Path, stock_files: dict[str, bytes]
) -> pathlib.Path:
  """A git repo laid out like google/adk-python, with the stock package."""
  repo = tmp_path / "adk-python"
  for path, data in stock_files.items():
    (repo / "src" / path).parent.mkdir(parents=True, exist_ok=True)
    (repo / "src" / path).write_bytes(data)
  git(repo, "init", "--quiet")
  git(repo, "add", "--all")
  git(repo, "commit", "--quiet", "--message=v2.13.0")
  return repo
