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
   `_rubric_folding.fold`) equals the text of exactly one rubric, with the
   same signs (`-5` is not `5`, `$` is not `€`: see
   `_rubric_folding.signs`).
3. **rewrite**: the property text is a spelling of exactly one rubric's
   text, never a changed word; a word that every rubric has may be
   inflected (`lists` / `listed`; see `_Rubrics.is_rewrite`).

Blocks that repeat the worked example of ADK's rubric prompts (the
`ID: 1`-`3` blocks about employees, or about `grammar_check`) are not
answers: they attach to nothing, whatever id they carry.

Position never decides. A rubric whose blocks disagree, or whose verdict is
not a yes or a no, or that got no block, is unscored with its reason.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
import dataclasses
import difflib
import functools
import itertools
import re
from typing import Any
from typing import Optional

from . import _rubric_folding as folding
from ._rubric_accounting import quote as _quote
from ._rubric_accounting import RubricMatchReport
from ._rubric_accounting import RubricOutcome
from ._rubric_accounting import UnmatchedBlock
from ._rubric_ids import normalize_rubric_id
from ._rubric_ids import rubric_prompt_ids
from ._rubric_scripts.han import CONTEXTUAL_FOLDS
from ._rubric_scripts.japanese import KANA_SPELLINGS
from ._rubric_verdicts import is_not_applicable
from ._rubric_verdicts import read
from ._rubric_verdicts import read_verdict
from ._rubric_vocabulary import APPLICABILITY_WORDS
from .eval_rubrics import Rubric

# Kana spellings of Han words, both folded as texts are.
_KANA_SPELLINGS: dict[str, tuple[str, ...]] = {
    "".join(folding.fold(han)): tuple("".join(folding.fold(k)) for k in kana)
    for han, kana in KANA_SPELLINGS.items()
}

# The Han characters that a Japanese block may write for a rubric's kana.
_KANA_SPELLED = frozenset("".join(_KANA_SPELLINGS))

TIER_ID = "id"
TIER_TEXT = "text"
TIER_REWRITE = "rewrite"

