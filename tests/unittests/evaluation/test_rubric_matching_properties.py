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

"""Invariants of rubric matching, checked on generated judge answers.

Judge answers are built from a generated rubric set the way judges garble
them: blocks shuffled, skipped, repeated, decorated, ids echoed in several
styles or dropped, and property text rewritten in script-level ways.
"""

from __future__ import annotations

import dataclasses

from google.adk.evaluation import rubric_matching
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

_WORDS = (
    "ユーザ",
    "薬",
    "副作用",
    "確認",
    "説明",
    "している",
    "していない",
    "等",
    "含めて",
    "用户",
    "过敏",
    "医生",
    "الوكيل",
    "أجاب",
    "بدقة",
    "agent",
    "mentions",
    "does not mention",
    "the dosage",
    "сообщил",
    "всё",
)
_ID_CHARS = st.sampled_from(list("abcXYZ019_-. []正確"))
_ECHOES = ("{}", "[id: {}]", "`{}`", '"{}"', "**{}**", "{}.", " {} ")
_LABELS = ("{}: ", "{}：", "**{}:** ", "- **{}**: ", "{}:")
_REWRITES = (
    lambda t: t,
    lambda t: f"**{t}**",
    lambda t: t.upper(),
    lambda t: t.replace("ユーザ", "ユーザー"),
    lambda t: t.replace("。", "") + "。",
    lambda t: t.replace("ا", "أ"),
    lambda t: t.replace("过敏", "過敏"),
    lambda t: "".join(
        chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in t
    ),
)
# Rewrites that change what the property says: the block then belongs to no
# rubric but its own, and only by its id.
_PARAPHRASES = (
    lambda t: t.replace("していない", "している"),
    lambda t: t.replace("している", "していない"),
    lambda t: t.replace("does not mention", "mentions"),
    lambda t: t.replace("mentions", "does not mention"),
    lambda t: t.rsplit(" ", 1)[0],
    lambda t: t + " 等",
)


@dataclasses.dataclass
class _Case:
  rubrics: list[Rubric]
  answer: str
  # The rubric index and verdict of each block, in answer order.
  blocks: list[tuple[int, bool]]


@st.composite
def _cases(draw, all_ids: bool = False) -> _Case:
  """Returns rubrics and an answer built from them, with its blocks' sources."""
  texts = draw(
      st.lists(
          st.lists(st.sampled_from(_WORDS), min_size=2, max_size=5).map(
              " ".join
          ),
          min_size=1,
          max_size=6,
          unique_by=rubric_matching.fold_text,
      )
  )
  if draw(st.booleans()):
    # Twins: texts that fold alike (著 is 着 in traditional characters) but
    # differ as written, as simplified Chinese keeps them apart.
    base = draw(st.sampled_from(texts))
    twins = [f"{base} 著作", f"{base} 着作"]
    texts = [t for t in texts if t not in twins] + twins
  ids = draw(
      st.lists(
          st.text(_ID_CHARS, min_size=1, max_size=12).filter(
              rubric_matching.normalize_rubric_id
          ),
          min_size=len(texts),
          max_size=len(texts),
          unique_by=rubric_matching.normalize_rubric_id,
      )
  )
  rubrics = [
      Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
      for i, t in zip(ids, texts)
  ]
  shown = rubric_matching.rubric_prompt_ids(rubrics)
  order = list(range(len(rubrics)))
  if not all_ids:
    order = [i for i in order if not draw(st.booleans())]  # skip some
    order += draw(st.lists(st.sampled_from(range(len(rubrics))), max_size=2))
  order = draw(st.permutations(order))
  lines, blocks = [], []
  for index in order:
    verdict = draw(st.booleans())
    label = draw(st.sampled_from(_LABELS))
    if all_ids or draw(st.booleans()):
      echo = draw(st.sampled_from(_ECHOES)).format(shown[ids[index]])
      lines.append(label.format("ID") + echo)
    # With every id echoed, the text is only rewritten, not reworded: a
    # reworded text that reads like another rubric rightly blocks its id.
    rewrite = draw(
        st.sampled_from(_REWRITES + (() if all_ids else _PARAPHRASES))
    )
    text = rewrite(texts[index])
    others = {rubric_matching.fold_text(t) for t in texts} - {
        rubric_matching.fold_text(texts[index])
    }
    copies = {t for i, t in enumerate(texts) if i != index}
    if rubric_matching.fold_text(text) in others or text.strip() in copies:
      text = texts[index]  # The judge wrote another rubric's text.
    lines.append(label.format("Property") + text)
    lines.append(label.format("Rationale") + "…")
    lines.append(label.format("Verdict") + ("yes" if verdict else "no"))
    lines.append("")
    blocks.append((index, verdict))
  return _Case(rubrics, "\n".join(lines), blocks)


def _report(case: _Case) -> rubric_matching.RubricMatchReport:
  return rubric_matching.match_rubric_responses(
      case.rubrics, rubric_matching.parse_judge_output(case.answer)
  )


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_cases())
def test_never_attaches_a_verdict_to_another_rubric(case: _Case):
  report = _report(case)

  for position, outcome in enumerate(report.outcomes):
    if outcome.block is None:
      continue
    source, verdict = case.blocks[outcome.block]
    assert source == position, case.answer
    if outcome.score is not None:
      assert outcome.score == (1.0 if verdict else 0.0)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(_cases(all_ids=True))
def test_echoed_ids_attach_every_verdict(case: _Case):
  report = _report(case)

  expected = {index: verdict for index, verdict in case.blocks}
  assert [o.score for o in report.outcomes] == [
      1.0 if expected[i] else 0.0 for i in range(len(case.rubrics))
  ]
  assert report.warning_message() is None


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.text(
        st.sampled_from(list("IDVerdictPopy:：*#>-[]`\n 　はい是نعمr1")),
        max_size=300,
    )
    | st.text(max_size=300)
)
def test_never_raises_on_any_answer(answer: str):
  rubrics = [
      Rubric(rubric_id="r1", rubric_content=RubricContent(text_property="p")),
      Rubric(rubric_id="[id: x]", rubric_content=RubricContent()),
  ]

  report = rubric_matching.match_rubric_responses(
      rubrics, rubric_matching.parse_judge_output(answer)
  )

  assert len(report.outcomes) == 2
  report.warning_message()
  report.rubric_scores()
