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
block per rubric. **A rubric gets a verdict only from a block that the
answer's own layout delimits and that gives exactly one verdict**:

* A label line is a known label (`_rubric_vocabulary.LABELS`) at the start of
  a line, after markdown decoration, with a colon (ASCII or full-width) or
  wrapped as `【判定】`. Lines in a fence (any CommonMark fence) or a block
  quote are never labels, nor is an echoed list of the rubrics. In an answer
  with no known id or property label, a label the table lacks is the
  property label when it is the only label the answer repeats once per
  verdict line, each time with another value that is no verdict
  (`_learn_identity`).
* The answer is read with verdicts closing their blocks (the template's
  order) and with verdicts opening them. A reading that leaves an id or
  property line outside every block is out, unless only the other one has
  blocks that run across blank lines; a reading that puts every verdict
  line in a block, one per block, wins where only the other has blocks
  that run across blank lines; otherwise a rubric keeps only a verdict both
  readings give it (a summary verdict before blocks cut off at the end
  reads as verdict-first). Where the verdict-first reading is out, a
  verdict after a blank line right before the next block stands only where
  the verdict-first reading agrees, if that block has no verdict or its
  own may open the block after it (an answer that turns verdict-first).
  One block has only the template's order. Lines before the first block
  reach no rubric.
* The answer's verdict label is the verdict or conclusion label that the
  most blocks use, two or more and more than any other. A line under
  another such label (`Overall verdict:`, `総合判定：`) is no block's
  verdict line; inside a block it may give another verdict, as free text
  does. A block whose only verdict is under such a label (a rubric judged
  again, ending `Final verdict: no`) gives that verdict unread.
* A block with two different verdicts (a correction, a second verdict
  line, a disagreeing summary after it) has none. After the verdict, any
  text (free, an unknown label, a field such as `Rationale:`, a block quote
  or a fence; not a table row) gives another verdict wherever it holds a
  stand-alone yes or no, quoted or not (`Wait - no.`, `this should be
  "no"`, `> Note: this should be no`): the judge's own or a quotation, the
  answer does not say which. The template's `STEP n:` lines after a
  separator, or before the first block, come before the next block: read
  with verdicts last, a verdict in them must agree with it. Before the
  verdict line, a field or unknown label whose whole value is a verdict
  (`Answer: no`) gives one too. Lines that separate blocks are blank lines
  and lines without a letter or digit (`---`). Verdict phrases that overlap
  (`はいいえ`) are both read. An empty verdict takes the next line as its
  value, unless that line is blank. A conclusion line (`結論：`, `Final
  verdict:`) beside a verdict line is a verdict line only where it opens
  with a verdict; otherwise it is free text.
* A line anywhere that names a block's id (`Correction: r1 should be no`)
  speaks of that block too, and a stand-alone verdict there must agree
  with the block's (`_check_mentions`); the block it follows is read as
  before.
* A repeated id or property line that opens a block while the one before
  it still lacks its verdict opens a block only if the new one has every
  label of the one before; otherwise it is quoted material (a tool record),
  and neither names a rubric.

