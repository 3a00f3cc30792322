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

"""Properties of the structure rules of `_rubric_parsing`, on generated answers.

Judge answers are built from template blocks (ID / Property / Rationale /
Verdict) whose labels are drawn from `_rubric_vocabulary.LABELS`, in English
or translated, and whose verdict words are drawn from
`_rubric_vocabulary.VERDICTS`. They are garbled the way judges garble them:
summary lines before the first block and after the last (under the answer's
verdict label or another label, with a random yes or no), corrections inside
a block, label lines quoted in a rationale (inline quotes, block quotes,
``` and ~~~ fences with info strings, longer fences, tool records), verdict
first or verdict last, with or without blank lines; some verdicts are no
yes and no no (`partially`, `該当なし`). Each generated block records the
rubric it was written for, its lines and the verdicts it gives; each verdict
the judge writes in a block carries the block's marker (`(#)` for the
first, `(##)` for the second...: no digits, which would make a verdict say
more than a yes or a no), so that a failing example shows where a verdict
came from. The properties:

(A) A rubric never gets a verdict from another rubric's block, and never a
    verdict the judge did not write for it.
(B) Nothing raises, whatever text is built from label fragments.
(C) A plain template answer (verdict last, ids echoed, no summaries,
    corrections or quotes) gives every rubric its verdict.
(D) A block that gives two different verdicts gives its rubric none.
(E) A line after a later block that names a rubric by its id and gives it
    the other verdict leaves that rubric without one.

Set RUBRIC_PARSING_EXAMPLES to run more examples than CI does.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Optional

from google.adk.evaluation import _rubric_ids
from google.adk.evaluation import _rubric_matching
from google.adk.evaluation import _rubric_parsing
from google.adk.evaluation import _rubric_vocabulary
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

_EXAMPLES = int(os.environ.get("RUBRIC_PARSING_EXAMPLES", "100"))
_SETTINGS = settings(derandomize=True, max_examples=_EXAMPLES, deadline=None)

# Rubric texts, all different; the id is what ties a block to its rubric.
_TEXTS = (
    "The agent asks which medicines the user takes",
    "The agent explains the risk of side effects",
    "The agent explains how to take the medicine",
    "ユーザの服用中の薬を確認している",
    "副作用等のリスクを説明している",
    "询问了用户正在服用的药物",
    "说明了副作用等风险",
    "사용자가 복용 중인 약을 확인했다",
    "شرح الوكيل مخاطر الآثار الجانبية",
    "Der Agent erklärt die Risiken von Nebenwirkungen",
    "El agente indica cómo tomar el medicamento",
    "อธิบายวิธีรับประทานยา",
)
_ID_FORMS = ("r{}", "R-{}", "{}", "rubric_{}", "評価{}")

# The template's labels, and translations of each from the vocabulary.
_FIELDS = ("id", "property", "rationale", "verdict")
_ENGLISH = {
    "id": "ID",
    "property": "Property",
    "rationale": "Rationale",
    "verdict": "Verdict",
}
_MARKER = " ({})"


def _verdict_words(score: float) -> tuple[str, ...]:
  """The vocabulary's verdict phrases that, marked, read as `score`."""
  not_applicable = set(_rubric_vocabulary.NOT_APPLICABLE)
  return tuple(
      phrase
      for phrase in _rubric_vocabulary.VERDICTS[score]
      if phrase not in not_applicable
      and _rubric_parsing.read_verdict(phrase + _MARKER.format("#")) == score
  )


