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

"""Properties of the guarded fallback, on generated answers without ids.

Rubric sets come from templates whose instances differ in one token (a
number or a word: the distinguishing word). Judge answers drop the ids,
reorder, skip and repeat blocks, reword words every rubric shares, and keep,
respell, change or drop the distinguishing word. The properties:

(a) No block attaches to a rubric other than the one it was written for.
(b) A block that keeps its distinguishing word and changes only words all
    rubrics share (within the fallback's bound) always attaches, so every
    rubric answered that way gets its verdict.

Set RUBRIC_MATCHING_EXAMPLES to run more examples than CI does.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Optional

from google.adk.evaluation import _rubric_matching
from google.adk.evaluation import _rubric_parsing
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

_EXAMPLES = int(os.environ.get("RUBRIC_MATCHING_EXAMPLES", "200"))
_SETTINGS = settings(derandomize=True, max_examples=_EXAMPLES, deadline=None)


@dataclasses.dataclass(frozen=True, eq=False)
class _Template:
  """Rubric texts that differ in the `{}` slot."""

  text: str
  # The slot's values; a rubric set takes some, the rest are other values.
  slots: tuple[str, ...]
  # Rewordings of words every instance shares (never the slot): each
  # replacement is in no template.
  rewordings: tuple[tuple[str, str], ...]
  # Respellings of slot values, which still name the same value.
  respellings: dict[str, str] = dataclasses.field(default_factory=dict)


_TEMPLATES = (
    _Template(
        "The final answer lists product SKU-{} together with its current price",
        tuple(str(n) for n in range(1, 13)),
        (
            ("lists", "listed"),
            ("together", "along"),
            ("current", "latest"),
            ("final answer", "final reply"),
        ),
        {str(n): chr(0xFF10 + n) for n in range(1, 10)},
    ),
    _Template(
        "The agent advises taking the tablets {} meals with water",
        ("before", "after", "between", "during"),
        (("advises", "suggests"), ("with water", "using water")),
        {"before": "befor", "between": "betwen"},
    ),
    _Template(
        "1日{}錠を服用するよう説明している",
        ("1", "2", "3", "4", "5"),
        (("している", "しています"), ("よう", "ように")),
        {"2": "２", "3": "３"},
    ),
    _Template(
        "{} 약을 복용하도록 안내했다",
        ("오전에", "오후에", "저녁에", "식후에"),
        (("안내했다", "설명했다"),),
    ),
    _Template(
        "助手建议每天服用{}次这种药物",
        ("1", "2", "3", "4", "6"),
        (("建议", "推荐"), ("这种", "该")),
    ),
    _Template(
        "ينصح الوكيل بتناول {} أقراص يوميا مع الطعام",
        ("1", "2", "3", "4"),
        (("الوكيل", "المساعد"),),
        {"2": "٢", "3": "٣"},
    ),
    _Template(
        "Der Agent empfiehlt die Einnahme {} dem Essen mit Wasser",
        ("vor", "nach", "während"),
        (("empfiehlt", "rät zu"), ("mit Wasser", "und Wasser")),
    ),
)

# What happens to the distinguishing word of a block.
_KEPT, _RESPELLED, _CHANGED, _DROPPED = (
    "kept",
    "respelled",
    "changed",
    "dropped",
)


@dataclasses.dataclass
class _Block:
  source: int  # The rubric the block was written for.
  verdict: bool
  slot_mode: str
  text: str


@dataclasses.dataclass
class _Case:
  rubrics: list[Rubric]
  blocks: list[_Block]

  @property
  def answer(self) -> str:
    return "\n\n".join(
        f"Property: {b.text}\nRationale: (#{k})\nVerdict:"
        f" {'yes' if b.verdict else 'no'}"
        for k, b in enumerate(self.blocks)
    )

  def __repr__(self) -> str:
    listed = "\n".join(
        f"  {r.rubric_id}: {r.rubric_content.text_property}"
        for r in self.rubrics
    )
    return f"rubrics:\n{listed}\nanswer:\n{self.answer}"


def _property(draw, template: _Template, slot: str, mode: str, taken) -> str:
  """A block's property: shared words reworded, the slot as `mode` says."""
  text = template.text
  chosen = draw(
      st.lists(st.sampled_from(template.rewordings), max_size=2, unique=True)
  )
  if mode == _KEPT:
    value = slot
  elif mode == _RESPELLED:
    value = template.respellings.get(slot, slot)
  elif mode == _CHANGED:
    free = [s for s in template.slots if s not in taken]
    value = draw(st.sampled_from(free)) if free else "unheard-of"
  else:
    value = ""
  text = text.format(value)
  for old, new in chosen:
    text = text.replace(old, new)
  return " ".join(text.split())


