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

"""Attaches a rubric judge's verdict blocks to rubrics, never by guessing.

Each block of the judge's answer goes to at most one rubric:

1. **id**: the echoed id names a rubric (its id, or the handle the prompt
   showed for it). The id is the contract; it is refused only when the
   block's property text is another rubric's, holds another rubric's
   numbers, or sides with another rubric on the words that tell the two
   apart (see `_sides_with`). Then neither rubric gets the block.
2. **text**: without a usable id, the folded property text (see
   `_rubric_folding.fold`) equals the text of exactly one rubric.
3. **rewrite**: the property text differs from exactly one rubric's text by
   a few words and sides with it against every other rubric (the guarded
   fallback, one rule: see `_Rubrics.attaches`).

Blocks that repeat the worked example of ADK's rubric prompts (the
`ID: 1`-`3` blocks about employees, or about `grammar_check`) are not
answers: they attach to nothing, whatever id they carry.

Position never decides. A rubric whose blocks disagree, or whose verdict is
not a yes or a no, or that got no block, is unscored with its reason.
"""

from __future__ import annotations

from collections.abc import Sequence
import dataclasses
import difflib
import functools
import re
from typing import Any
from typing import Optional
import unicodedata

from . import _rubric_folding as folding
from ._rubric_accounting import quote as _quote
from ._rubric_accounting import RubricMatchReport
from ._rubric_accounting import RubricOutcome
from ._rubric_accounting import UnmatchedBlock
from ._rubric_ids import normalize_rubric_id
from ._rubric_ids import rubric_prompt_ids
from ._rubric_verdicts import is_not_applicable
from ._rubric_verdicts import read
from ._rubric_verdicts import read_verdict
from ._rubric_vocabulary import APPLICABILITY_WORDS
from ._rubric_vocabulary import KANA_SPELLINGS
from .eval_rubrics import Rubric

# Kana spellings of Han words, both folded as texts are.
_KANA_SPELLINGS: dict[str, tuple[str, ...]] = {
    "".join(folding.fold(han)): tuple("".join(folding.fold(k)) for k in kana)
    for han, kana in KANA_SPELLINGS.items()
}

TIER_ID = "id"
TIER_TEXT = "text"
TIER_REWRITE = "rewrite"

# "A few words": a block differs from its rubric's text in at most this many
# places, each adding, dropping or replacing at most this many tokens on
# either side (a Han, kana or Thai character is a token, see
# `_rubric_folding.fold`), and keeps at least half of either text. The
# reported judge rewrites change one or two words in one or two places
# (`listed`, `sizing`, `colour`; `又は` -> `または` and `振込` -> `振込み`).
_MAX_PLACES = 3
_MAX_PLACE_TOKENS = 3
# Another rubric whose words a block with an id may side with is looked for
# among at most this many rubrics, so that the check stays linear in the
# number of blocks (rarest words first; a miss only keeps the id's verdict).
_MAX_RIVALS = 64

# Words, and runs of unspaced scripts, that negate. Texts must agree on them.
# A word that negates in one language and not in another (`tak`, `un`, `t`
# of "don't") only makes texts that differ in it disagree: the check refuses,
# it never attaches.
_NEGATION_WORDS = frozenset((
    "not", "no", "never", "nor", "t", "cannot", "without", "none", "neither",
    "nicht", "kein", "keine", "keinen", "ohne", "nie", "niemals",
    "nunca", "ni", "sin", "jamás", "pas", "jamais", "sans", "non", "não",
    "sem", "mai", "senza", "не", "нет", "ни", "без", "لا", "ليس", "لم", "لن",
    "غير", "بدون", "לא", "אין", "בלי", "नहीं", "न", "मत", "बिना", "không",
    "chưa", "chẳng", "tidak", "bukan", "belum", "tanpa", "değil", "yok",
    "asla", "bez", "żaden", "안", "못", "ej", "inte", "tak", "nem", "عدم", "un",
    "שלא",
))  # fmt: skip
_NEGATION_MARKS = (
    "不", "没", "沒", "未", "無", "无", "非", "别", "別", "勿", "莫", "否",
    "ナイ", "ナク", "ナカッ", "マセン", "ズ", "ヌ", "ナシ", "불", "않", "없", "ไม่", "มิ", "ไร้",
)  # fmt: skip
_HANGUL = re.compile("[\uac00-\ud7a3]+")
# The tokens of `_rubric_folding.CONTEXTUAL_FOLDS`, folded or fold targets.
_CONTEXTUAL_TOKENS = frozenset(folding.CONTEXTUAL_FOLDS) | frozenset(
    folding.CONTEXTUAL_FOLDS.values()
)
# The tokens a respelling of `_is_spelling` may bring into a text.
_SPELLABLE = frozenset(
    "".join(han + "".join(kana) for han, kana in _KANA_SPELLINGS.items())
)
_NEGATION_MARK = re.compile(
    "|".join(sorted(map(re.escape, _NEGATION_MARKS), key=len, reverse=True))
)


