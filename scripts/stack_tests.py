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


"""Runs each pull request's own tests at its point of the stack and on stock.

  python scripts/stack_tests.py [--keep DIR] [--only PR ...]

For pull request k: its test files, in the tree after pull requests 1..k
(`patches/stack.toml`), in the tree after pull requests 1..k-1 with the test
files of 1..k (what the pull request's tests say without its source), and in
stock google-adk plus only the test files of pull requests 1..k (no source
change). Prints pytest's summary line of each.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

import patchlib

import patches


def _pytest(base: pathlib.Path, tests: list[str]) -> str:
  result = subprocess.run(
      [
          *(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"),
          *("-o", "asyncio_mode=auto", "--rootdir", str(base), *tests),
      ],
      cwd=base,
      env={**os.environ, "PYTHONPATH": str(base / "src")},
      capture_output=True,
      text=True,
  )
  lines = result.stdout.strip().splitlines()
  return lines[-1] if lines else result.stderr.strip()[-200:]


def main() -> int:
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("--keep", help="write the trees here (default: temp)")
  parser.add_argument(
      "--only",
      action="append",
      help="run only this pull request's tests (repeatable; default: all)",
  )
  args = parser.parse_args()
  config = patchlib.Config.load(patches.ROOT)
  upstream = patches.fetch_upstream(config)
  stack = patchlib.read_stack(patches.ROOT)
  states = patchlib.stack_states(config, upstream, stack)
  with tempfile.TemporaryDirectory() as tmp:
    out = pathlib.Path(args.keep or tmp)
    for number, (pr, state) in enumerate(zip(stack, states[1:]), start=1):
      if args.only and pr.name not in args.only:
        continue
      tests = [
          p
          for p in pr.files
          if pathlib.PurePosixPath(p).name.startswith("test_")
          and p.endswith(".py")
      ]
      test_files = {
          p: state[p]
          for earlier in stack[:number]
          for p in earlier.files
          if not p.startswith(patchlib.SRC)
      }
      before = {
          **states[number - 1],
          **{p: d for p, d in state.items() if p.startswith("tests/")},
      }
      patchlib.write_state(state, out / f"{pr.name}.with")
      patchlib.write_state(before, out / f"{pr.name}.before")
      patchlib.write_state(
          {**states[0], **test_files}, out / f"{pr.name}.stock"
      )
      print(f"{pr.name}: {len(tests)} test file(s)")
      print(f"  with the PR  : {_pytest(out / f'{pr.name}.with', tests)}")
      print(f"  before the PR: {_pytest(out / f'{pr.name}.before', tests)}")
      print(f"  stock 2.13.0 : {_pytest(out / f'{pr.name}.stock', tests)}")
  return 0


if __name__ == "__main__":
  sys.exit(main())
