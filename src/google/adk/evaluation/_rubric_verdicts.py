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

"""Reads what one verdict value of a rubric judge says: yes, no, or neither.

A value is a yes or a no only when it is a verdict phrase
(`_rubric_vocabulary.VERDICTS`) and nothing else but punctuation, marks
(`*`) and the same verdict again; anything else is no verdict, with
the reason (`read`). A verdict with words after it (`Yes, because ...`,
`Yes, but not fully`, `Yes, probably`) is no verdict: no list of words
tells, in every language, a reason from a qualification that takes the
verdict back.
"""

from __future__ import annotations

import re
from typing import Optional
import unicodedata

from ._capped_text import excerpt
from ._rubric_vocabulary import AMBIGUOUS_NOT_APPLICABLE
from ._rubric_vocabulary import NOT_APPLICABLE
from ._rubric_vocabulary import VERDICTS

# Arabic vowel marks and tatweel, invisible format characters, and the
# variation selectors that pick an emoji's presentation (`✔️`). (A regular
# expression deletes them many times faster than `str.translate`.)
_DROP = re.compile("[\u064b-\u065f\u0670\u0640\u200b-\u200d\u2060\ufe0e\ufe0f]")


def normalize(text: str) -> str:
  """NFKC, case folded, without format characters, spaces collapsed."""
  text = unicodedata.normalize("NFKC", text).casefold()
  if not (text.isascii() or text.isprintable()):  # Else no format chars.
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
  # `str.split` and a regular expression's `\s` take the same characters
  # for spaces (`str.isspace`); splitting is the faster.
  return " ".join(text.split())


def is_unspaced(char: str) -> bool:
  """Whether `char` is of a script written without spaces (Thai, CJK)."""
  return "\u0e00" <= char <= "\u0eff" or "\u3040" <= char <= "\u9fff"


def _is_letter(char: str) -> bool:
  return unicodedata.category(char)[0] in "LMN"


# Verdict phrases by their first character, longest first.
_PHRASES: dict[str, list[tuple[str, float]]] = {}
for _score, _words in VERDICTS.items():
  for _word in map(normalize, _words):
    _PHRASES.setdefault(_word[0], []).append((_word, _score))
for _candidates in _PHRASES.values():
  _candidates.sort(key=lambda item: -len(item[0]))
_NOT_APPLICABLE = frozenset(map(normalize, NOT_APPLICABLE))
_AMBIGUOUS = frozenset(map(normalize, AMBIGUOUS_NOT_APPLICABLE))


def _quote(text: str, limit: int = 60) -> str:
  return excerpt(" ".join(str(text).split()), limit)


def read(value: object) -> tuple[Optional[float], Optional[str], str]:
  """Returns (score, why there is none, the verdict phrase read).

  The value must be a verdict phrase, decorated at most with punctuation,
  signs, spaces and the same verdict again: `Yes`, `**Yes**`, `ＹＥＳ`,
  `No.`. Anything more makes it no verdict: a question mark
  (`Yes?`), a stand-alone verdict of the other kind (`No. Correction:
  yes`), any word (`Yes, because ...`, `Yes only partially`), since a
  word after a verdict may as well take it back as give its reason, a
  number (`No. 2` heads the next block), or a pictograph or mathematical
  sign that is no verdict phrase of its kind (`Yes 👎`, `Yes ±`). A
  not-applicable phrase (`_rubric_vocabulary.NOT_APPLICABLE`) is a yes, as
  the templates define `yes`, except in the forms that can also mean "does
  not hold" (`_rubric_vocabulary.AMBIGUOUS_NOT_APPLICABLE`).

  Args:
    value: The verdict as the judge wrote it. A bool is taken as is.
  """
  if isinstance(value, bool):
    return (1.0 if value else 0.0), None, ""
  if not isinstance(value, str) or not value.strip():
    return None, "its block has no verdict", ""
  text = normalize(_DROP.sub("", value))
  i = 0
  while i < len(text) and unicodedata.category(text[i])[0] in "PZ":
    i += 1
  phrase, score = _phrase_at(text, i) if i < len(text) else (None, None)
  if phrase is None or _runs_into_word(text, i + len(phrase), phrase):
    return None, f"verdict {_quote(value)} is not a yes or a no", ""
  rest = text[i + len(phrase) :]
  if "?" in rest or "\uff1f" in rest:
    return None, f"verdict {_quote(value)} is not a yes or a no", ""
  if 1.0 - score in verdicts_in(rest):
    return None, f"verdict {_quote(value)} gives both a yes and a no", phrase
  if _says_more(rest, score):
    return None, f"verdict {_quote(value)} says more than a yes or a no", phrase
  if phrase in _AMBIGUOUS:
    return (
        None,
        (
            f"not applicable ({_quote(value)}), which can also mean that the"
            " property does not hold"
        ),
        phrase,
    )
  return score, None, phrase