class _Rubrics:
  """The rubrics of one answer, indexed by id, folded text and token.

  The text indexes are built on first use: an answer whose blocks echo ids
  and exact texts never needs them.
  """

  def __init__(self, rubrics: Sequence[Rubric]) -> None:
    self.rubrics = rubrics
    self.ids = [r.rubric_id for r in rubrics]
    self.raw = [r.rubric_content.text_property for r in rubrics]
    self.exact_ids: dict[str, list[int]] = {}
    for i, rubric_id in enumerate(self.ids):
      self.exact_ids.setdefault(rubric_id, []).append(i)
    self._signatures: dict[int, tuple[list[str], Any]] = {}
    self._key_postings: dict[int, dict[str, list[int]]] = {}

  @functools.cached_property
  def by_id(self) -> dict[str, list[int]]:
    """Rubrics by normalized id and by the handle the prompt showed."""
    by_id: dict[str, list[int]] = {}
    shown = rubric_prompt_ids(self.rubrics)
    for i, rubric_id in enumerate(self.ids):
      forms = {normalize_rubric_id(rubric_id)}
      forms.add(normalize_rubric_id(shown.get(rubric_id)))
      for form in forms - {""}:
        by_id.setdefault(form, []).append(i)
    return by_id

  @functools.cached_property
  def folds(self) -> dict[str, str]:
    """The `_rubric_folding.CONTEXTUAL_FOLDS` these rubrics allow.

    A fold is refused when it would merge words that tell two rubrics
    apart: one rubric holds the token and not its fold, another the fold
    and not the token.
    """
    holders: dict[str, set[int]] = {}
    for i, tokens in enumerate(self.folded):
      for token in _CONTEXTUAL_TOKENS.intersection(tokens):
        holders.setdefault(token, set()).add(i)
    allowed = {}
    for token, fold in folding.CONTEXTUAL_FOLDS.items() if holders else ():
      with_token = holders.get(token, set())
      with_fold = holders.get(fold, set())
      if not (with_token - with_fold and with_fold - with_token):
        allowed[token] = fold
    return allowed

  def fold(self, text: object) -> tuple[str, ...]:
    """`_rubric_folding.fold`, then the contextual folds these rubrics allow."""
    return self._refold(folding.fold(text))

  def _refold(self, tokens: tuple[str, ...]) -> tuple[str, ...]:
    if not self.folds or self.folds.keys().isdisjoint(tokens):
      return tokens
    return tuple(self.folds.get(t, t) for t in tokens)

  @functools.cached_property
  def folded(self) -> list[tuple[str, ...]]:
    """The rubric texts after `_rubric_folding.fold` alone."""
    return [folding.fold(t) for t in self.raw]

  @functools.cached_property
  def tokens(self) -> list[tuple[str, ...]]:
    return [self._refold(t) for t in self.folded]

  @functools.cached_property
  def token_sets(self) -> list[frozenset[str]]:
    return [frozenset(t) for t in self.tokens]

  @functools.cached_property
  def stems(self) -> list[frozenset[str]]:
    return [frozenset(map(_stem, t)) for t in self.token_sets]

  @functools.cached_property
  def prefixes(self) -> list[frozenset[str]]:
    return [frozenset(map(_prefix, t)) for t in self.token_sets]

  def rubrics_with(self, key: str, keys: list[frozenset[str]]) -> list[int]:
    """The rubrics whose `keys` (stems or prefixes) hold `key`."""
    postings = self._key_postings.setdefault(id(keys), {})
    if not postings:
      for j, held in enumerate(keys):
        for k in held:
          postings.setdefault(k, []).append(j)
    return postings.get(key, [])

  @functools.cached_property
  def numbers(self) -> list[tuple[str, ...]]:
    return [tuple(_numbers(t)) for t in self.tokens]

  @functools.cached_property
  def by_numbers(self) -> dict[tuple[str, ...], list[int]]:
    by_numbers: dict[tuple[str, ...], list[int]] = {}
    for i, numbers in enumerate(self.numbers):
      if numbers:
        by_numbers.setdefault(numbers, []).append(i)
    return by_numbers

  @functools.cached_property
  def copies(self) -> list[str]:
    return [_copy_form(t) for t in self.raw]

  @functools.cached_property
  def by_text(self) -> dict[tuple[str, ...], list[int]]:
    by_text: dict[tuple[str, ...], list[int]] = {}
    for i, tokens in enumerate(self.tokens):
      if tokens:
        by_text.setdefault(tokens, []).append(i)
    return by_text

  @functools.cached_property
  def postings(self) -> dict[str, list[int]]:
    postings: dict[str, list[int]] = {}
    for i, tokens in enumerate(self.token_sets):
      for token in tokens:
        postings.setdefault(token, []).append(i)
    return postings

  def signature(self, i: int) -> tuple[list[str], Any]:
    if i not in self._signatures:
      self._signatures[i] = _signature(self.tokens[i])
    return self._signatures[i]

  def resolve_id(self, rubric_id: Optional[str]) -> Optional[int]:
    """The rubric the echoed id names, or None if none or several do."""
    if not rubric_id:
      return None
    exact = self.exact_ids.get(rubric_id, [])
    if len(exact) == 1:
      return exact[0]
    found = self.by_id.get(normalize_rubric_id(rubric_id), [])
    return found[0] if len(found) == 1 else None

  def identify(
      self, tokens: tuple[str, ...], copy: str
  ) -> tuple[Optional[int], str, str]:
    """Returns (rubric, tier, why) for a property text.

    The rubric is None when the text names no rubric, or several; `why` then
    says which.
    """
    if not tokens:
      return None, "", "no property text"
    same = self.by_text.get(tokens)
    if same:
      if len(same) == 1:
        return same[0], TIER_TEXT, ""
      # Rubrics whose texts fold alike are told apart by an exact copy.
      exact = [i for i in same if self.copies[i] == copy]
      if len(exact) == 1:
        return exact[0], TIER_TEXT, ""
      return None, "", f"its text fits {len(same)} rubrics"
    return self._rewrite(tokens)

  def _rewrite(self, tokens: tuple[str, ...]) -> tuple[Optional[int], str, str]:
    """Returns (rubric, tier, why) for a text that is no rubric's folded text."""
    signature = _signature(tokens)
    found = [
        i
        for i in self._candidates(tokens)
        if self.attaches(tokens, i, signature)
    ]
    if len(found) == 1:
      return found[0], TIER_REWRITE, ""
    if found:
      names = ", ".join(_quote(self.ids[i]) for i in found[:3])
      return None, "", f"its text could be any of rubrics {names}"
    return None, "", "no rubric has this property text"

  def _candidates(self, tokens: tuple[str, ...]) -> list[int]:
    """Every rubric `attaches` could accept for `tokens`.

    Such a rubric holds every word and Han character of the block that some
    rubric holds, except those a respelling may bring (a Han word for its
    kana, see `_is_spelling`): any other would be a word only another
    rubric has (see `_only_others_hold`). So only the rubrics holding the
    rarest of those tokens are looked at.
    """
    held = sorted(
        (
            t
            for t in set(tokens)
            if t in self.postings
            and t not in _SPELLABLE
            and (folding.is_word(t) or folding.is_han(t))
        ),
        key=lambda t: (len(self.postings[t]), t),
    )
    if not held:
      return sorted({j for t in set(tokens) for j in self.postings.get(t, ())})
    found = self.postings[held[0]]
    for token in held[1:]:
      if len(found) <= 1:
        break
      found = [j for j in found if token in self.token_sets[j]]
    return [j for j in found if self.token_sets[j].issuperset(held)]

  @functools.cached_property
  def shared(self) -> frozenset[str]:
    """The tokens every rubric holds, when there are two rubrics or more."""
    if len(self.token_sets) < 2:
      return frozenset()
    return frozenset.intersection(*self.token_sets)

  @functools.cached_property
  def respellings(self) -> dict[str, list[str]]:
    """The rubrics' words by stem and with one vowel left out (`color`)."""
    found: dict[str, list[str]] = {}
    for token in filter(_is_respellable, self.postings):
      for key in (_stem(token), *_vowel_dropped(token)):
        found.setdefault(key, []).append(token)
    return found

  def respelled_in(self, token: str) -> set[int]:
    """The rubrics holding a word `token` respells (see `_respells`)."""
    if not _is_respellable(token):
      return set()
    words = {
        word
        for key in (_stem(token), token, *_vowel_dropped(token))
        for word in self.respellings.get(key, ())
        if _respells(token, word)
    }
    return {i for word in words for i in self.postings[word]}

  def attaches(
      self,
      block: tuple[str, ...],
      i: int,
      signature: Optional[tuple[list[str], Any]] = None,
  ) -> bool:
    """The guarded fallback: whether a block without a usable id is rubric i's.

    It is when its text differs from rubric `i`'s by a few words (at most
    `_MAX_PLACES` places of at most `_MAX_PLACE_TOKENS` tokens each, half of
    either text kept), holds `i`'s numbers and negations exactly, and
    against every other rubric sides with `i`: it holds a word that only
    `i` has (all of `i`'s words if `i` has none) and none that only the
    other has. Words every rubric holds may change freely (in unspaced
    scripts, not next to a character of `i`'s own: `_borders_own_word`);
    any other word of `i` may be kept, respelled (`_respells`,
    `_is_spelling`) or dropped, never replaced by another word. With
    rubrics `... SKU-7 together with its price` and `... SKU-8 ...`,
    `... listed product SKU-7 ...` is SKU-7's; with rubrics `before meals`
    and `after meals`, `with meals` and `meals` are neither's. Position
    never decides.
    """
    rubric = self.tokens[i]
    if signature is None:
      signature = _signature(block)
    if not rubric or signature != self.signature(i):
      return False
    if abs(len(block) - len(rubric)) > _MAX_PLACES * _MAX_PLACE_TOKENS:
      return False  # Out of the bound whatever the places: no alignment.
    spans = _spans(block, rubric)
    if len(spans) > _MAX_PLACES or any(
        max(len(b), len(r)) > _MAX_PLACE_TOKENS for b, r, _, _ in spans
    ):
      return False
    if 2 * sum(len(b) for b, _, _, _ in spans) > len(block) or 2 * sum(
        len(r) for _, r, _, _ in spans
    ) > len(rubric):
      return False
    mine = self.token_sets[i]
    written = frozenset(block)
    held = set(written & mine)
    for added, listed, start, end in spans:
      if _is_spelling(added, listed):
        held.update(listed)
        continue
      if self._letters_only_others_write(added, i):
        return False
      new = False
      for token in added:
        if token in mine:
          continue
        if self._only_others_hold(token, i):
          return False
        respelled = [r for r in listed if _respells(token, r)]
        held.update(respelled)
        new = new or not respelled
      if new and any(
          r not in self.shared and r not in held and r not in written
          for r in listed
      ):
        return False  # A word of rubric i's own replaced by another.
      if new and listed and self._borders_own_word(rubric, start, end):
        return False  # `食前` -> `就寝前`: shared 食, but another word.
    return self._sides_with_mine(held, i)

  def _borders_own_word(
      self, rubric: tuple[str, ...], start: int, end: int
  ) -> bool:
    """Whether `rubric[start:end]` touches a character of a word of its own.

    In a script written without spaces a token is a character, and the
    characters around a place belong to the word it changes: replacing the
    shared `食` of `食前` (before meals, against `食後`) writes `就寝前`
    (before bed), another word, though `前` is kept.
    """
    return any(
        0 <= k < len(rubric)
        and not folding.is_word(rubric[k])
        and rubric[k] not in self.shared
        for k in (start - 1, end)
    )

  def _only_others_hold(self, token: str, i: int) -> bool:
    """Whether `token` is, or respells, a word rubric `i` lacks and others have.

    A letter of an unspaced script other than Han (a kana, a Thai letter)
    is part of a word, not a word of its own: `済み` does not make `振込み`
    another rubric's word.
    """
    if not (folding.is_word(token) or folding.is_han(token)):
      return False
    if token in self.postings:
      return True
    theirs = self.respelled_in(token)
    return bool(theirs) and i not in theirs

  @functools.cached_property
  def letters(self) -> list[str]:
    """Each rubric's tokens, joined: where its runs of letters are read."""
    return ["".join(tokens) for tokens in self.tokens]

  def _letters_only_others_write(self, added: tuple[str, ...], i: int) -> bool:
    """Whether `added` holds a run of letters another rubric writes, not `i`.

    Two or more letters of an unspaced script other than Han, next to each
    other, may be a word (`サイズ`), though one alone is not (see
    `_only_others_hold`).
    """
    runs, run = [], []
    for token in (*added, ""):
      if token and not (folding.is_word(token) or folding.is_han(token)):
        run.append(token)
        continue
      if len(run) >= 2:
        runs.append("".join(run))
      run = []
    return any(
        run not in self.letters[i]
        and any(run in self.letters[j] for j in self.postings.get(run[0], ()))
        for run in runs
    )

  def _sides_with_mine(self, held: set[str], i: int) -> bool:
    """Whether the words of rubric `i` a block `held` side with `i`.

    They do when every other rubric lacks one of them, or, for another
    rubric holding every word of `i` and more (`the price` / `the price in
    euros`), when they are all of `i`'s words.
    """
    ordered = sorted(held, key=lambda t: len(self.postings[t]))
    found = self.postings[ordered[0]] if ordered else range(len(self.raw))
    for token in ordered[1:]:
      found = [j for j in found if token in self.token_sets[j]]
    mine = self.token_sets[i]
    return all(
        j == i or mine <= self.token_sets[j] and held >= mine for j in found
    )


