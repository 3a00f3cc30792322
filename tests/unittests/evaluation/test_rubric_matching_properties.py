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

"""Properties of parsing and matching, checked on generated judge answers.

Rubric sets are generated from templates whose instances differ by one number
(in ASCII, Arabic-Indic, Devanagari, Thai, full-width or Han numerals) or one
word, in ten languages. Judge answers are built from them the way judges
garble them: ids kept, dropped, shifted to another rubric or invented; blocks
reordered, skipped, invented and repeated; properties rewritten in ways that
keep the rubric; labels translated and decorated; verdict-first blocks,
verdicts on the next line, tables and JSON; rationales quoting label lines
(block quotes, 「」, double quotes, fences, colon-introduced lines) and judges
correcting themselves. The properties:

(a) Nothing raises, whatever the answer, the rubric texts or the ids.
(b) A verdict is only ever attached to the rubric its block was written for:
    every attached block was written for its rubric, and every scored
    rubric's score is the verdict of a block written for it.
(c) When every rubric is answered once with its id echoed exactly, every
    rubric gets its block's verdict and nothing is left over.

Set RUBRIC_MATCHING_EXAMPLES to run more examples than CI does.
"""

from __future__ import annotations

from collections.abc import Callable
import dataclasses
import json
import os
import re
from typing import Optional

from google.adk.evaluation import _rubric_folding
from google.adk.evaluation import _rubric_ids
from google.adk.evaluation import _rubric_matching
from google.adk.evaluation import _rubric_parsing
from google.adk.evaluation import _rubric_verdicts
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

_EXAMPLES = int(os.environ.get("RUBRIC_MATCHING_EXAMPLES", "200"))
_SETTINGS = settings(derandomize=True, max_examples=_EXAMPLES, deadline=None)


@dataclasses.dataclass(frozen=True)
class _Template:
  """Rubric texts that differ in one slot; `None` slots take numbers."""

  text: str
  slots: Optional[tuple[str, ...]]
  # Replacements of template words (never the slot) that keep the sentence
  # and that the matcher may accept as a rewrite.
  rewrites: tuple[tuple[str, str], ...]
  # Rewordings of template words (never the slot): the slot still names the
  # rubric, but the text is no longer a rewrite of it.
  paraphrases: tuple[tuple[str, str], ...]


