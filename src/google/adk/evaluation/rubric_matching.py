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

"""Reads rubric verdicts from a judge's answer and attaches them to rubrics.

Rubric based evaluators ask a judge model to answer every rubric with an
`ID: / Property: / Rationale: / Verdict:` block. Judges that work in another
language rarely copy that shape exactly: they translate the labels, use
full-width colons or markdown, answer `はい`, rewrite the property text
(`ユーザ` -> `ユーザー`, `等` -> `など`), forget the id line, or skip a rubric.

This module turns such an answer into one verdict per rubric in four steps,
each usable on its own:

1. `parse_judge_output` reads the answer into `JudgeBlock`s. It tolerates what
   judges write (translated labels, decoration, JSON) and never discards the
   whole answer because one block is malformed.
2. `fold_text` and `normalize_rubric_id` reduce property texts and ids to the
   forms in which spelling variants of the same text compare equal. Each fold
   is a named step (see `FOLD_STEPS`) so that a match can be explained.
3. `match_rubric_responses` pairs blocks with rubrics one to one, in tiers:
   the echoed id, then equal folded text, then a guarded similarity score,
   then (only for an answer that is complete and in order) the position. Each
   tier refuses to guess: an ambiguous candidate leaves the rubric unscored.
4. The returned `RubricMatchReport` accounts for every rubric (scored, or
   unscored with a reason) and every block that matched no rubric, and logs
   one warning per judge answer when anything is missing.
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
import dataclasses
import difflib
import functools
import itertools
import json
import logging
import operator
import re
from typing import Any
from typing import Optional
import unicodedata

from ._han_variants import TRADITIONAL_TO_SIMPLIFIED
from .eval_rubrics import Rubric
from .eval_rubrics import RubricScore

logger = logging.getLogger("google_adk." + __name__)

# ---------------------------------------------------------------------------
# Vocabulary: every label and verdict form the parser accepts, in one place.
# Keys are compared after `_normalize_word`, so case and full-width forms of
# these words need not be listed.
# ---------------------------------------------------------------------------

LABEL_WORDS: dict[str, tuple[str, ...]] = {
    "id": (
        "id",
        "rubric id",
        "rubric_id",
        "property id",
        "識別子",
        "编号",
        "編號",
        "아이디",
        "식별자",
        "معرف",
        "المعرف",
        "идентификатор",
        "आईडी",
        "รหัส",
    ),
    "property": (
        "property",
        "rubric",
        "criterion",
        "プロパティ",
        "性質",
        "特性",
        "属性",
        "屬性",
        "性质",
        "항목",
        "속성",
        "الخاصية",
        "خاصية",
        "المعيار",
        "свойство",
        "критерий",
        "गुण",
        "मानदंड",
        "คุณสมบัติ",
        "เกณฑ์",
    ),
    "evidence": (
        "evidence",
        "証拠",
        "エビデンス",
        "证据",
        "證據",
        "증거",
        "الدليل",
        "الأدلة",
        "доказательства",
        "साक्ष्य",
        "प्रमाण",
        "หลักฐาน",
    ),
    "rationale": (
        "rationale",
        "reasoning",
        "reason",
        "理由",
        "根拠",
        "理据",
        "理據",
        "依据",
        "依據",
        "근거",
        "이유",
        "المبرر",
        "التبرير",
        "السبب",
        "обоснование",
        "तर्क",
        "कारण",
        "เหตุผล",
    ),
    "verdict": (
        "verdict",
        "判定",
        "評決",
        "判断",
        "裁定",
        "판정",
        "평결",
        "الحكم",
        "القرار",
        "вердикт",
        "निर्णय",
        "फ़ैसला",
        "คำตัดสิน",
    ),
}

VERDICT_WORDS: dict[float, tuple[str, ...]] = {
    1.0: (
        "yes",
        "true",
        "はい",
        "是",
        "是的",
        "对",
        "對",
        "符合",
        "满足",
        "滿足",
        "예",
        "네",
        "충족",
        "نعم",
        "да",
        "हाँ",
        "हां",
        "ใช่",
        "sí",
        "si",
        "oui",
        "ja",
        "sim",
        "evet",
        "ya",
        "có",
        "כן",
        "tak",
    ),
    0.0: (
        "no",
        "false",
        "いいえ",
        "否",
        "不",
        "不是",
        "不对",
        "不對",
        "不符合",
        "不满足",
        "不滿足",
        "아니요",
        "미충족",
        "불충족",
        "아니오",
        "아니",
        "لا",
        "нет",
        "नहीं",
        "ไม่",
        "ไม่ใช่",
        "non",
        "nein",
        "não",
        "hayır",
        "tidak",
        "không",
        "לא",
        "nie",
        "nee",
    ),
}

# Words that join two alternatives ("yes or no"): a verdict that offers both
# answers is an echo of the instructions, not a verdict.
_ALTERNATIVE_WORDS = frozenset((
    "or",
    "または",
    "或",
    "或者",
    "또는",
    "أو",
    "или",
    "या",
    "หรือ",
    "oder",
    "ou",
))

# Verdict words that, followed by another word, negate that word instead.
_NEGATION_PARTICLES = frozenset(("لا", "ไม่", "नहीं", "不"))

# Keys a judge may use when it answers in JSON instead of text; the label
# words above are accepted as keys too.
_JSON_KEYS: dict[str, str] = {
    "id": "id",
    "rubricid": "id",
    "propertyid": "id",
    "property": "property",
    "textproperty": "property",
    "rubric": "property",
    "criterion": "property",
    "evidence": "evidence",
    "rationale": "rationale",
    "reasoning": "rationale",
    "reason": "rationale",
    "explanation": "rationale",
    "verdict": "verdict",
    "answer": "verdict",
    "result": "verdict",
}

# Arabic vowel marks and tatweel, which do not change a verdict word.
_VERDICT_MARKS = dict.fromkeys((*range(0x064B, 0x0660), 0x0670, 0x0640), None)
_MAX_LABEL_CHARS = 48
_MAX_VERDICT_CHARS = 80
_LEADING_DECORATION = (
    " \t\u3000>*_#-+|`\u2022\u00b7\u30fb\u25cf\u25cb\u25aa\u2013\u2014"
)
_LABEL_DECORATION = " \t*_`#[]\u3010\u3011"
_VALUE_DECORATION = " \t*_"
_LIST_NUMBER = re.compile(r"\(?[0-9]{1,3}[.)]\s+")
_ID_TAG = re.compile(r"\[\s*id\s*:\s*([^\]\n]{0,200})\]\s*", re.IGNORECASE)
_ID_LABEL_PREFIX = re.compile(r"(?:rubric[ _-]?)?id\s*[:=]\s*", re.IGNORECASE)
_ID_WRAPPERS = (
    " \t*_`'\"[](){}<>\u00ab\u00bb\u2018\u2019\u201c\u201d"
    "\u300c\u300d\u300e\u300f\u3010\u3011"
)
_ID_TRAILING = ".,;:\u3002\u3001"
_WHITESPACE = re.compile(r"\s+")


_JSON_KEY_DROP = re.compile(r"[\W_]")


def _normalize_word(text: str) -> str:
  """Returns `text` as compared against the vocabulary tables."""
  text = unicodedata.normalize("NFKC", text).casefold()
  return _WHITESPACE.sub(" ", text.strip(_LABEL_DECORATION))


_LABEL_INDEX: dict[str, str] = {
    _normalize_word(word): field
    for field, words in LABEL_WORDS.items()
    for word in words
}
_JSON_KEYS.update({
    _JSON_KEY_DROP.sub("", _normalize_word(word)): field
    for field, words in LABEL_WORDS.items()
    for word in words
})
_VERDICT_INDEX: dict[str, float] = {
    _normalize_word(word): score
    for score, words in VERDICT_WORDS.items()
    for word in words
}

# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------


@dataclasses.dataclass
class JudgeBlock:
  """One rubric verdict as the judge wrote it.

  Attributes:
    rubric_id: The id the judge echoed, if any, as written.
    property_text: The property text the judge echoed, if any.
    rationale: The judge's rationale (multi-line text is kept whole).
    evidence: The judge's evidence, for templates that ask for it.
    verdict: The verdict as the judge wrote it, if any.
    score: 1.0 for a yes, 0.0 for a no, None when the verdict is missing or is
      not a recognised yes/no word.
    line: The 1-based line of the answer on which the block starts (0 for a
      block read from JSON).
  """

  rubric_id: Optional[str] = None
  property_text: Optional[str] = None
  rationale: Optional[str] = None
  evidence: Optional[str] = None
  verdict: Optional[str] = None
  score: Optional[float] = None
  line: int = 0


def parse_verdict(verdict: object) -> Optional[float]:
  """Returns 1.0 for a yes, 0.0 for a no and None for anything else.

  The verdict is read as whole words after NFKC normalization and case
  folding, so `Yes`, `**yes**`, `はい。`, `ＹＥＳ` and `Yes, the agent did` are
  all a yes, while `unknown` (which contains "no"), `N/A`, `maybe`,
  `partially` and an echoed `yes|no` are not a verdict at all.

  Args:
    verdict: The verdict as the judge wrote it. A bool is taken as is.

  Returns:
    The score for the verdict, or None when it is not a yes or a no.
  """
  if isinstance(verdict, bool):
    return 1.0 if verdict else 0.0
  if not isinstance(verdict, str):
    return None
  verdict = verdict[:_MAX_VERDICT_CHARS].translate(_VERDICT_MARKS)
  score = _VERDICT_INDEX.get(verdict.strip().casefold())
  if score is not None:
    return score
  text = unicodedata.normalize("NFKC", verdict[:_MAX_VERDICT_CHARS]).casefold()
  words = []
  separators = []
  current = []
  separator = []
  for char in text:
    if unicodedata.category(char)[0] in "PSZC":
      if current:
        words.append("".join(current))
        separators.append("".join(separator))
        current, separator = [], []
      separator.append(char)
    else:
      current.append(char)
    if len(words) == 3:
      break
  if current and len(words) < 3:
    words.append("".join(current))
    separators.append("".join(separator))
  if not words:
    return None
  score = _VERDICT_INDEX.get(words[0])
  if score is None:
    return None
  # "yes/no", "yes|no" and "yes or no" offer both answers.
  if len(words) > 1 and ("/" in separators[1] or "|" in separators[1]):
    if _VERDICT_INDEX.get(words[1], score) != score:
      return None
  # "لا ينطبق" (not applicable): a particle negating the next word.
  if (
      words[0] in _NEGATION_PARTICLES
      and len(words) > 1
      and not separators[1].strip()
      and words[1] not in _VERDICT_INDEX
  ):
    return None
  if len(words) > 2 and words[1] in _ALTERNATIVE_WORDS:
    if _VERDICT_INDEX.get(words[2], score) != score:
      return None
  return score


# Label prefixes as written, and the field each names (None for no label);
# it starts with the templates' own labels.
_label_cache: dict[str, Optional[str]] = {
    word: _LABEL_INDEX[_normalize_word(word)]
    for word in ("ID", "Property", "Evidence", "Rationale", "Verdict")
}
_LABEL_CACHE_SIZE = 4096


def _label_field(prefix: str) -> Optional[str]:
  """Returns the field a label prefix names, caching the answer."""
  field = _label_cache.get(prefix, "")
  if field == "":
    field = _LABEL_INDEX.get(_normalize_word(prefix))
    if len(_label_cache) < _LABEL_CACHE_SIZE:
      _label_cache[prefix] = field
  return field


def _split_label(line: str) -> Optional[tuple[str, str]]:
  """Returns (field, value) when `line` starts with a known label.

  The label must open the line, after any markdown decoration (bullets,
  numbering, headers, block quotes, emphasis), and be followed by an ASCII or
  full-width colon. Only a bounded prefix of the line is examined, so the cost
  stays linear in the size of the answer whatever the line holds.
  """
  text = line.lstrip(_LEADING_DECORATION)
  if text[:1].isdigit() or text[:1] == "(":
    number = _LIST_NUMBER.match(text, 0, 8)
    if number:
      text = text[number.end() :].lstrip(_LEADING_DECORATION)
  colon = text.find(":", 1, _MAX_LABEL_CHARS)
  wide = text.find("\uff1a", 1, colon if colon > 0 else _MAX_LABEL_CHARS)
  if wide > 0:
    colon = wide
  if colon <= 0:
    return None
  field = _label_field(text[:colon])
  if field is None:
    return None
  return field, text[colon + 1 :].strip().strip(_VALUE_DECORATION).strip()


def _with_id_tag_split(block: JudgeBlock) -> JudgeBlock:
  """Moves a `[id: x]` tag the judge copied into the property into the id."""
  if block.property_text:
    tag = _ID_TAG.match(unicodedata.normalize("NFKC", block.property_text))
    if tag:
      if not block.rubric_id:
        block.rubric_id = tag.group(1).strip()
      block.property_text = block.property_text[tag.end() :].strip() or (
          block.property_text
      )
  return block


def _finish(
    block: JudgeBlock, texts: dict[str, list[str]], blocks: list[JudgeBlock]
) -> None:
  """Completes `block` with its multi-line texts and adds it to `blocks`."""
  for name, lines in texts.items():
    setattr(block, name, "\n".join(lines).strip())
  if block.rubric_id or block.property_text or block.verdict is not None:
    block.score = parse_verdict(block.verdict)
    blocks.append(_with_id_tag_split(block))


def _parse_text_blocks(text: str) -> list[JudgeBlock]:
  """Reads `ID:/Property:/Evidence:/Rationale:/Verdict:` blocks from text.

  A new block starts when an id, property or verdict label repeats one the
  current block already has, or when an id or property follows a verdict.
  Rationale and evidence never start a block: a second `Rationale:` line is
  appended to the first. Lines without a label continue the property,
  evidence or rationale they follow and are ignored after an id or verdict,
  so the template's `STEP n:` lines and any prose between blocks do not leak
  into verdicts.
  """
  blocks: list[JudgeBlock] = []
  block = JudgeBlock()
  # The lines of the current block's multi-line fields, joined at its end.
  texts: dict[str, list[str]] = {}
  open_lines: Optional[list[str]] = None
  for number, line in enumerate(text.splitlines(), start=1):
    # Most lines open with a label exactly as seen before: one lookup.
    head, colon, rest = line.partition(":")
    field = _label_cache.get(head) if colon else None
    if field is not None:
      label = field, rest.strip().strip(_VALUE_DECORATION).strip()
    else:
      label = _split_label(line)
    if label is None:
      if open_lines is not None:
        open_lines.append(line.strip())
      continue
    field, value = label
    starts_block = (
        (field == "id" and (block.rubric_id or block.verdict is not None))
        or (
            field == "property"
            and ("property_text" in texts or block.verdict is not None)
        )
        or (field == "verdict" and block.verdict is not None)
    )
    if starts_block:
      _finish(block, texts, blocks)
      block, texts = JudgeBlock(), {}
    if not (block.rubric_id or texts or block.verdict is not None):
      block.line = number
    open_lines = None
    if field == "id":
      block.rubric_id = value or None
    elif field == "verdict":
      block.verdict = value
    else:
      open_lines = texts.setdefault(
          "property_text" if field == "property" else field, []
      )
      open_lines.append(value)
  _finish(block, texts, blocks)
  return blocks


def _json_candidates(text: str) -> Iterable[str]:
  """Yields the text itself and each fenced code block, without regexes."""
  stripped = text.strip()
  if stripped[:1] in ("{", "["):
    yield stripped
  start = text.find("```")
  while start != -1:
    body_start = text.find("\n", start)
    end = text.find("```", start + 3)
    if body_start == -1 or end == -1:
      return
    if body_start < end:
      yield text[body_start + 1 : end]
    start = text.find("```", end + 3)


def _json_items(data: Any, depth: int = 0) -> list[dict[str, Any]]:
  """Returns the objects of a parsed JSON answer that look like verdicts."""
  if depth > 3:
    return []
  if isinstance(data, list):
    return [item for item in data if isinstance(item, dict)]
  if isinstance(data, dict):
    keys = {_JSON_KEYS.get(_json_key(k)) for k in data}
    if "verdict" in keys:
      return [data]
    for value in data.values():
      items = _json_items(value, depth + 1)
      if items:
        return items
  return []


def _json_key(key: object) -> str:
  text = unicodedata.normalize("NFKC", str(key)[:_MAX_LABEL_CHARS]).casefold()
  return _JSON_KEY_DROP.sub("", text)


def _parse_json_blocks(text: str) -> list[JudgeBlock]:
  for candidate in _json_candidates(text):
    try:
      data = json.loads(candidate)
    except ValueError:
      continue
    blocks = []
    for item in _json_items(data):
      fields: dict[str, Any] = {}
      for key, value in item.items():
        field = _JSON_KEYS.get(_json_key(key))
        if field and field not in fields and value is not None:
          fields[field] = value
      if not fields:
        continue
      verdict = fields.get("verdict")
      block = JudgeBlock(
          rubric_id=_json_text(fields.get("id")),
          property_text=_json_text(fields.get("property")),
          rationale=_json_text(fields.get("rationale")),
          evidence=_json_text(fields.get("evidence")),
          verdict=_json_text(verdict),
          score=parse_verdict(verdict),
      )
      blocks.append(_with_id_tag_split(block))
    if blocks:
      return blocks
  return []


def _json_text(value: object) -> Optional[str]:
  if value is None:
    return None
  if isinstance(value, bool):
    return "yes" if value else "no"
  if isinstance(value, str):
    return value.strip()
  return json.dumps(value, ensure_ascii=False)


def parse_judge_output(text: object) -> list[JudgeBlock]:
  """Returns the verdict blocks of a judge's answer, in the judge's order.

  Accepts the text format the rubric templates ask for, with the variations
  judges produce (translated labels, full-width colons, markdown, missing
  lines), and answers in JSON, bare or in a fenced code block, whose objects
  carry id/property/rationale/verdict keys. Never raises; an answer with no
  recognisable block gives an empty list.

  Example, from a Japanese judge that dropped the id lines:

    **Property：** ユーザーの年齢を確認している
    **Rationale：** 2ターン目で年齢を尋ねている。
    **Verdict：** はい

  gives one block with property `ユーザーの年齢を確認している`, the rationale,
  verdict `はい` and score 1.0.

  Args:
    text: The judge's answer.

  Returns:
    The blocks, each with the score its verdict stands for.
  """
  if not isinstance(text, str) or not text.strip():
    return []
  return _parse_json_blocks(text) or _parse_text_blocks(text)


# ---------------------------------------------------------------------------
# Normalization
# ---------------------------------------------------------------------------


def _drop_categories(char: str) -> str:
  category = unicodedata.category(char)
  if category[0] in "PZC" or category in ("Sk", "So") or char in ">|~":
    return ""
  return char


def _katakana(char: str) -> str:
  return chr(ord(char) + 0x60) if "\u3041" <= char <= "\u3096" else char


def _drop_chars(chars: str) -> Callable[[str], str]:
  dropped = frozenset(chars)
  return lambda char: "" if char in dropped else char


def _replace_chars(mapping: dict[str, str]) -> Callable[[str], str]:
  return lambda char: mapping.get(char, char)


_ARABIC_MARKS = "".join(
    chr(c) for c in (*range(0x064B, 0x0660), 0x0670, *range(0x06D6, 0x06EE))
)

# Each step maps one character to its folded form. The steps run after NFKC
# normalization and case folding, in this order, and only fold variants that
# spell the same word: they never drop letters that tell words apart. The
# traditional-to-simplified table merges a few characters that simplified
# Chinese still keeps apart (`著` and `着`). Rubrics whose texts then fold
# alike are told apart by an exact copy of their text or by their id, and
# otherwise left unscored, never attached to one another's blocks.
FOLD_STEPS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("punctuation_space_markup", _drop_categories),
    ("kana", _katakana),
    ("long_vowel_mark", _drop_chars("\u30fc")),
    (
        "han_simplified",
        _replace_chars(
            {pair[0]: pair[1] for pair in TRADITIONAL_TO_SIMPLIFIED.split()}
        ),
    ),
    ("arabic_marks_tatweel", _drop_chars(_ARABIC_MARKS + "\u0640")),
    (
        "arabic_letter_forms",
        _replace_chars({
            "\u0623": "\u0627",
            "\u0625": "\u0627",
            "\u0622": "\u0627",
            "\u0671": "\u0627",
            "\u0649": "\u064a",
            "\u0629": "\u0647",
        }),
    ),
    (
        "hebrew_points",
        _drop_chars("".join(chr(c) for c in range(0x0591, 0x05C8))),
    ),
    ("cyrillic_yo", _replace_chars({"\u0451": "\u0435"})),
    (
        "devanagari_nukta_candrabindu",
        _replace_chars({"\u093c": "", "\u0901": "\u0902"}),
    ),
)


class _FoldTable(dict):
  """A `str.translate` table that computes and caches each character's fold."""

  def __missing__(self, codepoint: int) -> str:
    chars = chr(codepoint)
    for _, step in FOLD_STEPS:
      chars = "".join(step(c) for c in chars)
    self[codepoint] = chars
    return chars


