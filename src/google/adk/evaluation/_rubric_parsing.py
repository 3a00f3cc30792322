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

**A rubric gets a verdict only from a block that the answer's own structure
delimits and that gives exactly one verdict**; anything else leaves it
unscored, with a reason that says which. The rules, one sentence each:

1. A label is a label word (`_rubric_vocabulary.LABELS`) or any short
   phrase before a colon at the start of a line, after markdown decoration
   (one ending with a verdict word names a verdict where that word stands
   apart: `Final verdict`, `修正後の判定`, not `Testverdict`); lines in a
   fence (any CommonMark fence) or a block quote hold none.
2. The answer's verdict label is the verdict label most of its lines use, at
   least twice (a `verdict` word before a `conclusion` word on a tie); other
   verdict labels are plain fields, and without one, every verdict label
   counts; a label the table lacks is never one.
3. Without an id or property label, a label the table lacks that comes once
   per verdict line, each time with another value, is the property label.
4. Adjacent id and property lines name one rubric (a group); a run of lines
   naming only rubrics under one label is an echoed list and names none.
5. If a group comes before every verdict line, a block opens at each group
   (verdict last); the answer does not settle this if a block runs across a
   blank line while two blocks share a paragraph, or if the last block has
   no verdict and a yes, a no or a verdict label comes before the first
   block, or the first two blocks have other labels before their verdicts
   (a heading before verdict-first blocks).
6. Otherwise a block opens at the first verdict line after each group
   (verdict first), which the answer settles only if there are two or more
   blocks, every verdict line is in one, and each block, all its label
   lines, is its own paragraph.
7. A first step's label (`STEP 1:`, `_rubric_vocabulary.STEP_WORDS`) that
   every verdict-last block has once between the previous verdict and its
   group opens the block.
8. A block runs to the next block's first line, the last one to the end.
9. A group that opens while the block before it has no verdict is the next
   block only if it has every label of that block and a blank line comes
   between them; otherwise it may be quoted material (a tool record), and
   the answer could not be split; nor could it where a block gives a label
   twice before its verdict (two blocks run together).
10. A block's verdicts are its verdict lines, any field before them whose
    value opens with a verdict (or a verdict label and a verdict), and any
    stand-alone yes or no after them (free text, fields, quotes, fences);
    two different ones give none, and so do two verdict lines that agree
    (they may be two blocks' verdicts, the second block's id line lost).
11. A verdict's value runs on over the lines after it up to an empty or
    quoted line or a known label (`Correction: ...` or `Yes —` / `but only
    partially: ...` make one value), and after a dash or a comma over any
    label; an empty verdict's value may come after blank lines.
12. A line, quoted or not, that names a scored block's id and gives another
    verdict leaves that block unscored (an `ID:` line names its own block,
    a `[id: x]` tag anywhere is checked).

Tables with a verdict column and JSON answers are read as such. Nothing
here raises.
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import itertools
import json
import re
from typing import Any
from typing import Mapping
from typing import Optional
import unicodedata

from ._rubric_verdicts import is_unspaced
from ._rubric_verdicts import normalize
from ._rubric_verdicts import opening_verdict
from ._rubric_verdicts import read
from ._rubric_verdicts import read_verdict
from ._rubric_verdicts import verdicts_in
from ._rubric_vocabulary import LABELS
from ._rubric_vocabulary import STEP_WORDS

_IDENTITY = ("id", "property")
_VERDICT_FIELDS = ("verdict", "conclusion")
_LABEL_INDEX: dict[str, str] = {
    normalize(word): field for field, words in LABELS.items() for word in words
}
_VERDICT_WORDS = tuple(
    k for k, f in _LABEL_INDEX.items() if f in _VERDICT_FIELDS
)
_VERDICT_OPENINGS = tuple(f"{v} " for v in _VERDICT_WORDS)
# The templates' own `STEP 1:` label, which leads into a block.
_STEP = re.compile(
    "(?:%s) ?0?1" % "|".join(map(re.escape, map(normalize, STEP_WORDS)))
)