_TEMPLATES: tuple[_Template, ...] = (
    _Template(
        "In turn {} the agent lists the side effects",
        None,
        (("lists", "listed"), ("side effects", "side-effects"), ("In", "in")),
        (("the agent lists the side effects", "the assistant names them"),),
    ),
    _Template(
        "The agent advises resting for {} days",
        None,
        (("advises", "advised"), ("resting", "rest")),
        (("The agent advises resting", "Tells the user to stay home"),),
    ),
    _Template(
        "The agent quotes the price of SKU-{}",
        None,
        (("quotes", "quoted"),),
        (("quotes the price of", "gives the cost for"),),
    ),
    _Template(
        "The agent mentions the {} of the drug",
        ("dosage", "price", "risks", "benefits", "schedule"),
        (("mentions", "mentioned"), ("drug", "drugs")),
        (("The agent mentions", "Talks about"), ("of the drug", "for it")),
    ),
    _Template(
        "The agent advises taking it {} meals",
        ("before", "after", "between", "without"),
        (("advises", "advised"), ("meals", "meal")),
        (("The agent advises taking it", "Says to swallow the pill"),),
    ),
    _Template(
        "1日{}錠を服用するよう説明している",
        None,
        (
            ("するよう", "するように"),
            ("している", "しています"),
            ("説明", "せつめい"),
        ),
        (("服用するよう説明している", "飲むように伝えた"),),
    ),
    _Template(
        "{}に服用するよう説明している",
        ("食前", "食後", "朝", "夜", "就寝前"),
        (("するよう", "するように"), ("している", "しています")),
        (("服用するよう説明している", "飲むよう伝えた"),),
    ),
    _Template(
        "建议每天服用{}次这种药物",
        None,
        (("建议", "建議"), ("这种", "這種"), ("药物", "藥物")),
        (("建议每天服用", "叫用户每日吃"), ("这种药物", "")),
    ),
    _Template(
        "回答提到了{}",
        ("要饭後服用", "要饭后服用", "作者的生平", "药物的价格"),
        (("回答", "回答中"), ("提到了", "提到")),
        (("回答提到了", "答复中说明"),),
    ),
    _Template(
        "{} 복용하도록 안내했다",
        ("오전에", "오후에", "저녁에", "식후에"),
        (("안내했다", "안내한다"),),
        (("복용하도록 안내했다", "먹으라고 말함"),),
    ),
    _Template(
        "أوصى الوكيل بتناول {} أقراص يوميا",
        None,
        (("أوصى", "اوصى"), ("الوكيل", "الوكيـــل"), ("بتناول", "بِتناول")),
        (("أوصى الوكيل بتناول", "نصح المساعد بأخذ"),),
    ),
    _Template(
        "ذكر الوكيل {} الدواء",
        ("جرعة", "سعر", "مخاطر", "فوائد"),
        (("ذكر", "ذَكَرَ"), ("الوكيل", "الوكيـل")),
        (("ذكر الوكيل", "تحدث المساعد عن"),),
    ),
    _Template(
        "Агент рекомендует принимать {} таблетки в день",
        None,
        (("рекомендует", "рекомендовал"),),
        (("Агент рекомендует принимать", "Советует пить"),),
    ),
    _Template(
        "Агент советует принимать лекарство {}",
        ("утром", "вечером", "днём", "ночью"),
        (("советует", "советовал"),),
        (("Агент советует принимать лекарство", "Говорит пить таблетки"),),
    ),
    _Template(
        "El agente menciona {} del medicamento",
        ("la dosis", "el precio", "los riesgos"),
        (("menciona", "mencionó"),),
        (("El agente menciona", "Habla de"), ("del medicamento", "")),
    ),
    _Template(
        "Der Agent nennt {} des Medikaments",
        ("die Dosis", "den Preis", "die Risiken"),
        (("nennt", "nannte"),),
        (("Der Agent nennt", "Erwähnt"), ("des Medikaments", "der Tablette")),
    ),
    _Template(
        "दिन में {} बार दवा लेने को कहा",
        None,
        (("कहा", "कहा गया"),),
        (("दवा लेने को कहा", "गोली खाने की सलाह दी"),),
    ),
    _Template(
        "กินยาวันละ {} เม็ด",
        None,
        (("กินยา", "กิน ยา"),),
        (("กินยาวันละ", "ทานยาวันละ"),),
    ),
)

_HAN_NUMERALS = dict(enumerate("一二三四五六七八九十", start=1)) | {
    11: "十一",
    12: "十二",
}


def _digits(zero: str) -> Callable[[int], str]:
  return lambda n: "".join(chr(ord(zero) + int(d)) for d in str(n))


_NUMERALS = {
    "ascii": str,
    "arabic_indic": _digits("\u0660"),
    "devanagari": _digits("\u0966"),
    "thai": _digits("\u0e50"),
    "fullwidth": _digits("\uff10"),
    "han": _HAN_NUMERALS.__getitem__,
}

_LABELS = {
    "en": (
        "ID",
        "Property",
        "Rationale",
        "Verdict",
        ("yes", "Yes."),
        ("no", "No."),
    ),
    "ja": (
        "ID",
        "評価項目",
        "理由",
        "判定",
        ("はい", "満たしている"),
        ("いいえ", "×"),
    ),
    "zh": ("编号", "属性", "理由", "判定", ("是", "符合"), ("否", "不符合")),
    "ko": ("아이디", "항목", "근거", "판정", ("예",), ("아니요",)),
    "ar": ("المعرف", "الخاصية", "المبرر", "الحكم", ("نعم",), ("لا",)),
    "ru": ("ID", "Свойство", "Обоснование", "Вердикт", ("да",), ("нет",)),
    "es": ("ID", "Propiedad", "Razonamiento", "Veredicto", ("sí",), ("no",)),
    "de": (
        "Kennung",
        "Eigenschaft",
        "Begründung",
        "Urteil",
        ("ja",),
        ("nein",),
    ),
}
_DECORATIONS = ("{}: ", "{}：", "**{}:** ", "- **{}**: ", "### {}: ")
_ECHOES = ("{}", "[id: {}]", "`{}`", "**{}**", '"{}"', "{}.")
# Quoted label lines inside a rationale. Each names another rubric's id and
# the opposite verdict. The first four are marked as quoted (a block quote, a
# fence, a quotation inside one line) or come before the block's verdict:
# never labels. Each gives a second verdict where it comes after the
# block's own, as in verdict-first blocks (the third and the fourth, a
# hypothetical one, also in JSON). The last three are label lines at the
# start of a line: a block holding them does not settle its rubric or
# verdict.
_QUOTES = (
    "The agent replied\n> {id_label}: {id}\n> {verdict_label}: {verdict}",
    "The tool returned\n```\n{id_label}: {id}\n{verdict_label}: {verdict}\n```",
    'It said "{verdict_label}: {verdict}" once.',
    "It would have been {verdict_label}: {verdict} otherwise.",
    "エージェントは「{id_label}：{id}\n{verdict_label}：{verdict}」と書いた。",
    'The agent wrote "{id_label}: {id}\n{verdict_label}: {verdict}" here.',
    "The tool output was:\n{id_label}: {id}\n{verdict_label}: {verdict}\n",
)
_MARKED_QUOTES = _QUOTES[:4]
_LAYOUTS = ("standard", "verdict_next_line", "table", "json")
# Also "verdict_first": `Verdict`, then id, property and rationale.
_MARKER = re.compile(r"\(#(\d+)\)")