_FOLD_TABLE = _FoldTable()


def fold_text(text: object) -> str:
  """Returns the form of a property text in which spelling variants agree.

  The text is NFKC-normalized (full-width and half-width forms, compatibility
  characters), case-folded, and then passed through `FOLD_STEPS`: punctuation,
  spaces and markdown are dropped, hiragana is written as katakana, the
  Japanese long-vowel mark is dropped, traditional Han characters are written
  in their simplified forms, Arabic diacritics and tatweel are dropped and
  alef/yeh/teh-marbuta forms unified, Hebrew points dropped, and Russian `ё`
  written as `е`. For example `**ユーザーの年齢を確認している。**` and
  `ユーザの年齢を確認している` fold to the same text, and so do `飯後服用` and
  `饭后服用`.

  Args:
    text: The text to fold. Anything that is not a string folds to "".

  Returns:
    The folded text.
  """
  if not isinstance(text, str):
    return ""
  text = unicodedata.normalize("NFKC", text).casefold()
  return text.translate(_FOLD_TABLE)


_FOLD_NAMES = ("nfkc", "case", *(name for name, _ in FOLD_STEPS))


def _fold_without(text: object, skipped: str) -> str:
  """Folds `text` as `fold_text` does, except for the step named `skipped`."""
  if not isinstance(text, str):
    return ""
  if skipped != "nfkc":
    text = unicodedata.normalize("NFKC", text)
  if skipped != "case":
    text = text.casefold()
  for name, step in FOLD_STEPS:
    if name != skipped:
      text = "".join(step(c) for c in text)
  return text