Tables with a verdict column and JSON answers are read as such
(`_table_blocks`, `_parse_json`). Nothing here raises.
"""

from __future__ import annotations

import bisect
import collections
import dataclasses
import functools
import json
import re
from typing import Any
from typing import Callable
from typing import Iterable
from typing import Optional
import unicodedata

from ._rubric_verdicts import normalize
from ._rubric_verdicts import opens_with_verdict
from ._rubric_verdicts import read
from ._rubric_verdicts import read_verdict
from ._rubric_verdicts import verdicts_in
from ._rubric_vocabulary import LABELS
from ._rubric_vocabulary import STEP_WORDS

_MAX_LABEL_CHARS = 32
_JSON_MAX_DEPTH = 4
_DECORATION = " \t\u3000*_`#|\u2022\u00b7\u30fb\u25cf\u25aa\u2013\u2014-+"
# Markdown emphasis and spaces around a label or a value.
_TRIM = " \t\u3000*_`"
_LIST_NUMBER = re.compile(r"(?:\d{1,3}[.)]|\(\d{1,3}\))\s+")
_BRACKET_LABEL = re.compile(r"[\u3010\[]([^\u3011\]]{1,32})[\u3011\]]\s*")
_FENCE = re.compile(r"\s*(`{3,}|~{3,})(.*)$")
_ID_TAG = re.compile(r"\[\s*id\s*[:\uff1a]\s*([^\]\n]{1,200})\]\s*", re.I)
_CELL_SEPARATOR = re.compile(r"(?<!\\)\|")
_PARENTHESIS = re.compile(r"\s*\([^()]{1,20}\)$")
_IDENTITY = ("id", "property")
_LABEL_INDEX: dict[str, str] = {
    normalize(word): field for field, words in LABELS.items() for word in words
}
_VERDICT_FIELDS = ("verdict", "conclusion")
_VERDICT_LABELS = tuple(
    k for k, f in _LABEL_INDEX.items() if f in _VERDICT_FIELDS
)
# Tables and JSON: a conclusion column or key is one more verdict.
_CELL_INDEX = {
    k: "verdict" if f == "conclusion" else f for k, f in _LABEL_INDEX.items()
}
_VERDICT_OPENINGS = tuple(f"{v} " for v in _VERDICT_LABELS)
# The templates' own `STEP 1:` ... `STEP 5:` lines.
_STEP = re.compile(
    "(?:%s) ?\\d{1,2}" % "|".join(map(re.escape, map(normalize, STEP_WORDS)))
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
    line: The 1-based line of the answer where the block starts, or its
      row of a table (0 for JSON).
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


@dataclasses.dataclass
class _Label:
  key: str  # The label as written, normalized.
  field: Optional[str]  # The field it names; None for an unknown label.
  value: str
  # A verdict label other than the answer's: a conclusion, not a verdict.
  aside: bool = False


@dataclasses.dataclass
class _Line:
  number: int
  text: str
  labels: list[_Label]
  quoted: bool = False
  echo: bool = False
  fence: int = 0  # In a fence (its opening line too): the opening line.


def _names_verdict(key: str) -> bool:
  """Whether a label names a verdict among other words (`Corrected verdict`,
  `Verdict for r1`, `修正後の判定`, `revised verdict`)."""
  return key.endswith(_VERDICT_LABELS) or key.startswith(_VERDICT_OPENINGS)


def _split_label(line: str) -> list[_Label]:
  """Returns the labels `line` opens with (`[id: x] text` gives two)."""
  text = unicodedata.normalize("NFKC", line).lstrip(_DECORATION)
  number = _LIST_NUMBER.match(text, 0, 8)
  text = text[number.end() :].lstrip(_DECORATION) if number else text
  bracketed = text[:1] in ("[", "\u3010")  # Else no tag and no 【label】.
  tag = bracketed and _ID_TAG.match(text)
  if tag:
    rest = text[tag.end() :].strip(_TRIM)
    return [_Label("id", "id", tag.group(1).strip())] + (
        [_Label("property", "property", rest)] if rest else []
    )
  bracket = bracketed and _BRACKET_LABEL.match(text, 0, _MAX_LABEL_CHARS + 2)
  if bracket and normalize(bracket.group(1).strip(_TRIM)) in _LABEL_INDEX:
    key = normalize(bracket.group(1).strip(_TRIM))
    rest = text[bracket.end() :].lstrip(":").strip(_TRIM)
    return [_Label(key, _LABEL_INDEX[key], rest)]
  colon = text.find(":", 0, _MAX_LABEL_CHARS + 4)
  label = _label_before_colon(text[:colon]) if colon > 0 else None
  if label is None:
    return []
  return [_Label(*label, text[colon + 1 :].strip(_TRIM))]


@functools.lru_cache(maxsize=4096)  # Answers repeat their few labels.
def _label_before_colon(text: str) -> Optional[tuple[str, Optional[str]]]:
  """The label (normalized) that `text` is, and the field it names; None
  when `text` is no label."""
  key = normalize(text.strip(_TRIM))
  if not key or len(key) > _MAX_LABEL_CHARS or key.count(" ") > 3:
    return None
  key = _PARENTHESIS.sub("", key)
  if any(c in key for c in ".,;!?()\"'\u3001\u3002") or key.isdigit():
    return None
  return key, _LABEL_INDEX.get(key) or (
      "verdict" if _names_verdict(key) else None
  )


def _lines(text: str) -> list[_Line]:
  """Returns the answer's lines, with the labels of those not quoted.

  A fence opens with three or more backticks or tildes and closes with as
  many or more of the same and nothing else, or at the end of the answer.
  A run of two or more lines that each name a rubric and nothing else
  (the rubric list of the prompt, echoed) is outside every block.
  """
  found: list[_Line] = []
  fence: Optional[str] = None
  opened = 0
  for number, line in enumerate(text.splitlines(), start=1):
    marker = _FENCE.match(line)
    stripped = line.strip()
    inside = 0
    if fence is not None:
      closes = marker and marker.group(1)[0] == fence[0]
      if closes and len(marker.group(1)) >= len(fence):
        fence = None if not marker.group(2).strip() else fence
      inside = opened if fence is not None else 0
    elif marker and not (marker.group(1)[0] == "`" and "`" in marker.group(2)):
      fence, opened = marker.group(1), number
      inside = number
    elif stripped[:1] != ">":
      table = stripped[:1] == stripped[-1:] == "|"
      labels = _split_label(line) if stripped and not table else []
      found.append(_Line(number, line, labels))  # A blank line holds none.
      continue
    found.append(_Line(number, line, [], quoted=True, fence=inside))
  labelled = [line for line in found if line.labels]
  for one, two in zip(labelled, labelled[1:]):
    if (
        one.labels[0].key == two.labels[0].key
        and _names_only(one)
        and _names_only(two)
    ):
      one.echo = two.echo = True
  for line in labelled:
    if line.echo:
      line.labels = []
  return found


def _names_only(line: _Line) -> bool:
  return all(label.field in _IDENTITY for label in line.labels)


@dataclasses.dataclass
class _Block:
  """A block being read."""

  line: int
  fields: dict[str, list[str]] = dataclasses.field(default_factory=dict)
  keys: set[str] = dataclasses.field(default_factory=set)
  verdicts: list[_Label] = dataclasses.field(default_factory=list)
  # Verdicts read after the block ended, which it must agree with.
  after: list[float] = dataclasses.field(default_factory=list)
  # Text after its verdict, read for another only if the block is judged.
  after_text: list[str] = dataclasses.field(default_factory=list)
  # The template's STEP lines before it, which must agree with its verdict.
  steps: list[str] = dataclasses.field(default_factory=list)
  open_field: Optional[str] = None
  identity_lines: list[int] = dataclasses.field(default_factory=list)
  label_lines: list[int] = dataclasses.field(default_factory=list)
  verdict_line: int = 0
  unnamed: bool = False  # Two ids or properties: it names no rubric.
  # The block this one opened in, before its verdict, by repeating a label.
  doubted: Optional[_Block] = None
  separated: bool = False  # A separator line follows its verdict.

  def given(self) -> list[_Label]:
    """The block's verdict lines: its conclusion lines only beside none."""
    found = [v for v in self.verdicts if v.value.strip()]
    if any(v.field == "verdict" for v in found):
      found = [
          v
          for v in found
          if v.field == "verdict" or opens_with_verdict(v.value)
      ]
    return found

  def judge_block(
      self,
      reader: Callable[[object], tuple[Optional[float], Optional[str], str]] = (
          read
      ),
  ) -> Optional[JudgeBlock]:
    """The block as judged; `reader` is `read`, or a memo of it."""
    if not self.identity_lines and not self.verdicts:
      return None
    text = {f: "\n".join(v).strip() or None for f, v in self.fields.items()}
    given = self.given()
    verdicts = [v.value for v in given]
    block = JudgeBlock(
        rubric_id=None if self.unnamed else text.get("id"),
        property_text=None if self.unnamed else text.get("property"),
        rationale=text.get("rationale"),
        evidence=text.get("evidence"),
        verdict=" / ".join(dict.fromkeys(verdicts)) or None,
        line=self.line,
    )
    readings = [reader(v) for v in verdicts]
    scores = {r[0] for r in readings}.union(
        self.after, *map(_said, self.after_text + self.steps)
    )
    for v in self.verdicts:
      if v.value.strip() and v not in given:
        scores |= _said(v.value)  # `Final verdict: after all, no.`
    if len(verdicts) > 1 or len(scores) > 1:
      block.unscored_reason = "its block gives two different verdicts"
    else:
      block.score, block.unscored_reason, _ = (readings or [read(None)])[0]
    if not self.verdicts and self.after_text:
      # A verdict under another label than the answer's (`Final verdict:
      # no` where its blocks use `Verdict:`): one, but not read as one.
      block.verdict = " / ".join(self.after_text)
      block.unscored_reason = "its verdict is under another verdict label"
    return _split_id_tag(block)