def _fullwidth(text: str) -> str:
  return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


# Rewrites of the whole text that fold away (see `_rubric_folding`).
_SCRIPT_REWRITES = (
    lambda t: t,
    lambda t: f"**{t}**",
    lambda t: t + ".",
    lambda t: t + "。",
    lambda t: t.upper(),
    lambda t: f"“{t}”",
    lambda t: t.replace(" ", "  "),
    lambda t: "\u200f" + t + "\u200e",
    _fullwidth,
)


@dataclasses.dataclass
class _Rubric:
  template: _Template
  slot: str
  numeral: Optional[str] = None  # The numeral script of a number slot.


@dataclasses.dataclass
class _Block:
  source: Optional[int]  # The rubric the block was written for.
  verdict: bool
  id_mode: str  # exact, dropped, shifted, unknown
  text_mode: str  # exact, rewritten, paraphrased, absent, invented


@dataclasses.dataclass
class _Case:
  rubrics: list[Rubric]
  answer: str
  blocks: list[_Block]
  layout: str
  # The first and last line of each block, for layouts written in lines.
  lines: list[tuple[int, int]] = dataclasses.field(default_factory=list)
  # The blocks that give two verdicts (a correction, an unmarked quote).
  unsettled: set[int] = dataclasses.field(default_factory=set)

  def __repr__(self) -> str:
    listed = "\n".join(
        f"  {r.rubric_id!r}: {r.rubric_content.text_property!r}"
        for r in self.rubrics
    )
    return f"rubrics:\n{listed}\nanswer ({self.layout}):\n{self.answer}"


def _line_count(entries: list[str]) -> int:
  return sum(entry.count("\n") + 1 for entry in entries)


@st.composite
def _rubric_sets(draw, numerals, templates) -> list[_Rubric]:
  templates = draw(
      st.lists(st.sampled_from(templates), min_size=1, max_size=2, unique=True)
  )
  rubrics = []
  for template in templates:
    if template.slots is None:
      script = draw(st.sampled_from(sorted(numerals)))
      values = draw(
          st.lists(st.integers(1, 12), min_size=1, max_size=5, unique=True)
      )
      rubrics.extend(
          _Rubric(template, numerals[script](n), script) for n in values
      )
      continue
    slots = draw(
        st.lists(
            st.sampled_from(template.slots),
            min_size=1,
            max_size=len(template.slots),
            unique=True,
        )
    )
    rubrics.extend(_Rubric(template, slot) for slot in slots)
  return draw(st.permutations(rubrics))


def _invented(draw, sources: list[_Rubric], numerals) -> _Rubric:
  """A rubric of a template of the set, with a slot no rubric has."""
  model = draw(st.sampled_from(sources))
  taken = {r.slot for r in sources if r.template == model.template}
  if model.numeral is None:
    # Not another spelling of a taken slot either (饭後 is 饭后).
    folded = {_rubric_folding.fold(t) for t in taken}
    free = [
        s for s in model.template.slots if _rubric_folding.fold(s) not in folded
    ]
    slot = draw(st.sampled_from(free)) if free else "unheard-of"
  else:
    render = numerals[model.numeral]
    free = [n for n in range(1, 13) if render(n) not in taken]
    slot = render(draw(st.sampled_from(free))) if free else "unheard-of"
  return _Rubric(model.template, slot, model.numeral)