_MAX_LABEL_CHARS = 32
_JSON_MAX_DEPTH = 4
_DECORATION = " \t\u3000*_`#|\u2022\u00b7\u30fb\u25cf\u25aa\u2013\u2014-+"
_TRIM = " \t\u3000*_`"
_UNFINISHED = ("-", "\u2013", "\u2014", ",", "\u3001", "\uff0c")
_LIST_NUMBER = re.compile(r"(?:\d{1,3}[.)]|\(\d{1,3}\))\s+")
_BRACKET_LABEL = re.compile(r"[\u3010\[]([^\u3011\]]{1,32})[\u3011\]]\s*")
_FENCE = re.compile(r"\s*(`{3,}|~{3,})(.*)$")
# A letter or digit (`str.isalnum`, which `\w` is with `_`), found faster.
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_ID_TAG = re.compile(r"\[\s*id\s*[:\uff1a]\s*([^\]\n]{1,200})\]\s*", re.I)
_CELL_SEPARATOR = re.compile(r"(?<!\\)\|")
_PARENTHESIS = re.compile(r"\s*\([^()]{1,20}\)$")
# A sentence or a quotation (`「判定：はい」と書いた`) holds no label.
_NO_LABEL = ".,;!?()>\"'\u3001\u3002\u300c\u300e\u201c"
_JSON_KEYS = {
    "rubric id": "id",
    "rubricid": "id",
    "answer": "verdict",
    "text property": "property",
    "textproperty": "property",
}
_TWO = "its block gives two different verdicts"
_TWO_LINES = "its block has more than one verdict line"
_UNSETTLED = (
    "the answer does not settle whether a verdict comes before or after its"
    " property"
)
_UNSPLIT = "the answer could not be split into blocks"
_ASIDE = "its verdict is under another verdict label"


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


@dataclasses.dataclass(slots=True)
class _Label:
  key: str  # The label as written, normalized.
  field: Optional[str]  # The field it names; None for an unknown label.
  value: str
  aside: bool = False  # A verdict label other than the answer's.


@dataclasses.dataclass(slots=True)
class _Line:
  number: int
  text: str
  labels: list[_Label]
  quoted: bool = False
  fence: int = 0  # In a fence (its opening line too): the opening line.
  blank: bool = False  # No letter or digit: it separates.
  fields: frozenset[Optional[str]] = frozenset()  # Its labels', once learned.


def _names_verdict(key: str) -> bool:
  """Whether a label names a verdict among other words (`Corrected verdict`,
  `修正後の判定`), not inside a word (`Testergebnis` is no `Ergebnis`)."""
  if key.startswith(_VERDICT_OPENINGS):
    return True
  for word in _VERDICT_WORDS:
    if key.endswith(word) and len(key) > len(word):
      before = key[-len(word) - 1]
      return not before.isalnum() or is_unspaced(before)
  return False


@functools.lru_cache(maxsize=4096)
def _label_before_colon(text: str) -> Optional[tuple[str, Optional[str]]]:
  """The label (normalized) `text` is and the field it names, or None."""
  key = normalize(text.strip(_TRIM))
  if not key or len(key) > _MAX_LABEL_CHARS or key.count(" ") > 3:
    return None
  key = _PARENTHESIS.sub("", key)
  if any(c in key for c in _NO_LABEL) or key.isdigit():
    return None
  return key, _LABEL_INDEX.get(key) or (
      "verdict" if _names_verdict(key) else None
  )