class _Reading:
  """Reads the answer's labels into blocks, verdicts closing or opening them.

  Attributes:
    blocks: The blocks read.
    outside_identity: Whether an id or property line fell outside every block.
    stray: The verdict lines outside every block.
  """

  def __init__(
      self, lines: list[_Line], verdict_first: bool, blank: list[int]
  ) -> None:
    self.verdict_first = verdict_first
    self.blocks: list[_Block] = []
    self.block: Optional[_Block] = None
    self.outside_identity = False
    self.stray: list[_Label] = []
    self.steps: list[str] = []  # STEP lines before the next block.
    for line in lines:
      for label in line.labels:
        self._label(label, line.number)
      if not line.labels and self.block:
        self._text(line.text, line.quoted)
    self.blocks = self._settle()
    self.gapped = any(
        b.label_lines and _between(blank, b.label_lines[0], b.label_lines[-1])
        for b in self.blocks
    )

  def _label(self, label: _Label, line: int) -> None:
    block, field = self.block, label.field
    if field in _VERDICT_FIELDS:
      if self.verdict_first and (block is None or block.identity_lines):
        block = self._open(line)
      if block is None:
        self.stray.append(label)  # A summary: it reaches no rubric.
        return
      block.verdicts.append(label)
      block.verdict_line = line
    elif field in _IDENTITY:
      if self.verdict_first and block is None:
        self.outside_identity = True
        return
      if self.verdict_first:
        block.unnamed |= field in block.fields
      elif block is None or block.verdicts:
        block = self._open(line)
      elif field in block.fields:
        block = self._open(line, doubted=block)
      block.identity_lines.append(line)
    elif _STEP.fullmatch(label.key) and (block is None or block.separated):
      # The template's STEP lines come before the block they are about, in
      # its order (STEP 5 gives the verdict).
      if not self.verdict_first:
        self.steps.append(label.value)
      if block is None:
        return
    elif block is None:
      return
    elif block.verdicts or label.aside:
      # `Correction: yes`, `Rationale: on second thought, no.` after the
      # verdict: another verdict.
      block.after_text.append(label.value)
    elif read_verdict(label.value) is not None:
      # `Answer: no` before the verdict line: a verdict, though not under
      # the answer's verdict label.
      block.after_text.append(label.value)
    block.keys.add(label.key)
    block.label_lines.append(line)
    name = field or "rationale"
    value = label.value if field else f"{label.key}: {label.value}"
    if field is None and name in block.fields:
      block.fields[name].append(value)
    else:
      block.fields[name] = [value]
    block.open_field = name
    if field in _VERDICT_FIELDS:
      block.open_field = None if value else "verdict"

  def _text(self, line: str, quoted: bool) -> None:
    block = self.block
    block.separated |= bool(block.verdicts) and not any(map(str.isalnum, line))
    if block.verdicts and block.open_field != "verdict":
      # Text after the verdict (`Wait - no.`), quoted or not, but not a
      # table row, may give another one (a blank line gives none).
      if line.strip()[:1] not in ("|", ""):
        block.after_text.append(line)
    if block.open_field == "verdict" and not quoted:
      if line.strip():
        block.verdicts[-1].value = line.strip(_TRIM)
      block.open_field = None  # A blank line ends an empty verdict too.
    elif block.open_field:
      # An empty `Conclusion:` awaits its verdict as `verdict`, a field it
      # does not have: a quoted line there is kept, never read.
      block.fields.setdefault(block.open_field, []).append(line.strip())

  def _open(self, line: int, doubted: Optional[_Block] = None) -> _Block:
    self.block = _Block(line=line, doubted=doubted, steps=self.steps)
    self.steps = []
    self.blocks.append(self.block)
    return self.block

  def _settle(self) -> list[_Block]:
    kept: list[_Block] = []
    for block in self.blocks:
      if block.doubted and not block.doubted.keys <= block.keys:
        block.doubted.unnamed = True  # Quoted material.
      elif not block.identity_lines and kept:
        # Verdict lines after a block, before the next one opens.
        values = [read_verdict(v.value) for v in block.verdicts]
        kept[-1].after += [v for v in values if v is not None]
        self.stray += block.verdicts
      else:
        kept.append(block)
    return kept

  def complete(self) -> bool:
    """Whether every block has one verdict line, under one label, and no
    verdict line under that label, or that opens with a verdict, is outside.
    """
    given = [b.given() for b in self.blocks]
    keys = {v.key for lines in given for v in lines}
    return (
        not self.outside_identity
        and len(keys) == 1
        and all(
            b.identity_lines and len(lines) == 1
            for b, lines in zip(self.blocks, given)
        )
        and all(opens_with_verdict(lines[0].value) for lines in given)
        and not self.strays_that_count(keys)
    )

  def strays_that_count(self, keys: set[str]) -> list[_Label]:
    """The verdict lines outside every block that may be a block's verdict:
    under a verdict label (not a conclusion) or a label the blocks' verdicts
    use, or opening with a verdict.
    """
    return [
        v
        for v in self.stray
        if v.key in keys or v.field == "verdict" or opens_with_verdict(v.value)
    ]


