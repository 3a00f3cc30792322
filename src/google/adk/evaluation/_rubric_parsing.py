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
block per rubric. Judges vary the shape: they translate the labels, use
full-width colons, markdown, a table, put the verdict first or on the line
after its label, quote the agent, correct themselves. `parse_judge_answer`
reads the answer by its structure rather than by a fixed field order:

* A label line is a known label (see `_rubric_vocabulary.LABELS`) at the start
  of a line, after markdown decoration, followed by a colon (ASCII or
  full-width) or wrapped as `【判定】`. Lines inside a fenced code block, a
  block quote or an open quotation are never labels; nor are the lines that
  a rationale introduces with a colon, up to the next blank line, from the
  first id or property line among them.
* Whatever field opens the first block opens every block. An id or property
  line also opens a new block when the current block already has one, or
  already has its verdict.
* Within a block, the judge's last verdict stands (a judge that corrects
  itself is read as corrected). A block that opens inside another block's
  rationale, with no blank line between, may be text the judge quotes (a
  tool's output, the agent's words): its verdict is not read.
* An answer that *is* JSON (nothing else, or one fenced block) is read as
  JSON, and so is the one fenced JSON block of an answer without text
  blocks; JSON inside a text answer with blocks is part of that text.

Nothing here raises: an answer without a usable block gives an empty list.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any
from typing import Optional
import unicodedata

from ._rubric_vocabulary import LABELS
from ._rubric_vocabulary import VERDICTS

_MAX_LABEL_CHARS = 32
_MAX_VERDICT_CHARS = 200
_JSON_MAX_DEPTH = 4
_DECORATION = " \t\u3000*_`#>|\u2022\u00b7\u30fb\u25cf\u25aa\u2013\u2014-+"
# Markdown emphasis and spaces around a label or a value.
_TRIM = " \t\u3000*_`"
_LIST_NUMBER = re.compile(r"(?:\d{1,3}[.)]|\(\d{1,3}\))\s+")
_BRACKET_LABEL = re.compile(r"[\u3010\[]([^\u3011\]]{1,32})[\u3011\]]\s*")
_FENCE = re.compile(r"\s*(```|~~~)[\w+.-]*\s*$")
_OPEN_QUOTES = "\"\u201c\u300c\u300e'\u2018\u00ab"
_ID_TAG = re.compile(r"\[\s*id\s*[:\uff1a]\s*([^\]\n]{1,200})\]\s*", re.I)
_SENTENCE_END = re.compile(r"[.!](?:\s|$)|[\u3002\uff01\n]")
_WHITESPACE = re.compile(r"\s+")
# Arabic vowel marks and tatweel, and invisible format characters.
_VERDICT_DROP = dict.fromkeys(
    (*range(0x064B, 0x0660), 0x0670, 0x0640, 0x200B, 0x200C, 0x200D, 0x2060),
    None,
)


def _normalize(text: str) -> str:
  text = unicodedata.normalize("NFKC", text).casefold()
  text = "".join(c for c in text if unicodedata.category(c) != "Cf")
  return _WHITESPACE.sub(" ", text).strip()


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


@dataclasses.dataclass
class JudgeBlock:
  """One rubric verdict as the judge wrote it.

  Attributes:
    rubric_id: The id the judge echoed, if any.
    property_text: The property text the judge echoed, if any.
    rationale: The judge's rationale (multi-line text is kept whole).
    evidence: The judge's evidence, for templates that ask for it.
    verdict: The verdict as the judge wrote it, if any.
    score: 1.0 for a yes, 0.0 for a no, None for anything else.
    line: The 1-based line of the answer where the block starts (0 for JSON).
    verdict_lines: How many verdict lines the block holds (a judge that
      corrects itself writes two).
  """

  rubric_id: Optional[str] = None
  property_text: Optional[str] = None
  rationale: Optional[str] = None
  evidence: Optional[str] = None
  verdict: Optional[str] = None
  score: Optional[float] = None
  line: int = 0
  verdict_lines: int = 0


def _is_letter(char: str) -> bool:
  return unicodedata.category(char)[0] in "LMN"


