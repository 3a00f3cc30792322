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

"""The one piece of code that knows what the patched google-adk tree is.

Both the wheel build (`hatch_build.py`) and the developer tool
(`scripts/patches.py`) call it, so there is one truth about the tree:

1. locate the pinned upstream distribution and verify it file by file against
   its RECORD and against the RECORD digest pinned in pyproject.toml;
2. apply `patches/series` in order, strictly: every hunk at its stated line
   with exact context, no fuzz;
3. overlay the new modules from `src/google/adk/`, refusing to shadow any
   existing file;
4. optionally stamp `google/adk/version.py` with the local version.

A tree is a dict from a path inside the package root (`google/adk/...`) to
the file's bytes. Pure stdlib plus `unidiff`.
"""

from __future__ import annotations

import base64
import dataclasses
import difflib
import hashlib
import importlib.metadata
import pathlib
import re
import shutil
import tempfile
import tomllib
from typing import Iterable
from typing import Optional
import zipfile

import unidiff

DIST_NAME = "google-adk"
PACKAGE_DIR = "google/adk/"
VERSION_FILE = "google/adk/version.py"
SERIES_FILE = "patches/series"
# Paths in patches and exports follow the google/adk-python repository layout.
SRC = "src/"
EXPORTED_TESTS_DIR = "tests/unittests"
# Other folders of google/adk-python that the change adds files to.
EXPORTED_DIRS = (EXPORTED_TESTS_DIR, "contributing/samples")
# Single files of google/adk-python that the change adds elsewhere.
EXPORTED_FILES = ("scripts/generate_han_variants.py",)
STACK_FILE = "patches/stack.toml"
# The two layers of the stack, in the order they apply (see `PullRequest`).
UPSTREAM_LAYER = "upstream"
FORK_LAYER = "fork"
LAYERS = (UPSTREAM_LAYER, FORK_LAYER)
# The `extends` diffs of the stack: changes to new files of earlier pull
# requests, with repository paths (`a/src/google/adk/...`, `a/tests/...`).
STACK_DIFFS_DIR = "patches/stack"
# Folders of patches/ holding flavours of patches for another upstream: a
# flavour of a patch of the series, same name, for a tree it does not apply to
# (`patches/main/` for upstream's main branch).
FLAVOURS = ("main",)
# Package markers that upstream's test tree has already; never exported.
NOT_EXPORTED_TEST_FILES = frozenset({"__init__.py"})

Tree = dict[str, bytes]


class PatchError(Exception):
  """The upstream, a patch or an overlay is not what the series expects."""


@dataclasses.dataclass(frozen=True)
class Config:
  """The `[tool.adk-patch]` table of pyproject.toml."""

  root: pathlib.Path
  upstream: str
  local_label: str
  record_digest: str

  @property
  def version(self) -> str:
    """The full local version, e.g. `2.13.0+i18nrubrics.1`."""
    return f"{self.upstream}+{self.local_label}"

  @classmethod
  def load(cls, root: pathlib.Path) -> Config:
    with (root / "pyproject.toml").open("rb") as f:
      table = tomllib.load(f)["tool"]["adk-patch"]
    return cls(
        root=root,
        upstream=table["upstream"],
        local_label=table["local-label"],
        record_digest=table["upstream-record-digest"],
    )


# ---------------------------------------------------------------------------
# Upstream
# ---------------------------------------------------------------------------


def record_hash(data: bytes) -> str:
  """Returns the RECORD form of a file hash: `sha256=<urlsafe b64>`."""
  digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
  return "sha256=" + digest.rstrip(b"=").decode("ascii")


def record_digest(entries: Iterable[tuple[str, str]]) -> str:
  """Returns the sha256 hex digest over sorted `path,hash` lines."""
  lines = sorted(f"{path},{file_hash}\n" for path, file_hash in entries)
  return hashlib.sha256("".join(lines).encode("utf-8")).hexdigest()


def _record_entries(dist: importlib.metadata.Distribution) -> dict[str, str]:
  """Returns `{path: "sha256=..."}` for hashed RECORD entries in the package.

  Entries without a hash (byte code written at install time, RECORD itself)
  are skipped: they are not part of the released wheel's content.
  """
  entries = {}
  for file in dist.files or []:
    path = str(file)
    if not path.startswith(PACKAGE_DIR) or file.hash is None:
      continue
    if file.hash.mode != "sha256":
      raise PatchError(f"RECORD entry {path} uses {file.hash.mode}, not sha256")
    entries[path] = f"sha256={file.hash.value}"
  return entries


