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

"""The two layers of patches/stack.toml: upstream first, then the fork.

A pull request is `layer = "upstream"` (opened against google/adk-python) or
`layer = "fork"` (this build's own, offered upstream only as a proposal).
Every fork pull request comes after every upstream one, and a patch says
its layer in its DEP-3 header (`Forwarded: not-needed` for the fork's);
`check` fails otherwise, naming the pull request.
"""

from __future__ import annotations

import pathlib
import re

import patchlib
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _set_layer(repo: pathlib.Path, name: str, layer: str) -> None:
  stack = repo / patchlib.STACK_FILE
  text = stack.read_text(encoding="utf-8")
  pattern = rf'(name = "{re.escape(name)}"\nlayer = )"[^"]*"'
  changed, count = re.subn(pattern, rf'\1"{layer}"', text)
  assert count == 1, name
  stack.write_text(changed, encoding="utf-8")


def test_the_stack_is_the_upstream_layer_then_the_fork_layer():
  stack = patchlib.read_stack(ROOT)
  layers = [pr.layer for pr in stack]

  assert set(layers) == set(patchlib.LAYERS)
  first_fork = layers.index(patchlib.FORK_LAYER)
  assert set(layers[:first_fork]) == {patchlib.UPSTREAM_LAYER}
  assert set(layers[first_fork:]) == {patchlib.FORK_LAYER}
  fork_patches = [p for pr in stack[first_fork:] for p in pr.patches]
  assert fork_patches == ["0018-fork-block-parser-default.patch"]


@pytest.mark.parametrize(
    "layer, problem, named",
    [
        # The upstream pull requests after it are the misplaced ones.
        ("fork", "upstream layer after a fork pull request", 2),
        ("vendor", "in no layer of upstream, fork", 1),
    ],
)
def test_a_misplaced_layer_fails_the_stack_check(
    repo_copy: pathlib.Path, layer: str, problem: str, named: int
):
  stack = patchlib.read_stack(repo_copy)
  _set_layer(repo_copy, stack[1].name, layer)

  with pytest.raises(patchlib.PatchError) as error:
    patchlib.read_stack(repo_copy)

  lines = [l for l in str(error.value).splitlines() if problem in l]
  assert len(lines) == 1
  assert stack[named].name in lines[0]


def test_a_fork_pull_request_with_a_forwarded_patch_fails(
    repo_copy: pathlib.Path,
):
  stack = patchlib.read_stack(repo_copy)
  last_upstream = [pr for pr in stack if pr.layer == "upstream"][-1]
  assert last_upstream.patches
  # Only the last upstream pull request moves: the order stays valid.
  _set_layer(repo_copy, last_upstream.name, "fork")

  with pytest.raises(patchlib.PatchError) as error:
    patchlib.read_stack(repo_copy)

  assert "fork patch not marked `Forwarded: not-needed`" in str(error.value)
  assert last_upstream.name in str(error.value)


def test_an_upstream_patch_marked_not_needed_fails(repo_copy: pathlib.Path):
  stack = patchlib.read_stack(repo_copy)
  name = stack[0].patches[0]
  patch = repo_copy / "patches" / name
  text = patch.read_text(encoding="utf-8")
  patch.write_text(
      re.sub(r"(?m)^Forwarded:.*$", "Forwarded: not-needed", text, count=1),
      encoding="utf-8",
  )

  with pytest.raises(patchlib.PatchError) as error:
    patchlib.read_stack(repo_copy)

  assert "upstream patch marked `Forwarded: not-needed`" in str(error.value)
  assert stack[0].name in str(error.value)


def test_export_writes_one_layer_and_the_fork_its_proposal(
    cli, repo_copy: pathlib.Path, tmp_path: pathlib.Path
):
  stack = patchlib.read_stack(repo_copy)
  upstream_dir, fork_dir = tmp_path / "upstream", tmp_path / "fork"

  assert cli(repo_copy, "export", "--stack", str(upstream_dir)).returncode == 0
  result = cli(repo_copy, "export", "--stack", str(fork_dir), "--layer", "fork")

  assert result.returncode == 0, result.stderr
  assert sorted(p.stem for p in upstream_dir.iterdir()) == sorted(
      pr.name for pr in stack if pr.layer == "upstream"
  )
  assert sorted(p.name for p in fork_dir.iterdir()) == sorted(
      ["README.md", *(f"{pr.name}.diff" for pr in stack if pr.layer == "fork")]
  )