def explain_folds(text: object) -> tuple[str, ...]:
  """Returns the names of the normalization steps that change `text`."""
  if not isinstance(text, str):
    return ()
  names = []
  folded = unicodedata.normalize("NFKC", text)
  if folded != text:
    names.append("nfkc")
  if folded.casefold() != folded:
    names.append("case")
  folded = folded.casefold()
  for name, step in FOLD_STEPS:
    after = "".join(step(c) for c in folded)
    if after != folded:
      names.append(name)
    folded = after
  return tuple(names)


def normalize_rubric_id(rubric_id: object) -> str:
  """Returns the form of a rubric id in which the judge's echoes agree.

  Judges echo ids wrapped in the prompt's tag or in markdown (`[id: r1]`,
  `` `r1` ``, `**r1**`, `"r1"`), with trailing punctuation, in another case or
  in full-width characters. Those wrappers are removed; the rest must then be
  exactly the id.

  Args:
    rubric_id: The id as written in a rubric or echoed by the judge.

  Returns:
    The normalized id, or "" when there is none.
  """
  if not isinstance(rubric_id, str):
    return ""
  text = unicodedata.normalize("NFKC", rubric_id[:500]).strip(_ID_WRAPPERS)
  label = _ID_LABEL_PREFIX.match(text)
  if label:
    text = text[label.end() :].strip(_ID_WRAPPERS)
  text = text.rstrip(_ID_TRAILING).strip(_ID_WRAPPERS)
  return _WHITESPACE.sub(" ", text).casefold()