def _is_respellable(token: str) -> bool:
  return folding.is_word(token) and not folding.is_number(token)


@functools.lru_cache(maxsize=65536)
def _vowel_dropped(token: str) -> frozenset[str]:
  """`token` with one of its vowels left out, for words of 6 letters or more."""
  if len(token) < 6 or not _is_respellable(token):
    return frozenset()
  return frozenset(
      token[:k] + token[k + 1 :]
      for k, char in enumerate(token)
      if char in _VOWELS
  )


_VOWELS = frozenset("aeiouy")


def _respells(written: str, listed: str) -> bool:
  """Whether word `written` spells word `listed` another way.

  The same word with other inflection endings (`listed` / `lists`,
  `sizing` / `size`), or with one vowel more or less (`colour` / `color`,
  `judgement` / `judgment`). A changed letter is another word
  (`employer` / `employee`), and so is any changed number.
  """
  if written == listed or not (
      _is_respellable(written) and _is_respellable(listed)
  ):
    return False
  return (
      _stem(written) == _stem(listed)
      or written in _vowel_dropped(listed)
      or listed in _vowel_dropped(written)
  )


def _is_spelling(block: tuple[str, ...], rubric: tuple[str, ...]) -> bool:
  """Whether `block`'s tokens spell `rubric`'s differently, nothing else.

  Either only the spacing of Korean words differs (`복용 중인` / `복용중인`;
  in other scripts joined words are other words, `now here` / `nowhere`),
  or one side writes in kana a word the other writes in Han characters, as
  Japanese allows for that word (`等` / `など`, `含` / `ふく`; see
  `_rubric_vocabulary.KANA_SPELLINGS`).
  """
  written, listed = "".join(block), "".join(rubric)
  return (
      written == listed
      and _HANGUL.fullmatch(written) is not None
      or written in _KANA_SPELLINGS.get(listed, ())
      or listed in _KANA_SPELLINGS.get(written, ())
  )


