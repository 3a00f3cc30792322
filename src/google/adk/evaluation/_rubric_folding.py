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

"""Folds rubric texts so that spellings of the same sentence compare equal.

A judge that copies a rubric's property text often changes its spelling but
not its words: full-width letters, case, markdown and punctuation around the
text, digits of another script, `\\u30e6` escapes copied from a prompt. `fold`
removes exactly those differences, one named step each (`FOLD_STEPS`), and
returns the text as tokens: a word of a script written with spaces, or one
character of a script written without them (Han, kana, Thai, ...). The
matcher compares tokens, so a rewrite is judged word by word, never as a
handful of similar characters.

The spellings that one script allows for the same word (hiragana for
katakana, Arabic vowel marks) are that script's to fold: a module of the
`_rubric_scripts` package may add steps (`_script_steps`). ADK ships none.
"""

from __future__ import annotations

from collections.abc import Callable
import functools
import importlib
import pkgutil
import re
import unicodedata

from . import _rubric_scripts


def _separators(char: str) -> str:
  category = unicodedata.category(char)
  if category == "Cf":
    return ""
  if category[0] in "PZSC":
    return " "
  return char


def _digit(char: str) -> str:
  value = unicodedata.decimal(char, None)
  return str(value) if value is not None else char


def _script_steps() -> list[tuple[str, Callable[[str], str]]]:
  """The `FOLD_STEPS` of the modules of `_rubric_scripts`, by module name.

  A script's steps map its own characters only, so their order does not
  matter.
  """
  names = sorted(m.name for m in pkgutil.iter_modules(_rubric_scripts.__path__))
  return [
      step
      for name in names
      for step in getattr(
          importlib.import_module(f"{_rubric_scripts.__name__}.{name}"),
          "FOLD_STEPS",
          (),
      )
  ]


# Each step maps one character (after NFKC and case folding) to its folded
# form, and only merges spellings of the same letter or word.
FOLD_STEPS: tuple[tuple[str, Callable[[str], str]], ...] = (
    # Punctuation, symbols and spaces separate tokens; invisible format
    # characters (zero-width and direction marks) are dropped.
    ("separators", _separators),
    # Decimal digits of any script are written as ASCII digits (`٣` -> `3`).
    ("digits", _digit),
    *_script_steps(),
)


class _FoldTable(dict):
  """A `str.translate` table that computes each character's fold once."""

  def __missing__(self, codepoint: int) -> str:
    chars = chr(codepoint)
    for _, step in FOLD_STEPS:
      chars = "".join(step(c) for c in chars)
    self[codepoint] = chars
    return chars


_FOLD_TABLE = _FoldTable()
# Roman numeral characters (`Ⅷ`) are numbers; NFKC would make them letters.
_ROMAN_NUMERALS = {
    c: str(int(unicodedata.numeric(chr(c)))) for c in range(0x2160, 0x2183)
}
# Translating costs more than searching: most texts hold no Roman numeral.
_ROMAN_NUMERAL = re.compile("[\u2160-\u2182]")
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")

# Scripts written without spaces between words: each character is a token.
_UNSPACED = (
    "\u0e00-\u0eff"  # Thai, Lao
    "\u1000-\u109f"  # Myanmar
    "\u1780-\u17ff"  # Khmer
    "\u3005\u3006\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\U00020000-\U0003134f"
)
_TOKEN = re.compile(rf"[{_UNSPACED}]|[^\s{_UNSPACED}]+")
_UNSPACED_CHAR = re.compile(f"[{_UNSPACED}]")
_HAN = re.compile(
    "[\u3005\u3006\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]"
)


def decode_escapes(text: str) -> str:
  """Returns `text` with `\\uXXXX` escapes, as a JSON dump writes, decoded."""
  if "\\u" not in text:
    return text
  return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


def fold(text: object) -> tuple[str, ...]:
  """Returns the tokens of `text` after every step of `FOLD_STEPS`.

  For example `**ＴＨＥ agent, politely!**` and `the agent politely` fold to
  the same tokens, and so do `يوم ٣` and `يوم 3`; `Lists the side-effects`
  folds to `("lists", "the", "side", "effects")`.

  Args:
    text: The text to fold. Anything that is not a string folds to ().

  Returns:
    The folded tokens, in order.
  """
  if not isinstance(text, str):
    return ()
  text = decode_escapes(text)
  if _ROMAN_NUMERAL.search(text):
    text = text.translate(_ROMAN_NUMERALS)
  text = unicodedata.normalize("NFKC", text).casefold()
  return tuple(_TOKEN.findall(text.translate(_FOLD_TABLE)))


