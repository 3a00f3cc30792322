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

"""The pull-request stack: each diff applies in turn, and each state passes.

`patches/stack.toml` splits the change into focused pull requests, in two
layers: the upstream layer's, then the fork layer's. Their diffs, exported
layer by layer and applied in order to a tree laid out like google/adk-python
at the pinned release, must give the built package; and the tree after each
one (every point of the upstream layer, then of the fork layer up to its top)
must pass upstream's style checks and the tests it has by then.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

from conftest import git
import patchlib
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", name="stack")
def fixture_stack() -> list[patchlib.PullRequest]:
  return patchlib.read_stack(ROOT)


@pytest.mark.slow
def test_stack_diffs_apply_in_order_and_give_the_built_package(
    cli,
    tmp_path: pathlib.Path,
    upstream_checkout: pathlib.Path,
    installed_files: dict[str, bytes],
    stack: list[patchlib.PullRequest],
):
  out = tmp_path / "stack"
  fork = tmp_path / "fork"
  result = cli(ROOT, "export", "--stack", str(out))
  assert result.returncode == 0, result.stderr
  result = cli(ROOT, "export", "--stack", str(fork), "--layer", "fork")
  assert result.returncode == 0, result.stderr
  layers = {patchlib.UPSTREAM_LAYER: out, patchlib.FORK_LAYER: fork}
  # Each layer's folder holds its diffs and nothing of the other layer.
  for layer, folder in layers.items():
    assert sorted(p.stem for p in folder.glob("*.diff")) == sorted(
        pr.name for pr in stack if pr.layer == layer
    )
  assert (fork / "README.md").read_bytes() == (
      ROOT / "docs" / "pr" / "fork" / "README.md"
  ).read_bytes()

  for pr in stack:
    diff = layers[pr.layer] / f"{pr.name}.diff"
    git(upstream_checkout, "apply", "--check", str(diff))
    git(upstream_checkout, "apply", str(diff))
    git(upstream_checkout, "add", "--all")
    git(upstream_checkout, "commit", "--quiet", f"--message={pr.title}")

  package = upstream_checkout / "src"
  applied = {
      p.relative_to(package).as_posix(): p.read_bytes()
      for p in (package / "google" / "adk").rglob("*")
      if p.is_file()
  }
  version = patchlib.VERSION_FILE
  assert {p: d for p, d in applied.items() if p != version} == {
      p: d for p, d in installed_files.items() if p != version
  }
  local = patchlib.local_files(ROOT)
  for path, data in patchlib.exported_files(ROOT).items():
    if patchlib.is_local(path, local):
      # Repository-only: the demo sample and the tests that run it.
      assert not (upstream_checkout / path).exists(), path
    else:
      assert (upstream_checkout / path).read_bytes() == data, path


@pytest.mark.slow
def test_each_pull_request_passes_style_and_its_tests(
    config: patchlib.Config,
    stock_files: dict[str, bytes],
    tmp_path: pathlib.Path,
    stack: list[patchlib.PullRequest],
):
  states = patchlib.stack_states(config, stock_files, stack)
  bin_dir = pathlib.Path(sys.executable).parent
  for number, (pr, state) in enumerate(zip(stack, states[1:]), start=1):
    base = tmp_path / pr.name
    patchlib.write_state(state, base)
    touched = sorted(
        path
        for path, data in state.items()
        if path.endswith(".py") and states[0].get(path) != data
    )
    for tool in (
        [bin_dir / "pyink", "--check", "--config", ROOT / "pyproject.toml"],
        [
            bin_dir / "isort",
            "--check-only",
            "--settings-path",
            ROOT / "pyproject.toml",
        ],
    ):
      result = subprocess.run(
          [*map(str, tool), *touched],
          cwd=base,
          capture_output=True,
          text=True,
      )
      assert result.returncode == 0, f"{pr.name}: {result.stderr}"

    tests = [
        path
        for pr_so_far in stack[:number]
        for path in pr_so_far.files
        # Not the eval configs of samples, test_config.json.
        if pathlib.PurePosixPath(path).name.startswith("test_")
        and path.endswith(".py")
    ]
    result = subprocess.run(
        [
            sys.executable,
            *("-m", "pytest", "-q", "-p", "no:cacheprovider"),
            *("-o", "asyncio_mode=auto", "--rootdir", str(base)),
            *tests,
        ],
        cwd=base,
        env={**os.environ, "PYTHONPATH": str(base / "src")},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, f"{pr.name}:\n{result.stdout[-3000:]}"
