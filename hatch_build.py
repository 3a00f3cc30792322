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

"""Hatch hooks that build google-adk from the pinned upstream + patches/.

The pinned upstream release is a build requirement, so it is installed in the
build environment; `scripts/patchlib.py` finds it there, verifies it, and
produces the patched tree that the wheel ships.
"""

from __future__ import annotations

import importlib
import pathlib
import sys
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.metadata.plugin.interface import MetadataHookInterface

STAGING_DIR = "build/patched"


def _patchlib(root: str) -> ModuleType:
  """Imports scripts/patchlib.py, the code shared with scripts/patches.py."""
  scripts = str(pathlib.Path(root) / "scripts")
  if scripts not in sys.path:
    sys.path.insert(0, scripts)
  return importlib.import_module("patchlib")


class PatchedAdkMetadataHook(MetadataHookInterface):
  """Sets the local version and upstream's own dependencies and extras."""

  PLUGIN_NAME = "custom"

  def update(self, metadata: dict[str, Any]) -> None:
    patchlib = _patchlib(self.root)
    config = patchlib.Config.load(pathlib.Path(self.root))
    dist = patchlib.locate_installed_upstream(config)
    dependencies, extras = patchlib.upstream_requirements(dist)
    metadata["version"] = config.version
    metadata["dependencies"] = dependencies
    metadata["optional-dependencies"] = extras


class PatchedAdkBuildHook(BuildHookInterface):
  """Stages upstream + patches + new modules and puts them in the wheel."""

  PLUGIN_NAME = "custom"

  def initialize(self, version: str, build_data: dict[str, Any]) -> None:
    if self.target_name != "wheel":
      return
    if version == "editable":
      raise RuntimeError(
          "editable installs are not supported; use `python scripts/patches.py"
          " materialize` and put .work/tree/src on PYTHONPATH instead"
      )
    patchlib = _patchlib(self.root)
    root = pathlib.Path(self.root)
    config = patchlib.Config.load(root)
    upstream = patchlib.read_upstream(
        patchlib.locate_installed_upstream(config), config
    )
    staging = root / STAGING_DIR
    patchlib.write_tree(
        patchlib.build_tree(config, upstream, stamp=True), staging
    )
    build_data["force_include"][
        str(staging / patchlib.PACKAGE_DIR)
    ] = patchlib.PACKAGE_DIR