def read_verdict(value: object) -> Optional[float]:
  """Returns 1.0 for a yes, 0.0 for a no and None for anything else.

  The value must open with a verdict phrase (see
  `_rubric_vocabulary.VERDICTS`): `Yes`, `**はい**`, `ＹＥＳ`, `No aplica` (not
  applicable, which the templates score as yes). The phrase must stand alone:
  followed by the end, or by punctuation other than a question mark, never
  by another word (`Met only partially`, `満たしているとは言えない`, `Нет
  данных`), except after a space in a script written without spaces (`ใช่
  ผู้ช่วย...`). The rest of the first sentence may not hold a stand-alone
  phrase of the other answer (`yes/no`, `はい・いいえ`; a no form that runs
  into a word does not count, so `Yes, no issues` is a yes).

  Args:
    value: The verdict as the judge wrote it. A bool is taken as is.

  Returns:
    The score, or None.
  """
  if isinstance(value, bool):
    return 1.0 if value else 0.0
  if not isinstance(value, str):
    return None
  text = _normalize(value[:_MAX_VERDICT_CHARS].translate(_VERDICT_DROP))
  end = _SENTENCE_END.search(text)
  if end and end.start() > 0:
    text = text[: end.start()]
  i = 0
  while i < len(text) and unicodedata.category(text[i])[0] in "PZ":
    i += 1
  first = _verdict_phrase_at(text, i) if i < len(text) else None
  if first is None:
    return None
  phrase, score = first
  i += len(phrase)
  if text[i:].lstrip()[:1] in ("?", "\uff1f"):
    return None
  # Thai and CJK have no spaces between words: there a space separates.
  if _modifies_next_word(text, i, phrase):
    return None
  while i < len(text):
    match = _verdict_phrase_at(text, i)
    if match is None:
      i += 1
      continue
    i += len(match[0])
    if match[1] != score and not (
        match[1] == 0.0 and _modifies_next_word(text, i, match[0])
    ):
      return None
  return score


def _modifies_next_word(text: str, i: int, phrase: str) -> bool:
  """Whether the phrase ending at `text[i]` runs into a word (`no issues`)."""
  after = text[i:].lstrip()
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


def _unspaced(char: str) -> bool:
  return "\u0e00" <= char <= "\u0eff" or "\u3040" <= char <= "\u9fff"


def _split_label(line: str) -> Optional[tuple[str, str]]:
  """Returns (field, value) when `line` opens with a label, else None."""
  text = line.lstrip(_DECORATION)
  number = _LIST_NUMBER.match(text, 0, 8)
  if number:
    text = text[number.end() :].lstrip(_DECORATION)
  bracket = _BRACKET_LABEL.match(text, 0, _MAX_LABEL_CHARS + 2)
  if bracket:
    field = _LABEL_INDEX.get(_normalize(bracket.group(1).strip(_TRIM)))
    if field:
      rest = text[bracket.end() :].lstrip(":\uff1a")
      return field, rest.strip(_TRIM)
  colon = -1
  for i, char in enumerate(text[: _MAX_LABEL_CHARS + 4]):
    if char in ":\uff1a":
      colon = i
      break
  if colon <= 0:
    return None
  field = _LABEL_INDEX.get(_normalize(text[:colon].strip(_TRIM)))
  if field is None:
    return None
  return field, text[colon + 1 :].strip(_TRIM)


def _table_cells(line: str) -> Optional[list[str]]:
  stripped = line.strip()
  if len(stripped) < 3 or stripped[0] != "|" or stripped[-1] != "|":
    return None
  return [
      cell.replace("\\|", "|").strip(_TRIM)
      for cell in _CELL_SEPARATOR.split(stripped[1:-1])
  ]


_CELL_SEPARATOR = re.compile(r"(?<!\\)\|")