def _copy_form(text: object) -> str:
  if not isinstance(text, str):
    return ""
  return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _spans(
    block: tuple[str, ...], rubric: tuple[str, ...]
) -> list[tuple[tuple[str, ...], tuple[str, ...], int, int]]:
  """The places where two token sequences differ.

  Each is (block tokens, rubric tokens, start, end), `rubric[start:end]`
  being the rubric's tokens of the place.
  """
  # A rewrite mostly keeps both ends: align only the middle.
  start = 0
  while start < min(len(block), len(rubric)) and block[start] == rubric[start]:
    start += 1
  end = 0
  while (
      end < min(len(block), len(rubric)) - start
      and block[-1 - end] == rubric[-1 - end]
  ):
    end += 1
  offset = start
  block, rubric = (
      block[start : len(block) - end],
      rubric[start : len(rubric) - end],
  )
  if not block or not rubric:
    if not block and not rubric:
      return []
    return [(block, rubric, offset, offset + len(rubric))]
  matcher = difflib.SequenceMatcher(None, block, rubric, autojunk=False)
  return [
      (block[i1:i2], rubric[j1:j2], offset + j1, offset + j2)
      for tag, i1, i2, j1, j2 in matcher.get_opcodes()
      if tag != "equal"
  ]


def _signature(tokens: tuple[str, ...]) -> tuple[list[str], Any]:
  """What two texts of one rubric must share: numbers and negations."""
  return _numbers(tokens), _negations(tokens)