_UNSETTLED = (
    "the answer does not settle whether a verdict comes before or after its"
    " property, and the two readings disagree"
)


def _learn_verdict_label(lines: list[_Line]) -> None:
  """Keeps as verdict lines only those under the answer's verdict label.

  The answer's verdict label is the verdict or conclusion label that the
  most blocks use, two or more and more than any other label; a block here
  runs from one line under the answer's first id or property label to the
  next. Lines under another such label (`Overall verdict:` after blocks
  under `Verdict:`) are then read as unknown labels, which may give a block
  another verdict.
  """
  labels = [label for line in lines for label in line.labels]
  opening = next((x.key for x in labels if x.field in _IDENTITY), None)
  blocks: dict[str, set[int]] = {}
  block = 0
  for label in labels:
    block += label.key == opening
    if block and label.field in _VERDICT_FIELDS:
      blocks.setdefault(label.key, set()).add(block)
  counts = sorted((len(b) for b in blocks.values()), reverse=True)
  if not counts or counts[0] < 2 or counts[1:2] == counts[:1]:
    return
  key = next(k for k, b in blocks.items() if len(b) == counts[0])
  for label in labels:
    if label.field in _VERDICT_FIELDS and label.key != key:
      label.field, label.aside = None, True


def _breaks(lines: list[_Line]) -> list[int]:
  """The lines that separate blocks: blank, or with no letter or digit
  (`---`, `***`, an invisible character)."""
  return [line.number for line in lines if not any(map(str.isalnum, line.text))]


