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

"""`_han_variants.py` is what scripts/generate_han_variants.py makes of Unihan.

The real check fetches Debian's unicode-data 15.0.0-1 with apt-get; the
others run a copy of the generator on a small made-up Unihan directory.
"""

from __future__ import annotations

import pathlib
import runpy
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = pathlib.Path("scripts", "generate_han_variants.py")
MODULE = pathlib.Path("src", "google", "adk", "evaluation", "_han_variants.py")
# 國→国 (Big5 to GB 2312, with a source tag) is kept; 後 lists itself, then
# 后, and keeps 后; 乾→干 is dropped, 干 lacking kGB0 here; so is U+20045,
# which is not in Big5.
_VARIANTS = """\
# Unihan_Variants.txt, made up
U+570B\tkSimplifiedVariant\tU+56FD<kFenn
U+5F8C\tkSimplifiedVariant\tU+5F8C U+540E
U+4E7E\tkSimplifiedVariant\tU+4E7E U+5E72
U+20045\tkSimplifiedVariant\tU+4E1C
U+570B\tkZVariant\tU+5700
"""
_MAPPINGS = """\
# Unihan_OtherMappings.txt, made up
U+570B\tkBigFive\tB0EA
U+5F8C\tkBigFive\tAB E1
U+4E7E\tkBigFive\tB0AE
U+56FD\tkGB0\t2590
U+540E\tkGB0\t2643
U+4E1C\tkGB0\t2211
"""


def _run(root: pathlib.Path, *args: str) -> subprocess.CompletedProcess[str]:
  return subprocess.run(
      [sys.executable, str(root / SCRIPT), *args],
      cwd=root,
      capture_output=True,
      text=True,
  )


@pytest.fixture(name="generator_copy")
def fixture_generator_copy(tmp_path: pathlib.Path) -> pathlib.Path:
  """A root holding the generator, the committed module and a Unihan dir."""
  root = tmp_path / "repo"
  for path in (SCRIPT, MODULE):
    (root / path).parent.mkdir(parents=True)
    shutil.copy2(ROOT / path, root / path)
  unihan = tmp_path / "unihan"
  unihan.mkdir()
  (unihan / "Unihan_Variants.txt").write_text(_VARIANTS, encoding="utf-8")
  (unihan / "Unihan_OtherMappings.txt").write_text(_MAPPINGS, encoding="utf-8")
  return root


@pytest.mark.skipif(
    shutil.which("apt-get") is None,
    reason="apt-get is needed to fetch unicode-data 15.0.0-1 (Debian)",
)
def test_committed_table_is_up_to_date():
  result = _run(ROOT, "--check")

  assert result.returncode == 0, result.stderr


def test_check_fails_on_a_stale_table(generator_copy: pathlib.Path):
  unihan = generator_copy.parent / "unihan"

  result = _run(generator_copy, "--check", "--unihan", str(unihan))

  assert result.returncode == 1
  assert "out of date: run scripts/generate_han_variants.py" in result.stderr


def test_generator_keeps_big5_to_gb2312_pairs(generator_copy: pathlib.Path):
  unihan = generator_copy.parent / "unihan"

  written = _run(generator_copy, "--unihan", str(unihan))
  checked = _run(generator_copy, "--check", "--unihan", str(unihan))

  assert written.returncode == 0, written.stderr
  assert checked.returncode == 0, checked.stderr
  module = runpy.run_path(str(generator_copy / MODULE))
  assert module["TRADITIONAL_TO_SIMPLIFIED"].split() == ["國国", "後后"]


def test_generator_refuses_a_table_that_folds_twice(
    generator_copy: pathlib.Path,
):
  unihan = generator_copy.parent / "unihan"
  with (unihan / "Unihan_Variants.txt").open("a", encoding="utf-8") as f:
    f.write("U+56FD\tkSimplifiedVariant\tU+4E1C\n")
  with (unihan / "Unihan_OtherMappings.txt").open("a", encoding="utf-8") as f:
    f.write("U+56FD\tkBigFive\tA4A4\n")

  result = _run(generator_copy, "--check", "--unihan", str(unihan))

  assert result.returncode != 0
  assert "simplified forms that are keys" in result.stderr
