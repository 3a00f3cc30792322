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

"""Works on the patch series, quilt style.

  python scripts/patches.py materialize [--through PATCH] [--dir DIR] [--force]
  python scripts/patches.py refresh
  python scripts/patches.py check
  python scripts/patches.py export [--out F] [--stack DIR [--upstream-tests]]
  python scripts/patches.py export --stack DIR --layer fork
  python scripts/patches.py export --stack DIR --flavour main --upstream-dir UP
  python scripts/patches.py sizes [--budget LINES] [--docs write|check]
  python scripts/patches.py stage PR --dir DIR
  python scripts/patches.py stages --dir DIR | --restage DIR

The pristine upstream wheel is fetched with `pip download` into
`.cache/upstream/` (or `$ADK_UPSTREAM_CACHE`) and verified against the RECORD
digest pinned in pyproject.toml, since the development venv usually has this
project's patched build installed rather than the stock release.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
from typing import Optional

import patchlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
STATE_FILE = ROOT / ".work" / "state.json"
DEFAULT_TREE = ROOT / ".work" / "tree"
# Changes to upstream's own tests, one diff per pull request that needs one.
UPSTREAM_TESTS_DIR = "patches/upstream-tests"
# What the fork layer's exported diffs are offered upstream with.
FORK_PROPOSAL = "docs/pr/fork/README.md"


def fetch_upstream(config: patchlib.Config) -> patchlib.Tree:
  """Returns the verified upstream tree from the pinned wheel on PyPI."""
  cache = pathlib.Path(
      os.environ.get("ADK_UPSTREAM_CACHE", ROOT / ".cache" / "upstream")
  )
  pattern = f"google_adk-{config.upstream}-*.whl"
  if not list(cache.glob(pattern)):
    subprocess.run(
        [
            sys.executable,
            *("-m", "pip", "download", "--quiet", "--no-deps"),
            *("--only-binary=:all:", "--dest", str(cache)),
            f"{patchlib.DIST_NAME}=={config.upstream}",
        ],
        check=True,
    )
  wheel = sorted(cache.glob(pattern))[0]
  return patchlib.read_wheel(wheel, cache / wheel.stem, config)


def _materialize(args: argparse.Namespace, config: patchlib.Config) -> str:
  series = patchlib.read_series(ROOT)
  through = args.through or (series[-1] if series else None)
  if through not in series:
    raise patchlib.PatchError(f"{through} is not in {patchlib.SERIES_FILE}")
  applied = series[: series.index(through) + 1]
  tree_dir = pathlib.Path(args.dir).resolve() if args.dir else DEFAULT_TREE
  if (tree_dir / "src").exists() and not args.force:
    raise patchlib.PatchError(
        f"{tree_dir} exists; refresh it first, or pass --force to discard it"
    )
  tree = patchlib.build_tree(config, fetch_upstream(config), applied)
  patchlib.write_tree(tree, tree_dir / "src")
  STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
  # What each new module was when materialized, so that refresh copies back
  # only the modules edited in the tree and never reverts edits made in src/.
  modules = {
      path: patchlib.record_hash(data)
      for path, data in patchlib.read_modules(ROOT).items()
  }
  STATE_FILE.write_text(
      json.dumps(
          {"dir": str(tree_dir), "applied": applied, "modules": modules},
          indent=2,
      )
      + "\n"
  )
  return (
      f"materialized upstream {config.upstream} + {len(applied)} patch(es) +"
      f" new modules in {tree_dir / 'src'}\ntop patch: {through}"
  )


def _refresh(args: argparse.Namespace, config: patchlib.Config) -> str:
  del args  # unused
  if not STATE_FILE.exists():
    raise patchlib.PatchError("nothing materialized; run `materialize` first")
  state = json.loads(STATE_FILE.read_text())
  *below, top = state["applied"]
  tree = patchlib.read_dir(
      pathlib.Path(state["dir"]) / "src", patchlib.PACKAGE_DIR
  )
  base = patchlib.build_tree(
      config, fetch_upstream(config), below, modules=False
  )
  old_patch = patchlib.read_patch(ROOT, top)
  created = patchlib.created_paths(old_patch)
  # Files that are neither upstream nor created by the top patch are modules.
  modules = {
      p: d for p, d in tree.items() if p not in base and p not in created
  }
  patched = {p: d for p, d in tree.items() if p not in modules}
  text = old_patch.header + patchlib.diff_trees(
      base, patched, set(base) | set(patched)
  )
  check = dict(base)
  patchlib.apply_patch(check, patchlib.parse_patch(top, text))
  if check != patched:
    raise patchlib.PatchError(f"{top}: refreshed patch does not round-trip")
  (ROOT / "patches" / top).write_text(text, encoding="utf-8")
  lines = [f"refreshed patches/{top}"]
  snapshot = state.get("modules", {})
  for path, data in sorted(modules.items()):
    target = ROOT / patchlib.SRC / path
    if snapshot.get(path) == patchlib.record_hash(data):
      continue  # Not edited in the tree.
    if target.exists() and target.read_bytes() != data:
      if snapshot.get(path) != patchlib.record_hash(target.read_bytes()):
        lines.append(
            f"warning: {patchlib.SRC}{path} changed both in the tree and in"
            " src/ since materialize; kept src/, merge by hand"
        )
        continue
    if not target.exists() or target.read_bytes() != data:
      target.parent.mkdir(parents=True, exist_ok=True)
      target.write_bytes(data)
      lines.append(f"updated {patchlib.SRC}{path}")
  for path in sorted(set(patchlib.read_modules(ROOT)) - set(modules)):
    lines.append(f"warning: {patchlib.SRC}{path} is not in the tree; kept")
  return "\n".join(lines)


def _check(args: argparse.Namespace, config: patchlib.Config) -> str:
  del args  # unused
  series = patchlib.read_series(ROOT)
  tree = patchlib.build_tree(config, fetch_upstream(config), series)
  modules = patchlib.read_modules(ROOT)
  stack = patchlib.read_stack(ROOT)
  patchlib.stack_states(config, fetch_upstream(config), stack)
  local = patchlib.local_files(ROOT)
  n_local = sum(
      patchlib.is_local(path, local) for path in patchlib.exported_files(ROOT)
  )
  return (
      f"ok: {len(series)} patch(es) apply cleanly to google-adk"
      f" {config.upstream}; {len(modules)} new module file(s); {len(tree)}"
      f" files in the tree; a stack of {len(stack)} pull request(s);"
      f" {n_local} repository-only file(s)"
  )


def _export(args: argparse.Namespace, config: patchlib.Config) -> str:
  if (args.flavour is None) != (args.upstream_dir is None):
    raise patchlib.PatchError("--flavour and --upstream-dir go together")
  if args.flavour is not None and not args.stack:
    raise patchlib.PatchError("--flavour needs --stack")
  if args.stack:
    out = pathlib.Path(args.stack)
    out.mkdir(parents=True, exist_ok=True)
    lines = []
    upstream = (
        patchlib.read_dir(
            pathlib.Path(args.upstream_dir) / patchlib.SRC,
            patchlib.PACKAGE_DIR,
        )
        if args.flavour
        else fetch_upstream(config)
    )
    exported = patchlib.export_stack(config, upstream, args.flavour, args.layer)
    if args.layer == patchlib.FORK_LAYER:
      proposal = out / "README.md"
      proposal.write_bytes((ROOT / FORK_PROPOSAL).read_bytes())
      lines.append(f"wrote {proposal}: the fork layer's proposal text")
    for pr, diff in exported:
      path = out / f"{pr.name}.diff"
      tests = ROOT / UPSTREAM_TESTS_DIR / f"{pr.name}.diff"
      if args.upstream_tests and tests.exists():
        # The diff proper, without its header: it applies after the others.
        text = tests.read_text(encoding="utf-8")
        diff += text[text.index("--- a/") :]
      path.write_text(diff, encoding="utf-8")
      lines.append(f"wrote {path}: {pr.title}")
    return "\n".join(lines)
  diff = patchlib.export_diff(config, fetch_upstream(config))
  if args.out:
    pathlib.Path(args.out).write_text(diff, encoding="utf-8")
    return f"wrote {args.out}"
  sys.stdout.write(diff)
  return ""


def _sizes(args: argparse.Namespace, config: patchlib.Config) -> str:
  lines = [
      (
          "| Pull request | New source (code) | Upstream changed | Tests |"
          " Other | Within budget |"
      ),
      "| --- | --- | --- | --- | --- | --- |",
  ]
  figures = {}
  for pr, size in patchlib.stack_sizes(config, fetch_upstream(config)):
    added = size.new_source_code + size.upstream_added
    within = "yes" if added <= args.budget else "no"
    figures[pr.name] = (
        f"{size.new_source} ({size.new_source_code})",
        str(size.upstream_changed),
        str(size.tests),
        str(size.other),
        within,
    )
    lines.append(f"| {pr.name} | {' | '.join(figures[pr.name])} |")
  if not args.docs:
    return "\n".join(lines)
  stale = _size_docs(figures, write=args.docs == "write")
  if stale and args.docs == "check":
    raise patchlib.PatchError(
        "sizes in docs/pr differ from the stack (run `patches.py sizes"
        " --docs write`) in: "
        + ", ".join(stale)
    )
  return (
      "\n".join(f"rewrote docs/pr/{name}" for name in stale)
      or "docs/pr up to date"
  )


def _size_docs(
    figures: dict[str, tuple[str, ...]],
    write: bool,
    docs: Optional[pathlib.Path] = None,
) -> list[str]:
  """Puts `figures` into docs/pr/README.md's table and each PR's `## Size`.

  Returns the files whose figures differ (rewritten if `write`), relative
  to `docs` (default: this repository's docs/pr).
  """
  docs = docs or ROOT / "docs" / "pr"
  stale = []
  readme = docs / "README.md"
  text = readme.read_text(encoding="utf-8")
  rows = []
  for line in text.split("\n"):
    for name, row in figures.items():
      number, _, concern = name.partition("-")
      link = f"[{number}]({name}.md) {concern} |"
      if line.startswith(f"| {link}"):
        cells = line.split(" | ")
        line = " | ".join(cells[:2] + list(row)) + " |"
    rows.append(line)
  if "\n".join(rows) != text:
    stale.append(readme.name)
    if write:
      readme.write_text("\n".join(rows), encoding="utf-8")
  for name, (source, upstream, tests, other, within) in figures.items():
    path = docs / f"{name}.md"
    if not path.exists():
      stale.append(f"{path.name} (missing)")
      continue
    text = path.read_text(encoding="utf-8")
    code = source.split(" ")[1].strip("()")
    want = (
        f"`patches.py sizes`: new source {source.split(' ')[0]} ({code}"
        f" code), upstream changed {upstream}, tests {tests}, other {other},"
        f" within budget: {within}."
    )
    lines = text.split("\n")
    found = [
        i
        for i, line in enumerate(lines)
        if line.startswith("`patches.py sizes`:")
    ]
    if len(found) != 1:
      stale.append(f"{path.name} (no single size line)")
      continue
    if lines[found[0]] != want:
      stale.append(path.name)
      lines[found[0]] = want
      if write:
        path.write_text("\n".join(lines), encoding="utf-8")
  return stale


def _stage(args: argparse.Namespace, config: patchlib.Config) -> str:
  stack = patchlib.read_stack(ROOT)
  names = [pr.name for pr in stack]
  if args.pr not in names:
    raise patchlib.PatchError(f"{args.pr} is not in {patchlib.STACK_FILE}")
  states = patchlib.stack_states(config, fetch_upstream(config), stack)
  state = states[names.index(args.pr) + 1]
  patchlib.write_state(state, pathlib.Path(args.dir))
  return f"wrote the {len(state)} files after {args.pr} to {args.dir}"


def _stages(args: argparse.Namespace, config: patchlib.Config) -> str:
  del config  # unused
  stack = patchlib.read_stack(ROOT)
  if args.restage:
    changes = patchlib.read_stage_files(ROOT, stack, pathlib.Path(args.restage))
    patchlib.new_file_versions(ROOT, patchlib.read_stack(ROOT))
    return "\n".join(changes) or "nothing changed"
  written = patchlib.write_stage_files(ROOT, stack, pathlib.Path(args.dir))
  return (
      f"wrote {written} file(s) under {args.dir}, one folder per pull request"
  )


def main(argv: Optional[list[str]] = None) -> int:
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  commands = parser.add_subparsers(dest="command", required=True)
  materialize = commands.add_parser(
      "materialize", help="write upstream + patches + new modules to a tree"
  )
  materialize.add_argument("--through", help="last patch to apply (the top)")
  materialize.add_argument("--dir", help=f"default: {DEFAULT_TREE}")
  materialize.add_argument("--force", action="store_true")
  commands.add_parser("refresh", help="rewrite the top patch from the tree")
  commands.add_parser("check", help="apply the whole series strictly")
  export = commands.add_parser("export", help="one diff for google/adk-python")
  export.add_argument("--out", help="write here instead of stdout")
  export.add_argument(
      "--stack",
      metavar="DIR",
      help=(
          f"write one diff per pull request of {patchlib.STACK_FILE} to DIR:"
          " the upstream layer's, unless --layer says otherwise"
      ),
  )
  export.add_argument(
      "--layer",
      choices=patchlib.LAYERS,
      default=patchlib.UPSTREAM_LAYER,
      help=(
          "with --stack: which layer's pull requests (default: upstream);"
          " the fork layer's diffs apply on top of the upstream layer's, and"
          f" its proposal text, {FORK_PROPOSAL}, is written as DIR/README.md"
      ),
  )
  export.add_argument(
      "--upstream-tests",
      action="store_true",
      help=(
          "with --stack: each pull request's diff also changes upstream's"
          f" test files as {UPSTREAM_TESTS_DIR}/<name>.diff does (to apply to"
          " a checkout of google/adk-python that has them)"
      ),
  )
  export.add_argument(
      "--flavour",
      choices=patchlib.FLAVOURS,
      help=(
          "with --stack: diffs for that upstream, using the patches of"
          " patches/FLAVOUR/ where there are"
      ),
  )
  export.add_argument(
      "--upstream-dir",
      metavar="UP",
      help=(
          "with --flavour: that upstream's files, as UP/src/google/adk/...,"
          " fetched from outside this repository"
      ),
  )
  sizes = commands.add_parser(
      "sizes", help="each pull request's size in lines, as a Markdown table"
  )
  sizes.add_argument(
      "--budget",
      type=int,
      default=200,
      help=(
          "lines of source a pull request may add: non-blank, non-comment"
          " lines of new modules plus lines added to upstream files"
          " (default: 200)"
      ),
  )
  sizes.add_argument(
      "--docs",
      choices=("write", "check"),
      help=(
          "write the figures into docs/pr (README table and each pull"
          " request's Size line), or fail if they differ"
      ),
  )
  stage = commands.add_parser(
      "stage",
      help="write the files after one pull request (src/, tests/) to a folder",
  )
  stage.add_argument("pr", help="a pull request name of the stack")
  stage.add_argument("--dir", required=True)
  stages = commands.add_parser(
      "stages",
      help=(
          "write each pull request's version of the new files it adds or"
          " extends to a folder (--dir), or make the stack agree with such a"
          " folder after editing it (--restage)"
      ),
  )
  where = stages.add_mutually_exclusive_group(required=True)
  where.add_argument("--dir")
  where.add_argument("--restage", metavar="DIR")
  args = parser.parse_args(argv)
  run = {
      "materialize": _materialize,
      "refresh": _refresh,
      "check": _check,
      "export": _export,
      "sizes": _sizes,
      "stage": _stage,
      "stages": _stages,
  }[args.command]
  try:
    message = run(args, patchlib.Config.load(ROOT))
  except patchlib.PatchError as e:
    print(f"error: {e}", file=sys.stderr)
    return 1
  if message:
    print(message, file=sys.stderr if args.command == "export" else sys.stdout)
  return 0


if __name__ == "__main__":
  sys.exit(main())
