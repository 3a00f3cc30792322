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

"""Properties of the text fallback on templated rubrics without ids.

Generated answers: rubrics made from one template that differ in one token
(a product code, a name, a plan), answered without id lines, the blocks
reordered, skipped or repeated; in each block words every rubric shares may
be inflected (`lists` / `listed`), replaced or joined by a word no rubric
has, or turned round (`lists` / `omits`), and the token that tells the
rubrics apart is kept, swapped for another rubric's, changed to one no
rubric has, or dropped.

* A verdict only ever reaches the rubric whose telling token its block
  holds.
* A block that keeps its telling token and only inflects words that every
  rubric has always reaches its rubric.
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


@dataclasses.dataclass(frozen=True)
class _Template:
  """A rubric sentence with a `{}` slot for the token that tells rubrics apart.

  Attributes:
    words: The sentence's words, one of them `{}`.
    values: Tokens for the slot; each holds a word or number no other does.
    rewordings: For some words of the sentence, by position, a word no
      rubric has that may stand for it, and whether it is an inflection the
      fallback reads (`lists` / `listed`) or another word (`lists` /
      `shows`). None of them is beside the slot.
    additions: Words no rubric has that may be added after a position.
    flips: For one word of the sentence, by position, a word no rubric has
      that turns the property round (`lists` / `omits`): the block then
      names no rubric.
    unknown: A slot value that no rubric of the template ever holds.
  """

  words: tuple[str, ...]
  values: tuple[str, ...]
  rewordings: dict[int, tuple[str, bool]]
  additions: dict[int, str]
  flips: dict[int, str]
  unknown: str


_TEMPLATES = (
    _Template(
        words=tuple(
            "The final answer lists product {} together with its current price"
            .split()
        ),
        values=tuple(f"SKU-{k}" for k in range(1, 13)),
        rewordings={
            3: ("listed", True),
            9: ("present", False),
            10: ("cost", False),
        },
        additions={2: "clearly", 9: "full"},
        flips={3: "omits", 9: "former"},
        unknown="SKU-99",
    ),
    _Template(
        words=tuple(
            "The agent books a table for {} at the harbour restaurant".split()
        ),
        values=("Alice", "Bruno", "Chen", "Dalia", "Emeka", "Farah"),
        rewordings={2: ("booked", True), 9: ("seaside", False)},
        additions={1: "travel", 10: "tonight"},
        flips={2: "cancels"},
        unknown="Gustav",
    ),
    _Template(
        words=tuple("Ассистент называет цену тарифа {} для клиента".split()),
        values=("Базовый", "Стандарт", "Премиум", "Семейный"),
        rewordings={1: ("назвал", False), 6: ("покупателя", False)},
        additions={0: "вежливо"},
        flips={1: "скрывает"},
        unknown="Корпоративный",
    ),
    _Template(
        words=tuple("يذكر المساعد سعر باقة {} للعميل".split()),
        values=("الفضية", "الذهبية", "البلاتينية", "العائلية"),
        rewordings={0: ("ذكر", False), 1: ("الوكيل", False)},
        additions={1: "بوضوح"},
        flips={0: "يخفي"},
        unknown="البرونزية",
    ),
)

# What a block does with the token that tells the rubrics apart.
_KEPT, _SWAPPED, _UNKNOWN, _DROPPED = "kept", "swapped", "unknown", "dropped"


@dataclasses.dataclass(frozen=True)
class _Block:
  text: str
  verdict: str
  # The rubric whose telling token the block holds, or None.
  names: Optional[int]
  # Whether the block keeps its token and only inflects shared words.
  must_attach: bool


@st.composite
def _answers(draw) -> tuple[list[str], list[_Block]]:
  """Returns (rubric texts, blocks in answer order)."""
  template = draw(st.sampled_from(_TEMPLATES))
  values = draw(
      st.lists(
          st.sampled_from(template.values), min_size=2, max_size=6, unique=True
      )
  )
  slot = template.words.index("{}")
  texts = [" ".join(template.words).format(v) for v in values]
  blocks = []
  for i in range(len(values)):
    if draw(st.integers(0, 5)) == 0:
      continue  # Skipped.
    words = list(template.words)
    inflected_only = True
    for position in draw(
        st.lists(st.sampled_from(sorted(template.rewordings)), unique=True)
    )[:2]:
      words[position], inflected = template.rewordings[position]
      inflected_only = inflected_only and inflected
    for position in draw(
        st.lists(st.sampled_from(sorted(template.additions)), max_size=1)
    ):
      words[position] += " " + template.additions[position]
      inflected_only = False
    flipped = draw(
        st.lists(st.sampled_from(sorted(template.flips)), max_size=1)
    )
    for position in flipped:
      words[position] = template.flips[position]
    token = draw(st.sampled_from((_KEPT, _KEPT, _SWAPPED, _UNKNOWN, _DROPPED)))
    names: Optional[int] = i
    if token == _SWAPPED:
      names = draw(st.sampled_from([k for k in range(len(values)) if k != i]))
    elif token in (_UNKNOWN, _DROPPED):
      names = None
    telling = names
    if flipped:
      names = None  # The property turned round is no rubric's.
    words[slot] = {_UNKNOWN: template.unknown, _DROPPED: ""}.get(
        token, values[telling] if telling is not None else ""
    )
    blocks.append(
        _Block(
            text=" ".join(w for w in words if w),
            verdict=draw(st.sampled_from(("yes", "no"))),
            names=names,
            must_attach=token == _KEPT and inflected_only and not flipped,
        )
    )
  for _ in range(draw(st.integers(0, 2))):
    if blocks:
      blocks.append(draw(st.sampled_from(blocks)))  # Repeated as it was.
  return texts, list(draw(st.permutations(blocks)))


def _outcomes(texts: list[str], blocks: list[_Block]):
  answer = "\n\n".join(
      f"Property: {b.text}\nRationale: checked.\nVerdict: {b.verdict}"
      for b in blocks
  )
  parsed = _rubric_parsing.parse_judge_answer(answer)
  assert len(parsed) == len(blocks)
  report = _rubric_matching.match_rubric_responses(
      [
          Rubric(
              rubric_id=f"r{k}", rubric_content=RubricContent(text_property=t)
          )
          for k, t in enumerate(texts)
      ],
      parsed,
  )
  return report.outcomes


_SCORES = {"yes": 1.0, "no": 0.0}


@_SETTINGS
@given(_answers())
def test_a_verdict_reaches_only_the_rubric_its_block_names(answer):
  texts, blocks = answer

  for i, outcome in enumerate(_outcomes(texts, blocks)):
    if outcome.score is not None:
      assert blocks[outcome.block].names == i, (outcome, blocks[outcome.block])
      assert outcome.score in {
          _SCORES[b.verdict] for b in blocks if b.names == i
      }


@_SETTINGS
@given(_answers())
def test_a_block_that_only_inflects_shared_words_reaches_its_rubric(answer):
  texts, blocks = answer

  for i, outcome in enumerate(_outcomes(texts, blocks)):
    naming = {_SCORES[b.verdict] for b in blocks if b.names == i}
    if any(b.must_attach and b.names == i for b in blocks) and len(naming) == 1:
      assert outcome.score in naming, (outcome, texts[i], blocks)