def _split_label(line: str) -> list[_Label]:
  """Returns the labels `line` opens with (`[id: x] text` gives two)."""
  colon = line.find(":", 0, _MAX_LABEL_CHARS + 4)
  if colon > 0 and line[:colon].isascii() and line[:1].isalpha():
    # An ASCII label at the start of the line (`Verdict: yes`), as most are:
    # NFKC leaves it as it is, and there is nothing before it to strip.
    label = _label_before_colon(line[:colon])
    if not label or line[:1].islower() and label[1] not in _VERDICT_FIELDS:
      return []
    return [_Label(*label, line[colon + 1 :].strip(_TRIM))]
  text = unicodedata.normalize("NFKC", line).lstrip(_DECORATION)
  opening = text[:1]
  number = (opening.isdigit() or opening == "(") and _LIST_NUMBER.match(
      text, 0, 8
  )
  text = text[number.end() :].lstrip(_DECORATION) if number else text
  bracketed = text[:1] in ("[", "\u3010")
  tag = bracketed and _ID_TAG.match(text)
  if tag:
    rest = text[tag.end() :].strip(_TRIM)
    # Keyed apart from `ID:`: a summary line `[id: r1] no` is checked.
    return [_Label("[id]", "id", tag.group(1).strip())] + (
        [_Label("property", "property", rest)] if rest else []
    )
  bracket = bracketed and _BRACKET_LABEL.match(text, 0, _MAX_LABEL_CHARS + 2)
  if bracket and normalize(bracket.group(1).strip(_TRIM)) in _LABEL_INDEX:
    key = normalize(bracket.group(1).strip(_TRIM))
    rest = text[bracket.end() :].lstrip(":").strip(_TRIM)
    return [_Label(key, _LABEL_INDEX[key], rest)]
  colon = text.find(":", 0, _MAX_LABEL_CHARS + 4)
  label = _label_before_colon(text[:colon]) if colon > 0 else None
  # A key in lower case (`id: 2`) is a record's the judge quotes, not a
  # label; one that names a verdict still counts, as a second verdict.
  if not label or text[:1].islower() and label[1] not in _VERDICT_FIELDS:
    return []
  # The value as written: after the line's first character that is a colon
  # once normalized (`:`, `：`), the label's.
  colon = next(
      i
      for i, char in enumerate(line)
      if ":" in unicodedata.normalize("NFKC", char)
  )
  return [_Label(*label, line[colon + 1 :].strip(_TRIM))]


def _lines(text: str) -> list[_Line]:
  """Returns the answer's lines, with the labels of those not quoted."""
  found: list[_Line] = []
  fence: Optional[str] = None
  opened = 0
  for number, line in enumerate(text.splitlines(), start=1):
    marker = ("```" in line or "~~~" in line) and _FENCE.match(line)
    blank, inside = not _LETTER_OR_DIGIT.search(line), 0
    if fence is not None:
      closes = marker and marker.group(1)[0] == fence[0]
      if closes and len(marker.group(1)) >= len(fence):
        fence = None if not marker.group(2).strip() else fence
      inside = opened if fence is not None else 0
    elif marker and not (marker.group(1)[0] == "`" and "`" in marker.group(2)):
      fence, opened = marker.group(1), number
      inside = number
    elif (stripped := line.strip())[:1] != ">":
      table = stripped[:1] == stripped[-1:] == "|"
      labels = _split_label(line) if not blank and not table else []
      found.append(_Line(number, line, labels, blank=blank))
      continue
    found.append(_Line(number, line, [], quoted=True, fence=inside))
  # Rule 4: an echoed rubric list (two or more lines naming only a rubric).
  labelled = [line for line in found if line.labels]
  echo = []
  for one, two in zip(labelled, labelled[1:]):
    if one.labels[0].key == two.labels[0].key and all(
        label.field in _IDENTITY for label in one.labels + two.labels
    ):
      echo += [one, two]
  for line in echo:
    line.labels = []
  return found


def _learn_verdict_label(labels: list[_Label]) -> None:
  """Rule 2: keeps as verdict labels only the answer's own; the others are
  plain fields (`aside`)."""
  counts = collections.Counter(
      label.key for label in labels if label.field in _VERDICT_FIELDS
  )

  def rank(key: str) -> tuple[int, bool]:
    return counts[key], _LABEL_INDEX.get(key) == "verdict"

  best = sorted(counts, key=rank, reverse=True)
  chosen = None
  if (
      len(best) == 1
      or best
      and counts[best[0]] > 1
      and (rank(best[0]) > rank(best[1]))
  ):
    chosen = best[0]
  for label in labels:
    if label.key in counts and chosen in (None, label.key):
      label.field = "verdict"
    elif label.field in _VERDICT_FIELDS:
      label.field, label.aside = None, True


