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


"""The installed google-adk is stock 2.13.0 + exactly our changes."""

from __future__ import annotations

import importlib.metadata
import pathlib
import subprocess
import sys

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
import patchlib
import pytest
import unidiff

ROOT = pathlib.Path(__file__).resolve().parents[2]
ADK = pathlib.Path(sys.executable).parent / "adk"


def test_version_metadata_is_upstream_plus_local_label(
    config: patchlib.Config,
):
  expected = f"{config.upstream}+{config.local_label}"

  assert importlib.metadata.version("google-adk") == expected


def test_adk_version_prints_the_local_version(config: patchlib.Config):
  result = subprocess.run(
      [ADK, "--version"], capture_output=True, text=True, check=True
  )

  assert result.stdout.split()[-1] == config.version


def test_adk_help_exits_zero():
  result = subprocess.run([ADK, "--help"], capture_output=True, text=True)

  assert result.returncode == 0, result.stderr
  assert "Usage: adk" in result.stdout


def _patched_paths() -> set[str]:
  paths = set()
  for name in patchlib.read_series(ROOT):
    text = (ROOT / "patches" / name).read_text(encoding="utf-8")
    for patched_file in unidiff.PatchSet(text):
      paths.add(patched_file.path.removeprefix("src/"))
  return paths


def test_only_patched_files_new_modules_and_version_differ(
    stock_files: dict[str, bytes],
    installed_files: dict[str, bytes],
):
  new_modules = {
      path.relative_to(ROOT / "src").as_posix()
      for path in (ROOT / "src" / "google" / "adk").rglob("*")
      if path.is_file() and "__pycache__" not in path.parts
  }
  changed = {
      path
      for path in stock_files.keys() | installed_files.keys()
      if stock_files.get(path) != installed_files.get(path)
  }

  assert changed == _patched_paths() | new_modules | {patchlib.VERSION_FILE}
  assert installed_files.keys() == stock_files.keys() | new_modules
  for path in new_modules:
    assert installed_files[path] == (ROOT / "src" / path).read_bytes()


def test_version_file_differs_only_in_the_stamp(
    config: patchlib.Config,
    stock_files: dict[str, bytes],
    installed_files: dict[str, bytes],
):
  stock = stock_files[patchlib.VERSION_FILE].decode()
  installed = installed_files[patchlib.VERSION_FILE].decode()

  assert installed == stock.replace(
      f'__version__ = "{config.upstream}"', f'__version__ = "{config.version}"'
  )
  assert installed != stock


def _active_requirements(
    dist: importlib.metadata.Distribution,
    extra: str,
    python_version: str,
) -> set[tuple[str, str, str]]:
  """Requirements that `pip install google-adk[extra]` gets on a Python.

  Self-references like `google-adk[otel]` are expanded, since hatchling
  writes the requirements they stand for instead.
  """
  env = {
      "extra": extra,
      "python_version": python_version,
      "python_full_version": python_version + ".0",
  }
  active = set()
  for line in dist.requires or []:
    requirement = Requirement(line)
    if requirement.marker and not requirement.marker.evaluate(env):
      continue
    if canonicalize_name(requirement.name) == "google-adk":
      for inner in requirement.extras:
        active |= _active_requirements(dist, inner, python_version)
      continue
    active.add((
        canonicalize_name(requirement.name),
        ",".join(sorted(requirement.extras)),
        str(requirement.specifier),
    ))
  return active


@pytest.mark.parametrize("python_version", ["3.10", "3.11", "3.12", "3.13"])
def test_requirements_and_extras_equal_upstream(
    stock_dist: importlib.metadata.Distribution,
    installed_dist: importlib.metadata.Distribution,
    python_version: str,
):
  stock_extras = stock_dist.metadata.get_all("Provides-Extra")
  installed_extras = installed_dist.metadata.get_all("Provides-Extra")

  assert sorted(map(canonicalize_name, installed_extras)) == sorted(
      map(canonicalize_name, stock_extras)
  )
  for extra in ["", *stock_extras]:
    assert _active_requirements(
        installed_dist, extra, python_version
    ) == _active_requirements(stock_dist, extra, python_version), extra


def test_requires_python_and_entry_points_equal_upstream(
    stock_dist: importlib.metadata.Distribution,
    installed_dist: importlib.metadata.Distribution,
):
  def entry_points(dist):
    return {(ep.group, ep.name, ep.value) for ep in dist.entry_points}

  assert entry_points(installed_dist) == entry_points(stock_dist)
  assert entry_points(stock_dist)  # the comparison above is not vacuous
  assert (
      installed_dist.metadata["Requires-Python"]
      == stock_dist.metadata["Requires-Python"]
  )


def test_the_wheel_carries_opencc_licence_and_notice():
  # `_han_variants.py` holds pairs selected from OpenCC's dictionaries
  # (Apache-2.0): its licence and notice travel with the data.
  files = {str(f) for f in importlib.metadata.files("google-adk") or ()}
  licences = {
      f.split(".dist-info/", 1)[-1] for f in files if ".dist-info/" in f
  }

  assert {
      "licenses/LICENSE",
      "licenses/third_party/opencc/LICENSE",
      "licenses/third_party/opencc/NOTICE",
  } <= licences