def _numbers(tokens: tuple[str, ...]) -> list[str]:
  """The numbers a text holds, in order; a run of Han numerals is one."""
  numbers = []
  run = []
  for token in (*tokens, ""):
    if token in _HAN_DIGITS or token in _HAN_UNITS:
      run.append(token)
      continue
    if run:
      numbers.append(_han_number(run))
      run = []
    if token and folding.is_number(token):
      numbers.append(token)
  return numbers


_HAN_DIGITS = dict(
    zip("〇零一二两三四五六七八九", (0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9))
)
_HAN_UNITS = {"十": 10, "百": 100, "千": 1000}


def _han_number(run: list[str]) -> str:
  """`三十` -> `30`, `一千零五` -> `1005`, `一千五` -> `1500`; else as written."""
  total, digit, unit, zero = 0, None, 0, False
  for token in run:
    if token in _HAN_DIGITS:
      if digit is not None:
        return "".join(run)  # `一二` is no number this reads.
      digit = _HAN_DIGITS[token]
      zero = zero or token in "〇零"
    else:
      unit = _HAN_UNITS[token]
      total += (1 if digit is None else digit) * unit
      digit = None
  if digit is not None and unit >= 100 and not zero:
    digit *= unit // 10  # A digit after 千 or 百 counts the next unit.
  return str(total + (digit or 0))