def _learn_property_label(labels: list[_Label]) -> None:
  """Rule 3: an unknown label may be the property label."""
  verdicts = [i for i, x in enumerate(labels) if x.field == "verdict"]
  if any(x.field in _IDENTITY for x in labels) or len(verdicts) < 2:
    return
  values: dict[str, list[str]] = collections.defaultdict(list)
  for label in labels[: verdicts[-1]]:
    if label.field is None and not label.aside:
      values[label.key].append(label.value)
  found = [
      key
      for key, seen in values.items()
      if len(seen) == len(set(seen)) == len(verdicts)
      and all(v and read_verdict(v) is None for v in seen)
  ]
  for label in labels if len(found) == 1 else ():
    if label.key == found[0]:
      label.field = "property"


def _anchors(lines: list[_Line]) -> tuple[list[int], list[int]]:
  """The lines that open blocks read verdict-last and verdict-first."""
  last, first = [], []
  fields: set[str] = set()
  other = identity_since = True
  for i, line in enumerate(lines):
    identity_since |= line.blank
    for label in line.labels:
      if label.field in _IDENTITY:
        if other or label.field in fields:
          last.append(i)
          fields, other = set(), False
        fields.add(label.field)
        identity_since = True
      else:
        other = True
      if label.field == "verdict" and identity_since and i not in first[-1:]:
        first.append(i)
        identity_since = False
  return last, first


def _paragraphs(
    lines: list[_Line], anchors: list[int], every_label: bool = False
) -> tuple[bool, ...]:
  """Whether a block runs across a blank line, whether two blocks share a
  paragraph, and whether a verdict stands in no block.

  A block's extent is its id, property and verdict lines, or with
  `every_label` all its label lines.
  """
  blanks = list(itertools.accumulate((line.blank for line in lines), initial=0))
  spans: list[list[int]] = [[] for _ in anchors]
  named = [False] * len(anchors)
  k = -1
  for i, line in enumerate(lines):
    while k + 1 < len(anchors) and anchors[k + 1] <= i:
      k += 1
    if k < 0 or not line.labels:
      continue
    named[k] |= not line.fields.isdisjoint(_IDENTITY)
    if every_label or not line.fields.isdisjoint((*_IDENTITY, "verdict")):
      spans[k].append(i)
  kept = [span for span, n in zip(spans, named) if n]
  return (
      any(blanks[span[-1]] > blanks[span[0]] for span in kept),
      any(blanks[b[0]] == blanks[a[-1]] for a, b in zip(kept, kept[1:])),
      len(kept) < len(spans),
  )


@functools.lru_cache(maxsize=256)  # An answer repeats its few verdicts.
def _read(value: Optional[str]) -> tuple[Optional[float], Optional[str], str]:
  return read(value)


def _said(text: str) -> set[float]:
  """The stand-alone verdicts `text` gives, quoted or not."""
  return verdicts_in(normalize(text))


