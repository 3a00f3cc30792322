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


"""The strict applier, the diff writer and the upstream checks."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import pathlib
import zipfile

from hypothesis import given
from hypothesis import strategies as st
import patchlib
import pytest

_PATH = "google/adk/x.py"
_texts = st.text(alphabet="ab日 \r\n", max_size=80)


def _apply(old: bytes | None, diff: str) -> bytes | None:
  tree = {} if old is None else {_PATH: old}
  patchlib.apply_patch(tree, patchlib.parse_patch("t.patch", diff))
  return tree.get(_PATH)


@given(old=_texts, new=_texts)
def test_a_written_diff_applies_back_exactly(old: str, new: str):
  diff = patchlib.git_diff("src/" + _PATH, old.encode(), new.encode())

  assert _apply(old.encode(), diff) == new.encode()


@given(new=_texts.filter(bool))
def test_new_and_deleted_file_diffs_round_trip(new: str):
  created = patchlib.git_diff("src/" + _PATH, None, new.encode())
  deleted = patchlib.git_diff("src/" + _PATH, new.encode(), None)

  assert _apply(None, created) == new.encode()
  assert _apply(new.encode(), deleted) is None


def test_a_hunk_never_moves_to_another_line():
  old = "".join(f"line {i}\n" for i in range(20))
  new = old.replace("line 10\n", "line ten\n")
  diff = patchlib.git_diff("src/" + _PATH, old.encode(), new.encode())

  with pytest.raises(patchlib.PatchError, match=r"t\.patch: .*: hunk #1 @@"):
    _apply(("extra\n" + old).encode(), diff)


def _apply_with_offsets(old: bytes, diff: str) -> bytes | None:
  tree = {_PATH: old}
  patch = patchlib.parse_patch("t.patch", diff)
  patchlib.apply_patch(tree, patch, offsets=True)
  return tree.get(_PATH)


def test_with_offsets_a_hunk_applies_where_its_lines_moved():
  old = "".join(f"line {i}\n" for i in range(20))
  new = old.replace("line 3\n", "line three\n").replace(
      "line 15\n", "line fifteen\n"
  )
  diff = patchlib.git_diff("src/" + _PATH, old.encode(), new.encode())
  moved = old.replace("line 9\n", "line 9\nextra\nextra\n")

  patched = _apply_with_offsets(moved.encode(), diff)

  assert patched == new.replace("line 9\n", "line 9\nextra\nextra\n").encode()


def test_with_offsets_a_hunk_whose_lines_are_gone_still_fails():
  old = "".join(f"line {i}\n" for i in range(20))
  new = old.replace("line 10\n", "line ten\n")
  diff = patchlib.git_diff("src/" + _PATH, old.encode(), new.encode())

  with pytest.raises(patchlib.PatchError, match="line 11 differs"):
    _apply_with_offsets(old.replace("line 10\n", "line X\n").encode(), diff)


def test_header_text_is_kept_apart_from_the_diffs():
  diff = patchlib.git_diff("src/" + _PATH, b"a\n", b"b\n")

  patch = patchlib.parse_patch("t.patch", "Subject: s\n\n" + diff)

  assert patch.header == "Subject: s\n\n"
  assert len(patch.files) == 1


def test_a_patch_outside_the_package_is_refused():
  diff = patchlib.git_diff("tests/x.py", b"a\n", b"b\n")

  with pytest.raises(patchlib.PatchError, match="outside src/google/adk/"):
    patchlib.apply_patch({}, patchlib.parse_patch("t.patch", diff))


def _dist_with_requires(
    tmp_path: pathlib.Path, extras: list[str], requires: list[str]
) -> importlib.metadata.Distribution:
  dist_info = tmp_path / "pkg-1.0.dist-info"
  dist_info.mkdir()
  lines = ["Metadata-Version: 2.1", "Name: pkg", "Version: 1.0"]
  lines += [f"Provides-Extra: {extra}" for extra in extras]
  lines += [f"Requires-Dist: {requirement}" for requirement in requires]
  (dist_info / "METADATA").write_text("\n".join(lines) + "\n")
  return importlib.metadata.Distribution.at(dist_info)


def test_requirements_split_into_dependencies_and_extras(
    tmp_path: pathlib.Path,
):
  dist = _dist_with_requires(
      tmp_path,
      ["all", "empty"],
      [
          "click>=8",
          "tomli ; python_version < '3.11'",
          'anthropic>=0.78 ; extra == "all"',
          "crewai[tools] ; extra == \"all\" and ( python_version>='3.11')",
      ],
  )

  dependencies, extras = patchlib.upstream_requirements(dist)

  assert dependencies == ["click>=8", "tomli ; python_version < '3.11'"]
  assert extras == {
      "all": ["anthropic>=0.78", "crewai[tools] ; ( python_version>='3.11')"],
      "empty": [],
  }


@pytest.mark.parametrize(
    "requirement",
    [
        'x ; extra == "all" or python_version < "3.12"',
        'x ; python_version < "3.12" and extra == "all"',
        'x ; extra == "all" and (a == "1") or (b == "2")',
        'x ; extra == "other"',
    ],
)
def test_unknown_marker_shapes_fail_loudly(
    tmp_path: pathlib.Path, requirement: str
):
  dist = _dist_with_requires(tmp_path, ["all"], [requirement])

  with pytest.raises(patchlib.PatchError, match="unknown marker shape"):
    patchlib.upstream_requirements(dist)


@pytest.fixture(name="stock_dir")
def fixture_stock_dir(
    tmp_path: pathlib.Path, stock_wheel: pathlib.Path
) -> pathlib.Path:
  with zipfile.ZipFile(stock_wheel) as zf:
    zf.extractall(tmp_path)
  return tmp_path


def _dist(directory: pathlib.Path) -> importlib.metadata.Distribution:
  (dist_info,) = directory.glob("*.dist-info")
  return importlib.metadata.Distribution.at(dist_info)


def test_stock_upstream_is_accepted(
    stock_dir: pathlib.Path, config: patchlib.Config
):
  tree = patchlib.read_upstream(_dist(stock_dir), config)

  assert patchlib.VERSION_FILE in tree


def test_a_modified_upstream_file_is_rejected(
    stock_dir: pathlib.Path, config: patchlib.Config
):
  with (stock_dir / patchlib.VERSION_FILE).open("a") as f:
    f.write("# changed\n")

  with pytest.raises(patchlib.PatchError, match=patchlib.VERSION_FILE):
    patchlib.read_upstream(_dist(stock_dir), config)


def test_another_build_is_rejected_by_the_record_digest(
    stock_dir: pathlib.Path, config: patchlib.Config
):
  other = dataclasses.replace(config, record_digest="0" * 64)

  with pytest.raises(patchlib.PatchError, match="RECORD digest"):
    patchlib.read_upstream(_dist(stock_dir), other)


def test_another_version_is_rejected(
    stock_dir: pathlib.Path, config: patchlib.Config
):
  other = dataclasses.replace(config, upstream="2.13.1")

  with pytest.raises(patchlib.PatchError, match="pinned to the stock release"):
    patchlib.read_upstream(_dist(stock_dir), other)