_WORDS = {True: _verdict_words(1.0), False: _verdict_words(0.0)}
# Verdicts that are no yes and no no: words after a verdict, "not
# applicable" forms that can also mean "does not hold", words in no list.
_UNREADABLE = (
    "partially",
    "Yes, but not fully",
    "Yes, because it does",
    "該当なし",
    "unknown",
)
_DECORATIONS = ("{}: ", "{}：", "**{}:** ", "- **{}**: ", "{} : ")
# Label lines a rationale quotes: the agent's or a tool's words, naming
# another rubric's id and the opposite verdict, without a marker.
_QUOTES = (
    'The agent wrote "{v_label}: {verdict}" at the end.',
    "エージェントは「{id_label}：{id}\n{v_label}：{verdict}」と書いた。",
    'The agent wrote "{id_label}: {id}\n{v_label}: {verdict}" here.',
    "The agent replied\n> {id_label}: {id}\n> {v_label}: {verdict}",
    "The agent replied:\n\n> {id_label}: {id}\n> {v_label}: {verdict}\n",
    "The tool returned\n```{info}\n{id_label}: {id}\n{v_label}: {verdict}\n```",
    "The tool returned\n~~~{info}\n{id_label}: {id}\n{v_label}: {verdict}\n~~~",
    (
        "The tool returned\n````{info}\n{id_label}: {id}\n```\n"
        "{v_label}: {verdict}\n````"
    ),
    "The tool returned a record:\n\n{id_label}: {id}\nname: x\n",
)
_INFO_STRINGS = ("", "text", " text", "json", " yaml title=x")
# Corrections: the judge writes a second verdict for the same block.
_CORRECTIONS = (
    "{v_label}{first}. Correction: {second}",
    "{v_label}{first}\n{v_label}{second}",
    "{v_label}{first}\nCorrected verdict: {second}",
    "{v_label}{first}\nNote: otherwise this would be {v_plain}: {second}.",
    "{v_label}{first}\n修正後の判定：{second}",
    # Free text after the verdict line.
    "{v_label}{first}\nWait - {second}.",
    "{v_label}{first}\n(Edit: this should be {second}.)",
    "{v_label}{first}\nFinal verdict: after reading it again, {second}.",
)
_SUMMARY_LABELS = ("Summary", "Overall", "総合評価", "总结")


@dataclasses.dataclass
class _Block:
  source: int  # The rubric the block was written for.
  verdict: Optional[bool]  # None: a verdict that is no yes and no no.
  correction: Optional[bool] = None  # The corrected verdict, if any.
  named: bool = False  # Corrected by a later line that names its id.


@dataclasses.dataclass
class _Case:
  rubrics: list[Rubric]
  answer: str
  blocks: list[_Block]
  # The first and last line (1-based) of each block.
  spans: list[tuple[int, int]]

  def __repr__(self) -> str:
    listed = "\n".join(
        f"  {r.rubric_id!r}: {r.rubric_content.text_property!r}"
        for r in self.rubrics
    )
    return f"rubrics:\n{listed}\nanswer:\n{self.answer}"


@st.composite
def _labels(draw) -> dict[str, str]:
  """One label per field: the template's, or a translation of it."""
  labels = {}
  for field in _FIELDS:
    # Capitalized as judges write labels; `id:` in lower case is a key of a
    # record the judge quotes.
    translated = sorted(
        w[0].upper() + w[1:]
        for w in _rubric_vocabulary.LABELS[field]
        if w[:1].isalpha() and w != "rubric"
    )
    english = _ENGLISH[field]
    labels[field] = draw(
        st.sampled_from((english, english) + tuple(translated))
    )
  return labels


@st.composite
def _rubrics(draw, min_size: int = 1) -> list[Rubric]:
  texts = draw(
      st.lists(
          st.sampled_from(_TEXTS), min_size=min_size, max_size=4, unique=True
      )
  )
  form = draw(st.sampled_from(_ID_FORMS))
  return [
      Rubric(
          rubric_id=form.format(k),
          rubric_content=RubricContent(text_property=text),
      )
      for k, text in enumerate(texts, start=1)
  ]


def _line_count(lines: list[str]) -> int:
  return sum(line.count("\n") + 1 for line in lines)


def _word(draw, verdict: Optional[bool], marker: Optional[int] = None) -> str:
  word = draw(
      st.sampled_from(_UNREADABLE if verdict is None else _WORDS[verdict])
  )
  return word + ("" if marker is None else _MARKER.format("#" * (marker + 1)))