def _identity_opens(lines: list[_Line]) -> bool:
  """Whether an id or property label comes before every verdict label
  (the verdict-first reading's `outside_identity`)."""
  for line in lines:
    for label in line.labels:
      if label.field in _IDENTITY:
        return True
      if label.field in _VERDICT_FIELDS:
        return False
  return False


def _between(sorted_numbers: list[int], low: int, high: int) -> bool:
  """Whether a number of `sorted_numbers` lies strictly between the two."""
  i = bisect.bisect_right(sorted_numbers, low)
  return i < len(sorted_numbers) and sorted_numbers[i] < high


def _said(text: str) -> set[float]:
  """The stand-alone verdicts `text` gives, quoted or not: a quoted `"no"`
  after a verdict may as well be the judge's own as the agent's."""
  return verdicts_in(normalize(text))


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
  verdicts = [
      i for i, label in enumerate(labels) if label.field in _VERDICT_FIELDS
  ]
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
  _learn_verdict_label(lines)
  _learn_identity(lines)
  blank = _breaks(lines)
  last = _Reading(lines, verdict_first=False, blank=blank)
  # Read verdict-first, an id or property line before every verdict line is
  # outside every block; then, unless a block read verdict-last runs across
  # a blank line, the first rule below applies, and it needs only twins:
  # that reading is done when a rule asks for them. (Done later, it changes
  # no label that `last` left unchanged: a verdict takes its value from the
  # next line only in a block, and every verdict line is in one of `last`'s.)
  first: Optional[_Reading] = None
  if last.gapped or not _identity_opens(lines):
    first = _Reading(lines, verdict_first=True, blank=blank)
  # An answer repeats its few verdict values (`yes`, `no`): read each once.
  reader = functools.lru_cache(maxsize=None)(read)
  chosen = [b.judge_block(reader) for b in last.blocks]
  twins: dict[int, Optional[JudgeBlock]] = {}

  def twin(block: _Block) -> Optional[JudgeBlock]:
    """The block read verdict-first that opens with the same line."""
    nonlocal first
    if not twins:  # Read only when a rule needs it.
      first = first or _Reading(lines, verdict_first=True, blank=blank)
      twins.update(
          (b.identity_lines[0], b.judge_block(reader))
          for b in first.blocks
          if b.identity_lines
      )
    return twins.get(block.identity_lines[0]) if block.identity_lines else None

  lone_gaps = last.gapped and not first.gapped
  doubted: list[int] = []  # Blocks that keep a verdict only if twins agree.
  outside = first is None or first.outside_identity
  if outside and not lone_gaps or len(first.blocks) < 2:
    # A verdict before the first block may be that block's own: then that
    # block read verdict-first must agree.
    # The blocks' verdict labels: needed only if a verdict is outside them.
    keys = (
        {v.key for b in last.blocks for v in b.given()} if last.stray else set()
    )
    before = {read_verdict(v.value) for v in last.strays_that_count(keys)}
    if before and last.blocks and twin(last.blocks[0]):
      before = {twin(last.blocks[0]).score}
    if chosen and chosen[0] and before - {chosen[0].score}:
      chosen[0].score = None
      chosen[0].unscored_reason = _UNSETTLED
    # So must a verdict after a blank line right before the next block, if
    # that block has none, or its own may open the block after it: it may
    # open the next block (an answer that turns verdict-first).
    shifted: set[int] = set()
    for i in range(len(last.blocks) - 2, -1, -1):
      block, after = last.blocks[i], last.blocks[i + 1]
      if (
          after.line == block.verdict_line + 1
          and _between(blank, block.label_lines[0], block.verdict_line)
          and (not after.verdicts or i + 1 in shifted)
      ):
        shifted.add(i)
    doubted = [i for i in shifted if chosen[i] and chosen[i].score is not None]
  elif first.complete() and not last.complete() and lone_gaps:
    chosen = [b.judge_block(reader) for b in first.blocks]
  elif first.complete() or not last.complete() or lone_gaps:
    # Both readings stand: a rubric keeps only a verdict they agree on.
    doubted = list(range(len(chosen)))
  for i in doubted:
    judged, other = chosen[i], twin(last.blocks[i])
    if judged and (other is None or other.score != judged.score):
      judged.score = None
      judged.unscored_reason = _UNSETTLED
  return [b for b in chosen if b is not None]