_ECHO_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/-]{0,63}")


def rubric_prompt_ids(rubrics: Sequence[Rubric]) -> dict[str, str]:
  """Returns the id to show the judge for each rubric, keyed by rubric id.

  Short ASCII ids without spaces, brackets or quotes are shown as they are.
  Any other id (with whitespace, brackets, very long, non-ASCII) is replaced in
  the prompt by a handle `rubric-<n>` (n is the rubric's 1-based position), so
  that what the judge has to copy is always easy to copy. The matcher accepts
  both the real id and the handle.

  Args:
    rubrics: The rubrics in prompt order.

  Returns:
    A mapping from each rubric's id to the id the prompt shows.
  """
  taken: Optional[set[str]] = None
  shown = {}
  for position, rubric in enumerate(rubrics, start=1):
    rubric_id = rubric.rubric_id
    if isinstance(rubric_id, str) and _ECHO_SAFE_ID.fullmatch(rubric_id):
      shown[rubric_id] = rubric_id
      continue
    if taken is None:
      taken = {normalize_rubric_id(r.rubric_id) for r in rubrics}
    handle = f"rubric-{position}"
    while normalize_rubric_id(handle) in taken:
      handle += "x"
    taken.add(normalize_rubric_id(handle))
    shown[rubric_id] = handle
  return shown


def format_rubrics_for_prompt(rubrics: Sequence[Rubric]) -> str:
  """Returns the rubric list of a judge prompt, one rubric per line.

  Every rubric is shown as `*  [id: <id>] <property text>`, with the id from
  `rubric_prompt_ids`, so that the judge always has an id it can copy and the
  matcher accepts exactly what the prompt shows. The text is shown as written,
  in its own script. For example:

    *  [id: r1] ユーザの服用中の薬を確認している
    *  [id: rubric-2] 副作用等のリスクを説明している

  Args:
    rubrics: The effective rubrics, in the order the judge should answer them.

  Returns:
    The lines of the list, joined by newlines.
  """
  shown = rubric_prompt_ids(rubrics)
  return "\n".join(
      f"*  [id: {shown[r.rubric_id]}] {r.rubric_content.text_property or ''}"
      for r in rubrics
  )


# ---------------------------------------------------------------------------
# Matching
# ---------------------------------------------------------------------------

TIER_ID = "id"
TIER_TEXT = "text"
TIER_SIMILARITY = "similarity"
TIER_POSITION = "position"

# A similarity match needs a character-bigram Dice score of at least
# SIMILARITY_FLOOR and must lead the runner-up by SIMILARITY_MARGIN. The floor
# keeps paraphrases out ("Is the reply excellent?" scores 0.35 against "Is the
# response good?"); the margin keeps near-duplicates apart ("言及している"
# and "言及していない" score within 0.05 of each other against a rewrite).
SIMILARITY_FLOOR = 0.6
SIMILARITY_MARGIN = 0.1
# Bigrams shared by more rubrics than this say little about which rubric a
# block answers; they are skipped when looking for candidates.
_COMMON_GRAM_RUBRICS = 24
# Rubrics sharing the most such bigrams with a block are scored in full.
_CANDIDATES = 4