_IDS = st.sampled_from(
    ("r{}", "R-{}", "{}", "rubric_{}", "q{} en", "評価{}", "needs [quoting] {}")
)


def _property_text(draw, rubric: _Rubric, mode: str) -> Optional[str]:
  """The property as the judge echoed it: exact, rewritten or reworded."""
  if mode == "absent":
    return None
  template = rubric.template.text
  if mode in ("rewritten", "paraphrased"):
    choices = (
        rubric.template.rewrites
        if mode == "rewritten"
        else rubric.template.paraphrases
    )
    chosen = draw(
        st.lists(st.sampled_from(choices), min_size=1, max_size=2, unique=True)
    )
    for old, new in chosen:
      template = template.replace(old, new)
    return draw(st.sampled_from(_SCRIPT_REWRITES))(template.format(rubric.slot))
  return template.format(rubric.slot)


@st.composite
def _cases(
    draw,
    exact_ids: bool = False,
    layouts: tuple[str, ...] = _LAYOUTS,
    numerals=_NUMERALS,
    templates: tuple[_Template, ...] = _TEMPLATES,
    reworded_shifts: bool = False,
) -> _Case:
  """Returns rubrics, a judge answer built from them and its blocks.

  Args:
    draw: Hypothesis's draw.
    exact_ids: Every rubric answered once, with its id echoed exactly.
    layouts: The layouts to write the answer in.
    numerals: The numeral scripts of number slots.
    templates: The templates of the rubric sets.
    reworded_shifts: Every block that can be, under another rubric's id and
      with its property reworded (otherwise a shifted id's property is only
      ever rewritten).

  Returns:
    The case.
  """
  sources = draw(_rubric_sets(numerals, templates))
  id_form = draw(_IDS)
  ids = [id_form.format(k) for k in range(1, len(sources) + 1)]
  rubrics = [
      Rubric(
          rubric_id=i,
          rubric_content=RubricContent(
              text_property=r.template.text.format(r.slot)
          ),
      )
      for i, r in zip(ids, sources)
  ]
  shown = _rubric_ids.rubric_prompt_ids(rubrics)
  folded = [
      _rubric_folding.fold(r.rubric_content.text_property) for r in rubrics
  ]
  n = len(rubrics)

  order: list[Optional[int]] = list(range(n))
  if not exact_ids:
    order = [i for i in order if draw(st.booleans())]  # skipped
    order += draw(st.lists(st.sampled_from(range(n)), max_size=2))  # twice
    order += [None] * draw(st.integers(0, 2))  # invented
  order = draw(st.permutations(order))

  blocks = []
  for source in order:
    if exact_ids:
      id_mode = "exact"
    elif source is None:
      id_mode = draw(st.sampled_from(("dropped", "unknown")))
    else:
      # Another rubric's id, on a text that tells the two apart.
      others = [i for i in range(n) if folded[i] != folded[source]]
      modes = ["exact", "dropped", "unknown"] + (["shifted"] if others else [])
      if reworded_shifts and others:
        modes = ["shifted"]
      id_mode = draw(st.sampled_from(modes))
    text_modes = ["exact", "rewritten"]
    if id_mode != "shifted" or reworded_shifts:
      text_modes.append("paraphrased")
    if id_mode == "exact":
      text_modes.append("absent")
    blocks.append(
        _Block(
            source,
            draw(st.booleans()),
            id_mode,
            draw(st.sampled_from(text_modes)),
        )
    )

  layout = draw(st.sampled_from(layouts))
  language = draw(st.sampled_from(sorted(_LABELS)))
  id_label, property_label, rationale_label, verdict_label, yes, no = _LABELS[
      language
  ]
  decoration = draw(st.sampled_from(_DECORATIONS))

  rows, spans, unsettled = [], [], set()
  for k, block in enumerate(blocks):
    if block.source is None:
      rubric = _invented(draw, sources, numerals)
      text = _property_text(
          draw,
          rubric,
          draw(st.sampled_from(("exact", "rewritten", "paraphrased"))),
      )
      block.text_mode = "invented"
    else:
      text = _property_text(draw, sources[block.source], block.text_mode)
    if block.id_mode == "exact":
      echoed = draw(st.sampled_from(_ECHOES)).format(shown[ids[block.source]])
    elif block.id_mode == "shifted":
      others = [i for i in range(n) if folded[i] != folded[block.source]]
      echoed = shown[ids[draw(st.sampled_from(others))]]
    elif block.id_mode == "unknown":
      echoed = f"zz{k}"
    else:
      echoed = None
    verdict_word = draw(st.sampled_from(yes if block.verdict else no))
    rationale = f"(#{k}) Checked."
    if layout not in ("table",) and draw(st.booleans()):
      fake = shown[ids[draw(st.integers(0, n - 1))]]
      # An unmarked quote leaves its block, or a neighbour, unsettled.
      # After a verdict-first block's verdict, and anywhere in a JSON object
      # (its keys have no order), the quoted and the hypothetical ones are a
      # second verdict: not marked quotes there.
      marked = (
          _MARKED_QUOTES[:2]
          if layout in ("verdict_first", "json")
          else _MARKED_QUOTES
      )
      form = draw(st.sampled_from(marked if exact_ids else _QUOTES))
      quote = form.format(
          id_label=id_label,
          id=fake,
          verdict_label=verdict_label,
          verdict=(no if block.verdict else yes)[0],
      )
      rationale += " " + quote
      if layout == "verdict_first" and form in _MARKED_QUOTES[:2]:
        unsettled.add(k)  # After the block's verdict: a second one.
    correction = layout == "standard" and draw(st.booleans())
    if correction:
      unsettled.add(k)
    rows.append((echoed, text, rationale, verdict_word, correction, block))

  if layout == "json":
    answer = json.dumps(
        [
            {
                k: v
                for k, v in (
                    ("id", echoed),
                    ("property", text),
                    ("rationale", rationale),
                    ("verdict", verdict_word),
                )
                if v is not None
            }
            for echoed, text, rationale, verdict_word, _, _ in rows
        ],
        ensure_ascii=draw(st.booleans()),
        indent=draw(st.sampled_from((None, 2))),
    )
  elif layout == "table":
    lines = [
        (
            f"| {id_label} | {property_label} | {rationale_label} |"
            f" {verdict_label} |"
        ),
        "|---|---|---|---|",
    ]
    for echoed, text, rationale, verdict_word, _, _ in rows:
      lines.append(
          f"| {echoed or ''} | {text or ''} | {rationale} | {verdict_word} |"
      )
    answer = "\n".join(lines)
  else:
    lines = []
    label = lambda name: decoration.format(name)  # noqa: E731
    for echoed, text, rationale, verdict_word, correction, block in rows:
      first = _line_count(lines) + 1
      if layout == "verdict_first":
        lines.append(label(verdict_label) + verdict_word)
      if echoed is not None:
        lines.append(label(id_label) + echoed)
      if text is not None:
        lines.append(label(property_label) + text)
      if correction:
        lines.append(label(verdict_label) + (no if block.verdict else yes)[0])
      lines.append(label(rationale_label) + rationale)
      if layout == "verdict_next_line":
        lines.append(label(verdict_label).rstrip())
        lines.append(verdict_word)
      elif layout != "verdict_first":
        lines.append(label(verdict_label) + verdict_word)
      spans.append((first, _line_count(lines)))
      lines.append("")
    answer = "\n".join(lines)
  return _Case(rubrics, answer, blocks, layout, spans, unsettled)