def _read_block(lines: list[_Line]) -> Optional[JudgeBlock]:
  """Reads one block (rule 10); None for a verdict alone."""
  fields: dict[str, list[str]] = {}
  given, said, asides = [], set(), []
  groups, seen, other = 0, set(), True
  before, repeated = set(), False  # The labels before the verdict.
  open_field = first_id = None
  running = False  # The verdict's value runs on (rule 11).
  for line in lines:
    text = line.text.strip()
    if running and not text and not any(given[-1]):
      continue  # An empty verdict's value may come after a blank line.
    running &= text[:1] not in ("|", "") and not line.quoted
    if running and (line.fields <= {None} or given[-1][-1][-1:] in _UNFINISHED):
      given[-1].append(text.strip(_TRIM))
      continue
    running = False
    if not line.labels:
      if given and text[:1] not in ("|", ""):
        said |= _said(text)
      elif open_field:
        fields[open_field].append(line.text.strip())
    for label in line.labels:
      if label.field in _IDENTITY:
        if other or label.field in seen:
          first_id = fields.get("id", [None])[0] if groups == 1 else first_id
          groups, seen, other = groups + 1, set(), False
        seen.add(label.field)
      elif label.field == "verdict":
        given.append([label.value])
        open_field, other, running = None, True, True
        continue
      else:
        other = True
        repeated |= not given and label.key in before
        before.add(label.key)
        # Before the verdict, only a value that opens with one counts
        # (`Answer: no`, `Not met: ...`, `Step 5: Final verdict: no`).
        value = (_split_label(label.value) or [label])[0]
        value = value if value.field in _VERDICT_FIELDS else label
        found = _said(label.value) if given else {opening_verdict(value.value)}
        said |= found - {None}
        asides += [label.value] if label.aside else []
      open_field = label.field or "rationale"
      if label.field:
        fields[open_field] = [label.value]
      else:
        fields.setdefault(open_field, []).append(f"{label.key}: {label.value}")
  if not groups:
    return None
  text = {f: "\n".join(v).strip() or None for f, v in fields.items()}
  given = [" ".join(filter(None, parts)) for parts in given]
  verdicts = list(dict.fromkeys(v for v in given if v.strip()))
  block = _record(text, " / ".join(verdicts) or None, lines[0].number)
  score, reason, _ = _read(verdicts[0] if verdicts else None)
  if groups > 1 or repeated:
    # Only the first id is surely this block's: a rubric judged again
    # elsewhere is answered twice.
    block.rubric_id = first_id if groups > 1 else block.rubric_id
    block.property_text, block.unscored_reason = None, _UNSPLIT
  elif len(verdicts) > 1 or len(said | ({score} if verdicts else set())) > 1:
    block.unscored_reason = _TWO
  elif len([v for v in given if v.strip()]) > 1:
    # Two verdict lines that agree may still be two blocks' verdicts.
    block.unscored_reason = _TWO_LINES
  elif not verdicts and asides:
    block.verdict, block.unscored_reason = " / ".join(asides), _ASIDE
  else:
    block.score, block.unscored_reason = score, reason
  return block


def _lead_in(
    lines: list[_Line], anchors: list[int], verdicts: list[list[int]]
) -> list[int]:
  """Rule 7: moves each verdict-last block's opening to its lead-in label."""
  regions = [range(0, anchors[0])] + [
      range(v[-1] + 1, a) for v, a in zip(verdicts, anchors[1:])
  ]
  found: list[dict[str, int]] = []
  for region in regions:
    seen: dict[str, list[int]] = {}
    for i in region:
      for label in lines[i].labels:
        seen.setdefault(label.key, []).append(i)
    found.append({k: v[0] for k, v in seen.items() if len(v) == 1})
  common = {k for k in set.intersection(*map(set, found)) if _STEP.fullmatch(k)}
  key = min(common, key=lambda k: found[-1][k]) if common else None
  return [f[key] for f in found] if key else anchors


def _parse_text(lines: list[_Line]) -> list[JudgeBlock]:
  """Reads the text blocks (rules 2 to 11)."""
  labels = [label for line in lines for label in line.labels]
  _learn_verdict_label(labels)
  _learn_property_label(labels)
  for line in lines:
    line.fields = frozenset([label.field for label in line.labels])
  last, first = _anchors(lines)
  if not last:
    return []
  leading = not first or last[0] < first[0]
  anchors = last if leading else first
  ends = anchors[1:] + [len(lines)]
  if leading:  # Rules 5, 7 and 9.
    verdicts = [
        [i for i in range(a, b) if "verdict" in lines[i].fields]
        for a, b in zip(anchors, ends)
    ]
    unsettled = all(_paragraphs(lines, last)[:2])
    if len(anchors) > 1 and all(verdicts[:-1]):
      anchors = _lead_in(lines, anchors, verdicts)
      ends = anchors[1:] + [len(lines)]
  else:  # Rule 6.
    unsettled = len(first) < 2 or any(
        _paragraphs(lines, first, every_label=True)
    )
  keys = [
      {x.key for line in lines[a:b] for x in line.labels}
      for a, b in zip(anchors, ends)
  ]
  if leading and len(anchors) > 1 and not verdicts[-1]:
    # Rule 5: the last block has no verdict, and a verdict before the first
    # block, or a heading before each verdict-first block (`Criterion: ...`),
    # may open the blocks.
    heads = [
        {x.key for line in lines[a : v[0] if v else b] for x in line.labels}
        for a, b, v in zip(last, last[1:] + [len(lines)], verdicts[:2])
    ]
    unsettled |= heads[0] != heads[1] or any(
        _said(x.text) or any(y.aside for y in x.labels)
        for x in lines[: last[0]]
        if not x.quoted
    )
  spans: list[list[int]] = []
  for k, (start, end) in enumerate(zip(anchors, ends)):
    if (
        leading
        and k
        and not verdicts[k - 1]
        and not (
            keys[k - 1] <= keys[k]
            and any(x.blank for x in lines[anchors[k - 1] : start])
        )
    ):
      spans[-1][1:] = [end, 1]  # Rule 9: quoted material, or not settled.
    else:
      spans.append([start, end, 0])
  blocks = []
  for start, end, unsplit in spans:
    block = _read_block(lines[start:end])
    if block and (unsplit or unsettled):
      block.score = None
      block.unscored_reason = _UNSPLIT if unsplit else _UNSETTLED
    blocks += [block] if block else []
  return blocks