@st.composite
def _cases(draw, modes=(_KEPT, _RESPELLED, _CHANGED, _DROPPED), mixed=True):
  """Rubrics from one or two templates, and an answer without ids."""
  count = draw(st.integers(1, 2)) if mixed else 1
  templates = draw(
      st.lists(
          st.sampled_from(_TEMPLATES),
          min_size=count,
          max_size=count,
          unique=True,
      )
  )
  sources: list[tuple[_Template, str]] = []
  for template in templates:
    slots = draw(
        st.lists(
            st.sampled_from(template.slots),
            min_size=1 if mixed else 2,
            max_size=len(template.slots) - 1,
            unique=True,
        )
    )
    sources.extend((template, slot) for slot in slots)
  sources = draw(st.permutations(sources))
  rubrics = [
      Rubric(
          rubric_id=f"r{k}",
          rubric_content=RubricContent(text_property=t.text.format(s)),
      )
      for k, (t, s) in enumerate(sources)
  ]
  order = list(range(len(sources)))
  if mixed:
    order = [i for i in order if draw(st.booleans())]  # skipped
    order += draw(st.lists(st.sampled_from(range(len(sources))), max_size=2))
  order = draw(st.permutations(order))
  blocks = []
  for source in order:
    template, slot = sources[source]
    taken = {s for t, s in sources if t is template}
    mode = draw(st.sampled_from(modes))
    text = _property(draw, template, slot, mode, taken)
    blocks.append(_Block(source, draw(st.booleans()), mode, text))
  return _Case(rubrics, blocks)


def _attachments(case: _Case) -> list[Optional[int]]:
  """The rubric each block attaches to (None: none), as the matcher reads it."""
  index = _rubric_matching._Rubrics(case.rubrics)  # pylint: disable=protected-access
  found = []
  for block in case.blocks:
    rubric, _, _ = index.identify(index.fold(block.text), block.text.casefold())
    found.append(rubric)
  return found


# (a) Whatever is reworded, respelled, changed or dropped, and however the
# blocks are ordered, skipped or repeated: never another rubric's block.
@_SETTINGS
@given(_cases())
def test_a_block_never_attaches_to_another_rubric(case: _Case):
  for block, rubric in zip(case.blocks, _attachments(case)):
    assert rubric is None or rubric == block.source, (block, rubric)

  report = _rubric_matching.match_rubric_responses(
      case.rubrics, _rubric_parsing.parse_judge_answer(case.answer)
  )
  for i, outcome in enumerate(report.outcomes):
    if outcome.score is not None:
      verdicts = {b.verdict for b in case.blocks if b.source == i}
      assert outcome.score in {1.0 if v else 0.0 for v in verdicts}, outcome


# (b) The distinguishing word kept and only shared words reworded: every
# block attaches to its rubric, and every rubric gets its verdict.
@_SETTINGS
@given(_cases(modes=(_KEPT,), mixed=False))
def test_a_kept_distinguishing_word_always_attaches(case: _Case):
  assert _attachments(case) == [b.source for b in case.blocks]

  report = _rubric_matching.match_rubric_responses(
      case.rubrics, _rubric_parsing.parse_judge_answer(case.answer)
  )
  assert [o.score for o in report.outcomes] == [
      1.0 if case.blocks[order].verdict else 0.0
      for order in sorted(
          range(len(case.blocks)), key=lambda k: case.blocks[k].source
      )
  ]


# A dropped or changed distinguishing word: never attached to any rubric of
# its template (with two rubrics or more, no rubric is its own).
@_SETTINGS
@given(_cases(modes=(_CHANGED, _DROPPED), mixed=False))
def test_a_changed_or_dropped_distinguishing_word_never_attaches(case: _Case):
  assert _attachments(case) == [None] * len(case.blocks)
