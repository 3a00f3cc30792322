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

"""Loads stock google-adk modules beside the patched ones, in one process.

Scripts that compare stock 2.13.0 with this project's build run in a venv
where the patched `google.adk` is installed. `load_evaluation_module` reads a
module of `google/adk/evaluation/` from the pinned upstream wheel (downloaded
and verified as `scripts/patches.py` does) and loads it as
`google.adk.evaluation._stock_<name>`, so that both versions run on the same
inputs. Its relative imports of modules the series patches are pointed at
their stock copies, which must be loaded first.
"""

from __future__ import annotations

from collections.abc import Sequence
import importlib.util
import re
import sys
import types

import patchlib

import patches

CACHE_DIR = patches.ROOT / ".cache" / "stock"
PACKAGE = "google.adk.evaluation"

_tree: dict[str, bytes] = {}


def _stock_source(name: str) -> str:
  """Returns the stock source of google/adk/evaluation/<name>.py."""
  if not _tree:
    _tree.update(patches.fetch_upstream(patchlib.Config.load(patches.ROOT)))
  return _tree[f"google/adk/evaluation/{name}.py"].decode("utf-8")


def load_evaluation_module(
    name: str, stock_imports: Sequence[str] = ()
) -> types.ModuleType:
  """Returns stock google.adk.evaluation.<name>, loaded from the wheel.

  Args:
    name: The module's name in google.adk.evaluation, e.g.
      "rubric_based_evaluator".
    stock_imports: Modules of google.adk.evaluation that the module imports
      relatively (`from .x import ...`) and that must be their stock versions
      too; each is loaded first. Other imports get the installed modules.

  Returns:
    The stock module, registered as google.adk.evaluation._stock_<name>.

  Raises:
    ValueError: The stock module does not import one of `stock_imports`.
  """
  qualified = f"{PACKAGE}._stock_{name}"
  if qualified in sys.modules:
    return sys.modules[qualified]
  source = _stock_source(name)
  for dependency in stock_imports:
    load_evaluation_module(dependency)
    source, count = re.subn(
        rf"^from \.{dependency} import ",
        f"from ._stock_{dependency} import ",
        source,
        flags=re.MULTILINE,
    )
    if not count:
      raise ValueError(f"stock {name} does not import .{dependency}")
  path = CACHE_DIR / f"stock_{name}.py"
  path.parent.mkdir(parents=True, exist_ok=True)
  path.write_text(source, encoding="utf-8")
  spec = importlib.util.spec_from_file_location(qualified, path)
  module = importlib.util.module_from_spec(spec)
  sys.modules[qualified] = module
  spec.loader.exec_module(module)
  return module