_AMBIGUOUS = -1


@dataclasses.dataclass(frozen=True)
class RubricOutcome:
  """What the judge's answer gave one rubric.

  Attributes:
    rubric_id: The rubric's id.
    score: The verdict's score, or None when the rubric is unscored.
    rationale: The judge's rationale, or why the rubric is unscored.
    tier: How the verdict was attached (`id`, `text`, `similarity`,
      `position`), or None when no block was attached.
    reason: Why the rubric is unscored; None when it is scored.
    rubric_text: The rubric's property text.
    matched_text: The property text of the block attached by text.
    block: The 0-based index, in the judge's answer, of the attached block.
  """

  rubric_id: str
  score: Optional[float] = None
  rationale: Optional[str] = None
  tier: Optional[str] = None
  reason: Optional[str] = None
  rubric_text: Optional[str] = None
  matched_text: Optional[str] = None
  block: Optional[int] = None

  @property
  def folds(self) -> tuple[str, ...]:
    """The normalization steps that brought the two texts together.

    For a `text` match, the steps without which the two texts would not fold
    alike (`long_vowel_mark` for `ユーザー` / `ユーザ`); a step that changed
    both texts in the same way, such as `han_simplified` for a kanji both
    share, is not one of them. For `similarity` and `position` matches, whose
    texts differ even folded, the steps that changed either text.
    """
    if self.tier in (None, TIER_ID):
      return ()
    if self.tier == TIER_TEXT:
      return tuple(
          name
          for name in _FOLD_NAMES
          if _fold_without(self.matched_text, name)
          != _fold_without(self.rubric_text, name)
      )
    return tuple(
        dict.fromkeys(
            explain_folds(self.matched_text) + explain_folds(self.rubric_text)
        )
    )


@dataclasses.dataclass(frozen=True)
class UnmatchedBlock:
  """A block of the judge's answer that was not attached to any rubric."""

  index: int
  rubric_id: Optional[str]
  property_text: Optional[str]
  reason: str

  def describe(self) -> str:
    parts = [f"block {self.index + 1}"]
    if self.rubric_id:
      parts.append(f"ID {_quote(self.rubric_id)}")
    if self.property_text:
      parts.append(f"property {_quote(self.property_text)}")
    return f"{' '.join(parts)} ({self.reason})"


@dataclasses.dataclass(frozen=True)
class RubricMatchReport:
  """The accounting of one judge answer against the effective rubrics."""

  outcomes: list[RubricOutcome]
  unmatched_blocks: list[UnmatchedBlock]

  @property
  def unscored(self) -> list[RubricOutcome]:
    return [o for o in self.outcomes if o.score is None]

  def rubric_scores(self) -> list[RubricScore]:
    """Returns a `RubricScore` for each rubric the judge's answer reached.

    Rubrics with no attached block are left out, as ADK always has; they are
    named, with the reason, by `warning_message`. A rubric whose block has no
    usable verdict, or whose blocks disagree, is listed with `score=None`.
    """
    return [
        RubricScore(
            rubric_id=o.rubric_id,
            rationale=o.rationale if o.score is not None else _unscored_text(o),
            score=o.score,
        )
        for o in self.outcomes
        if o.tier is not None
    ]

  def warning_message(self) -> Optional[str]:
    """Returns the one warning for this answer, or None if nothing is amiss."""
    unscored = self.unscored
    if not unscored and not self.unmatched_blocks:
      return None
    lines = [
        f"Judge answer: {len(unscored)} of {len(self.outcomes)} rubrics"
        " unscored."
    ]
    lines.extend(
        f"  rubric {_quote(o.rubric_id)}: {o.reason}"
        for o in unscored[:_MAX_LISTED]
    )
    if len(unscored) > _MAX_LISTED:
      lines.append(f"  ... and {len(unscored) - _MAX_LISTED} more rubrics")
    if self.unmatched_blocks:
      lines.append(
          f"  {len(self.unmatched_blocks)} block(s) attached to no rubric:"
      )
      lines.extend(
          f"    {b.describe()}" for b in self.unmatched_blocks[:_MAX_LISTED]
      )
      if len(self.unmatched_blocks) > _MAX_LISTED:
        lines.append(
            f"    ... and {len(self.unmatched_blocks) - _MAX_LISTED} more"
        )
    return "\n".join(lines)

  def log(self, answer: Optional[str] = None) -> None:
    """Logs the warning, and at debug level how each rubric was matched.

    Args:
      answer: The judge's raw answer. When no rubric could be given a block,
        its beginning is quoted in the warning, to show what the judge wrote.
    """
    if logger.isEnabledFor(logging.DEBUG):
      for o in self.outcomes:
        logger.debug(
            "Rubric %s: tier=%s folds=%s score=%s",
            _quote(o.rubric_id),
            o.tier,
            ",".join(o.folds) or "-",
            o.score,
        )
    message = self.warning_message()
    if message and answer and all(o.tier is None for o in self.outcomes):
      excerpt = answer[:_MAX_EXCERPT_CHARS]
      more = "..." if len(answer) > _MAX_EXCERPT_CHARS else ""
      message += f"\n  The judge's answer began: {excerpt!r}{more}"
    if message:
      logger.warning(message)


_MAX_LISTED = 10
_MAX_EXCERPT_CHARS = 500


def _quote(text: str, limit: int = 60) -> str:
  text = _WHITESPACE.sub(" ", text).strip()
  if len(text) > limit:
    text = text[: limit - 3] + "..."
  return repr(text)


def _unscored_text(outcome: RubricOutcome) -> str:
  if outcome.rationale:
    return f"Unscored ({outcome.reason}). Judge rationale: {outcome.rationale}"
  return f"Unscored: {outcome.reason}."


def _bigrams(text: str) -> frozenset[str]:
  if len(text) < 2:
    return frozenset((text,)) if text else frozenset()
  return frozenset(map(operator.add, text, text[1:]))


def _dice(a: frozenset[str], b: frozenset[str]) -> float:
  return 2 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


_HAN = "\u3005\u3006\u3400-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_KANA = "\u3040-\u30ff"
_HAN_ONLY = re.compile(f"[{_HAN}]+")
_HAS_HAN = re.compile(f"[{_HAN}]")
_CJK_ONLY = re.compile(f"[{_HAN}{_KANA}]+")


# Markers of negation, folded. Two texts that do not contain the same ones
# say opposite things, so they are never taken for the same sentence.
NEGATION_MARKERS = (
    "不",
    "没",
    "沒",
    "無",
    "无",
    "未",
    "非",
    "别",
    "別",
    "ナイ",
    "ズ",
    "マセン",
    "안",
    "않",
    "못",
    "없",
    "미",
    "불",
    "لا",
    "لم",
    "لن",
    "ليس",
    "غير",
    "не",
    "ни",
    "нет",
    "без",
    "नहीं",
    "मत",
    "ไม่",
    "not",
    "nt",
    "no",
    "never",
    "un",
    "dis",
    "ne",
    "pas",
    "nicht",
    "kein",
    "sin",
    "sem",
)
_NEGATION = re.compile(
    "|".join(map(re.escape, sorted(NEGATION_MARKERS, key=len, reverse=True)))
)
_MAX_SLIP_CHARS = 2