def copy_form(text: object) -> str:
  """`text` as an exact copy is compared: NFKC, case folded, spaces collapsed,
  escapes decoded (as `fold` reads it); signs and punctuation kept."""
  if not isinstance(text, str):
    return ""
  text = decode_escapes(text)
  return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


# Signs that folding turns into spaces but that change what a text says.
# Percent and per mille signs, the Arabic ones as the others.
_SIGN_CHARS = {"%": "%", "٪": "%", "‰": "‰", "؉": "‰", "‱": "‱", "؊": "‱"}
_MINUS = frozenset("-‐‑‒–—−﹣－˗➖")
# Marks after a digit that give it a unit (feet and inches, minutes and
# seconds: `8'` / `8"`), by the prime each stands for.
_PRIMES = {"'": "′", "’": "′", "′": "′", '"': "″", "”": "″", "″": "″"}
# Where a sign may be: a character that is neither a letter, a digit nor a
# space, or a long vowel mark (`ー5℃`: an IME's minus).
_MAYBE_SIGN = re.compile(r"[^\w\s]|\u30fc")


def signs(copy: str) -> tuple[str, ...]:
  """The signs of a text (in `copy_form`), in order: what `fold` drops that
  changes what the text says, so that texts that fold alike must also agree
  on them (`≤ 2` is not `≥ 2`, `-5` is not `5`, `$` is not `€`).

  Currency and mathematical symbols (`$`, `€`, `≥`), percent signs (`٪` as
  `%`), a minus written before a digit and after no letter or digit of a
  spaced script (`-5`, `为-5度`, not `SKU-5`; also a long vowel mark after no
  katakana: `気温がー5℃`), an ASCII `+ < = > | ~` only beside a number (`> 4`, not
  markdown's `> quote` or a table's `|`), any mark between two digits (`1.5` /
  `1,5` / `1-5`, `10:30` / `10/30`) or set apart between two (`10 - 2`,
  `10 / 2`), a decimal or thousands mark before a digit (`.5`) and a prime or
  quote mark after one (`8'` / `8"`, not `2's`): a number's marks are part of
  it. Also a `+` or `#` right after a letter (`C++`, `C#`, `A+`) and any other
  symbol (`✅` / `❌`, `👍` / `👎`, `★★★`).
  """
  found_signs = []
  for found in _MAYBE_SIGN.finditer(copy):
    char, k = found.group(), found.start()
    before = copy[k - 1] if k else " "
    after = copy[k + 1 : k + 2]
    # An operator set apart between two numbers (`10 - 2`, `10 / 2`).
    operator = (
        k > 1
        and before == after == " "
        and (copy[k - 2].isdigit() and copy[k + 2 : k + 3].isdigit())
    )
    if after.isdigit() and (before.isdigit() or char in ".,٫٬") or operator:
      found_signs.append(char)
    elif char == "\u30fc":  # A long vowel mark lengthens katakana only.
      if after.isdigit() and not "\u30a0" <= before <= "\u30ff":
        found_signs.append("-")
    elif char in _MINUS:
      spaced = before.isalnum() and not _UNSPACED_CHAR.match(before)
      if after.isdigit() and not spaced:
        found_signs.append("-")
    elif char in _PRIMES and before.isdigit() and not after.isalpha():
      # NFKC writes `″` as two `′`.
      found_signs.append("″" if copy[k : k + 2] == "′′" else _PRIMES[char])
    elif char in "+#" and before.isalpha() and not after.isalnum():
      found_signs.append(char)
    elif char in _SIGN_CHARS or unicodedata.category(char) in ("Sc", "So"):
      found_signs.append(_SIGN_CHARS.get(char, char))
    elif unicodedata.category(char) == "Sm" and (
        not char.isascii()
        or copy[k + 1 :].lstrip()[:1].isdigit()
        or copy[:k].rstrip()[-1:].isdigit()
    ):
      found_signs.append(char)
  return tuple(found_signs)


# The token classes below are asked of the same few thousand tokens again and
# again while matching; caching them halves the time of a no-id answer at 200
# rubrics (scripts/benchmark_matching.py).
_token_class_cache = functools.lru_cache(maxsize=65536)


@_token_class_cache
def is_number(token: str) -> bool:
  """Whether `token` holds a digit or numeral of any script (`3`, `٣`, `三`)."""
  return any(unicodedata.numeric(char, None) is not None for char in token)


@_token_class_cache
def is_han(token: str) -> bool:
  return _HAN.match(token) is not None


@_token_class_cache
def is_word(token: str) -> bool:
  """Whether `token` is a word of a script written with spaces."""
  return _UNSPACED_CHAR.fullmatch(token) is None
