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

"""Checks that the patch series applies, in order, to upstream main's files.

  python scripts/check_upstream_main.py DIR [--flavour main|2.13.0]
  python scripts/check_upstream_main.py DIR --stack STACK

DIR holds upstream main's versions of the files the patches touch, laid out
as in the repository (`DIR/src/google/adk/...`), fetched from outside this
repository (never commit them). The files are copied into a scratch git
repository and each patch of `patches/series` is checked with
`git apply --check -v`, then applied if the check passed, before the next is
tried. With `--flavour main` (the default) a patch is taken from
`patches/main/` when a main flavour of it exists there. With `--stack`, the
diffs of `patches.py export --stack STACK --flavour main --upstream-dir DIR`
are checked and applied instead, one per pull request, in stack order. The
exit status is 1 if any patch or diff failed.
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import subprocess
import sys
import tempfile

import patchlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _series() -> list[str]:
  lines = (ROOT / "patches" / "series").read_text(encoding="utf-8")
  return [
      line.strip()
      for line in lines.splitlines()
      if line.strip() and not line.startswith("#")
  ]


def _patch_path(name: str, flavour: str) -> pathlib.Path:
  main_flavour = ROOT / "patches" / "main" / name
  if flavour == "main" and main_flavour.exists():
    return main_flavour
  return ROOT / "patches" / name


def check(upstream_dir: pathlib.Path, patches: list[pathlib.Path]) -> bool:
  """Prints `git apply` output per patch; returns whether all applied."""
  all_applied = True
  with tempfile.TemporaryDirectory() as scratch:
    work = pathlib.Path(scratch) / "tree"
    shutil.copytree(upstream_dir / "src", work / "src")
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    for patch in patches:
      shown = patch.relative_to(ROOT) if patch.is_relative_to(ROOT) else patch
      print(f"=== {shown}", flush=True)
      result = subprocess.run(
          ["git", "apply", "--check", "-v", str(patch)],
          cwd=work,
          capture_output=True,
          text=True,
      )
      print((result.stdout + result.stderr).rstrip())
      if result.returncode == 0:
        subprocess.run(["git", "apply", str(patch)], cwd=work, check=True)
        print("applied")
      else:
        all_applied = False
        print("FAILED")
  return all_applied


def main() -> int:
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("upstream_dir", type=pathlib.Path)
  parser.add_argument("--flavour", choices=("main", "2.13.0"), default="main")
  parser.add_argument(
      "--stack",
      type=pathlib.Path,
      help="apply the pull-request diffs exported to this folder instead",
  )
  args = parser.parse_args()
  if args.stack:
    patches = [
        args.stack / f"{pr.name}.diff" for pr in patchlib.read_stack(ROOT)
    ]
  else:
    patches = [_patch_path(name, args.flavour) for name in _series()]
  return 0 if check(args.upstream_dir, patches) else 1


if __name__ == "__main__":
  sys.exit(main())