def check_upstream(
    dist: importlib.metadata.Distribution, config: Config
) -> dict[str, str]:
  """Checks that `dist` is the pinned, untouched upstream release.

  Args:
    dist: The google-adk distribution that was found.
    config: The pins from pyproject.toml.

  Returns:
    The RECORD entries under `google/adk/`, as `{path: "sha256=..."}`.

  Raises:
    PatchError: If the version or the RECORD digest differs from the pins.
  """
  if dist.version != config.upstream:
    raise PatchError(
        f"found {DIST_NAME} {dist.version} at {dist.locate_file('')}, but the"
        f" series is pinned to the stock release {config.upstream} exactly"
        " (a patched build such as this project's own cannot be the base)"
    )
  entries = _record_entries(dist)
  digest = record_digest(entries.items())
  if digest != config.record_digest:
    raise PatchError(
        f"{DIST_NAME} {dist.version} at {dist.locate_file('')} is not the"
        f" pinned build: its RECORD digest is {digest}, pyproject.toml pins"
        f" {config.record_digest}"
    )
  return entries


def locate_installed_upstream(
    config: Config,
) -> importlib.metadata.Distribution:
  """Finds and checks the upstream distribution installed in this env."""
  try:
    dist = importlib.metadata.distribution(DIST_NAME)
  except importlib.metadata.PackageNotFoundError as e:
    raise PatchError(
        f"{DIST_NAME}=={config.upstream} is not installed here; it is a build"
        " requirement of this project"
    ) from e
  check_upstream(dist, config)
  return dist


def read_upstream(
    dist: importlib.metadata.Distribution, config: Config
) -> Tree:
  """Reads the upstream package files, verifying each against RECORD."""
  tree = {}
  for path, expected in sorted(check_upstream(dist, config).items()):
    data = pathlib.Path(dist.locate_file(path)).read_bytes()
    if record_hash(data) != expected:
      raise PatchError(
          f"upstream file {path} does not match its RECORD hash; the"
          f" {DIST_NAME} installation at {dist.locate_file('')} was modified"
      )
    tree[path] = data
  return tree


def read_wheel(wheel: pathlib.Path, dest: pathlib.Path, config: Config) -> Tree:
  """Extracts an upstream wheel into `dest` once and reads it like an install.

  Runs may share `dest` (two scripts at once): the wheel is extracted beside
  it and renamed into place, and `dest` is never removed; every file is
  verified against the pinned RECORD when read.
  """
  if not dest.exists():
    dest.parent.mkdir(parents=True, exist_ok=True)
    extracted = pathlib.Path(
        tempfile.mkdtemp(prefix=f"{dest.name}.", dir=dest.parent)
    )
    with zipfile.ZipFile(wheel) as zf:
      zf.extractall(extracted)
    try:
      extracted.rename(dest)
    except OSError:  # Another run put it in place first.
      shutil.rmtree(extracted)
  dist_infos = list(dest.glob("*.dist-info"))
  if len(dist_infos) != 1:
    raise PatchError(f"{wheel} does not hold exactly one .dist-info directory")
  return read_upstream(
      importlib.metadata.Distribution.at(dist_infos[0]), config
  )


# ---------------------------------------------------------------------------
# Upstream requirements
# ---------------------------------------------------------------------------

# `extra == "name"`, optionally `and (<marker without extra>)`: the shapes
# that flit writes for optional dependencies.
_EXTRA_MARKER = re.compile(
    r"""extra\s*==\s*(["'])(?P<extra>[^"']+)\1"""
    r"""(?:\s+and\s+(?P<rest>\(.*\)))?"""
)


def _is_one_group(text: str) -> bool:
  """Tells whether `text` is a single parenthesized group, e.g. `(a and b)`."""
  depth = 0
  for i, char in enumerate(text):
    depth += {"(": 1, ")": -1}.get(char, 0)
    if depth == 0 and i < len(text) - 1:
      return False
  return depth == 0


def upstream_requirements(
    dist: importlib.metadata.Distribution,
) -> tuple[list[str], dict[str, list[str]]]:
  """Splits upstream's Requires-Dist into dependencies and extras.

  For example `crewai[tools] ; extra == "all" and ( python_version>='3.11')`
  becomes `crewai[tools] ; ( python_version>='3.11')` in the `all` extra.

  Args:
    dist: The upstream distribution.

  Returns:
    The `dependencies` list and the `optional-dependencies` table, in the
    form that pyproject.toml uses.

  Raises:
    PatchError: On a marker shape that this function does not understand.
  """
  extras = {name: [] for name in dist.metadata.get_all("Provides-Extra") or []}
  dependencies = []
  for line in dist.metadata.get_all("Requires-Dist") or []:
    requirement, _, marker = (part.strip() for part in line.partition(";"))
    if not re.search(r"\bextra\b", marker):
      dependencies.append(line.strip())
      continue
    match = _EXTRA_MARKER.fullmatch(marker)
    rest = match and match["rest"]
    if (
        not match
        or match["extra"] not in extras
        or (rest and (re.search(r"\bextra\b", rest) or not _is_one_group(rest)))
    ):
      raise PatchError(
          f"cannot split upstream requirement {line!r}: unknown marker shape"
      )
    extras[match["extra"]].append(
        f"{requirement} ; {rest}" if rest else requirement
    )
  return dependencies, extras