def verdicts_in(text: str) -> set[float]:
  """Returns the scores of the stand-alone verdict phrases in `text`.

  `text` is normalized (`normalize`). A no form that runs into a word (`no
  issues`) is not one; a yes form is one wherever it stands apart. A phrase
  that starts inside another and ends after it counts too: in text without
  spaces, `答えはいいえ` holds `はい` and `いいえ`, and which one the judge
  wrote is a guess. A not-applicable phrase that can also mean "does not
  hold" (`AMBIGUOUS_NOT_APPLICABLE`), or that runs into a word (`not
  applicable to this user`), gives a no as well as its yes.
  """
  found = set()
  end = 0
  for j in range(len(text)):
    phrase, score = _phrase_at(text, j)
    if phrase and j + len(phrase) > end:
      end = j + len(phrase)
      runs = _runs_into_word(text, end, phrase)
      if score == 1.0 or not runs:
        found.add(score)
      if phrase in _AMBIGUOUS or (phrase in _NOT_APPLICABLE and runs):
        found.add(0.0)  # It may as well say that the property does not hold.
  return found


def _says_more(rest: str, score: float) -> bool:
  """Whether `rest` holds a word, a number (`No. 2` is a heading), a
  pictograph or a mathematical sign (`👎`, `±`: Unicode's categories So and
  Sm) outside verdict phrases of `score`."""
  j = 0
  while j < len(rest):
    phrase, found = _phrase_at(rest, j)
    if phrase and found == score:
      j += len(phrase)
    elif _is_letter(rest[j]) or unicodedata.category(rest[j]) in ("Sm", "So"):
      return True
    else:
      j += 1
  return False


def read_verdict(value: object) -> Optional[float]:
  """Returns 1.0 for a yes, 0.0 for a no and None for anything else.

  See `read` for what counts.
  """
  return read(value)[0]


def explain_verdict(value: object) -> Optional[str]:
  """Returns why `value` is no verdict (None when it is a yes or a no)."""
  return read(value)[1]


def is_not_applicable(value: object) -> bool:
  """Whether `value` is a yes only because it says "not applicable"."""
  score, _, phrase = read(value)
  return score == 1.0 and phrase in _NOT_APPLICABLE


def opening_verdict(value: object) -> Optional[float]:
  """The verdict `value` opens with, taken back or not (`No: ...`)."""
  return read(read(value)[2])[0]


def _runs_into_word(text: str, i: int, phrase: str) -> bool:
  """Whether the phrase ending at `text[i]` runs into a word (`no issues`)."""
  after = text[i:].lstrip()
  if after[:1] == "-" and after[1:2].isalpha():
    return True  # `Yes-ish`.
  # Thai and CJK have no spaces between words: there a space separates, as
  # it does after a symbol (`✅ Met`).
  spaced = text[i : i + 1] == " " and (
      is_unspaced(phrase[-1]) or unicodedata.category(phrase[-1])[0] == "S"
  )
  return bool(after[:1]) and _is_letter(after[0]) and not spaced


def _phrase_at(text: str, i: int) -> tuple[Optional[str], Optional[float]]:
  """Returns the longest verdict phrase that starts a word at `text[i]`.

  Phrases of several characters of a script written without spaces (`不符合`,
  `ไม่ใช่`) may stand inside a longer run of letters; any other phrase must
  stand apart from letters on both sides, so `no` is not read in `not` and
  `否` is not read in `是否`.
  """
  before = text[i - 1] if i else " "
  for phrase, score in _PHRASES.get(text[i], ()):
    if text.startswith(phrase, i):
      after = text[i + len(phrase) : i + len(phrase) + 1] or " "
      inside_run = len(phrase) > 1 and is_unspaced(phrase[0])
      if inside_run or not (_is_letter(before) or _is_letter(after)):
        return phrase, score
  return None, None