def _record(
    found: Mapping[str, Optional[str]], verdict: Optional[str], line: int = 0
) -> JudgeBlock:
  """A block from the fields read; a `[id: x]` tag copied into the property
  is the id."""
  block = JudgeBlock(
      found.get("id"),
      found.get("property"),
      found.get("rationale"),
      found.get("evidence"),
      verdict,
      line=line,
  )
  tag = _ID_TAG.match(unicodedata.normalize("NFKC", block.property_text or ""))
  if tag:
    block.rubric_id = block.rubric_id or tag.group(1).strip()
    block.property_text = block.property_text[tag.end() :].strip() or None
  return block


def _cell_field(cell: str) -> Optional[str]:
  """The field a table header or JSON key names; a conclusion is a verdict."""
  field = _label_before_colon(cell[:_MAX_LABEL_CHARS])
  return "verdict" if field and field[1] == "conclusion" else field and field[1]


def _table_blocks(lines: list[_Line]) -> list[JudgeBlock]:
  """Reads the rows of tables whose header names a verdict and a rubric; a
  row with more or fewer cells than its header is not read."""
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
      columns = [_cell_field(c) for c in cells]
      if "verdict" not in columns or not set(_IDENTITY) & set(columns):
        columns = None
    elif len(cells) == len(columns) and any(set(c) - set("-: ") for c in cells):
      found: dict[str, Optional[str]] = {}
      for field, cell in zip(columns, cells):
        if field and cell:  # Two columns for one field must agree.
          found[field] = cell if found.get(field, cell) == cell else None
      score, reason, _ = read(found.get("verdict"))
      at = columns.index("verdict")  # As in text: cells before it that open
      said = {  # with a verdict, stand-alone verdicts in cells after it.
          opening_verdict(c)
          for f, c in zip(columns[:at], cells)
          if f not in _IDENTITY
      }.union(*map(_said, cells[at + 1 :]))
      if (
          "verdict" in found
          and found["verdict"] is None
          or score is not None
          and said - {None, score}
      ):
        score, reason = None, _TWO
      blocks.append(_record(found, found.get("verdict"), line.number))
      blocks[-1].score, blocks[-1].unscored_reason = score, reason
  return blocks