def _split_id_tag(block: JudgeBlock) -> JudgeBlock:
  """Moves a `[id: x]` tag the judge copied into the property into the id."""
  tag = _ID_TAG.match(unicodedata.normalize("NFKC", block.property_text or ""))
  if tag:
    block.rubric_id = block.rubric_id or tag.group(1).strip()
    block.property_text = block.property_text[tag.end() :].strip() or None
  return block


def _table_blocks(lines: list[_Line]) -> list[JudgeBlock]:
  """Reads the rows of tables whose header names a verdict and a rubric.

  A row with more or fewer cells than its header (a `|` in a cell the judge
  did not escape) is not read: its cells cannot be told apart.
  """
  blocks: list[JudgeBlock] = []
  columns: Optional[list[Optional[str]]] = None
  for line in lines:
    row = line.text.strip()
    if line.quoted or len(row) < 3 or not row[0] == row[-1] == "|":
      columns = None
      continue
    cells = [
        c.replace("\\|", "|").strip(_TRIM)
        for c in _CELL_SEPARATOR.split(row[1:-1])
    ]
    if columns is None:
      columns = [
          _CELL_INDEX.get(normalize(c))
          or ("verdict" if _names_verdict(normalize(c)) else None)
          for c in cells
      ]
      if "verdict" not in columns or not set(_IDENTITY) & set(columns):
        columns = None
    elif len(cells) == len(columns) and any(set(c) - set("-: ") for c in cells):
      found: dict[str, Optional[str]] = {}
      for field, cell in zip(columns, cells):
        if field and cell:  # Two columns for one field must agree.
          found[field] = cell if found.get(field, cell) == cell else None
      score, reason, _ = read(found.get("verdict"))
      # Cells after the verdict are text after it.
      after = cells[columns.index("verdict") + 1 :]
      if (
          "verdict" in found
          and found["verdict"] is None
          or any(_said(cell) - {score} for cell in after if score is not None)
      ):
        score, reason = None, "its block gives two different verdicts"
      blocks.append(
          _split_id_tag(
              JudgeBlock(
                  rubric_id=found.get("id"),
                  property_text=found.get("property"),
                  rationale=found.get("rationale"),
                  evidence=found.get("evidence"),
                  verdict=found.get("verdict"),
                  score=score,
                  line=line.number,
                  unscored_reason=reason,
              )
          )
      )
  return blocks