class _Reader:
  """Collects blocks line by line; see the module docstring for the rules."""

  def __init__(self, verdict_first: bool) -> None:
    self.blocks: list[JudgeBlock] = []
    self.opener: Optional[str] = None
    self.verdict_first = verdict_first
    self.last_field: Optional[str] = None
    # Per paragraph: its first label, and whether it names a rubric.
    self.paragraphs: list[list[Any]] = [[None, False]]
    self.block: Optional[JudgeBlock] = None
    self.texts: dict[str, list[str]] = {}
    self.open_field: Optional[str] = None
    # Whether the last line was blank, and whether the current block opened
    # inside another block's rationale (see `label`).
    self.after_blank = True
    self.nested = False

  def in_rationale(self) -> bool:
    """Whether the current block is in its rationale, before its verdict."""
    return (
        self.block is not None
        and self.block.verdict is None
        and self.open_field in _QUOTING_FIELDS
        and not self.after_blank
    )

  def close(self) -> None:
    block = self.block
    if block is None:
      return
    for name, lines in self.texts.items():
      setattr(block, name, "\n".join(lines).strip() or None)
    if self.nested:
      block.verdict = None
    if block.rubric_id or block.property_text or block.verdict is not None:
      block.score = read_verdict(block.verdict)
      self.blocks.append(_split_id_tag(block))
    self.block, self.texts, self.open_field = None, {}, None
    self.nested = False

  def label(self, field: str, value: str, line: int) -> None:
    self.last_field = field
    if self.after_blank:
      self.paragraphs.append([field, False])
    if field in ("id", "property"):
      self.paragraphs[-1][1] = True
    if self.opener is None:
      if field == "verdict" and value and read_verdict(value) is None:
        # A summary before the blocks ("Final verdict: 2 of 3 met").
        return
      if field != "verdict" or self.verdict_first:
        self.opener = field
    block = self.block
    if block is not None and (
        field == "id"
        and (block.rubric_id is not None or self._verdict_closes(block))
        or field == "property"
        and ("property_text" in self.texts or self._verdict_closes(block))
        or field == self.opener
        and field not in ("id", "property")
        and self._has_identity()
    ):
      # A block that opens inside another's rationale, with no blank line
      # between, may be text the judge quotes (a tool's output, the agent's
      # words): its verdict is not read.
      nested = self.in_rationale() or self.nested and not self.after_blank
      self.close()
      self.nested = nested
    if self.block is None:
      self.block = JudgeBlock(line=line)
    self.open_field = None
    if field == "id":
      self.block.rubric_id = value or None
    elif field == "verdict":
      self.block.verdict = value
      self.block.verdict_lines += 1
      self.open_field = "verdict" if not value else None
    else:
      name = "property_text" if field == "property" else field
      self.texts[name] = [value]
      self.open_field = name

  def _has_identity(self) -> bool:
    """Whether the current block already names its rubric."""
    block = self.block
    return block is not None and (
        block.rubric_id is not None or "property_text" in self.texts
    )

  def _verdict_closes(self, block: JudgeBlock) -> bool:
    """Whether a verdict ends the block: unless verdicts come first."""
    return block.verdict is not None and self.opener != "verdict"

  def text(self, line: str) -> None:
    if self.block is None or self.open_field is None:
      return
    if self.open_field == "verdict":
      if line.strip():
        self.block.verdict = line.strip(_TRIM)
        self.open_field = None
      return
    self.texts[self.open_field].append(line.strip())

  def table_row(self, columns: list[Optional[str]], cells: list[str]) -> None:
    self.close()
    block = JudgeBlock()
    for field, cell in zip(columns, cells):
      if field == "id":
        block.rubric_id = cell or None
      elif field == "property":
        block.property_text = cell or None
      elif field in ("rationale", "evidence"):
        setattr(block, field, cell or None)
      elif field == "verdict":
        block.verdict = cell
    self.block = block


def _split_id_tag(block: JudgeBlock) -> JudgeBlock:
  """Moves a `[id: x]` tag the judge copied into the property into the id."""
  if block.property_text:
    tag = _ID_TAG.match(unicodedata.normalize("NFKC", block.property_text))
    if tag:
      block.rubric_id = block.rubric_id or tag.group(1).strip()
      rest = block.property_text[tag.end() :].strip()
      block.property_text = rest or None
  return block


