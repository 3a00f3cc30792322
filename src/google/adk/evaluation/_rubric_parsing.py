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

"""Reads the verdict blocks of a rubric judge's answer.

The rubric templates ask for one `ID: / Property: / Rationale: / Verdict:`
block per rubric. One principle decides what a rubric gets: **a verdict comes
only from a block that the answer's own structure delimits and that gives
exactly one verdict.** Concretely:

* A label line is a known label (`_rubric_vocabulary.LABELS`) at the start of
  a line, after markdown decoration, followed by a colon (ASCII or
  full-width), or wrapped as `【判定】`. Lines in a fenced code block (any
  CommonMark fence), a block quote, or a quotation a field opened and has not
  closed yet are never labels.
* The answer is read twice: with a verdict closing its block (the template's
  order) and with a verdict opening it. A reading that leaves a property or
  id line outside every block is out; of the others, one that puts every
  verdict line in a block and gives every block exactly one wins. If both
  remain, a rubric keeps a verdict only where both readings give it the
  same one. With a single block, the template's order is the only reading.
* Lines before the first block are outside every block and reach no rubric;
  a block runs to where the next block opens (or the answer ends).
* A block holding two different verdicts, in two verdict lines or in a
  verdict line and a `<verdict label>: <yes or no>` written inside another
  line outside quotation marks (`it would have been Verdict: no`), has none:
  no first-wins or last-wins. A verdict line that does not open with a
  verdict (`結論：` and a summary sentence) is no second verdict.
* A block opened, while the one before it still lacks its verdict, by a
  repeated id or property line is another block only if it has every label
  the one before it has; otherwise it is quoted material (a tool record)
  and neither block names a rubric.
* An answer without a known id or property label may name its property
  label itself, by repeating it once per verdict (see `_learn_identity`).

JSON answers, and tables with a verdict column, are read as such (see
`_parse_json` and `_table_blocks`). Nothing here raises: an answer without a
usable block gives an empty list.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any
from typing import Optional
import unicodedata

from ._rubric_vocabulary import AMBIGUOUS_NOT_APPLICABLE
from ._rubric_vocabulary import HEDGES
from ._rubric_vocabulary import LABELS
from ._rubric_vocabulary import NOT_APPLICABLE
from ._rubric_vocabulary import VERDICTS

_MAX_LABEL_CHARS = 32
_MAX_VERDICT_CHARS = 2000
_JSON_MAX_DEPTH = 4
_DECORATION = " \t\u3000*_`#|\u2022\u00b7\u30fb\u25cf\u25aa\u2013\u2014-+"
# Markdown emphasis and spaces around a label or a value.
_TRIM = " \t\u3000*_`"
_LIST_NUMBER = re.compile(r"(?:\d{1,3}[.)]|\(\d{1,3}\))\s+")
_BRACKET_LABEL = re.compile(r"[\u3010\[]([^\u3011\]]{1,32})[\u3011\]]\s*")
_FENCE = re.compile(r"\s*(`{3,}|~{3,})(.*)$")
_ID_TAG = re.compile(r"\[\s*id\s*[:\uff1a]\s*([^\]\n]{1,200})\]\s*", re.I)
_WHITESPACE = re.compile(r"\s+")
_QUOTED_SPAN = re.compile(
    '"[^"]*"|\u201c[^\u201d]*\u201d|\u300c[^\u300d]*\u300d|`[^`]*`'
)
# Arabic vowel marks and tatweel, and invisible format characters.
_VERDICT_DROP = dict.fromkeys(
    (*range(0x064B, 0x0660), 0x0670, 0x0640, 0x200B, 0x200C, 0x200D, 0x2060),
    None,
)
_IDENTITY = ("id", "property")
_TEXT_FIELDS = ("property", "rationale", "evidence")


def _normalize(text: str) -> str:
  text = unicodedata.normalize("NFKC", text).casefold()
  text = "".join(c for c in text if unicodedata.category(c) != "Cf")
  return _WHITESPACE.sub(" ", text).strip()


def _unspaced(char: str) -> bool:
  return "\u0e00" <= char <= "\u0eff" or "\u3040" <= char <= "\u9fff"


def _is_letter(char: str) -> bool:
  return unicodedata.category(char)[0] in "LMN"


def _words_pattern(words: Any) -> re.Pattern[str]:
  """Matches any of `words` standing apart from letters (inside, if unspaced)."""
  forms = sorted({_normalize(w) for w in words}, key=len, reverse=True)
  return re.compile(
      "|".join(
          re.escape(w) if _unspaced(w[0]) else rf"(?<!\w){re.escape(w)}(?!\w)"
          for w in forms
      )
  )


_LABEL_INDEX: dict[str, str] = {
    _normalize(word): field for field, words in LABELS.items() for word in words
}
# Verdict phrases by their first character, longest first.
_VERDICT_INDEX: dict[str, list[tuple[str, float]]] = {}
for _score, _phrases in VERDICTS.items():
  for _phrase in _phrases:
    _VERDICT_INDEX.setdefault(_normalize(_phrase)[0], []).append(
        (_normalize(_phrase), _score)
    )
for _candidates in _VERDICT_INDEX.values():
  _candidates.sort(key=lambda item: -len(item[0]))
_HEDGE = _words_pattern(HEDGES)
_NOT_APPLICABLE = frozenset(map(_normalize, NOT_APPLICABLE))
_AMBIGUOUS_NOT_APPLICABLE = frozenset(map(_normalize, AMBIGUOUS_NOT_APPLICABLE))
# After a yes, a dash and a clause that negates: `Yes - it does not ...`.
_DASH_NEGATION = re.compile(
    r"\s[-\u2013\u2014]\s.*(?:n't|(?<!\w)(?:not|never|cannot|fails?)(?!\w))"
)
# `Verdict: no` written inside a line (a note, a quotation).
_VERDICT_MENTION = re.compile(
    "(?:"
    + "|".join(
        re.escape(w) if _unspaced(w[0]) else rf"(?<!\w){re.escape(w)}"
        for w in sorted(
            (k for k, f in _LABEL_INDEX.items() if f == "verdict"),
            key=len,
            reverse=True,
        )
    )
    + r")[\s*_\"'`]*[:\uff1a][\s*_\"'`]*"
)


@dataclasses.dataclass
class JudgeBlock:
  """One rubric verdict as the judge wrote it.

  Attributes:
    rubric_id: The id the judge echoed, if any.
    property_text: The property text the judge echoed, if any.
    rationale: The judge's rationale (multi-line text is kept whole).
    evidence: The judge's evidence, for templates that ask for it.
    verdict: The verdict as the judge wrote it, if any; the verdicts it gave
      joined by ` / ` when the block holds more than one.
    score: 1.0 for a yes, 0.0 for a no, None for anything else.
    line: The 1-based line of the answer where the block starts (0 for JSON).
    unscored_reason: Why the block gives no verdict (None when it gives one).
  """

  rubric_id: Optional[str] = None
  property_text: Optional[str] = None
  rationale: Optional[str] = None
  evidence: Optional[str] = None
  verdict: Optional[str] = None
  score: Optional[float] = None
  line: int = 0
  unscored_reason: Optional[str] = None


def _read(value: object) -> tuple[Optional[float], Optional[str]]:
  """Returns (score, why there is none); see `read_verdict`."""
  if isinstance(value, bool):
    return (1.0 if value else 0.0), None
  if not isinstance(value, str) or not value.strip():
    return None, "its block has no verdict"
  text = _normalize(value[:_MAX_VERDICT_CHARS].translate(_VERDICT_DROP))
  not_a_verdict = f"verdict {_quote(value)} is not a yes or a no"
  i = 0
  while i < len(text) and unicodedata.category(text[i])[0] in "PZ":
    i += 1
  first = _verdict_phrase_at(text, i) if i < len(text) else None
  if first is None:
    return None, not_a_verdict
  phrase, score = first
  i += len(phrase)
  rest = text[i:]
  if rest.lstrip()[:1] in ("?", "\uff1f") or _runs_into_word(text, i, phrase):
    return None, not_a_verdict
  while i < len(text):
    match = _verdict_phrase_at(text, i)
    if match is None:
      i += 1
      continue
    i += len(match[0])
    if match[1] != score and not (
        match[1] == 0.0 and _runs_into_word(text, i, match[0])
    ):
      return None, f"verdict {_quote(value)} gives both a yes and a no"
  if _HEDGE.search(rest) or score == 1.0 and _DASH_NEGATION.search(rest):
    return None, f"hedged verdict {_quote(value)}"
  if phrase in _AMBIGUOUS_NOT_APPLICABLE:
    return None, (
        f"not applicable ({_quote(value)}), which can also mean that the"
        " property does not hold"
    )
  return score, None


def read_verdict(value: object) -> Optional[float]:
  """Returns 1.0 for a yes, 0.0 for a no and None for anything else.

  The value must open with a verdict phrase (`_rubric_vocabulary.VERDICTS`)
  that stands alone: `Yes`, `**はい**`, `ＹＥＳ`, `Yes, because ...`, but not
  `Met only partially` or `Yes?`. The line may not take it back: another
  stand-alone verdict (`No. Correction: yes`; a no form that runs into a word
  does not count, so `Yes, no issues` is a yes), a hedge (`Yes, but not
  fully`, `partially`; `_rubric_vocabulary.HEDGES`), or, after a yes, a dash
  and a negated clause (`Yes - it does not ...`). "Not applicable" is a yes,
  as the templates define `yes`, except in the forms that can also mean
  "does not hold" (`_rubric_vocabulary.AMBIGUOUS_NOT_APPLICABLE`).

  Args:
    value: The verdict as the judge wrote it. A bool is taken as is.

  Returns:
    The score, or None.
  """
  return _read(value)[0]


def explain_verdict(value: object) -> Optional[str]:
  """Returns why `value` is no verdict (None when it is a yes or a no)."""
  return _read(value)[1]


def is_not_applicable(value: object) -> bool:
  """Whether `value` is a yes only because it says "not applicable"."""
  if not isinstance(value, str) or _read(value)[0] != 1.0:
    return False
  text = _normalize(value.translate(_VERDICT_DROP)).lstrip(" *_`\"'([")
  return any(text.startswith(p) for p in _NOT_APPLICABLE)


def _opens_with_verdict(value: str) -> bool:
  text = _normalize(value[:_MAX_LABEL_CHARS].translate(_VERDICT_DROP))
  text = text.lstrip(" *_`\"'([\u300c\u3010")
  return bool(text) and _verdict_phrase_at(text, 0) is not None


def _runs_into_word(text: str, i: int, phrase: str) -> bool:
  """Whether the phrase ending at `text[i]` runs into a word (`no issues`)."""
  after = text[i:].lstrip()
  # Thai and CJK have no spaces between words: there a space separates.
  spaced = text[i : i + 1] == " " and _unspaced(phrase[-1])
  return bool(after[:1]) and _is_letter(after[0]) and not spaced


def _verdict_phrase_at(text: str, i: int) -> Optional[tuple[str, float]]:
  """Returns the longest verdict phrase that starts a word at `text[i]`.

  Phrases of several characters of a script written without spaces (`不符合`,
  `ไม่ใช่`) may stand inside a longer run of letters; any other phrase must
  stand apart from letters on both sides, so `no` is not read in `not` and
  `否` is not read in `是否`.
  """
  before = text[i - 1] if i else " "
  for phrase, score in _VERDICT_INDEX.get(text[i], ()):
    if not text.startswith(phrase, i):
      continue
    after = text[i + len(phrase) : i + len(phrase) + 1] or " "
    inside_run = len(phrase) > 1 and _unspaced(phrase[0])
    if inside_run or not (_is_letter(before) or _is_letter(after)):
      return phrase, score
  return None


def _quote(text: str, limit: int = 60) -> str:
  text = " ".join(str(text).split())
  return repr(text if len(text) <= limit else text[: limit - 3] + "...")


@dataclasses.dataclass
class _Label:
  """A label line: its normalized label, the field it names, its value."""

  key: str
  field: Optional[str]
  value: str


def _split_label(line: str) -> list[_Label]:
  """Returns the labels `line` opens with (`[id: x] text` gives two)."""
  text = line.lstrip(_DECORATION)
  number = _LIST_NUMBER.match(text, 0, 8)
  if number:
    text = text[number.end() :].lstrip(_DECORATION)
  tag = _ID_TAG.match(unicodedata.normalize("NFKC", text))
  if tag:
    rest = unicodedata.normalize("NFKC", text)[tag.end() :].strip(_TRIM)
    found = [_Label("id", "id", tag.group(1).strip())]
    return found + [_Label("property", "property", rest)] if rest else found
  bracket = _BRACKET_LABEL.match(text, 0, _MAX_LABEL_CHARS + 2)
  if bracket:
    key = _normalize(bracket.group(1).strip(_TRIM))
    if key in _LABEL_INDEX:
      rest = text[bracket.end() :].lstrip(":\uff1a").strip(_TRIM)
      return [_Label(key, _LABEL_INDEX[key], rest)]
  colon = next(
      (i for i, c in enumerate(text[: _MAX_LABEL_CHARS + 4]) if c in ":\uff1a"),
      -1,
  )
  key = _normalize(text[:colon].strip(_TRIM)) if colon > 0 else ""
  if not _is_label_like(key):
    return []
  return [_Label(key, _LABEL_INDEX.get(key), text[colon + 1 :].strip(_TRIM))]


def _is_label_like(key: str) -> bool:
  """Whether `key` may be a label the table lacks: a few words, no clause."""
  return (
      0 < len(key) <= _MAX_LABEL_CHARS
      and key.count(" ") < 4
      and any(_is_letter(c) and not c.isdigit() for c in key)
      and not any(c in key for c in ".,;!?()\"'\u3001\u3002\uff08\uff09")
  )


def _verdict_mentions(text: str) -> list[float]:
  """The verdicts written inside `text` as `<verdict label>: <yes or no>`.

  Quoted spans (`"..."`, `「...」`) and block-quoted text are left out: they
  are someone else's words.
  """
  found = []
  normalized = _QUOTED_SPAN.sub(" ", _normalize(text))
  if normalized.startswith(">"):
    return []
  for match in _VERDICT_MENTION.finditer(normalized):
    score = read_verdict(normalized[match.end() :].split(".")[0][:80])
    if score is None:
      score = _read(normalized[match.end() :][:12].split(" ")[0])[0]
    if score is not None:
      found.append(score)
  return found


@dataclasses.dataclass
class _Block:
  """A block being read: its fields, its verdict lines and what it mentions."""

  line: int
  fields: dict[str, list[str]] = dataclasses.field(default_factory=dict)
  keys: set[str] = dataclasses.field(default_factory=set)
  verdicts: list[str] = dataclasses.field(default_factory=list)
  mentions: list[float] = dataclasses.field(default_factory=list)
  open_field: Optional[str] = None
  identity_lines: list[int] = dataclasses.field(default_factory=list)
  conflicting_identity: bool = False
  # The block this one opened inside, before its verdict, by repeating a
  # label that block already has.
  doubted: Optional[_Block] = None

  def has_identity(self) -> bool:
    return bool(self.identity_lines)

  def to_judge_block(self) -> Optional[JudgeBlock]:
    if not self.has_identity() and not self.verdicts:
      return None
    text = {f: "\n".join(v).strip() or None for f, v in self.fields.items()}
    block = JudgeBlock(
        rubric_id=None if self.conflicting_identity else text.get("id"),
        property_text=(
            None if self.conflicting_identity else text.get("property")
        ),
        rationale=text.get("rationale"),
        evidence=text.get("evidence"),
        line=self.line,
    )
    # A verdict line that does not open with a verdict (`結論：` and a
    # summary sentence) gives none; it only stands when no other line does.
    verdicts = [v for v in self.verdicts if _opens_with_verdict(v)] or [
        v for v in self.verdicts if v.strip()
    ]
    block.verdict = " / ".join(dict.fromkeys(verdicts)) or None
    scores = {read_verdict(v) for v in verdicts} | set(self.mentions)
    if len(verdicts) == 1 and len(scores) == 1:
      block.score, block.unscored_reason = _read(verdicts[0])
    elif len(verdicts) > 1 or len(scores) > 1:
      block.unscored_reason = "its block gives two different verdicts"
    else:
      block.unscored_reason = _read(block.verdict)[1]
    return _split_id_tag(block)


class _Reading:
  """Reads the answer's labels into blocks, verdicts closing or opening them.

  Attributes:
    blocks: The blocks read.
    outside_identity: Whether an id or property line fell outside every block.
    stray_verdicts: How many verdict lines fell outside every block.
  """

  def __init__(self, verdict_first: bool) -> None:
    self.verdict_first = verdict_first
    self.blocks: list[_Block] = []
    self.block: Optional[_Block] = None
    self.outside_identity = False
    self.stray_verdicts = 0

  def label(self, label: _Label, line: int) -> None:
    block, field = self.block, label.field
    if field == "verdict":
      if self.verdict_first and (block is None or block.has_identity()):
        block = self._open(line)
      if block is None:
        # Before every block: a summary, which reaches no rubric.
        self.stray_verdicts += read_verdict(label.value) is not None
        return
      block.verdicts.append(label.value)
      block.open_field = "verdict" if not label.value else None
    elif field in _IDENTITY:
      if self.verdict_first:
        if block is None:
          self.outside_identity = True
          return
        if field in block.fields:
          block.conflicting_identity = True
      elif block is None or block.verdicts:
        block = self._open(line)
      elif field in block.fields:
        block = self._open(line, doubtful=True)
      block.identity_lines.append(line)
      block.fields[field] = [label.value]
      block.open_field = field if field == "property" else None
    elif block is not None:
      if field is None:
        self.text(f"{label.key}: {label.value}")
        return
      block.fields[field] = [label.value]
      block.open_field = field
    if block is not None:
      block.keys.add(label.key)
      block.mentions.extend(_verdict_mentions(label.value))

  def text(self, line: str, quoted: bool = False) -> None:
    block = self.block
    if block is None:
      return
    if not quoted:
      block.mentions.extend(_verdict_mentions(line))
    if block.open_field == "verdict":
      if line.strip():
        block.verdicts[-1] = line.strip(_TRIM)
        block.open_field = None
    elif block.open_field is not None:
      block.fields[block.open_field].append(line.strip())

  def _open(self, line: int, doubtful: bool = False) -> _Block:
    self.block = _Block(line=line, doubted=self.block if doubtful else None)
    self.blocks.append(self.block)
    return self.block

  def finish(self) -> list[_Block]:
    """Settles doubtful and identity-less blocks; returns the blocks."""
    kept: list[_Block] = []
    for block in self.blocks:
      before = block.doubted
      if before is not None and not before.keys <= block.keys:
        # Quoted material inside the block before: neither has a verdict.
        before.conflicting_identity = True
        continue
      if not block.has_identity() and kept:
        # Verdict lines after a block's end, before any other block: a
        # correction or a summary, which that block must agree with.
        kept[-1].mentions += [
            s for s in map(read_verdict, block.verdicts) if s is not None
        ]
        self.stray_verdicts += len(block.verdicts)
        continue
      kept.append(block)
    return kept

  def complete(self, blocks: list[_Block]) -> bool:
    """Whether every verdict line is in a block, each block holding one."""
    return (
        not self.outside_identity
        and not self.stray_verdicts
        and all(b.has_identity() and len(b.verdicts) == 1 for b in blocks)
    )


def _lines(text: str) -> list[_Line]:
  """Returns the answer's lines, with the labels of those not quoted.

  A fence opens with three or more backticks or tildes and closes with a
  line of at least as many of the same character and nothing else (or at
  the end of the answer). A quotation that a field value opens runs to the
  line that closes it, or to the next blank line.
  """
  found = []
  fence: Optional[str] = None
  quoting = False
  for number, line in enumerate(text.splitlines(), start=1):
    marker = _FENCE.match(line)
    stripped = line.strip()
    if fence is not None:
      if marker and marker.group(1)[0] == fence[0]:
        if len(marker.group(1)) >= len(fence) and not marker.group(2).strip():
          fence = None
      found.append(_Line(number, line, [], quoted=True))
      continue
    if marker and not (marker.group(1)[0] == "`" and "`" in marker.group(2)):
      fence = marker.group(1)
      found.append(_Line(number, line, [], quoted=True))
      continue
    if not stripped:
      quoting = False
      found.append(_Line(number, line, []))
      continue
    table = stripped[0] == "|" and stripped[-1] == "|"
    quoted = quoting or stripped[0] == ">"
    labels = [] if quoted or table else _split_label(line)
    if _quote_balance(stripped) % 2 and stripped[0] != ">":
      quoting = not quoting
    found.append(_Line(number, line, labels, quoted=quoted))
  return found


@dataclasses.dataclass
class _Line:
  number: int
  text: str
  labels: list[_Label]
  quoted: bool = False


def _quote_balance(text: str) -> int:
  return (
      text.count('"')
      + text.count("\u201c")
      - text.count("\u201d")
      + text.count("\u300c")
      - text.count("\u300d")
  )


def _run(
    lines: list[_Line], verdict_first: bool
) -> tuple[_Reading, list[_Block]]:
  reading = _Reading(verdict_first)
  for line in lines:
    for label in line.labels:
      reading.label(label, line.number)
    if not line.labels:
      reading.text(line.text, line.quoted)
  return reading, reading.finish()


def _learn_identity(lines: list[_Line]) -> None:
  """Takes an unknown label as the property label when the answer says so.

  In an answer without a known id or property label, a label the table
  lacks (`評価基準：`) is the property label when it is the only one that
  the answer repeats once per verdict line, each time with a different
  value that is no verdict, and not after the answer's last verdict line.
  """
  labels = [label for line in lines for label in line.labels]
  if any(label.field in _IDENTITY for label in labels):
    return
  verdicts = [i for i, label in enumerate(labels) if label.field == "verdict"]
  values: dict[str, list[str]] = {}
  for i, label in enumerate(labels):
    if label.field is None and verdicts and i < verdicts[-1]:
      values.setdefault(label.key, []).append(label.value)
  found = [
      key
      for key, seen in values.items()
      if len(seen) == len(verdicts)
      and len(set(seen)) == len(seen)
      and all(v and read_verdict(v) is None for v in seen)
  ]
  if len(found) == 1:
    for label in labels:
      if label.key == found[0]:
        label.field = "property"


def _parse_text(lines: list[_Line]) -> list[JudgeBlock]:
  """Reads the text blocks; see the module docstring for the rules."""
  _learn_identity(lines)
  last, last_blocks = _run(lines, verdict_first=False)
  first, first_blocks = _run(lines, verdict_first=True)
  chosen = [b.to_judge_block() for b in last_blocks]
  if first.outside_identity or len(first_blocks) < 2:
    return [b for b in chosen if b is not None]
  last_complete = last.complete(last_blocks)
  first_complete = first.complete(first_blocks)
  if first_complete and not last_complete:
    chosen = [b.to_judge_block() for b in first_blocks]
  elif first_complete or not last_complete:
    # Both readings stand: a rubric keeps only a verdict they agree on.
    twins = {
        b.identity_lines[0]: b.to_judge_block()
        for b in first_blocks
        if b.has_identity()
    }
    for block, judged in zip(last_blocks, chosen):
      twin = twins.get(block.identity_lines[0]) if judged else None
      if judged and (twin is None or twin.score != judged.score):
        judged.score = None
        judged.unscored_reason = (
            "the answer does not settle whether a verdict comes before or"
            " after its property, and the two readings disagree"
        )
  return [b for b in chosen if b is not None]


def _split_id_tag(block: JudgeBlock) -> JudgeBlock:
  """Moves a `[id: x]` tag the judge copied into the property into the id."""
  if block.property_text:
    tag = _ID_TAG.match(unicodedata.normalize("NFKC", block.property_text))
    if tag:
      block.rubric_id = block.rubric_id or tag.group(1).strip()
      rest = block.property_text[tag.end() :].strip()
      block.property_text = rest or None
  return block


def _table_cells(line: str) -> Optional[list[str]]:
  stripped = line.strip()
  if len(stripped) < 3 or stripped[0] != "|" or stripped[-1] != "|":
    return None
  return [
      cell.replace("\\|", "|").strip(_TRIM)
      for cell in _CELL_SEPARATOR.split(stripped[1:-1])
  ]


_CELL_SEPARATOR = re.compile(r"(?<!\\)\|")


def _table_blocks(
    lines: list[_Line],
) -> list[JudgeBlock]:
  """Reads the rows of tables whose header names a verdict and a rubric.

  A row with more or fewer cells than its header (a `|` in a cell the judge
  did not escape) is not read: its cells cannot be told apart.
  """
  blocks: list[JudgeBlock] = []
  columns: Optional[list[Optional[str]]] = None
  for line in lines:
    cells = None if line.quoted else _table_cells(line.text)
    if cells is None:
      columns = None
    elif columns is None:
      header = [_LABEL_INDEX.get(_normalize(c)) for c in cells]
      if "verdict" in header and ("id" in header or "property" in header):
        columns = header
    elif len(cells) == len(columns) and not all(
        set(c) <= set("-: ") for c in cells
    ):
      row = {f: c for f, c in zip(columns, cells) if f and c}
      score, reason = _read(row.get("verdict"))
      blocks.append(
          _split_id_tag(
              JudgeBlock(
                  rubric_id=row.get("id"),
                  property_text=row.get("property"),
                  rationale=row.get("rationale"),
                  evidence=row.get("evidence"),
                  verdict=row.get("verdict"),
                  score=score,
                  unscored_reason=reason,
              )
          )
      )
  return blocks


def _json_document(text: str) -> Optional[str]:
  """Returns the JSON text when the whole answer is one JSON document."""
  stripped = text.strip()
  if stripped[:1] in ("{", "["):
    return stripped
  if stripped.startswith(("```", "~~~")) and stripped.endswith(stripped[:3]):
    body = stripped[3:-3]
    newline = body.find("\n")
    if newline != -1 and "```" not in body:
      body = body[newline + 1 :].strip()
      if body[:1] in ("{", "["):
        return body
  return None


_JSON_KEYS = {
    **{_normalize(k).replace("_", " "): f for k, f in _LABEL_INDEX.items()},
    "rubric id": "id",
    "text property": "property",
    "textproperty": "property",
    "rubricid": "id",
    "answer": "verdict",
}


def _json_items(data: Any) -> list[dict[str, Any]]:
  """Returns the objects of a JSON answer that carry a verdict."""
  for _ in range(_JSON_MAX_DEPTH):
    if isinstance(data, list):
      return [item for item in data if isinstance(item, dict)]
    if not isinstance(data, dict):
      return []
    if any(_json_field(k) == "verdict" for k in data):
      return [data]
    lists = [v for v in data.values() if isinstance(v, (list, dict))]
    if len(lists) != 1:
      return []
    data = lists[0]
  return []


def _json_field(key: object) -> Optional[str]:
  return _JSON_KEYS.get(
      _normalize(str(key)[:_MAX_LABEL_CHARS]).replace("_", " ")
  )


def _is_answer_key(key: object) -> bool:
  return _normalize(str(key)[:_MAX_LABEL_CHARS]) == "answer"


def _json_text(value: object) -> Optional[str]:
  if value is None:
    return None
  if isinstance(value, bool):
    return "yes" if value else "no"
  if isinstance(value, str):
    return value.strip() or None
  return json.dumps(value, ensure_ascii=False)[:_MAX_VERDICT_CHARS]


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
  """Refuses a JSON object that gives a key twice: which one stands is a guess."""
  if len({key for key, _ in pairs}) < len(pairs):
    raise ValueError("duplicate key")
  return dict(pairs)


def _parse_json(document: str) -> list[JudgeBlock]:
  try:
    data = json.loads(document, object_pairs_hook=_unique_keys)
  except (ValueError, RecursionError):
    return []
  blocks = []
  for item in _json_items(data):
    verdicts = {
        read_verdict(v)
        for k, v in item.items()
        if not _is_answer_key(k) and _json_field(k) == "verdict"
    }
    fields: dict[str, Any] = {}
    # `answer` is a verdict only when no key names the verdict outright.
    for key, value in sorted(
        item.items(), key=lambda kv: _is_answer_key(kv[0])
    ):
      field = _json_field(key)
      if field and field not in fields and value is not None:
        fields[field] = value
    if "verdict" not in fields:
      continue
    if len(verdicts) > 1:  # `verdict` and `final_verdict` disagree.
      fields["verdict"] = None
    ids = {_json_text(v) for k, v in item.items() if _json_field(k) == "id"}
    if len(ids) > 1:  # `id` and `rubric_id` disagree.
      fields.pop("id", None)
    score, reason = _read(fields["verdict"])
    if len(verdicts) > 1:
      reason = "its block gives two different verdicts"
    blocks.append(
        _split_id_tag(
            JudgeBlock(
                rubric_id=_json_text(fields.get("id")),
                property_text=_json_text(fields.get("property")),
                rationale=_json_text(fields.get("rationale")),
                evidence=_json_text(fields.get("evidence")),
                verdict=_json_text(fields["verdict"]),
                score=score,
                unscored_reason=reason,
            )
        )
    )
  return blocks


def parse_judge_answer(text: object) -> list[JudgeBlock]:
  """Returns the verdict blocks of a judge's answer, in the judge's order.

  Example, from a Japanese judge that put its verdict first and dropped the
  id line:

    判定：はい
    Property：ユーザーの年齢を確認している
    理由：2ターン目で年齢を尋ねている。

    判定：いいえ
    Property：服用方法を説明している
    理由：説明がない。

  gives two blocks: property `ユーザーの年齢を確認している`, verdict `はい`,
  score 1.0, and property `服用方法を説明している`, score 0.0.

  Args:
    text: The judge's answer.

  Returns:
    The blocks; empty when the answer has none. Never raises.
  """
  if not isinstance(text, str) or not text.strip():
    return []
  document = _json_document(text)
  if document is not None:
    blocks = _parse_json(document)
    if blocks:
      return blocks
  lines = _lines(text)
  blocks = _parse_text(lines) + _table_blocks(lines)
  if blocks:
    return blocks
  # No text block: a preamble and one fenced JSON answer.
  fenced = _fenced_bodies(text)
  return _parse_json(fenced[0]) if len(fenced) == 1 else []


def _fenced_bodies(text: str) -> list[str]:
  """Returns the bodies of the answer's fenced code blocks (``` or ~~~)."""
  bodies = []
  for fence in ("```", "~~~"):
    start = text.find(fence)
    while start != -1:
      body = text.find("\n", start)
      end = text.find(fence, start + 3)
      if body == -1 or end == -1:
        break
      if body < end:
        bodies.append(text[body + 1 : end])
      start = text.find(fence, end + 3)
  return bodies