_JSON_KEYS = {
    **{k.replace("_", " "): f for k, f in _CELL_INDEX.items()},
    "rubric id": "id",
    "rubricid": "id",
    "text property": "property",
    "textproperty": "property",
    "answer": "verdict",
}


def _json_field(key: object) -> Optional[str]:
  key = normalize(str(key)[:_MAX_LABEL_CHARS]).replace("_", " ")
  return _JSON_KEYS.get(key) or ("verdict" if _names_verdict(key) else None)


def _json_items(data: Any) -> list[dict[str, Any]]:
  """Returns the objects of a JSON answer that carry a verdict."""
  for _ in range(_JSON_MAX_DEPTH):
    if isinstance(data, list):
      return [item for item in data if isinstance(item, dict)]
    if not isinstance(data, dict):
      return []
    if any(_json_field(k) == "verdict" for k in data):
      return [data]
    inner = [v for v in data.values() if isinstance(v, (list, dict))]
    if len(inner) != 1:
      return []
    data = inner[0]
  return []


def _json_text(value: object) -> Optional[str]:
  if isinstance(value, bool):
    return "yes" if value else "no"
  if value is None or isinstance(value, str):
    return (value or "").strip() or None
  return json.dumps(value, ensure_ascii=False)[: _MAX_LABEL_CHARS * 8]


def _unique_keys(pairs: list[tuple[str, Any]]) -> Any:
  """An object that gives a key twice is unread: which one stands is a guess."""
  return dict(pairs) if len({k for k, _ in pairs}) == len(pairs) else None


def _parse_json(document: str) -> list[JudgeBlock]:
  """Reads a JSON answer: each object with a verdict key is a block.

  Keys are read as labels (`rubric_id`, `verdict`, `answer`,
  `revised_verdict`). An object whose keys for one field disagree (`verdict`
  and `answer`, `id` and `rubric_id`) gives that field none; an object that
  gives a key twice is not read. An object has no order, so any other
  value gives another verdict wherever it holds a stand-alone yes or no, as
  text after the verdict does in a text block.
  """
  try:
    data = json.loads(document, object_pairs_hook=_unique_keys)
  except (ValueError, RecursionError):
    return []
  blocks = []
  for item in _json_items(data):
    fields: dict[str, set[Optional[str]]] = {}
    for key, value in item.items():
      if _json_field(key) and value is not None:
        fields.setdefault(_json_field(key), set()).add(_json_text(value))
    one = {f: next(iter(v)) for f, v in fields.items() if len(v) == 1}
    block = JudgeBlock(
        rubric_id=one.get("id"),
        property_text=one.get("property"),
        rationale=one.get("rationale"),
        evidence=one.get("evidence"),
        verdict=" / ".join(sorted(filter(None, fields.get("verdict", ())))),
    )
    said = {
        score
        for key, value in item.items()
        if _json_field(key) not in (*_IDENTITY, "verdict")
        for line in _lines(_json_text(value) or "")
        if not line.quoted
        for score in _said(line.text)
    }
    if "verdict" not in one or said - {read_verdict(one["verdict"])}:
      block.unscored_reason = "its block gives two different verdicts"
    else:
      block.score, block.unscored_reason, _ = read(one["verdict"])
    blocks.append(_split_id_tag(block))
  return blocks


def _id_key(rubric_id: str) -> str:
  """The id without spaces, emphasis, brackets or quotes around it."""
  text = normalize(rubric_id).strip(_TRIM)
  ends = [i for i, c in enumerate(text) if unicodedata.category(c)[0] != "P"]
  return text[ends[0] : ends[-1] + 1] if ends else ""