def _report(case: _Case):
  blocks = _rubric_parsing.parse_judge_answer(case.answer)
  return blocks, _rubric_matching.match_rubric_responses(case.rubrics, blocks)


def _written_for(case: _Case, block: _rubric_parsing.JudgeBlock) -> int:
  """The index of the generated block a parsed block was read from."""
  if case.layout not in ("table", "json"):
    (k,) = [k for k, (a, b) in enumerate(case.lines) if a <= block.line <= b]
    return k
  # Tables and JSON: by the marker the rationale carries.
  (marker,) = _MARKER.findall(block.rationale or "")
  return int(marker)


def _check_never_misattributes(case: _Case) -> None:
  parsed, report = _report(case)
  for position, outcome in enumerate(report.outcomes):
    if outcome.score is None:
      continue
    # The attached block is one the judge wrote for this rubric...
    written = case.blocks[_written_for(case, parsed[outcome.block])]
    assert written.source == position, (outcome, written)
    # ...and the score is the verdict of a block written for it.
    verdicts = {b.verdict for b in case.blocks if b.source == position}
    assert outcome.score in {1.0 if v else 0.0 for v in verdicts}, outcome


def _check_ids_attach_everything(case: _Case) -> None:
  _, report = _report(case)
  expected = {b.source: 1.0 if b.verdict else 0.0 for b in case.blocks}
  for k in case.unsettled:
    expected[case.blocks[k].source] = None
  single_verdict_first = case.layout == "verdict_first" and len(case.blocks) < 2
  if single_verdict_first:
    # One block has no repetition to learn from: the template's order, with
    # the verdict last, is the only reading.
    expected = {0: None}
  assert [o.score for o in report.outcomes] == [
      expected[i] for i in range(len(case.rubrics))
  ], report
  assert all(
      o.tier == _rubric_matching.TIER_ID
      for o in report.outcomes
      if o.score is not None
  ), report
  assert (report.warning_message() is None) == (
      not case.unsettled and not single_verdict_first
  )


