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

"""Runs upstream's own tests, kept outside this repository, against a build.

  python scripts/upstream_tests.py run --tests DIR --src SRC --out OUT.json
      [--diff FILE ...]
  python scripts/upstream_tests.py compare BASE.json NEW.json
  python scripts/upstream_tests.py stack --tests DIR [--out DIR]

`run` copies DIR (a checkout of upstream's tests: `tests/unittests/...`) to a
temporary folder, applies each `--diff` there (unified diffs against those
files, e.g. `patches/upstream-tests/*.diff`), runs pytest with
`PYTHONPATH=SRC` and writes `{test id: outcome}`. SRC is a folder whose
`google/adk` is the package under test: `.work/tree/src` after `patches.py
materialize`, or `stock` for the unpacked pinned wheel in `.cache/upstream/`.
`compare` prints the tests that fail in NEW but not in BASE and the reverse,
and exits 1 if NEW fails a test that BASE does not.
`stack` runs the tests on stock and after each pull request of
`patches/stack.toml`, with the `patches/upstream-tests/` diffs of the pull
requests so far, and prints one table row per point of the stack.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import patchlib

import patches

FAILING = ("failed", "error")
# Upstream's tests/unittests/conftest.py sets these for every test; it is not
# used here because it imports modules newer than the pinned release.
FAKE_ENV = {
    "GOOGLE_GENAI_USE_VERTEXAI": "0",
    "GOOGLE_API_KEY": "fake_google_api_key",
    "GOOGLE_CLOUD_PROJECT": "fake_google_cloud_project",
    "GOOGLE_CLOUD_LOCATION": "fake_google_cloud_location",
}


def stock_src() -> pathlib.Path:
  """Returns the unpacked, verified pinned wheel (fetched if needed)."""
  config = patchlib.Config.load(patches.ROOT)
  patches.fetch_upstream(config)
  cache = pathlib.Path(
      os.environ.get("ADK_UPSTREAM_CACHE", patches.ROOT / ".cache" / "upstream")
  )
  wheel = sorted(cache.glob(f"google_adk-{config.upstream}-*.whl"))[0]
  return cache / wheel.stem


def _outcome(case: ET.Element) -> str:
  for tag in ("failure", "error", "skipped"):
    if case.find(tag) is not None:
      return {"failure": "failed"}.get(tag, tag)
  return "passed"


def run(
    tests: pathlib.Path, src: pathlib.Path, diffs: list[pathlib.Path]
) -> dict[str, str]:
  """Runs the tests in a copy of `tests`, with `diffs` applied, on `src`."""
  env = {**os.environ, **FAKE_ENV, "PYTHONPATH": str(src)}
  found = subprocess.run(
      [sys.executable, "-c", "import google.adk; print(google.adk.__file__)"],
      cwd=tests,
      env=env,
      capture_output=True,
      text=True,
      check=True,
  ).stdout.strip()
  if not pathlib.Path(found).resolve().is_relative_to(src.resolve()):
    raise SystemExit(f"google.adk is imported from {found}, not from {src}")
  with tempfile.TemporaryDirectory() as tmp:
    work = pathlib.Path(tmp) / "checkout"
    shutil.copytree(tests, work)
    for diff in diffs:
      subprocess.run(
          ["patch", "-p1", "--batch", "--forward", "--quiet", "-i", diff],
          cwd=work,
          check=True,
      )
    report = pathlib.Path(tmp) / "junit.xml"
    subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"),
            *("-o", "asyncio_mode=auto", "-o", "junit_family=xunit1"),
            *("-o", "asyncio_default_fixture_loop_scope=function"),
            *("--rootdir", str(work), f"--junitxml={report}", "tests"),
        ],
        cwd=work,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    if not report.exists():
      raise SystemExit("pytest wrote no report")
    return {
        f"{case.get('classname')}::{case.get('name')}": _outcome(case)
        for case in ET.parse(report).getroot().iter("testcase")
    }


def compare(base: dict[str, str], new: dict[str, str]) -> int:
  """Prints the differences in failures; 1 if NEW has failures BASE lacks."""
  broken = sorted(
      t for t, o in new.items() if o in FAILING and base.get(t) not in FAILING
  )
  fixed = sorted(
      t for t, o in base.items() if o in FAILING and new.get(t) not in FAILING
  )
  for title, ids, other in (
      ("failing in NEW, not in BASE", broken, base),
      ("failing in BASE, not in NEW", fixed, new),
  ):
    print(f"{title}: {len(ids)}")
    for test in ids:
      print(f"  {test}  (other side: {other.get(test, 'absent')})")
  return 1 if broken else 0


def _counts(result: dict[str, str]) -> str:
  outcomes = sorted(set(result.values()))
  return ", ".join(
      f"{sum(o == k for o in result.values())} {k}" for k in outcomes
  )


def _failing(result: dict[str, str]) -> set[str]:
  return {t for t, o in result.items() if o in FAILING}


def run_stack(tests: pathlib.Path, out: pathlib.Path) -> int:
  """Runs the tests at each point of the stack; 1 if one adds a failure."""
  config = patchlib.Config.load(patches.ROOT)
  upstream = patches.fetch_upstream(config)
  stack = patchlib.read_stack(patches.ROOT)
  states = patchlib.stack_states(config, upstream, stack)
  out.mkdir(parents=True, exist_ok=True)
  stock = run(tests, stock_src().resolve(), [])
  (out / "stock.json").write_text(json.dumps(stock, indent=1) + "\n")
  print(
      "| Point of the stack | Upstream test diffs | Outcomes |"
      " Failing, not on stock | Failing on stock, not here |"
  )
  print("| --- | --- | --- | --- | --- |")
  print(f"| stock {config.upstream} | - | {_counts(stock)} | - | - |")
  status = 0
  diffs: list[pathlib.Path] = []
  for pr, state in zip(stack, states[1:]):
    diff = patches.ROOT / "patches" / "upstream-tests" / f"{pr.name}.diff"
    if diff.exists():
      diffs.append(diff)
    with tempfile.TemporaryDirectory() as tmp:
      patchlib.write_state(state, pathlib.Path(tmp))
      result = run(tests, pathlib.Path(tmp, "src").resolve(), diffs)
    (out / f"{pr.name}.json").write_text(json.dumps(result, indent=1) + "\n")
    broken = sorted(_failing(result) - _failing(stock))
    fixed = sorted(_failing(stock) - _failing(result))
    status |= bool(broken)
    print(
        f"| {pr.name} | {', '.join(d.stem[:2] for d in diffs) or '-'} |"
        f" {_counts(result)} | {len(broken)} {' '.join(broken)} |"
        f" {len(fixed)} {' '.join(fixed)} |"
    )
  return status


def main() -> int:
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  sub = parser.add_subparsers(dest="command", required=True)
  run_cmd = sub.add_parser("run", help="run the tests, write the outcomes")
  run_cmd.add_argument("--tests", required=True, type=pathlib.Path)
  run_cmd.add_argument("--src", required=True, help="a folder, or `stock`")
  run_cmd.add_argument("--out", required=True, type=pathlib.Path)
  run_cmd.add_argument("--diff", action="append", default=[], type=pathlib.Path)
  cmp_cmd = sub.add_parser("compare", help="compare two `run` outputs")
  cmp_cmd.add_argument("base", type=pathlib.Path)
  cmp_cmd.add_argument("new", type=pathlib.Path)
  stack_cmd = sub.add_parser("stack", help="run at each point of the stack")
  stack_cmd.add_argument("--tests", required=True, type=pathlib.Path)
  stack_cmd.add_argument(
      "--out", type=pathlib.Path, default=pathlib.Path(".work/upstream-tests")
  )
  args = parser.parse_args()
  if args.command == "stack":
    return run_stack(args.tests.resolve(), args.out)
  if args.command == "compare":
    return compare(
        json.loads(args.base.read_text()), json.loads(args.new.read_text())
    )
  src = stock_src() if args.src == "stock" else pathlib.Path(args.src)
  src = src.resolve()  # pytest runs in a temporary folder
  diffs = [d.resolve() for d in args.diff]
  result = run(args.tests.resolve(), src, diffs)
  args.out.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
  print(f"{args.out}: {_counts(result)}")
  return 0


if __name__ == "__main__":
  sys.exit(main())