# A rewrite changes at most this many places of the text, and this many Han
# characters on either side: the reported judge rewrites change one or two
# words (`ユーザ`, `等`, `含めて`, `lists` / `listed`), and a tight bound keeps
# candidates few.
_MAX_SPANS = 3
_MAX_HAN = 2
# Candidates for a rewrite must hold one of this many of the block's rarest
# tokens: a rewrite leaves at most `_MAX_SPANS * _MAX_SPAN_TOKENS` tokens of
# the block outside the rubric's text, so one of these is always in it.
_MAX_SPAN_TOKENS = 6
_RARE_TOKENS = _MAX_SPANS * _MAX_SPAN_TOKENS + 1
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
# The tokens of `_rubric_scripts.han.CONTEXTUAL_FOLDS`, folded or fold targets.
_CONTEXTUAL_TOKENS = frozenset(CONTEXTUAL_FOLDS) | frozenset(
    CONTEXTUAL_FOLDS.values()
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
    self._not_applicable: dict[str, bool] = {}
    self._sign_cache: dict[int, tuple[str, ...]] = {}
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
    """The `_rubric_scripts.han.CONTEXTUAL_FOLDS` these rubrics allow.

    A fold is refused when it would merge characters that tell two rubrics
    apart: one rubric holds the character and not its fold, another the fold
    and not the character (`於先生` / `于先生`).
    """
    holders: dict[str, set[int]] = {}
    for i, tokens in enumerate(self.folded):
      for token in _CONTEXTUAL_TOKENS.intersection(tokens):
        holders.setdefault(token, set()).add(i)
    allowed = {}
    for token, fold in CONTEXTUAL_FOLDS.items() if holders else ():
      with_token = holders.get(token, set())
      with_fold = holders.get(fold, set())
      if not (with_token - with_fold and with_fold - with_token):
        allowed[token] = fold
    return allowed

  def fold(self, text: object) -> tuple[str, ...]:
    """`_rubric_folding.fold`, then the contextual folds these rubrics allow."""
    if isinstance(text, str) and text in self.by_raw:
      return self.tokens[self.by_raw[text]]  # A rubric's text, folded once.
    return self._refold(folding.fold(text))

  @functools.cached_property
  def by_raw(self) -> dict[str, int]:
    """A rubric with each exact text (blocks often copy one)."""
    return {t: i for i, t in enumerate(self.raw) if isinstance(t, str)}

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
  def counted(self) -> list[tuple[tuple[str, str], ...]]:
    return [_counted(t) for t in self.tokens]

  @functools.cached_property
  def by_counted(self) -> dict[tuple[tuple[str, str], ...], list[int]]:
    by_counted: dict[tuple[tuple[str, str], ...], list[int]] = {}
    for i, counted in enumerate(self.counted):
      if counted:
        by_counted.setdefault(counted, []).append(i)
    return by_counted

  @functools.cached_property
  def han_sets(self) -> list[frozenset[str]]:
    return [frozenset(filter(folding.is_han, t)) for t in self.token_sets]

  @functools.cached_property
  def copies(self) -> list[str]:
    return [folding.copy_form(t) for t in self.raw]

  def signs(self, i: int) -> tuple[str, ...]:
    """The signs of rubric `i`'s text (see `_rubric_folding.signs`)."""
    if i not in self._sign_cache:
      self._sign_cache[i] = folding.signs(self.copies[i])
    return self._sign_cache[i]

  def repeats_example(self, tokens: tuple[str, ...]) -> bool:
    """Whether a block repeats the prompt's worked example, not a rubric."""
    return tokens in _worked_examples() and tokens not in self.by_text

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

  def not_applicable(self, verdict: object) -> bool:
    """`is_not_applicable`, read once per verdict string of the answer."""
    if not isinstance(verdict, str):
      return is_not_applicable(verdict)
    if verdict not in self._not_applicable:
      self._not_applicable[verdict] = is_not_applicable(verdict)
    return self._not_applicable[verdict]

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
      # Folding drops signs (`-5` / `5`, `$` / `€`): the texts must agree on
      # them too (an exact copy does).
      if any(self.copies[i] != copy for i in same):
        signs = folding.signs(copy)
        same = [
            i for i in same if self.copies[i] == copy or self.signs(i) == signs
        ]
      if not same:
        return None, "", "its text differs from a rubric's in a sign"
      if len(same) == 1:
        return same[0], TIER_TEXT, ""
      # Rubrics whose texts fold alike are told apart by an exact copy.
      exact = [i for i in same if self.copies[i] == copy]
      if len(exact) == 1:
        return exact[0], TIER_TEXT, ""
      return None, "", f"its text fits {len(same)} rubrics"
    return self._rewrite(tokens, copy)

  def _rewrite(
      self, tokens: tuple[str, ...], copy: str
  ) -> tuple[Optional[int], str, str]:
    """Returns (rubric, tier, why) for a text that is no rubric's folded text."""
    signature = _signature(tokens)
    rewrites = [
        i
        for i in self._candidates(tokens)
        if self.is_rewrite(tokens, i, signature)
    ]
    if rewrites:
      signs = folding.signs(copy)
      rewrites = [i for i in rewrites if self.signs(i) == signs]
    if len(rewrites) == 1:
      return rewrites[0], TIER_REWRITE, ""
    if rewrites:
      names = ", ".join(_quote(self.ids[i]) for i in rewrites[:3])
      return None, "", f"its text could be any of rubrics {names}"
    return None, "", "no rubric has this property text"

  def _candidates(self, tokens: tuple[str, ...]) -> list[int]:
    """Every rubric that could be a rewrite of `tokens`.

    A rewrite keeps every word and Han character of the block that some
    rubric has, except a Han character it writes for the rubric's kana (see
    `is_rewrite`), and changes at most `_MAX_HAN` Han characters of the
    rubric's, so only rubrics that hold every such token of the block, and
    lack at most that many of its Han characters, are looked at.
    """
    block = {t for t in tokens if t in self.postings}
    fixed = sorted(
        (
            t
            for t in block
            if folding.is_word(t)
            or folding.is_han(t)
            and t not in _KANA_SPELLED
        ),
        key=self._frequency,
    )
    if fixed:
      found = set(self.postings[fixed[0]])
      for token in fixed[1:]:
        if not found:
          return []
        found.intersection_update(self.postings[token])
    else:
      found = set()
      for token in sorted(block, key=self._frequency)[:_RARE_TOKENS]:
        found.update(self.postings[token])
    if any(self.han_sets[i] for i in found):
      mine = frozenset(t for t in tokens if folding.is_han(t))
      found = {i for i in found if len(self.han_sets[i] - mine) <= _MAX_HAN}
    return sorted(found)

  def _frequency(self, token: str) -> int:
    return len(self.postings[token])

  def is_rewrite(
      self,
      block: tuple[str, ...],
      i: int,
      signature: tuple[list[str], Any],
  ) -> bool:
    """Whether `block` is rubric `i`'s text written otherwise, not changed.

    The two hold the same numbers and negations, keep at least half of
    their tokens in common, and differ in at most `_MAX_SPANS` places and
    `_MAX_HAN` Han characters on either side, each place a spelling (see
    `_is_spelling`) or a word that every rubric has in another inflection
    (see `inflects`).
    """
    rubric = self.tokens[i]
    if not rubric or signature != self.signature(i):
      return False
    block_set = frozenset(block)
    extra = block_set - self.token_sets[i]
    missing = self.token_sets[i] - block_set
    if max(len(extra), len(missing)) > _RARE_TOKENS - 1:
      return False
    spans = _spans(block, rubric)
    if len(spans) > _MAX_SPANS:
      return False
    changed_block = sum(len(b) for b, _ in spans)
    changed_rubric = sum(len(r) for _, r in spans)
    if 2 * changed_block > len(block) or 2 * changed_rubric > len(rubric):
      return False
    for side in (0, 1):
      if sum(folding.is_han(t) for span in spans for t in span[side]) > (
          _MAX_HAN
      ):
        return False
    return all(_is_spelling(b, r) or self.inflects(b, r) for b, r in spans)

  def inflects(self, written: tuple[str, ...], listed: tuple[str, ...]) -> bool:
    """Whether a block writes a word that every rubric has inflected.

    One word for one word, the same stem with another verb ending (see
    `_inflected_alike`), where the rubric's word is in every rubric's text
    (and there are two rubrics or more) and the block's is in none: such a
    word tells no rubric apart, so 200 rubrics `The final answer lists
    product SKU-<n> ...` answered `listed` each keep their own SKU. A word
    that only some rubrics have is never inflected: a stem is no meaning
    (`card` / `car`, `Reise` / `Reis`), and the word may be what names the
    rubric.
    """
    if len(written) != 1 or len(listed) != 1 or len(self.ids) < 2:
      return False
    (word,), (other,) = written, listed
    return (
        word not in self.postings
        and len(self.postings.get(other, ())) == len(self.ids)
        and _inflected_alike(word, other)
    )


# English verb endings that inflect a word without making another word.
_VERB_ENDINGS = ("s", "es", "d", "ed")


def _inflected_alike(word: str, other: str) -> bool:
  """Whether two words are one stem with two of `_VERB_ENDINGS`.

  `lists` / `listed`, `confirms` / `confirmed`, `uses` / `used`; never a
  bare stem (`term` / `terms`, `custom` / `customs`), nor `-ing` or `-e`
  (`rate` / `rating`, `train` / `training`, `plan` / `plane`): those make
  other words as often as they inflect one.
  """
  if word == other or not (folding.is_word(word) and folding.is_word(other)):
    return False
  for ending in _VERB_ENDINGS:
    stem = word[: -len(ending)]
    if word.endswith(ending) and len(stem) >= 3 and stem.isalpha():
      for other_ending in _VERB_ENDINGS:
        if other == stem + other_ending:
          return True
  return False


def _is_spelling(block: tuple[str, ...], rubric: tuple[str, ...]) -> bool:
  """Whether `block`'s tokens spell `rubric`'s differently, nothing else.

  Either only the spacing of Korean words differs, words joined or split
  (`복용 중인` / `복용중인`; in other scripts joined words are other words,
  `now here` / `nowhere`), never a space moved (`아버지가 방에`, father
  into the room, / `아버지 가방에`, into father's bag),
  or one side writes in kana a word the other writes in Han characters, as
  Japanese allows for that word (`等` / `など`, `含` / `ふく`; see
  `_rubric_scripts.japanese.KANA_SPELLINGS`).
  """
  written, listed = "".join(block), "".join(rubric)
  return (
      written == listed
      and _HANGUL.fullmatch(written) is not None
      and min(len(block), len(rubric)) == 1
      or written in _KANA_SPELLINGS.get(listed, ())
      or listed in _KANA_SPELLINGS.get(written, ())
  )


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


def _spans(
    block: tuple[str, ...], rubric: tuple[str, ...]
) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
  """The places where two token sequences differ, as (block, rubric) pairs."""
  # A rewrite mostly keeps both ends: align only the middle.
  shorter = min(len(block), len(rubric))
  start = 0
  while start < shorter and block[start] == rubric[start]:
    start += 1
  end = 0
  while end < shorter - start and block[-1 - end] == rubric[-1 - end]:
    end += 1
  block, rubric = (
      block[start : len(block) - end],
      rubric[start : len(rubric) - end],
  )
  if not block or not rubric:
    return [(block, rubric)] if block or rubric else []
  matcher = difflib.SequenceMatcher(None, block, rubric, autojunk=False)
  return [
      (block[i1:i2], rubric[j1:j2])
      for tag, i1, i2, j1, j2 in matcher.get_opcodes()
      if tag != "equal"
  ]


def _signature(tokens: tuple[str, ...]) -> tuple[list[str], Any]:
  """What two texts of one rubric must share: numbers and negations."""
  return _numbers(tokens), _negations(tokens)


def _numbers(tokens: tuple[str, ...]) -> list[str]:
  """The numbers a text holds, in order; a run of Han numerals is one."""
  return [number for number, _ in _numbers_at(tokens)]


def _numbers_at(tokens: tuple[str, ...]) -> list[tuple[str, int]]:
  """The numbers of `_numbers`, each with the index of the token after it."""
  if _HAN_DIGITS.keys().isdisjoint(tokens) and not any(
      map(folding.is_number, tokens)
  ):
    return []  # Most texts hold none (`两` is the one digit no numeral).
  numbers = []
  run = []
  for k, token in enumerate((*tokens, "")):
    if token in _HAN_DIGITS or token in _HAN_UNITS:
      run.append(token)
      continue
    if run:
      numbers.append((_han_number(run), k))
      run = []
    if token and folding.is_number(token):
      numbers.append((token, k + 1))
  return numbers


def _counted(tokens: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
  """The numbers of a text, each with what it counts, sorted.

  What a number counts is the token after it, without inflection endings
  (`2 tablets`, `3 days`, `3天`): a sentence said in another order keeps
  its pairs, numbers moved onto other words do not (`3 tablets for 2 days`
  is not `2 tablets for 3 days`).
  """
  after = (*tokens, "")
  return tuple(sorted((n, _stem(after[k])) for n, k in _numbers_at(tokens)))


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
  words = list(filter(folding.is_word, tokens))
  if not words or len(words) == len(tokens):
    # One script only, as most texts are: no second pass over the tokens.
    runs = "" if words else "".join(tokens)
  else:
    runs = "".join(itertools.filterfalse(folding.is_word, tokens))
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
    if index.repeats_example(tokens):
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
    by_text, tier, why = index.identify(
        tokens, folding.copy_form(property_text)
    )
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


def _id_refusal(
    index: _Rubrics,
    i: int,
    property_text: Optional[str],
    tokens: tuple[str, ...],
) -> str:
  """Why a block whose id names rubric `i` is not attached to it, or "".

  The id is refused when the block's property text (folded: `tokens`) is another
  rubric's (or several others'), leaves out one of its rubric's numbers
  (`three tablets` over `2 tablets` may be another rubric's, in words not
  compared here; a number it adds, as `1日` in `1日2錠`, does not matter), gives
  other signs than its rubric (`+5 °C` over `-5 °C`, `$10` over `10%`), restates
  it with other negations (`does not mention the fee` over `mentions the fee`),
  or sides with another rubric (see `_sides_with`).
  """
  copy = folding.copy_form(property_text)
  by_text, _, _ = index.identify(tokens, copy)
  named = f"its ID names rubric {_quote(index.ids[i])}"
  if by_text is not None and by_text != i:
    return f"{named} but its text is rubric {_quote(index.ids[by_text])}'s"
  others = index.by_text.get(tokens, ())
  if by_text is None and others and i not in others:
    return f"{named} but its text is that of {len(others)} other rubrics"
  if by_text is None and tokens:
    written = _numbers(tokens)
    mine = index.numbers[i]
    if any(written.count(n) < mine.count(n) for n in mine):
      return f"{named} but its text does not give that rubric's numbers"
    if _bare_signs(copy) != _bare_signs(index.copies[i]):
      return f"{named} but its text differs from that rubric's in a sign"
    if _negations(tokens) != index.signature(i)[1] and (
        2 * len(index.token_sets[i].intersection(tokens))
        >= len(index.token_sets[i])
    ):
      # A restatement of the rubric (half its words or more) with a
      # negation added or dropped says the opposite.
      return f"{named} but its text differs from that rubric's in a negation"
    rival = _sides_with(index, tokens, i)
    if rival is not None:
      return f"{named} but its text points to rubric {_quote(index.ids[rival])}"
  return ""


# Quotes and emphasis a judge may put around a property it copies.
_AROUND = " \"'`*_“”‘’「」『』«»‹›"


def _bare_signs(copy: str) -> tuple[str, ...]:
  """The signs of a text without the quotes or emphasis around it."""
  return folding.signs(copy.strip(_AROUND))


def _sides_with(
    index: _Rubrics, tokens: tuple[str, ...], i: int
) -> Optional[int]:
  """Another rubric the text sides with against rubric `i`, if any.

  The text sides with rubric `j` when it counts what `j` counts and not what
  `i` counts (`_counted`), or holds exactly `j`'s numbers and not `i`'s
  (unless it counts what `i` counts), or more of the words that `j` has and `i` lacks than of those that
  `i` has and `j` lacks, words compared without inflection endings
  (`confirmed` / `confirms`): a judge that echoed `r1` over a property
  reading `In turn 2 ...` answered `In turn 2 ...`'s rubric.
  """
  numbers = tuple(_numbers(tokens))
  counted = _counted(tokens)
  if numbers and counted != index.counted[i]:
    rivals = list(index.by_counted.get(counted, ()))
    if numbers != index.numbers[i]:
      rivals += index.by_numbers.get(numbers, ())
    for j in rivals:
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
  # verdict that is no yes or no (`Uncertain`), or an empty one, does.
  scored = [a for a in blocks if getattr(a.response, "score", None) is not None]
  first = (scored or blocks)[0]
  scores = {
      getattr(a.response, "score", None)
      for a in blocks
      if getattr(a.response, "score", None) is not None
      or getattr(a.response, "verdict", None) is not None
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
  elif _about_applying(
      index.raw[i],
      getattr(first.response, "verdict", None),
      index.not_applicable,
  ):
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


def _about_applying(
    text: object,
    verdict: object,
    not_applicable: Callable[[object], bool],
) -> bool:
  """Whether a "not applicable" verdict answers a property about applying.

  Such a property names what applies (`APPLICABILITY_WORDS`), or shares a
  word with the verdict (`Không áp dụng` for `... áp dụng mã giảm giá`):
  "not applicable" may then mean "not applied", and is no verdict.
  `not_applicable` is `is_not_applicable` (the answer's `_Rubrics` reads
  each verdict once).
  """
  if not not_applicable(verdict):
    return False
  folded = text.casefold() if isinstance(text, str) else ""
  words = set(folded.split())
  return any(word in folded for word in APPLICABILITY_WORDS) or any(
      len(word) > 2 and word in words and read_verdict(word) is None
      for word in read(verdict)[2].split()
  )


def _text(value: object) -> Optional[str]:
  return value if isinstance(value, str) and value.strip() else None