@st.composite
def _cases(
    draw,
    plain: bool = False,
    verdict_first: Optional[bool] = None,
    min_blocks: int = 1,
    late_correction: bool = False,
) -> _Case:
  """Returns rubrics, a judge answer built from them, and its blocks.

  Args:
    draw: Hypothesis's draw.
    plain: Every rubric answered once, verdict last, with its id echoed and
      no summary, correction or quote.
    verdict_first: Whether every block opens with its verdict line (None:
      drawn).
    min_blocks: The fewest blocks the answer holds.
    late_correction: After the last block, a line that names an earlier
      block's rubric by its id and gives it the other verdict.

  Returns:
    The case.
  """
  rubrics = draw(_rubrics(min_blocks))
  n = len(rubrics)
  shown = _rubric_ids.rubric_prompt_ids(rubrics)
  handles = [shown[r.rubric_id] for r in rubrics]
  labels = draw(_labels())
  decoration = draw(st.sampled_from(_DECORATIONS))
  label = lambda field: decoration.format(labels[field])  # noqa: E731

  if plain:
    order = draw(st.permutations(range(n)))
  else:
    order = draw(
        st.lists(st.sampled_from(range(n)), min_size=min_blocks, max_size=n + 1)
    )
  verdicts = st.booleans() if plain else st.sampled_from((True, False, None))
  blocks = [_Block(source, draw(verdicts)) for source in order]
  if verdict_first is None:
    verdict_first = not plain and draw(st.booleans())
  blank_between = draw(st.booleans())
  blank_after_verdict = verdict_first and draw(st.booleans())

  def summary() -> str:
    name = draw(
        st.sampled_from(
            (labels["verdict"],)
            + _rubric_vocabulary.LABELS["verdict"]
            + _SUMMARY_LABELS
        )
    )
    return decoration.format(name) + _word(draw, draw(st.booleans()))

  lines: list[str] = []
  if not plain and draw(st.booleans()):
    lines.append(summary())
    if draw(st.booleans()):
      lines.append("")
  spans = []
  for k, block in enumerate(blocks):
    first = _line_count(lines) + 1
    rationale = f"Checked item {k}."
    if not plain and draw(st.booleans()):
      others = [i for i in range(n) if i != block.source] or [block.source]
      quote = draw(st.sampled_from(_QUOTES)).format(
          id_label=labels["id"],
          id=handles[draw(st.sampled_from(others))],
          v_label=labels["verdict"],
          verdict=_word(draw, block.verdict is False),
          info=draw(st.sampled_from(_INFO_STRINGS)),
      )
      rationale += " " + quote
    verdict_line = label("verdict") + _word(draw, block.verdict, k)
    if not plain and draw(st.booleans()):
      block.correction = draw(st.booleans())
      verdict_line = draw(st.sampled_from(_CORRECTIONS)).format(
          v_label=label("verdict"),
          v_plain=labels["verdict"],
          first=_word(draw, block.verdict, k),
          second=_word(draw, block.correction, k),
      )
    if verdict_first:
      lines.append(verdict_line)
      if blank_after_verdict:
        lines.append("")
    lines.append(label("id") + handles[block.source])
    lines.append(
        label("property") + rubrics[block.source].rubric_content.text_property
    )
    lines.append(label("rationale") + rationale)
    if not verdict_first:
      lines.append(verdict_line)
    spans.append((first, _line_count(lines)))
    if blank_between:
      lines.append("")
  answered = [
      b for b in blocks[:-1] if b.verdict is not None and b.correction is None
  ]
  if late_correction and answered:
    named = draw(st.sampled_from(answered))
    named.named, named.correction = True, not named.verdict
    lines.append(
        f"Correction: {handles[named.source]} should be"
        f" {_word(draw, named.correction)}."
    )
  if not plain and draw(st.booleans()):
    if draw(st.booleans()):
      lines.append("")
    lines.append(summary())
  return _Case(rubrics, "\n".join(lines), blocks, spans)


def _report(case: _Case):
  blocks = _rubric_parsing.parse_judge_answer(case.answer)
  return blocks, _rubric_matching.match_rubric_responses(case.rubrics, blocks)


def _written_for(case: _Case, line: int) -> Optional[int]:
  """The generated block whose lines hold `line`, if any."""
  for k, (first, last) in enumerate(case.spans):
    if first <= line <= last:
      return k
  return None


def _check_never_misattributes(case: _Case) -> None:
  parsed, report = _report(case)
  for position, outcome in enumerate(report.outcomes):
    if outcome.score is None:
      continue
    # The attached block starts in a block the judge wrote for this rubric...
    k = _written_for(case, parsed[outcome.block].line)
    assert k is not None and case.blocks[k].source == position, (position, k)
    # ...and its score is a verdict the judge wrote for this rubric.
    written = {
        verdict
        for block in case.blocks
        if block.source == position
        for verdict in (block.verdict, block.correction)
        if verdict is not None
    }
    assert outcome.score in {1.0 if v else 0.0 for v in written}, outcome


def _check_two_verdicts_give_none(case: _Case) -> None:
  _, report = _report(case)
  for position, outcome in enumerate(report.outcomes):
    written = [b for b in case.blocks if b.source == position]
    if (
        len(written) == 1
        and None not in (written[0].verdict, written[0].correction)
        and written[0].verdict != written[0].correction
    ):
      assert outcome.score is None, (position, outcome)