# ---------------------------------------------------------------------------
# The series
# ---------------------------------------------------------------------------


def split_lines(text: str) -> list[str]:
  """Splits on "\\n" only, keeping the ends (unlike `str.splitlines`)."""
  lines = [line + "\n" for line in text.split("\n")]
  lines[-1] = lines[-1][:-1]
  return lines if lines[-1] else lines[:-1]


@dataclasses.dataclass(frozen=True)
class Patch:
  """A parsed patch file: free-text header, then git-style diffs."""

  name: str
  header: str
  files: unidiff.PatchSet


def read_series(root: pathlib.Path) -> list[str]:
  """Returns the patch names in `patches/series`, in order."""
  names = []
  for line in (root / SERIES_FILE).read_text(encoding="utf-8").splitlines():
    name = line.split("#", 1)[0].strip()
    if name:
      names.append(name)
  return names


def parse_patch(name: str, text: str) -> Patch:
  """Parses a patch file; the text before the first `diff --git` is header."""
  match = re.search(r"^diff --git ", text, re.MULTILINE)
  header = text[: match.start()] if match else text
  if not match and re.search(r"^(---|\+\+\+|@@) ", text, re.MULTILINE):
    raise PatchError(f"{name}: diffs must be git-style (`diff --git` lines)")
  try:
    files = unidiff.PatchSet(split_lines(text[len(header) :]))
  except unidiff.UnidiffParseError as e:
    raise PatchError(f"{name}: cannot parse: {e}") from e
  return Patch(name=name, header=header, files=files)


def read_patch(
    root: pathlib.Path, name: str, flavour: Optional[str] = None
) -> Patch:
  """Reads and parses `patches/<name>`, or its `flavour` if there is one.

  Args:
    root: The repository.
    name: A patch of the series.
    flavour: One of FLAVOURS: `patches/<flavour>/<name>` is read instead
      when it exists.
  """
  path = root / "patches" / name
  if flavour is not None:
    if flavour not in FLAVOURS:
      raise PatchError(f"unknown flavour {flavour!r}; known: {FLAVOURS}")
    if (root / "patches" / flavour / name).is_file():
      path = root / "patches" / flavour / name
  if not path.is_file():
    raise PatchError(
        f"{SERIES_FILE} names {name}, but patches/{name} is missing"
    )
  return parse_patch(name, path.read_text(encoding="utf-8"))


def tree_path(patch_name: str, diff_path: str) -> str:
  """Maps `a/src/google/adk/x.py` to the tree path `google/adk/x.py`."""
  path = re.sub(r"^[ab]/", "", diff_path)
  if not path.startswith(SRC + PACKAGE_DIR):
    raise PatchError(
        f"{patch_name}: {diff_path} is outside {SRC + PACKAGE_DIR}; patches may"
        " only change the upstream package"
    )
  return path[len(SRC) :]


def _hunk_header(hunk: unidiff.Hunk) -> str:
  header = (
      f"@@ -{hunk.source_start},{hunk.source_length}"
      f" +{hunk.target_start},{hunk.target_length} @@"
  )
  return f"{header} {hunk.section_header}".rstrip()


def _hunk_sides(hunk: unidiff.Hunk) -> tuple[list[str], list[str]]:
  """Returns the hunk's source and target lines, honouring `\\ No newline`."""
  source, target = [], []
  last: tuple[list[str], ...] = ()
  for line in hunk:
    if line.line_type == unidiff.constants.LINE_TYPE_NO_NEWLINE:
      for side in last:
        side[-1] = side[-1].removesuffix("\n")
      continue
    last = {
        unidiff.constants.LINE_TYPE_CONTEXT: (source, target),
        unidiff.constants.LINE_TYPE_REMOVED: (source,),
        unidiff.constants.LINE_TYPE_ADDED: (target,),
    }.get(line.line_type, ())
    for side in last:
      side.append(line.value)
  return source, target


def _nearest_match(
    old: list[str], source: list[str], start: int, pos: int
) -> Optional[int]:
  """Returns where `source` is in `old` nearest `start`, not before `pos`."""
  last = len(old) - len(source)
  for distance in range(max(start - pos, last - start, 0) + 1):
    for candidate in (start - distance, start + distance):
      if (
          pos <= candidate <= last
          and old[candidate : candidate + len(source)] == source
      ):
        return candidate
  return None