def is_same_sentence(a: str, b: str, han_variants: bool = False) -> bool:
  """Returns whether two folded texts are one sentence, differently written.

  Each difference must be either a script rewrite of CJK characters (kanji
  written out in kana, one to three kana a kanji: `等` / `など`, `含めて` /
  `ふくめて`) or a copying slip of at most two characters (`เช็กอิน` /
  `เช็คอิน`, a dropped `的`); a difference with Han characters on both sides
  is neither. Texts whose negation markers differ (`している` / `していない`,
  "recommends" / "does not recommend") are never the same sentence, and a
  difference in kana alone that is longer than a slip is grammar, not
  spelling. Slips may change at most an eighth of the text, and at least a
  third of the characters must be shared.

  Han characters replaced by others count as a rewrite only with
  `han_variants`. Folding has already written traditional characters in their
  simplified forms (`飯後` and `饭后` fold alike), so what remains is either a
  different word (`饭前` for `饭后`: before, not after, meals) or a variant
  the table lacks (Japanese `薬` for `药`); such a likeness may stop an
  attachment (an id contradicted by the text) but never makes one.

  Args:
    a: A folded text (see `fold_text`).
    b: Another folded text.
    han_variants: Whether Han characters replaced by others are a rewrite
      (lenient; only for stopping an attachment).

  Returns:
    True when `b` is `a` written differently.
  """
  if not a or not b:
    return False
  # Adding or removing a negation anywhere makes another sentence.
  if sorted(_NEGATION.findall(a)) != sorted(_NEGATION.findall(b)):
    return False
  shorter = min(len(a), len(b))
  prefix = 0
  while prefix < shorter and a[prefix] == b[prefix]:
    prefix += 1
  suffix = 0
  while suffix < shorter - prefix and a[-1 - suffix] == b[-1 - suffix]:
    suffix += 1
  shared, differences = _differences(
      a[prefix : len(a) - suffix], b[prefix : len(b) - suffix]
  )
  equal = prefix + suffix + shared
  slips = 0
  for x, y in differences:
    # Variant forms are folded already: a Han character replaced by another
    # is another word (`饭前` for `饭后`, `食後の` for `食前に`), however long
    # the sentence.
    if (
        not han_variants
        and x
        and y
        and _HAS_HAN.search(x)
        and _HAS_HAN.search(y)
    ):
      return False
    if _is_cjk_rewrite(x, y, han_variants):
      continue
    if len(x) > _MAX_SLIP_CHARS or len(y) > _MAX_SLIP_CHARS:
      return False
    slips += max(len(x), len(y))
  longest = max(len(a), len(b))
  return equal >= 2 and 3 * equal >= longest and 8 * slips <= longest


_SMALL_ALIGNMENT = 144