def _json_field(key: object) -> Optional[str]:
  key = normalize(str(key)[:_MAX_LABEL_CHARS]).replace("_", " ")
  return _JSON_KEYS.get(key) or _cell_field(key)


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
  """Reads a JSON answer: each object with a verdict key is a block; keys
  for one field must agree, and any other value holding a stand-alone yes
  or no is another verdict (an object has no order)."""
  try:
    data = json.loads(document, object_pairs_hook=_unique_keys)
  except (ValueError, RecursionError):
    return []
  blocks = []
  items = _json_items(data)
  for item in items:
    fields: dict[str, set[Optional[str]]] = {}
    for key, value in item.items():
      if _json_field(key) and value is not None:
        fields.setdefault(_json_field(key), set()).add(_json_text(value))
    one = {f: next(iter(v)) for f, v in fields.items() if len(v) == 1}
    verdicts = sorted(filter(None, fields.get("verdict", ())))
    block = _record(one, " / ".join(verdicts))
    said = {
        score
        for key, value in item.items()
        if _json_field(key) not in (*_IDENTITY, "verdict")
        for line in _lines(_json_text(value) or "")
        if not line.quoted
        for score in _said(line.text)
    }
    if "verdict" not in one or said - {read_verdict(one["verdict"])}:
      block.unscored_reason = _TWO
    else:
      block.score, block.unscored_reason, _ = read(one["verdict"])
    blocks.append(block)
  # Rule 12 for the text outside the blocks (`"notes": "r1 is a no"`).
  outside = _outside(data, set(map(id, items)))
  _check_mentions(_lines("\n".join(outside)), blocks)
  return blocks


def _outside(data: Any, items: set[int], depth: int = 0) -> list[str]:
  """The strings of `data` outside the objects whose `id()` is in `items`,
  to `_JSON_MAX_DEPTH`."""
  if isinstance(data, str):
    return [data]
  if depth > _JSON_MAX_DEPTH or id(data) in items:
    return []
  inner = data.values() if isinstance(data, dict) else data
  inner = inner if isinstance(data, (dict, list)) else []
  return [text for x in inner for text in _outside(x, items, depth + 1)]


@functools.lru_cache(maxsize=4096)  # Each id is read twice or more.
def _id_key(rubric_id: str) -> str:
  """The id without spaces, emphasis, brackets or quotes around it."""
  text = normalize(rubric_id).strip(_TRIM)
  ends = [i for i, c in enumerate(text) if unicodedata.category(c)[0] != "P"]
  return text[ends[0] : ends[-1] + 1] if ends else ""


def _findable(rubric_id: str) -> bool:
  """Whether an id named in a line can only be that id: it mixes letters
  with digits or punctuation (`r1`, `tu_right_tool`), unlike a word."""
  letters = sum(c.isalpha() for c in rubric_id)
  return 0 < letters < len(rubric_id)