def _apply_hunks(
    old: list[str],
    patched_file: unidiff.PatchedFile,
    where: str,
    reverse: bool = False,
    offsets: bool = False,
) -> list[str]:
  """Applies the hunks of one file exactly where they say, or raises.

  With `reverse`, the hunks are undone: `old` is the file after the diff.
  With `offsets`, a hunk whose lines are elsewhere in the file is applied
  where they are nearest, as `git apply` does (never with fewer context
  lines).
  """
  new: list[str] = []
  pos = 0
  for index, hunk in enumerate(patched_file, 1):
    label = f"{where}: hunk #{index} {_hunk_header(hunk)}"
    source, target = _hunk_sides(hunk)
    source_start, source_length = hunk.source_start, hunk.source_length
    target_start, target_length = hunk.target_start, hunk.target_length
    if reverse:
      source, target = target, source
      source_start, target_start = target_start, source_start
      source_length, target_length = target_length, source_length
    start = source_start - 1 if source_length else source_start
    if offsets and source:
      found = _nearest_match(old, source, start, pos)
      start = start if found is None else found
    if start < pos or start + len(source) > len(old):
      raise PatchError(
          f"{label}: lines {start + 1}-{start + len(source)} are out of order"
          f" or past the end of the file ({len(old)} lines)"
      )
    for offset, (want, have) in enumerate(
        zip(source, old[start : start + len(source)])
    ):
      if want != have:
        raise PatchError(
            f"{label}: line {start + offset + 1} differs: the patch expects"
            f" {want!r}, the file has {have!r}"
        )
    new.extend(old[pos:start])
    expected_target_start = len(new) + (1 if target_length else 0)
    if target_start != expected_target_start and not offsets:
      raise PatchError(
          f"{label}: target starts at line {target_start}, but the hunks"
          f" before it put it at line {expected_target_start}"
      )
    new.extend(target)
    pos = start + len(source)
  new.extend(old[pos:])
  return new


def created_paths(patch: Patch) -> set[str]:
  """Returns the tree paths of the files that `patch` creates."""
  return {
      tree_path(patch.name, f.target_file)
      for f in patch.files
      if f.source_file == unidiff.constants.DEV_NULL
  }


def apply_patch(tree: Tree, patch: Patch, offsets: bool = False) -> None:
  """Applies `patch` to `tree` in place, exactly, or raises PatchError.

  With `offsets`, a hunk may apply at other line numbers than it says (see
  `_apply_hunks`).
  """
  for patched_file in patch.files:
    if patched_file.is_binary_file:
      raise PatchError(f"{patch.name}: binary diffs are not supported")
    # Only /dev/null marks a new or deleted file; unidiff's is_added_file
    # would also take a hunk at line 0 of an empty file for one.
    added = patched_file.source_file == unidiff.constants.DEV_NULL
    removed = patched_file.target_file == unidiff.constants.DEV_NULL
    path = tree_path(
        patch.name,
        patched_file.target_file if added else patched_file.source_file,
    )
    if not (added or removed) and path != tree_path(
        patch.name, patched_file.target_file
    ):
      raise PatchError(f"{patch.name}: {path}: renames are not supported")
    where = f"{patch.name}: {path}"
    if added:
      if path in tree:
        raise PatchError(f"{where}: creates a file that already exists")
      old = []
    elif path not in tree:
      raise PatchError(f"{where}: no such file to patch")
    else:
      old = split_lines(tree[path].decode("utf-8"))
    new = _apply_hunks(old, patched_file, where, offsets=offsets)
    if removed:
      if new:
        raise PatchError(f"{where}: deletion leaves {len(new)} lines behind")
      del tree[path]
    else:
      tree[path] = "".join(new).encode("utf-8")


def read_modules(root: pathlib.Path) -> Tree:
  """Returns our new modules, `src/google/adk/**`, keyed by tree path."""
  return read_dir(root / SRC, PACKAGE_DIR)


def read_dir(base: pathlib.Path, prefix: str) -> Tree:
  """Reads files under `base/prefix`, skipping byte code, keyed by path."""
  tree = {}
  for path in sorted((base / prefix).rglob("*")):
    if path.is_file() and "__pycache__" not in path.parts:
      tree[path.relative_to(base).as_posix()] = path.read_bytes()
  return tree


def overlay(tree: Tree, modules: Tree) -> None:
  """Adds new modules to `tree`; a module may never replace a file."""
  for path, data in modules.items():
    if path in tree:
      raise PatchError(
          f"new module {SRC}{path} would overwrite the upstream file {path};"
          " change upstream files through a patch in patches/ instead"
      )
    tree[path] = data


_VERSION_LINE = re.compile(r'^__version__ = "(?P<version>[^"]*)"$', re.M)


def stamp_version(tree: Tree, config: Config) -> None:
  """Sets `__version__` in version.py to the full local version."""
  text = tree[VERSION_FILE].decode("utf-8")
  matches = list(_VERSION_LINE.finditer(text))
  if len(matches) != 1 or matches[0]["version"] != config.upstream:
    raise PatchError(
        f"{VERSION_FILE}: expected one line"
        f' `__version__ = "{config.upstream}"` to stamp'
    )
  start, end = matches[0].span("version")
  stamped = text[:start] + config.version + text[end:]
  tree[VERSION_FILE] = stamped.encode("utf-8")