def _differences(a: str, b: str) -> tuple[int, list[tuple[str, str]]]:
  """Aligns `a` with `b` on a longest common subsequence.

  Short texts (the part between a common prefix and suffix usually is) are
  aligned by a longest-common-subsequence table, which is much cheaper than
  a `SequenceMatcher` at that size; longer ones by `SequenceMatcher`.

  Args:
    a: A text.
    b: Another text.

  Returns:
    The number of characters aligned, and the pairs of segments of `a` and
    `b` between them that differ (one of the two may be empty).
  """
  n, m = len(a), len(b)
  if not n or not m:
    return 0, [(a, b)] if a or b else []
  if n * m > _SMALL_ALIGNMENT:
    equal = 0
    differences = []
    matcher = difflib.SequenceMatcher(None, a, b, False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
      if tag == "equal":
        equal += i2 - i1
      else:
        differences.append((a[i1:i2], b[j1:j2]))
    return equal, differences
  # lcs[i][j]: length of the longest common subsequence of a[i:] and b[j:],
  # filled from the last row up.
  lcs = [[0] * (m + 1)]
  for char in reversed(a):
    below = lcs[-1]
    row = [0] * (m + 1)
    for j in range(m - 1, -1, -1):
      if char == b[j]:
        row[j] = below[j + 1] + 1
      else:
        right, down = row[j + 1], below[j]
        row[j] = right if right >= down else down
    lcs.append(row)
  lcs.reverse()
  differences = []
  # a[since_a:i] and b[since_b:j] are the difference being walked through.
  i = j = since_a = since_b = 0
  while i < n and j < m:
    if a[i] == b[j]:
      if since_a < i or since_b < j:
        differences.append((a[since_a:i], b[since_b:j]))
      i, j = i + 1, j + 1
      since_a, since_b = i, j
    elif lcs[i + 1][j] >= lcs[i][j + 1]:
      i += 1
    else:
      j += 1
  if since_a < n or since_b < m:
    differences.append((a[since_a:], b[since_b:]))
  return lcs[0][0], differences


def _is_cjk_rewrite(x: str, y: str, han_variants: bool) -> bool:
  """Returns whether x -> y writes CJK characters in another script form."""
  if not x or not y or len(x) > 6 or len(y) > 6:
    return False
  if not (_CJK_ONLY.fullmatch(x) and _CJK_ONLY.fullmatch(y)):
    return False
  if not (_HAS_HAN.search(x) or _HAS_HAN.search(y)):
    return False
  if _HAN_ONLY.fullmatch(x) and _HAN_ONLY.fullmatch(y):
    return han_variants and len(x) == len(y)
  # A kanji reads as one to three kana: 等 / ナド, 含 / フク, 副作用 / フクサヨウ.
  han = len(_HAS_HAN.findall(x + y))
  kana = len(x) + len(y) - han
  return han <= kana <= 3 * han


@dataclasses.dataclass(slots=True)
class _Block:
  """A judge block being matched."""

  index: int
  rubric_id: Optional[str]
  property_text: Optional[str]
  rationale: Optional[str]
  score: Optional[float]
  verdict: Optional[str]
  folded: str
  rubric: Optional[int] = None
  tier: Optional[str] = None
  note: Optional[str] = None
  # An id that contradicts the text rules out the text tiers.
  conflicted: bool = False


def _as_text(value: object) -> Optional[str]:
  return value if isinstance(value, str) and value.strip() else None


def match_rubric_responses(
    rubrics: Sequence[Rubric], responses: Sequence[Any]
) -> RubricMatchReport:
  """Attaches the judge's verdicts to rubrics and accounts for every rubric.

  Each response (a `RubricResponse`, `JudgeBlock` or any object with
  `rubric_id`, `property_text`, `rationale` and `score` attributes) is
  attached to at most one rubric, by the first tier that decides it:

  1. `id`: the echoed id, after `normalize_rubric_id`, is a rubric's id or the
     handle the prompt showed for it (see `rubric_prompt_ids`). An id whose
     property text is exactly another rubric's is a contradiction and is not
     attached at all.
  2. `text`: the folded property text (see `fold_text`) equals the folded text
     of exactly one rubric, or, among rubrics whose texts fold alike, is an
     exact copy of one. A text several rubrics share is attached to none of
     them, by this tier or by position.
  3. `similarity`: among rubrics still without a verdict, the one whose
     character-bigram Dice score with the property text is at least
     `SIMILARITY_FLOOR`, leads every other rubric by `SIMILARITY_MARGIN`,
     whose own best block is this one, and whose text is the block's written
     differently (see `is_same_sentence`): a reworded or negated property
     (`言及している` for `言及していない`, "mentions" for "does not mention")
     is never taken for the rubric.
  4. `position`: only when the judge gave exactly one block per rubric and
     every block attached so far sits at its rubric's position, a remaining
     block is attached to the rubric at its position if the two texts are the
     same sentence written differently (see `is_same_sentence`), however low
     their similarity score (a short text with kana written as kanji).

  A rubric with no block, with blocks whose verdicts disagree, or whose
  verdict is not a yes or a no is unscored, with the reason recorded.

  For example, with rubrics `r1: ユーザの年齢を確認している` and
  `r2: 副作用等を説明している`, an answer with no id lines whose properties read
  `ユーザーの年齢を確認している` (tier `text`, fold `long_vowel_mark`) and
  `副作用などを説明している` (tier `similarity`) scores both rubrics.

  Args:
    rubrics: The effective rubrics, in prompt order.
    responses: The parsed blocks of one judge answer, in the judge's order.

  Returns:
    The report: one outcome per rubric and the blocks attached to none.
  """
  rubrics = list(rubrics)
  raw_texts = tuple(
      text if isinstance(text, str) else ""
      for text in (r.rubric_content.text_property for r in rubrics)
  )
  folds = _rubric_folds(raw_texts)
  rubric_texts = [folds[text] for text in raw_texts]
  blocks = []
  for i, response in enumerate(responses):
    property_text = getattr(response, "property_text", None)
    # Judges mostly copy property texts exactly; those are folded already.
    if isinstance(property_text, str) and property_text in folds:
      folded = folds[property_text]
    else:
      folded = fold_text(property_text)
    blocks.append(
        _Block(
            index=i,
            rubric_id=_as_text(getattr(response, "rubric_id", None)),
            property_text=_as_text(property_text),
            rationale=getattr(response, "rationale", None),
            score=getattr(response, "score", None),
            verdict=getattr(response, "verdict", None),
            folded=folded,
        )
    )

  texts = _text_index(rubric_texts)
  copies = _text_index([text.strip() for text in raw_texts])

  def rubric_of_text(block: _Block) -> Optional[int]:
    """The rubric whose text the block's is, _AMBIGUOUS, or None."""
    position = texts.get(block.folded)
    if position == _AMBIGUOUS and block.property_text:
      # Rubrics whose texts fold alike (皇后 / 皇後) are told apart by an
      # exact copy.
      position = copies.get(block.property_text.strip(), _AMBIGUOUS)
    return position

  _match_ids(rubrics, blocks, rubric_texts, rubric_of_text)
  _match_texts(blocks, rubric_of_text)
  _match_similar(blocks, rubric_texts)
  _match_positions(blocks, rubric_texts, texts)
  return _account(rubrics, blocks, rubric_texts)


# An evaluator matches every sample of every invocation against the same
# rubrics, so what depends only on the rubrics is kept for a few rubric sets.
_CACHED_RUBRIC_SETS = 8


@functools.lru_cache(maxsize=_CACHED_RUBRIC_SETS)
def _rubric_folds(texts: tuple[str, ...]) -> dict[str, str]:
  """Maps each rubric text to its folded form; read-only for callers."""
  return {text: fold_text(text) for text in texts}


@functools.lru_cache(maxsize=_CACHED_RUBRIC_SETS)
def _gram_index(
    rubric_texts: tuple[str, ...],
) -> tuple[tuple[frozenset[str], ...], dict[str, tuple[int, ...]]]:
  """Returns the bigrams of each folded rubric text, and the rubrics of each.

  Bigrams that many rubrics share do not tell rubrics apart; they are left
  out of the index. Both are read-only for callers.
  """
  grams = tuple(_bigrams(text) for text in rubric_texts)
  index: dict[str, list[int]] = collections.defaultdict(list)
  for position, rubric_grams in enumerate(grams):
    for gram in rubric_grams:
      index[gram].append(position)
  return grams, {
      gram: tuple(postings)
      for gram, postings in index.items()
      if len(postings) <= _COMMON_GRAM_RUBRICS
  }


def _text_index(rubric_texts: list[str]) -> dict[str, int]:
  """Maps each folded rubric text to its rubric, or to _AMBIGUOUS if shared."""
  index: dict[str, int] = {}
  for position, text in enumerate(rubric_texts):
    if text:
      index[text] = _AMBIGUOUS if text in index else position
  return index


def _match_ids(
    rubrics: list[Rubric],
    blocks: list[_Block],
    rubric_texts: list[str],
    rubric_of_text: Callable[[_Block], Optional[int]],
) -> None:
  exact: dict[str, int] = {}
  for position, rubric in enumerate(rubrics):
    exact.setdefault(rubric.rubric_id, position)
  # Built only when an echoed id is not exactly a rubric's id.
  normalized: dict[str, int] = {}
  built: list[bool] = []

  def normalized_index() -> dict[str, int]:
    if built:
      return normalized
    built.append(True)
    shown = rubric_prompt_ids(rubrics)
    for position, rubric in enumerate(rubrics):
      keys = {normalize_rubric_id(rubric.rubric_id)}
      if shown[rubric.rubric_id] != rubric.rubric_id:
        keys.add(normalize_rubric_id(shown[rubric.rubric_id]))
      for key in keys:
        if key:
          previous = normalized.get(key, position)
          normalized[key] = position if previous == position else _AMBIGUOUS
    return normalized

  # Judge answers repeat ids and texts; each distinct one is looked up once.
  by_id: dict[str, Optional[int]] = {}
  contradictions: dict[tuple[str, int], Optional[int]] = {}
  for block in blocks:
    if not block.rubric_id:
      continue
    if block.rubric_id not in by_id:
      found = exact.get(block.rubric_id.strip())
      if found is None:
        found = normalized_index().get(normalize_rubric_id(block.rubric_id))
      by_id[block.rubric_id] = found
    position = by_id[block.rubric_id]
    if position is None:
      block.note = "unknown id"
      continue
    if position == _AMBIGUOUS:
      block.note = "id matches several rubrics"
      continue
    by_text = rubric_of_text(block)
    if by_text == _AMBIGUOUS and block.folded != rubric_texts[position]:
      block.conflicted = True
      block.note = (
          f"id names rubric {_quote(rubrics[position].rubric_id)} but the"
          " property is the text of several other rubrics"
      )
      continue
    if (
        by_text is None
        and block.folded
        and block.folded != rubric_texts[position]
    ):
      key = (block.folded, position)
      if key not in contradictions:
        contradictions[key] = _likely_other_rubric(
            block.folded, position, rubric_texts
        )
      by_text = contradictions[key]
    if by_text is not None and by_text not in (position, _AMBIGUOUS):
      block.conflicted = True
      block.note = (
          f"id names rubric {_quote(rubrics[position].rubric_id)} but the"
          f" property is rubric {_quote(rubrics[by_text].rubric_id)}'s"
      )
      continue
    block.rubric, block.tier = position, TIER_ID


def _likely_other_rubric(
    folded: str, position: int, rubric_texts: list[str]
) -> Optional[int]:
  """Returns another rubric that `folded` may be written from, if any.

  Used to catch an echoed id that contradicts the property text when the text
  is not an exact copy, e.g. ids shifted by one against properties whose Han
  characters the judge wrote in other forms (Japanese `薬` for `药`). Likeness
  here is lenient (`han_variants`): it only ever stops an attachment.
  """
  others = [
      other
      for other, text in enumerate(rubric_texts)
      if other != position
      and abs(len(text) - len(folded)) <= _MAX_SLIP_CHARS
      and 3 * len(set(text) & set(folded)) >= len(folded)
  ]
  if not others or is_same_sentence(
      folded, rubric_texts[position], han_variants=True
  ):
    return None
  for other in others:
    if is_same_sentence(folded, rubric_texts[other], han_variants=True):
      return other
  return None


def _match_texts(
    blocks: list[_Block], rubric_of_text: Callable[[_Block], Optional[int]]
) -> None:
  for block in blocks:
    if block.rubric is not None or block.conflicted or not block.folded:
      continue
    position = rubric_of_text(block)
    if position == _AMBIGUOUS:
      block.note = "property text matches several rubrics"
    elif position is not None:
      block.rubric, block.tier = position, TIER_TEXT


def _match_similar(blocks: list[_Block], rubric_texts: list[str]) -> None:
  claimed = {b.rubric for b in blocks if b.rubric is not None}
  pending = [
      b for b in blocks if b.rubric is None and not b.conflicted and b.folded
  ]
  if not pending or len(claimed) == len(rubric_texts):
    return
  grams, index = _gram_index(tuple(rubric_texts))

  def closest(folded: str) -> tuple[Optional[int], float, Optional[str]]:
    """Returns the rubric `folded` was written from, its score, or a note."""
    block_grams = _bigrams(folded)
    shared = collections.Counter(
        itertools.chain.from_iterable(filter(None, map(index.get, block_grams)))
    )
    candidates = sorted(
        shared.items(), key=operator.itemgetter(1), reverse=True
    )[:_CANDIDATES]
    scored = sorted(
        ((_dice(block_grams, grams[p]), p) for p, _ in candidates),
        reverse=True,
    )
    if not scored or scored[0][0] < SIMILARITY_FLOOR:
      return None, 0.0, None
    best, position = scored[0]
    runner_up = scored[1][0] if len(scored) > 1 else 0.0
    if best - runner_up < SIMILARITY_MARGIN:
      return None, best, "property text is as close to several rubrics"
    if position in claimed:
      return None, best, "closest rubric already has a verdict"
    if not is_same_sentence(folded, rubric_texts[position]):
      return None, best, "closest rubric is a different sentence"
    return position, best, None

  found: dict[str, tuple[Optional[int], float, Optional[str]]] = {}
  proposals: dict[int, list[tuple[float, _Block]]] = collections.defaultdict(
      list
  )
  for block in pending:
    if block.folded not in found:
      found[block.folded] = closest(block.folded)
    position, best, note = found[block.folded]
    if position is None:
      block.note = note or block.note
    else:
      proposals[position].append((best, block))
  for position, offers in proposals.items():
    offers.sort(key=lambda offer: offer[0], reverse=True)
    if len(offers) > 1 and offers[0][0] - offers[1][0] < SIMILARITY_MARGIN:
      for _, block in offers:
        block.note = "several blocks are as close to one rubric"
      continue
    offers[0][1].rubric, offers[0][1].tier = position, TIER_SIMILARITY


def _match_positions(
    blocks: list[_Block], rubric_texts: list[str], texts: dict[str, int]
) -> None:
  if len(blocks) != len(rubric_texts):
    return
  if any(b.rubric is not None and b.rubric != b.index for b in blocks):
    return
  for block in blocks:
    # A text that several rubrics share says nothing about which one it is,
    # wherever it stands; nor does a position whose rubric has a twin.
    if (
        block.rubric is None
        and not block.conflicted
        and texts.get(block.folded) != _AMBIGUOUS
        and texts.get(rubric_texts[block.index]) != _AMBIGUOUS
    ):
      if is_same_sentence(block.folded, rubric_texts[block.index]):
        block.rubric, block.tier = block.index, TIER_POSITION


def _account(
    rubrics: list[Rubric], blocks: list[_Block], rubric_texts: list[str]
) -> RubricMatchReport:
  by_rubric: dict[int, list[_Block]] = collections.defaultdict(list)
  unmatched = []
  for block in blocks:
    if block.rubric is None:
      unmatched.append(
          UnmatchedBlock(
              index=block.index,
              rubric_id=block.rubric_id,
              property_text=block.property_text,
              reason=block.note
              or (
                  "no rubric has this property text"
                  if block.folded
                  else "no id or property to match"
              ),
          )
      )
    else:
      by_rubric[block.rubric].append(block)
  outcomes = []
  for position, rubric in enumerate(rubrics):
    attached = by_rubric.get(position, [])
    if not attached:
      outcomes.append(
          RubricOutcome(
              rubric_id=rubric.rubric_id,
              reason=(
                  "no block of the answer could be attached to it"
                  if unmatched
                  else "the judge gave no verdict for it"
              ),
          )
      )
      continue
    first = attached[0]
    verdicts = {b.score for b in attached}
    reason = None
    score = first.score
    if len(verdicts) > 1:
      score = None
      reason = "the judge answered it {} times with different verdicts".format(
          len(attached)
      )
    elif score is None:
      reason = (
          f"verdict {_quote(first.verdict)} is not a yes or a no"
          if isinstance(first.verdict, str) and first.verdict.strip()
          else "the block has no verdict"
      )
    outcomes.append(
        RubricOutcome(
            rubric_id=rubric.rubric_id,
            score=score,
            rationale=first.rationale,
            tier=first.tier,
            reason=reason,
            rubric_text=rubric.rubric_content.text_property,
            matched_text=first.property_text,
            block=first.index,
        )
    )
  return RubricMatchReport(outcomes=outcomes, unmatched_blocks=unmatched)