def _quote_balance(text: str) -> int:
  return (
      text.count('"') % 2
      + text.count("\u201c")
      - text.count("\u201d")
      + text.count("\u300c")
      - text.count("\u300d")
  )


def _parse_text(text: str, verdict_first: bool = True) -> list[JudgeBlock]:
  """Reads the text blocks; see the module docstring for the rules.

  Args:
    text: The judge's answer.
    verdict_first: Whether a verdict that opens the first block may open
      every block. An answer with a paragraph that names a rubric before
      its verdict is read again without (verdict lines before the first
      block then open none); so is one without paragraphs that ends with a
      verdict.

  Returns:
    The blocks.
  """
  reader = _Reader(verdict_first)
  in_fence = False
  # Lines inside an open quotation are quoted material, never labels. Lines
  # after a rationale line ending with a colon, up to the next blank line,
  # are what it introduces (a tool's output, the agent's words, a list):
  # only a verdict line is read there, and only where verdicts close their
  # blocks, since the judge's own verdict then follows what it quotes; it
  # ends the introduction.
  quoting = introduced = False
  columns: Optional[list[Optional[str]]] = None
  for number, line in enumerate(text.splitlines(), start=1):
    stripped = line.strip()
    if _FENCE.match(line):
      in_fence = not in_fence
    elif not stripped:
      quoting = introduced = False
      columns = None
      reader.text(line)
      reader.after_blank = True
      continue
    elif not (in_fence or quoting or stripped[0] in _OPEN_QUOTES + ">"):
      cells = _table_cells(line)
      if cells is not None and not (
          columns is None and (introduced or reader.in_rationale())
      ):
        if columns is None:
          header = [_LABEL_INDEX.get(_normalize(c)) for c in cells]
          if "verdict" in header and ("id" in header or "property" in header):
            columns = header
            reader.close()
        elif not all(set(c) <= set("-: ") for c in cells):
          reader.table_row(columns, cells)
          reader.close()
        continue
      columns = None
      label = _split_label(line)
      if introduced and label:
        if label[0] != "verdict" or reader.opener == "verdict":
          label = None
        else:
          introduced = False  # The judge's verdict ends what it quoted.
      if label is not None:
        field, value = label
        reader.label(field, value, number)
        reader.after_blank = False
        if field in _QUOTING_FIELDS:
          quoting = _quote_balance(value) % 2 == 1
          introduced = value.endswith((":", "\uff1a"))
        continue
    reader.text(line)
    reader.after_blank = False
    if stripped and not in_fence and reader.open_field in _QUOTING_FIELDS:
      quoting = (quoting + _quote_balance(stripped)) % 2 == 1
      if not introduced and stripped.endswith((":", "\uff1a")):
        introduced = True
  reader.close()
  # Verdicts open the blocks when every paragraph that names a rubric opens
  # with one; without such paragraphs, unless the answer ends with one.
  if verdict_first and reader.opener == "verdict":
    openers = {first for first, names in reader.paragraphs if names}
    if openers - {"verdict"} or not openers and reader.last_field == "verdict":
      return _parse_text(text, verdict_first=False)
  # A block that corrects its verdict right after a block left without one
  # may hold that block's verdict (a quoted block, then the judge's verdict):
  # neither is read.
  for before, block in zip(reader.blocks, reader.blocks[1:]):
    if block.verdict_lines > 1 and before.verdict is None:
      block.verdict, block.score = None, None
  return reader.blocks


_QUOTING_FIELDS = ("rationale", "evidence")


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


def _parse_json(document: str) -> list[JudgeBlock]:
  try:
    data = json.loads(document)
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
    blocks.append(
        _split_id_tag(
            JudgeBlock(
                rubric_id=_json_text(fields.get("id")),
                property_text=_json_text(fields.get("property")),
                rationale=_json_text(fields.get("rationale")),
                evidence=_json_text(fields.get("evidence")),
                verdict=_json_text(fields["verdict"]),
                score=read_verdict(fields["verdict"]),
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

  gives one block with property `ユーザーの年齢を確認している`, the rationale,
  verdict `はい` and score 1.0.

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
  blocks = _parse_text(text)
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