def build_tree(
    config: Config,
    upstream: Tree,
    patches: Optional[list[str]] = None,
    *,
    modules: bool = True,
    stamp: bool = False,
    flavour: Optional[str] = None,
) -> Tree:
  """Returns upstream + patches (default: the whole series) [+ modules].

  Args:
    config: The pins from pyproject.toml.
    upstream: The verified upstream tree.
    patches: Patch names to apply, in order; None applies `patches/series`.
    modules: Whether to overlay the new modules from `src/`.
    stamp: Whether to stamp version.py with the local version.
    flavour: One of FLAVOURS: `upstream` is that upstream's files, each
      patch's flavour is applied where there is one, and hunks may apply at
      an offset, as with `git apply`, since that upstream is not pinned.

  Returns:
    A new tree; `upstream` is left as it was.
  """
  tree = dict(upstream)
  for name in read_series(config.root) if patches is None else patches:
    apply_patch(
        tree,
        read_patch(config.root, name, flavour),
        offsets=flavour is not None,
    )
  if modules:
    overlay(tree, read_modules(config.root))
  if stamp:
    stamp_version(tree, config)
  return tree


def write_tree(tree: Tree, dest: pathlib.Path) -> None:
  """Writes `tree` under `dest`, replacing any previous `dest/google/adk`."""
  shutil.rmtree(dest / PACKAGE_DIR, ignore_errors=True)
  for path, data in tree.items():
    target = dest / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


# ---------------------------------------------------------------------------
# Diffs
# ---------------------------------------------------------------------------


def git_diff(path: str, old: Optional[bytes], new: Optional[bytes]) -> str:
  """Returns a git-style diff of one file; None means absent.

  Args:
    path: The repository path, e.g. `src/google/adk/version.py`.
    old: The file before, or None for a new file.
    new: The file after, or None for a deleted file.

  Returns:
    The diff, or "" when the contents are equal.
  """
  if old == new:
    return ""
  head = f"diff --git a/{path} b/{path}\n"
  if old is None:
    head += "new file mode 100644\n"
  elif new is None:
    head += "deleted file mode 100644\n"
  body = difflib.unified_diff(
      split_lines(old.decode("utf-8")) if old is not None else [],
      split_lines(new.decode("utf-8")) if new is not None else [],
      "/dev/null" if old is None else f"a/{path}",
      "/dev/null" if new is None else f"b/{path}",
  )
  lines = [
      line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
      for line in body
  ]
  return head + "".join(lines)


def diff_trees(old: Tree, new: Tree, paths: Iterable[str]) -> str:
  """Returns git-style diffs (paths under `src/`) for the given tree paths."""
  return "".join(
      git_diff(SRC + path, old.get(path), new.get(path))
      for path in sorted(paths)
  )


def export_diff(
    config: Config,
    upstream: Tree,
    patches: Optional[list[str]] = None,
    modules: Optional[Iterable[str]] = None,
    tests: Optional[Iterable[str]] = None,
) -> str:
  """Returns the change as one diff that applies to google/adk-python.

  Args:
    config: The pins from pyproject.toml.
    upstream: The verified upstream tree.
    patches: Patches to include; None means the whole series.
    modules: Tree paths of new modules to include; None means all.
    tests: Repository paths of new non-module files (tests, samples) to
      include; None means all but the repository-only files of `[local]` in
      `patches/stack.toml`.

  Returns:
    Diffs of the patched upstream files, then new-file diffs of the modules
    and the tests. The version stamp is never part of it.
  """
  all_modules = read_modules(config.root)
  # The whole tree must be consistent, whatever subset is exported.
  build_tree(config, upstream)
  patched = build_tree(config, upstream, patches, modules=False)
  changed = [
      p
      for p in set(upstream) | set(patched)
      if upstream.get(p) != patched.get(p)
  ]
  chosen = {
      path: all_modules[path]
      for path in (all_modules if modules is None else modules)
  }
  test_files = {
      path: data
      for path, data in exported_files(config.root).items()
      if not path.startswith(SRC)
  }
  if tests is None:
    local = local_files(config.root)
    tests = [path for path in test_files if not is_local(path, local)]
  chosen_tests = {path: test_files[path] for path in tests}
  return (
      diff_trees(upstream, patched, changed)
      + diff_trees({}, chosen, chosen)
      + "".join(git_diff(p, None, d) for p, d in sorted(chosen_tests.items()))
  )