# (b) Never a verdict on a rubric other than the one its block was written
# for, whatever ids, order, rewrites, layout and quoted lines the judge used.
@_SETTINGS
@given(_cases())
def test_never_attaches_a_verdict_to_another_rubric(case: _Case):
  _check_never_misattributes(case)


@_SETTINGS
@given(_cases(layouts=("verdict_first",)))
def test_never_attaches_a_verdict_to_another_rubric_verdict_first(
    case: _Case,
):
  _check_never_misattributes(case)


@_SETTINGS
@given(
    _cases(
        reworded_shifts=True,
        numerals={k: _NUMERALS[k] for k in ("han", "thai")},
    )
)
def test_never_attaches_a_verdict_to_another_rubric_reworded_shifted_ids(
    case: _Case,
):
  _check_never_misattributes(case)


# (c) Every rubric answered once with its id echoed exactly gets its verdict.
@_SETTINGS
@given(_cases(exact_ids=True))
def test_echoed_ids_attach_every_verdict(case: _Case):
  _check_ids_attach_everything(case)


@_SETTINGS
@given(_cases(exact_ids=True, layouts=("verdict_first",)))
def test_echoed_ids_attach_every_verdict_verdict_first(case: _Case):
  _check_ids_attach_everything(case)


# (a) Nothing raises, for any answer, rubric texts and ids.
_FRAGMENTS = st.sampled_from((
    "ID", "Property", "Verdict", "判定", "【判定】", "理由", "| ", " |",
    "|---|", ":", "：", "\n", "\n\n", " ", "> ", "「", "」", '"', "```",
    "```json\n", "~~~", "[", "]", "{", "}", '{"verdict": ', '"id": ', ",",
    "yes", "no", "はい", "いいえ", "نعم", "not applicable", "r1", "[id: r1]",
    "\\u30e6", "\u200f", "\u200b", "**", "- ", "1. ", "#", "\ud800",
))  # fmt: skip
_ANSWERS = (
    st.text()
    | st.lists(_FRAGMENTS, max_size=60).map("".join)
    | st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(("id", "verdict", "property", "result", "x")),
            inner,
            max_size=4,
        ),
        max_leaves=20,
    ).map(json.dumps)
)


@_SETTINGS
@given(
    answer=_ANSWERS,
    texts=st.lists(st.none() | st.text() | _FRAGMENTS, max_size=4),
    ids=st.lists(st.text(min_size=1) | _FRAGMENTS, max_size=4),
)
def test_never_raises(answer: str, texts: list, ids: list[str]):
  rubrics = [
      Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
      for i, t in zip(ids, texts)
  ]

  blocks = _rubric_parsing.parse_judge_answer(answer)
  report = _rubric_matching.match_rubric_responses(rubrics, blocks)

  assert len(report.outcomes) == len(rubrics)
  report.warning_message()
  _rubric_ids.format_rubrics_for_prompt(rubrics)
  for block in blocks:
    assert block.score in (None, 0.0, 1.0)
  _rubric_verdicts.read_verdict(answer)
  _rubric_folding.fold(answer)
  _rubric_ids.normalize_rubric_id(answer)