def _mention_pattern(ids: list[str]) -> re.Pattern[str]:
  """A pattern that finds the longest of `ids` with no `[0-9a-z_]` on
  either side.

  The ids are grouped by their first character, which each group matches
  before it looks behind: a pattern that opens with a character lets the
  regular expression engine skip the characters that open no id, where one
  that opens with a look-behind tries every id at every character.
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
  """Rule 12, quoted lines too (a fenced summary); an `ID:` line names
  nothing.

  The scored blocks are kept by id, then by score, and each is unscored at
  most once, so that an answer naming one id on every line stays linear.
  """
  ids: dict[str, dict[float, list[JudgeBlock]]] = {}
  for block in blocks:
    key = _id_key(block.rubric_id or "")
    if block.score is not None and _findable(key):
      ids.setdefault(key, {}).setdefault(block.score, []).append(block)
  if not ids:
    return
  mention = _mention_pattern(list(ids))
  for line in lines:
    text = normalize(line.text)
    named = set(mention.findall(text))
    if not named:
      continue
    named -= {
        _id_key(label.value)
        for label in line.labels or _split_label(line.text)
        if label.key == "id"
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


# A line in the templates' own layout: one of their labels, as they write
# it, at the start of the line.
_TEMPLATE_LINE = re.compile(
    r"(ID|Property|Evidence|Rationale|Verdict|STEP [1-5]):"
)
# The labels of a block in the templates' layout, in their order.
_TEMPLATE_BLOCK = re.compile(
    r"(STEP 1,STEP 2,STEP 3,STEP 4,STEP 5,)?(ID,)?Property,(Evidence,)?"
    r"Rationale,Verdict"
)


def _template_blocks(text: str) -> Optional[list[JudgeBlock]]:
  """The blocks of an answer in the templates' layout; None for any other.

  In that layout each block is a paragraph of one line per label, the
  templates' labels in their order and the same in every block, with a
  verdict, and blank lines come only between blocks. It is the answer most
  judges write, and `_read_any_layout` would read it so: each paragraph is
  a verdict-last block (rule 5) that opens at its first step when there are
  two blocks or more (rule 7), the fields before the verdict that open with
  a verdict count as verdicts too (rule 10), and rule 12 holds. It is read
  here without the passes over the whole answer that only other layouts
  need.
  """
  paragraphs: list[list[tuple[int, str, re.Match[str]]]] = [[]]
  for number, line in enumerate(text.splitlines(), start=1):
    found = _TEMPLATE_LINE.match(line)
    if found:
      paragraphs[-1].append((number, line, found))
    elif line.strip():
      return None
    elif paragraphs[-1]:
      paragraphs.append([])
  paragraphs = [paragraph for paragraph in paragraphs if paragraph]
  shapes = {",".join(found[1] for *_, found in p) for p in paragraphs}
  if len(shapes) != 1 or not _TEMPLATE_BLOCK.fullmatch(next(iter(shapes))):
    return None
  # Rule 7 needs two blocks: a lone block opens at its id or property.
  steps = 5 if len(paragraphs) == 1 and shapes.pop()[:4] == "STEP" else 0
  lines, blocks = [], []
  for paragraph in paragraphs:
    fields: dict[str, str] = {}
    said: set[Optional[float]] = set()
    for k, (number, line, found) in enumerate(paragraph):
      key, field = _label_before_colon(found[1])
      value = line[found.end() :].strip(_TRIM)
      lines.append(_Line(number, line, [_Label(key, field, value)]))
      if k < steps:
        continue
      if field not in (*_IDENTITY, "verdict"):
        nested = (_split_label(value) or [None])[0]
        verdict = nested.field in _VERDICT_FIELDS if nested else False
        said.add(opening_verdict(nested.value if verdict else value))
      if field:
        fields[field] = value
    verdict = fields.pop("verdict")
    if not verdict.strip():
      return None
    block = _record(
        {f: v.strip() or None for f, v in fields.items()},
        verdict,
        paragraph[steps][0],
    )
    score, reason, _ = _read(verdict)
    if len(said - {None} | {score}) > 1:
      block.unscored_reason = _TWO
    else:
      block.score, block.unscored_reason = score, reason
    blocks.append(block)
  _check_mentions(lines, blocks)
  return blocks


def parse_judge_answer(text: object) -> list[JudgeBlock]:
  """Returns the verdict blocks of a judge's answer, in the judge's order.

  For example `Verdict: yes / Property: a / (blank) / Verdict: no /
  Property: b` gives `a` a yes and `b` a no: each verdict-first block is its
  own paragraph. Without the blank line the answer would not settle whether
  a verdict comes before or after its property, and neither would get one.
  Never raises; empty when the answer has no block.
  """
  if not isinstance(text, str) or not text.strip():
    return []
  blocks = _template_blocks(text)
  return _read_any_layout(text) if blocks is None else blocks


def _read_any_layout(text: str) -> list[JudgeBlock]:
  """Reads an answer by its structure (rules 1 to 12), tables and JSON."""
  lines = _lines(text)
  blocks = _parse_text(lines) + _table_blocks(lines)
  _check_mentions(lines, blocks)
  if blocks:
    return blocks
  stripped = text.strip()  # No text block: a JSON answer, bare or fenced.
  if stripped[:1] in ("{", "["):
    return _parse_json(stripped)
  # A fence is the answer only where the text around it has no field of its
  # own (`Assessment: No`, in labels no table knows): else it is quoted
  # material, such as a tool's record. A lead-in (`Here you go:`) is none.
  fences = {line.fence for line in lines if line.fence}
  fields = any(x.value for line in lines if not line.fence for x in line.labels)
  fenced = [line.text for line in lines if line.fence in fences][1:]
  read = len(fences) == 1 and not fields
  blocks = _parse_json("\n".join(fenced)) if read else []
  _check_mentions([line for line in lines if not line.fence], blocks)
  return blocks