# ---------------------------------------------------------------------------
# The pull-request stack
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PullRequest:
  """One focused pull request of the stack in `patches/stack.toml`."""

  name: str
  title: str
  patches: tuple[str, ...]
  files: tuple[str, ...]
  # A diff (`patches/stack/...`) that changes new files of earlier pull
  # requests, e.g. a later rule added to a module an earlier one added.
  extends: Optional[str] = None
  # `upstream`: opened against google/adk-python. `fork`: this build's own
  # layer, on top of the upstream one, offered upstream only as a proposal
  # (what DEP-3 calls `Forwarded: not-needed`).
  layer: str = UPSTREAM_LAYER


def exported_files(root: pathlib.Path) -> dict[str, bytes]:
  """Returns the new files the change adds, keyed by repository path."""
  files = {SRC + path: data for path, data in read_modules(root).items()}
  for folder in EXPORTED_DIRS:
    files.update(
        (path, data)
        for path, data in read_dir(root, folder).items()
        if not (
            folder == EXPORTED_TESTS_DIR
            and pathlib.PurePosixPath(path).name in NOT_EXPORTED_TEST_FILES
        )
    )
  files.update((path, (root / path).read_bytes()) for path in EXPORTED_FILES)
  return files


def local_files(root: pathlib.Path) -> tuple[str, ...]:
  """Returns the `[local] files` entries of the stack: repository-only files.

  They stay in this repository (the demo, tests that run a sample through
  `adk eval`) and are in no pull request and no export. An entry ending in
  `/` stands for every new file under that folder.
  """
  with (root / STACK_FILE).open("rb") as f:
    table = tomllib.load(f)
  return tuple(table.get("local", {}).get("files", ()))


def is_local(path: str, local: Iterable[str]) -> bool:
  """Tells whether the repository path `path` is one of the `local` entries."""
  return any(
      path.startswith(entry) if entry.endswith("/") else path == entry
      for entry in local
  )


def _forwarded(root: pathlib.Path, name: str) -> Optional[str]:
  """The DEP-3 `Forwarded:` value of a patch's header, if it has one."""
  found = re.search(
      r"(?m)^Forwarded:[ \t]*(.*?)[ \t]*$", read_patch(root, name).header
  )
  return found.group(1) if found else None


def read_stack(root: pathlib.Path) -> list[PullRequest]:
  """Returns the stack, checked against the series and the new files.

  Every patch of the series belongs to exactly one pull request, in series
  order, and every new file (module, test, sample) to exactly one, or to
  `[local]`: a repository-only file, which no module can be.

  Raises:
    PatchError: The stack does not cover the change exactly once.
  """
  with (root / STACK_FILE).open("rb") as f:
    table = tomllib.load(f)
  stack = [
      PullRequest(
          name=pr["name"],
          title=pr["title"],
          patches=tuple(pr.get("patches", ())),
          files=tuple(pr.get("files", ())),
          extends=pr.get("extends"),
          layer=pr.get("layer", UPSTREAM_LAYER),
      )
      for pr in table["pr"]
  ]
  patches = [name for pr in stack for name in pr.patches]
  if patches != read_series(root):
    raise PatchError(
        f"{STACK_FILE}: its patches {patches} are not {SERIES_FILE}, in order"
    )
  listed = [path for pr in stack for path in pr.files]
  new_files = set(exported_files(root))
  local = local_files(root)
  local_new = {p for p in new_files if is_local(p, local)}
  problems = {
      "listed twice": {p for p in listed if listed.count(p) > 1},
      "not a new file": set(listed) - new_files,
      "in no pull request": new_files - set(listed) - local_new,
      "both local and in a pull request": set(listed) & local_new,
      "local but a module of the package": {
          p for p in local_new if p.startswith(SRC)
      },
      "local but matches no new file": {
          entry
          for entry in local
          if not any(is_local(p, [entry]) for p in new_files)
      },
  }
  layers = [pr.layer for pr in stack]
  problems["in no layer of " + ", ".join(LAYERS)] = {
      pr.name for pr in stack if pr.layer not in LAYERS
  }
  problems["upstream layer after a fork pull request"] = {
      pr.name
      for index, pr in enumerate(stack)
      if pr.layer == UPSTREAM_LAYER and FORK_LAYER in layers[:index]
  }
  # DEP-3: a fork patch changes an ADK file for this build only; no
  # upstream-layer patch may say so.
  problems["fork patch not marked `Forwarded: not-needed`"] = {
      pr.name
      for pr in stack
      if pr.layer == FORK_LAYER
      and any(_forwarded(root, p) != "not-needed" for p in pr.patches)
  }
  problems["upstream patch marked `Forwarded: not-needed`"] = {
      pr.name
      for pr in stack
      if pr.layer == UPSTREAM_LAYER
      and any(_forwarded(root, p) == "not-needed" for p in pr.patches)
  }
  extension_files = {pr.extends for pr in stack if pr.extends}
  problems["extension diff missing"] = {
      e for e in extension_files if not (root / e).is_file()
  }
  problems["extension diff in no pull request"] = (
      {
          p.as_posix()
          for p in sorted((root / STACK_DIFFS_DIR).glob("*.diff"))
          if p.relative_to(root).as_posix() not in extension_files
      }
      if (root / STACK_DIFFS_DIR).is_dir()
      else set()
  )
  if any(problems.values()):
    raise PatchError(
        f"{STACK_FILE}:"
        + "".join(
            f"\n  {kind}: {', '.join(sorted(paths))}"
            for kind, paths in problems.items()
            if paths
        )
    )
  return stack