def _negations(tokens: tuple[str, ...]) -> tuple[int, list[str]]:
  """The negation words of a text, and the negation marks inside its runs."""
  words = [t for t in tokens if folding.is_word(t)]
  runs = "".join(t for t in tokens if not folding.is_word(t))
  marks = _NEGATION_MARK.findall(runs + " " + " ".join(words))
  return sum(t in _NEGATION_WORDS for t in words), sorted(marks)


@dataclasses.dataclass
class _Attached:
  block: int
  tier: str
  response: Any


def match_rubric_responses(
    rubrics: Sequence[Rubric], responses: Sequence[Any]
) -> RubricMatchReport:
  """Attaches the judge's verdict blocks to rubrics; see the module docstring.

  For example, with rubrics `r1: ユーザの服用中の薬を確認している` and
  `r2: 副作用等のリスクを説明している`, an answer with no id lines whose
  properties read `ユーザーの服用中の薬を確認している` (tier `text`: the long
  vowel mark is folded away) and `副作用などのリスクを説明している` (tier
  `rewrite`: `等` written in kana) scores both. Had the rubrics read `2錠を服用`
  and `3錠を服用`, a block `2錠服用する` could only be `r1`'s; a block
  `錠を服用する` is neither's and leaves both unscored.

  Args:
    rubrics: The effective rubrics, in prompt order.
    responses: The parsed blocks of one judge answer (`RubricResponse` or any
      object with `rubric_id`, `property_text`, `rationale`, `score` and,
      optionally, `verdict`), in the judge's order.

  Returns:
    One outcome per rubric, in rubric order, and the blocks attached to none.
  """
  index = _Rubrics(rubrics)
  attached: dict[int, list[_Attached]] = {}
  unmatched: list[UnmatchedBlock] = []
  for b, response in enumerate(responses):
    rubric_id = _text(getattr(response, "rubric_id", None))
    property_text = _text(getattr(response, "property_text", None))
    by_id = index.resolve_id(rubric_id)
    if by_id is not None and property_text == index.raw[by_id]:
      # The id and an exact copy of its rubric's text agree.
      attached.setdefault(by_id, []).append(_Attached(b, TIER_ID, response))
      continue
    tokens = index.fold(property_text)
    if tokens in _worked_examples() and tokens not in index.by_text:
      why = "it repeats the worked example of the prompt"
      unmatched.append(UnmatchedBlock(b, rubric_id, property_text, why))
      continue
    if by_id is not None:
      why = _id_refusal(index, by_id, property_text, tokens)
      if why:
        unmatched.append(UnmatchedBlock(b, rubric_id, property_text, why))
      else:
        attached.setdefault(by_id, []).append(_Attached(b, TIER_ID, response))
      continue
    by_text, tier, why = index.identify(tokens, _copy_form(property_text))
    if by_text is not None:
      attached.setdefault(by_text, []).append(_Attached(b, tier, response))
      continue
    if rubric_id and not tokens:
      why = "no rubric has this ID"
    elif rubric_id:
      why = f"no rubric has this ID, and {why}"
    unmatched.append(UnmatchedBlock(b, rubric_id, property_text, why))
  none_reason = (
      "no block of the answer could be attached to it"
      if unmatched
      else "the judge gave no verdict for it"
      if responses
      else "no verdict block could be read in the judge's answer"
  )
  outcomes = [
      _outcome(index, i, attached.get(i, []), none_reason)
      for i in range(len(index.ids))
  ]
  return RubricMatchReport(outcomes=outcomes, unmatched_blocks=unmatched)


