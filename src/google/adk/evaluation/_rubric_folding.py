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
not its words: full-width letters, `ユーザ` / `ユーザー`, hiragana for
katakana, traditional for simplified Han characters, Arabic vowel marks,
markdown around the text, `\\u30e6` escapes copied from a prompt. `fold`
removes exactly those differences, one named step each (`FOLD_STEPS`), and
returns the text as tokens: a word of a script written with spaces, or one
character of a script written without them (Han, kana, Thai, ...). The
matcher compares tokens, so a rewrite is judged word by word, never as a
handful of similar characters.
"""

from __future__ import annotations

from collections.abc import Callable
import functools
import re
import unicodedata

from ._han_variants import CONTEXTUAL_PAIRS
from ._han_variants import TRADITIONAL_TO_SIMPLIFIED


def _replace(mapping: dict[str, str]) -> Callable[[str], str]:
  return lambda char: mapping.get(char, char)


def _drop(chars: str) -> Callable[[str], str]:
  dropped = frozenset(chars)
  return lambda char: "" if char in dropped else char


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


def _katakana(char: str) -> str:
  return chr(ord(char) + 0x60) if "\u3041" <= char <= "\u3096" else char


_ARABIC_MARKS = "".join(
    chr(c) for c in (*range(0x064B, 0x0660), 0x0670, *range(0x06D6, 0x06EE))
)

# Each step maps one character (after NFKC and case folding) to its folded
# form, and only merges spellings of the same letter or word.
FOLD_STEPS: tuple[tuple[str, Callable[[str], str]], ...] = (
    # Punctuation, symbols and spaces separate tokens; invisible format
    # characters (zero-width and direction marks) are dropped.
    ("separators", _separators),
    # Decimal digits of any script are written as ASCII digits (`٣` -> `3`).
    ("digits", _digit),
    ("kana", _katakana),
    ("long_vowel_mark", _drop("\u30fc")),
    ("arabic_marks", _drop(_ARABIC_MARKS + "\u0640")),
    (
        "arabic_letter_forms",
        _replace({
            "\u0623": "\u0627",
            "\u0625": "\u0627",
            "\u0622": "\u0627",
            "\u0671": "\u0627",
            "\u0649": "\u064a",
            "\u0629": "\u0647",
        }),
    ),
    ("hebrew_points", _drop("".join(chr(c) for c in range(0x0591, 0x05C8)))),
    ("cyrillic_yo", _replace({"\u0451": "\u0435"})),
    ("devanagari_nukta", _replace({"\u093c": "", "\u0901": "\u0902"})),
    (
        "han_simplified",
        _replace(
            {pair[0]: pair[1] for pair in TRADITIONAL_TO_SIMPLIFIED.split()}
        ),
    ),
)

# Folds of one token into another that the matcher makes only where the two
# tell no two rubrics apart (`_rubric_matching._Rubrics.folds`): `fold`
# leaves them alone. Traditional Han characters that OpenCC converts one to
# many, and their first simplified form (於 / 于: 對於 is 对于, but 于 is a
# character of its own too; 週 / 周).
CONTEXTUAL_FOLDS: dict[str, str] = {
    pair[0]: pair[1] for pair in CONTEXTUAL_PAIRS.split()
}


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

  For example `**ユーザーの年齢を確認している。**` and `ユーザの年齢を確認している`
  fold to the same tokens, and so do `飯後服用` and `饭后服用`; `Lists the
  side-effects` folds to `("lists", "the", "side", "effects")`.

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