def _findable(rubric_id: str) -> bool:
  """Whether an id named in a line can only be that id: it mixes letters
  with digits or punctuation (`r1`, `tu_right_tool`), unlike a word or a
  number."""
  letters = sum(c.isalpha() for c in rubric_id)
  return 0 < letters < len(rubric_id)


def _mention_pattern(ids: Iterable[str]) -> re.Pattern[str]:
  """A pattern that finds the longest of `ids` with no `[0-9a-z_]` on
  either side.

  It finds what a look-behind followed by all the ids, longest first, finds;
  but the ids are grouped by their first character, which each group
  matches before it looks behind. A pattern that opens with a character
  lets the regular expression engine skip the characters that open no id;
  one that opens with a look-behind tries every id at every character.
  """
  groups: dict[str, list[str]] = {}
  for rubric_id in sorted(ids, key=len, reverse=True):
    groups.setdefault(rubric_id[0], []).append(re.escape(rubric_id[1:]))
  return re.compile(
      "(%s)(?![0-9a-z_])"
      % "|".join(
          f"{re.escape(c)}(?<![0-9a-z_]{re.escape(c)})(?:{'|'.join(rests)})"
          for c, rests in groups.items()
      )
  )


def _check_mentions(lines: list[_Line], blocks: list[JudgeBlock]) -> None:
  """Unscores a block that a line naming its id contradicts.

  A line that names a block's id (`Correction: r1 should be no`, `- r1:
  no` in a summary) speaks of that block wherever it stands: a stand-alone
  verdict anywhere in the line that differs from the block's leaves the
  block with two verdicts (`r1: yes, r2: no` on one line leaves both
  unscored: which verdict goes with which id is a guess). Quoted lines name
  nothing, nor does the line that opens the block or gives its id.
  """
  # The scored blocks by id, then by score: each is unscored once.
  ids: dict[str, dict[float, list[JudgeBlock]]] = {}
  # Each id is written at least twice (its block's and its line's): read
  # each once, for this answer.
  id_key = functools.lru_cache(maxsize=None)(_id_key)
  for block in blocks:
    key = id_key(block.rubric_id or "")
    if block.score is not None and _findable(key):
      ids.setdefault(key, {}).setdefault(block.score, []).append(block)
  if not ids:
    return
  mention = _mention_pattern(ids)
  for line in lines:
    if line.quoted:
      continue
    text = normalize(line.text)
    named = set(mention.findall(text))
    if not named:
      continue
    named -= {
        id_key(label.value)
        for label in line.labels or _split_label(line.text)
        if label.field == "id"
    }
    said = verdicts_in(mention.sub(" ", text)) if named else set()
    for scored in map(ids.get, named):
      for score in [s for s in scored if said - {s}]:
        for block in scored.pop(score):
          if block.line == line.number:
            scored.setdefault(score, []).append(block)
          else:
            block.score = None
            block.unscored_reason = (
                f"line {line.number} names its id and gives another verdict"
            )


def parse_judge_answer(text: object) -> list[JudgeBlock]:
  """Returns the verdict blocks of a judge's answer, in the judge's order.

  Example, from a Japanese judge that put its verdicts first and dropped the
  id lines:

    判定：はい
    Property：ユーザーの年齢を確認している

    判定：いいえ
    Property：服用方法を説明している

  gives a block with property `ユーザーの年齢を確認している` and score 1.0,
  and one with property `服用方法を説明している` and score 0.0: read with
  verdicts closing blocks, the first verdict would be outside every block
  and the first block would run across the blank line. Without that blank
  line the answer would not settle which, and neither would get a verdict.

  Args:
    text: The judge's answer.

  Returns:
    The blocks; empty when the answer has none. Never raises.
  """
  if not isinstance(text, str) or not text.strip():
    return []
  lines = _lines(text)
  blocks = _parse_text(lines) + _table_blocks(lines)
  _check_mentions(lines, blocks)
  if blocks:
    return blocks
  # No text block: a JSON answer, bare or in the answer's one fence.
  stripped = text.strip()
  if stripped[:1] in ("{", "["):
    return _parse_json(stripped)
  fences = {line.fence for line in lines if line.fence}
  fenced = [line.text for line in lines if line.fence in fences][1:]
  blocks = _parse_json("\n".join(fenced)) if len(fences) == 1 else []
  _check_mentions(lines, blocks)  # The text around the fence.
  return blocks