def new_file_versions(
    root: pathlib.Path, stack: list[PullRequest]
) -> list[dict[str, bytes]]:
  """Returns the new files as they are after each pull request of the stack.

  The repository holds each new file in its final form. The version after
  pull request k is that form with the `extends` diffs of the pull requests
  after k undone, last first; version k holds only the files added by pull
  requests 1 to k.

  Raises:
    PatchError: An `extends` diff does not undo exactly, or changes a file
      that no earlier pull request added.
  """
  current = exported_files(root)
  owner = {path: index for index, pr in enumerate(stack) for path in pr.files}
  versions: list[dict[str, bytes]] = [{} for _ in stack]
  for index in reversed(range(len(stack))):
    pr = stack[index]
    versions[index] = {
        path: data
        for path, data in current.items()
        if owner.get(path, len(stack)) <= index
    }
    if pr.extends:
      current = dict(current)
      _undo_extension(root, pr, current, owner, index)
  return versions


def _undo_extension(
    root: pathlib.Path,
    pr: PullRequest,
    files: dict[str, bytes],
    owner: dict[str, int],
    index: int,
) -> None:
  """Undoes `pr.extends` in `files` (repository paths), in place."""
  text = (root / pr.extends).read_text(encoding="utf-8")
  patch = parse_patch(pr.extends, text)
  for patched_file in patch.files:
    path = re.sub(r"^[ab]/", "", patched_file.target_file)
    where = f"{pr.extends}: {path}"
    if re.sub(r"^[ab]/", "", patched_file.source_file) != path:
      raise PatchError(f"{where}: only changes of existing files are allowed")
    if owner.get(path, len(owner) + 1) >= index:
      raise PatchError(f"{where}: not a new file of an earlier pull request")
    after = split_lines(files[path].decode("utf-8"))
    before = _apply_hunks(after, patched_file, where, reverse=True)
    files[path] = "".join(before).encode("utf-8")


def write_stage_files(
    root: pathlib.Path, stack: list[PullRequest], dest: pathlib.Path
) -> int:
  """Writes what each pull request adds or changes of the new files.

  `dest/<pull request name>/<path>` is the file as it is after that pull
  request, for each file the pull request adds or extends. Edit them, then
  `read_stage_files` makes the `extends` diffs and the final files agree.

  Returns:
    The number of files written.
  """
  versions = new_file_versions(root, stack)
  written = 0
  before: dict[str, bytes] = {}
  for pr, after in zip(stack, versions):
    for path, data in after.items():
      if before.get(path) != data:
        target = dest / pr.name / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written += 1
    before = after
  return written


def read_stage_files(
    root: pathlib.Path, stack: list[PullRequest], source: pathlib.Path
) -> list[str]:
  """Rewrites the `extends` diffs and the new files from `source`.

  `source` is laid out as `write_stage_files` writes it. A file under a
  pull request's folder that an earlier pull request added is that file
  after the pull request; the differences become the pull request's
  `extends` diff. The last version of each file is written to the
  repository.

  Returns:
    What changed, one line each.

  Raises:
    PatchError: A file is in no pull request before or in the one whose
      folder holds it, or a pull request needs an `extends` entry it lacks.
  """
  owner = {path: index for index, pr in enumerate(stack) for path in pr.files}
  current: dict[str, bytes] = {}
  changes = []
  for index, pr in enumerate(stack):
    folder = source / pr.name
    diff = ""
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    for file in files:
      path = file.relative_to(folder).as_posix()
      if owner.get(path, len(stack)) > index:
        raise PatchError(f"{file}: {path} is added by no pull request so far")
      data = file.read_bytes()
      if path in current and owner[path] < index and current[path] != data:
        diff += git_diff(path, current[path], data)
      current[path] = data
    if diff and not pr.extends:
      raise PatchError(
          f"{pr.name} changes new files of earlier pull requests; add"
          f' extends = "{STACK_DIFFS_DIR}/{pr.name}.diff" to {STACK_FILE}'
      )
    if pr.extends:
      target = root / pr.extends
      old = target.read_text(encoding="utf-8") if target.exists() else None
      if diff != old:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(diff, encoding="utf-8")
        changes.append(f"wrote {pr.extends}")
  for path, data in current.items():
    target = root / path
    if not target.exists() or target.read_bytes() != data:
      target.write_bytes(data)
      changes.append(f"updated {path}")
  return changes