@functools.cache
def _worked_examples() -> frozenset[tuple[str, ...]]:
  """The folded property texts of the worked examples in ADK's rubric prompts.

  Each prompt shows a judge an example answer (`ID: 1`, `Property: The
  final answer correctly identifies the total number of employees.`, ...).
  A judge that repeats it before its own answer did not judge those
  properties, so its example blocks attach to no rubric, even one whose id
  is `1`. The texts are read from the prompts themselves, so they follow
  the templates.
  """
  # Imported here: the evaluator modules import this one.
  from . import rubric_based_final_response_quality_v1 as final_response  # pylint: disable=g-import-not-at-top
  from . import rubric_based_multi_turn_trajectory_evaluator as multi_turn  # pylint: disable=g-import-not-at-top
  from . import rubric_based_tool_use_quality_v1 as tool_use  # pylint: disable=g-import-not-at-top

  prompts = (
      final_response._RUBRIC_BASED_FINAL_RESPONSE_QUALITY_V1_PROMPT,  # pylint: disable=protected-access
      multi_turn._RUBRIC_BASED_MULTI_TURN_TRAJECTORY_QUALITY_V1_PROMPT,  # pylint: disable=protected-access
      tool_use._RUBRIC_BASED_TOOL_USE_QUALITY_V1_PROMPT,  # pylint: disable=protected-access
  )
  return frozenset(
      folding.fold(text)
      for prompt in prompts
      for text in _EXAMPLE_PROPERTY.findall(prompt)
  )


# A property line of a prompt's example answer; not its `[...]` or `...`
# placeholders.
_EXAMPLE_PROPERTY = re.compile(r"^Property: ([^\[.].*)$", re.MULTILINE)


def _id_refusal(
    index: _Rubrics,
    i: int,
    property_text: Optional[str],
    tokens: tuple[str, ...],
) -> str:
  """Why a block whose id names rubric `i` is not attached to it, or "".

  The id is refused when the block's property text (folded: `tokens`) is
  another rubric's, or sides with another rubric (see `_sides_with`).
  """
  by_text, _, _ = index.identify(tokens, _copy_form(property_text))
  named = f"its ID names rubric {_quote(index.ids[i])}"
  if by_text is not None and by_text != i:
    return f"{named} but its text is rubric {_quote(index.ids[by_text])}'s"
  if by_text is None and tokens:
    rival = _sides_with(index, tokens, i)
    if rival is not None:
      return f"{named} but its text points to rubric {_quote(index.ids[rival])}"
  return ""


def _sides_with(
    index: _Rubrics, tokens: tuple[str, ...], i: int
) -> Optional[int]:
  """Another rubric the text sides with against rubric `i`, if any.

  The text sides with rubric `j` when it holds exactly `j`'s numbers and not
  `i`'s, or more of the words that `j` has and `i` lacks than of those that
  `i` has and `j` lacks, words compared without inflection endings
  (`confirmed` / `confirms`): a judge that echoed `r1` over a property
  reading `In turn 2 ...` answered `In turn 2 ...`'s rubric.
  """
  numbers = tuple(_numbers(tokens))
  if numbers and numbers != index.numbers[i]:
    for j in index.by_numbers.get(numbers, ()):
      if j != i:
        return j
  # Compared twice: by words without inflection endings, then by their
  # first five letters (`cancelled` / `cancels`, `canceló`); refusing is safe.
  for key, keys in ((_stem, index.stems), (_prefix, index.prefixes)):
    rival = _sides_with_words(index, frozenset(map(key, tokens)), keys, i)
    if rival is not None:
      return rival
  return None


