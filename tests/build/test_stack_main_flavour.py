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


"""The stack for upstream main: `export --stack --flavour main`.

Upstream main's files are fetched from outside this repository and never
committed, so the test that applies the diffs to them runs only when
`ADK_UPSTREAM_MAIN` names a folder holding them as `src/google/adk/...`
(see docs/pr/upstream-main.md).
"""

from __future__ import annotations

import os
import pathlib
import shutil

from conftest import git
import patchlib
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_a_flavour_needs_the_upstream_it_is_for(cli, tmp_path: pathlib.Path):
  result = cli(
      ROOT, "export", "--stack", str(tmp_path / "out"), "--flavour", "main"
  )

  assert result.returncode == 1
  assert "--flavour and --upstream-dir go together" in result.stderr


@pytest.mark.skipif(
    not os.environ.get("ADK_UPSTREAM_MAIN"),
    reason="ADK_UPSTREAM_MAIN names no folder of upstream main's files",
)
def test_main_stack_diffs_apply_in_order_to_main(
    cli, config: patchlib.Config, tmp_path: pathlib.Path
):
  upstream_dir = pathlib.Path(os.environ["ADK_UPSTREAM_MAIN"])
  out = tmp_path / "stack"
  fork = tmp_path / "fork"
  for folder, layer in ((out, "upstream"), (fork, "fork")):
    result = cli(
        ROOT,
        *("export", "--stack", str(folder), "--layer", layer),
        *("--flavour", "main", "--upstream-dir", str(upstream_dir)),
    )
    assert result.returncode == 0, result.stderr
  repo = tmp_path / "adk-python"
  shutil.copytree(upstream_dir / "src", repo / "src")
  git(repo, "init", "--quiet")

  stack = patchlib.read_stack(ROOT)
  for pr in stack:
    diff = (out if pr.layer == "upstream" else fork) / f"{pr.name}.diff"
    git(repo, "apply", "--check", str(diff))
    git(repo, "apply", str(diff))

  main_files = patchlib.read_dir(upstream_dir / "src", patchlib.PACKAGE_DIR)
  final = patchlib.stack_states(config, main_files, stack, "main")[-1]
  assert final
  for path, data in final.items():
    assert (repo / path).read_bytes() == data, path
  # The series changes each of the files it needs from upstream.
  assert all(final[patchlib.SRC + p] != main_files[p] for p in main_files)