# (A) A rubric never gets a verdict from another rubric's block, and never a
# verdict the judge did not write for it, whatever summaries, corrections,
# quotes, layout and blank lines the answer holds.
@_SETTINGS
@given(_cases())
def test_never_attaches_a_verdict_from_another_block(case: _Case):
  _check_never_misattributes(case)


@_SETTINGS
@given(_cases(verdict_first=False))
def test_never_attaches_a_verdict_from_another_block_verdict_last(
    case: _Case,
):
  _check_never_misattributes(case)


@_SETTINGS
@given(_cases(verdict_first=True))
def test_never_attaches_a_verdict_from_another_block_verdict_first(
    case: _Case,
):
  _check_never_misattributes(case)


@_SETTINGS
@given(_cases(verdict_first=True, min_blocks=2))
def test_never_attaches_a_verdict_from_another_block_verdict_first_blocks(
    case: _Case,
):
  _check_never_misattributes(case)


# (C) A plain template answer, verdict last with ids echoed, gives every
# rubric the verdict of its block.
@_SETTINGS
@given(_cases(plain=True))
def test_plain_template_answer_gets_every_verdict(case: _Case):
  _, report = _report(case)

  expected = {b.source: 1.0 if b.verdict else 0.0 for b in case.blocks}
  assert [o.score for o in report.outcomes] == [
      expected[i] for i in range(len(case.rubrics))
  ], report
  assert report.warning_message() is None


# (E) A line after a later block that names a rubric by its id and gives it
# the other verdict takes the verdict back, where the id is one that is
# looked for (it mixes letters with digits or punctuation).
@_SETTINGS
@given(_cases(min_blocks=2, late_correction=True))
def test_a_later_line_naming_a_rubric_takes_its_verdict_back(case: _Case):
  _check_never_misattributes(case)
  _, report = _report(case)
  shown = _rubric_ids.rubric_prompt_ids(case.rubrics)
  for position, outcome in enumerate(report.outcomes):
    handle = shown[case.rubrics[position].rubric_id].casefold()
    written = [b for b in case.blocks if b.source == position]
    if any(b.named for b in written) and _rubric_parsing._findable(handle):
      assert outcome.score is None, (position, outcome)


# (D) A block that gives two different verdicts (a correction on its verdict
# line, a second verdict line or label, free text after the verdict) gives
# its rubric none.
@_SETTINGS
@given(_cases())
def test_a_corrected_verdict_gives_none(case: _Case):
  _check_two_verdicts_give_none(case)


# (B) Nothing raises, for any text built from label fragments.
_LABEL_WORDS = sorted(
    {w for words in _rubric_vocabulary.LABELS.values() for w in words}
)
_VERDICT_WORDS = sorted(
    {w for words in _rubric_vocabulary.VERDICTS.values() for w in words}
    | {"partially", "but not fully", "probably", "because"}
)
_PUNCTUATION = st.sampled_from((
    ":", "：", " ", "\n", "\n\n", "> ", "「", "」", '"', "“", "”", "```",
    "``` text\n", "````", "~~~", "~~~ json\n", "| ", " |", "|---|", "\\|",
    "【", "】", "[id: r1] ", "[id: ", "]", "(#1)", "{", "}", "[", "]",
    '"verdict": ', '"id": ', ",", "r1", "r2", "1. ", "- ", "**", "#",
    "Correction: ", "Corrected verdict: ", "修正後の判定：", "评估标准：",
    "\u200f", "\u200b", "\ud800", ".", "。", "?", "-", "\t",
))  # fmt: skip
_FRAGMENTS = (
    st.sampled_from(_LABEL_WORDS)
    | st.sampled_from(_VERDICT_WORDS)
    | _PUNCTUATION
)
_FRAGMENT_TEXTS = st.lists(_FRAGMENTS, max_size=80).map("".join)


@_SETTINGS
@given(
    answer=_FRAGMENT_TEXTS | st.text(),
    rubrics=_rubrics(),
)
def test_never_raises_on_label_fragments(answer: str, rubrics: list[Rubric]):
  blocks = _rubric_parsing.parse_judge_answer(answer)
  report = _rubric_matching.match_rubric_responses(rubrics, blocks)

  assert len(report.outcomes) == len(rubrics)
  report.warning_message()
  for block in blocks:
    assert block.score in (None, 0.0, 1.0)
  _rubric_parsing.read_verdict(answer)