def stack_states(
    config: Config,
    upstream: Tree,
    stack: list[PullRequest],
    flavour: Optional[str] = None,
) -> list[Tree]:
  """Returns the repository files after each pull request, keyed by path.

  The first state is pristine upstream; state k has the patches and files of
  the first k pull requests, new files as `new_file_versions` gives them.
  Only the paths the change touches are included. With a `flavour` (see
  `build_tree`), `upstream` is that upstream's files.
  """
  versions = new_file_versions(config.root, stack)
  states = [{SRC + p: d for p, d in upstream.items()}]
  applied: list[str] = []
  for pr, added in zip(stack, versions):
    applied.extend(pr.patches)
    tree = build_tree(config, upstream, applied, modules=False, flavour=flavour)
    state = {SRC + p: d for p, d in tree.items()}
    clash = sorted(set(state) & set(added))
    if clash:
      raise PatchError(f"{pr.name}: new files overwrite upstream: {clash}")
    state.update(added)
    states.append(state)
  return states


def write_state(state: dict[str, bytes], base: pathlib.Path) -> None:
  """Writes a state of `stack_states` under `base`, laid out like upstream.

  Upstream's test tree has the `__init__.py` package markers of
  `tests/unittests` and `tests/unittests/evaluation` already; they are added.
  """
  for path, data in state.items():
    (base / path).parent.mkdir(parents=True, exist_ok=True)
    (base / path).write_bytes(data)
  for marker in (EXPORTED_TESTS_DIR, f"{EXPORTED_TESTS_DIR}/evaluation"):
    (base / marker).mkdir(parents=True, exist_ok=True)
    (base / marker / "__init__.py").touch()


def export_stack(
    config: Config,
    upstream: Tree,
    flavour: Optional[str] = None,
    layer: Optional[str] = None,
) -> list[tuple[PullRequest, str]]:
  """Returns each pull request of the stack, or of one layer, with its diff.

  Diff k applies to google/adk-python at the pinned release plus diffs 1 to
  k-1; applying them all gives what `export_diff` gives. With a `layer`,
  only that layer's pull requests are returned: the fork layer's first diff
  applies on top of the whole upstream layer. With a `flavour` (see
  `build_tree`), the diffs are for that upstream, `upstream`, instead: new
  files as for the release, upstream files patched by the flavours.
  """
  stack = read_stack(config.root)
  states = stack_states(config, upstream, stack, flavour)
  return [
      (
          pr,
          "".join(
              git_diff(path, before.get(path), after.get(path))
              for path in sorted(set(before) | set(after))
          ),
      )
      for pr, before, after in zip(stack, states, states[1:])
      if layer is None or pr.layer == layer
  ]


@dataclasses.dataclass(frozen=True)
class PullRequestSize:
  """What a reviewer reads in one pull request, in lines."""

  new_source: int  # Lines a pull request adds to new modules under src/.
  new_source_code: int  # The same without blank and comment-only lines.
  upstream_changed: int  # Added plus removed lines of upstream files.
  upstream_added: int  # Lines added to upstream files.
  tests: int  # Lines of new files under tests/.
  other: int  # Lines of other new files (scripts).


def _code_lines(data: bytes) -> int:
  return sum(
      1
      for line in data.decode("utf-8").splitlines()
      if line.strip() and not line.strip().startswith("#")
  )


def stack_sizes(
    config: Config, upstream: Tree
) -> list[tuple[PullRequest, PullRequestSize]]:
  """Returns each pull request of the stack with its size."""
  stack = read_stack(config.root)
  states = stack_states(config, upstream, stack)
  sizes = []
  for pr, before, after in zip(stack, states, states[1:]):
    new_source = new_code = changed = added_upstream = tests = other = 0
    for path in sorted(set(before) | set(after)):
      old, new = before.get(path), after.get(path)
      if old == new:
        continue
      diff = git_diff(path, old, new).splitlines()
      if path[len(SRC) :] in upstream:
        changed += sum(
            1
            for line in diff
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        )
        added_upstream += sum(
            1 for line in diff if line[:1] == "+" and line[:3] != "+++"
        )
        continue
      # A new file, or lines an `extends` diff adds to one.
      added = "".join(
          line[1:] + "\n"
          for line in diff
          if line[:1] == "+" and not line.startswith("+++")
      ).encode("utf-8")
      if path.startswith(SRC):
        new_source += len(split_lines(added.decode("utf-8")))
        new_code += _code_lines(added)
      elif path.startswith("tests/"):
        tests += len(split_lines(added.decode("utf-8")))
      else:
        other += len(split_lines(added.decode("utf-8")))
    sizes.append((
        pr,
        PullRequestSize(
            new_source, new_code, changed, added_upstream, tests, other
        ),
    ))
  return sizes