def _sides_with_words(
    index: _Rubrics,
    block: frozenset[str],
    keys: list[frozenset[str]],
    i: int,
) -> Optional[int]:
  """The rubric whose distinguishing keys the block holds more of than `i`'s."""
  mine = keys[i]
  seen: set[int] = set()
  # Rarest keys first, so that the rivals looked at are the likeliest ones,
  # and the same ones on every run.
  rarest = sorted(
      block - mine, key=lambda k: (len(index.rubrics_with(k, keys)), k)
  )
  for key in rarest:
    for j in index.rubrics_with(key, keys):
      if j in seen or j == i:
        continue
      seen.add(j)
      theirs = keys[j]
      if len(block & (theirs - mine)) > len(block & (mine - theirs)):
        return j
      if len(seen) >= _MAX_RIVALS:
        return None
  return None


def _prefix(token: str) -> str:
  """The first five letters of a word; any other token as it is."""
  return token[:5] if folding.is_word(token) else token


@functools.lru_cache(maxsize=65536)
def _stem(token: str) -> str:
  """A word without up to two inflection endings (`stopped` -> `stop`)."""
  for _ in range(2):
    for ending in ("ing", "ed", "es", "e", "s", "d"):
      if token.endswith(ending) and len(token) - len(ending) >= 3:
        token = token[: -len(ending)]
        if ending in ("ing", "ed") and token[-1] == token[-2]:
          token = token[:-1]  # A doubled consonant: `stopp` -> `stop`.
        break
  return token


def _outcome(
    index: _Rubrics, i: int, blocks: list[_Attached], none_reason: str
) -> RubricOutcome:
  rubric_id = index.ids[i]
  if not blocks:
    return RubricOutcome(rubric_id=rubric_id, reason=none_reason)
  # A block without a verdict line does not outvote one with a verdict; a
  # verdict that is no yes or no (`Uncertain`) does.
  scored = [a for a in blocks if getattr(a.response, "score", None) is not None]
  first = (scored or blocks)[0]
  scores = {
      getattr(a.response, "score", None)
      for a in blocks
      if a in scored or _text(getattr(a.response, "verdict", None))
  }
  score = getattr(first.response, "score", None)
  reason = None
  if len(scores) > 1:
    score = None
    reason = (
        f"the judge answered it {len(blocks)} times with different verdicts"
    )
  elif score is None:
    verdict = _text(getattr(first.response, "verdict", None))
    reason = getattr(first.response, "unscored_reason", None) or (
        f"verdict {_quote(verdict)} is not a yes or a no"
        if verdict
        else "its block has no verdict"
    )
  elif _about_applying(index.raw[i], getattr(first.response, "verdict", None)):
    # "Not applicable" is a yes, except for a property about what applies.
    score = None
    reason = "not applicable, to a property that is itself about what applies"
  return RubricOutcome(
      rubric_id=rubric_id,
      score=score,
      rationale=getattr(first.response, "rationale", None),
      reason=reason,
      tier=first.tier,
      block=first.block,
  )


def _about_applying(text: str, verdict: object) -> bool:
  """Whether a "not applicable" verdict answers a property about applying.

  Such a property names what applies (`APPLICABILITY_WORDS`), or shares a
  word with the verdict (`Không áp dụng` for `... áp dụng mã giảm giá`):
  "not applicable" may then mean "not applied", and is no verdict.
  """
  if not is_not_applicable(verdict):
    return False
  folded = text.casefold()
  words = set(folded.split())
  return any(word in folded for word in APPLICABILITY_WORDS) or any(
      len(word) > 2 and word in words and read_verdict(word) is None
      for word in read(verdict)[2].split()
      if word not in ("not", "non", "nicht", "pas")
  )


def _text(value: object) -> Optional[str]:
  return value if isinstance(value, str) and value.strip() else None
