#!/usr/bin/env python3
"""Times rubric matching, patched against stock google-adk, in one process.

Run with the interpreter of a venv that has the patched build installed:

  .venv/bin/python scripts/benchmark_matching.py

The stock `rubric_based_evaluator.py` is read from the pinned upstream wheel
and loaded beside the patched one (see `scripts/stock.py`), so both score the
same judge answers on the same machine. Each figure is the median of repeated
runs of `convert_auto_rater_response_to_score`, in CPU time of this process.

Each matching case is timed twice: with the garbage collector running, as a
user waits (the collections that a run's allocations set off are part of its
cost), and with it paused, as `timeit` times (steadier, the code's own cost).
The targets are printed for both; the first figure of a pair is with the
collector running. The hostile answers are timed with it running. Every run
starts after a full collection, so no run pays for garbage left by another.

A target's ratio is the median of the ratios of runs made one after the
other: the stock run and the patched run it is compared with take turns in
every round, so that a slower spell of the machine (a shared VM's figures
swing by a third between runs) weighs on both sides of each ratio.

The patched matcher keeps no cache: every figure includes folding and
indexing the rubrics for the answer.

The answers are in the templates' own layout, which this build's parser
reads without its passes over the whole answer (see
`_rubric_parsing._template_blocks`). One more ratio, with no target, times
the same answer with bold labels (`**ID:** r1`), which takes the reading of
any layout, against stock on the plain answer.
"""

from __future__ import annotations

import argparse
import gc
import logging
import pathlib
import statistics
import sys
import time
from typing import Callable

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from google.adk.evaluation import rubric_based_evaluator  # pylint: disable=g-import-not-at-top
from google.adk.evaluation.eval_metrics import EvalMetric  # pylint: disable=g-import-not-at-top
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion  # pylint: disable=g-import-not-at-top
from google.adk.evaluation.eval_rubrics import Rubric  # pylint: disable=g-import-not-at-top
from google.adk.evaluation.eval_rubrics import RubricContent  # pylint: disable=g-import-not-at-top
from google.adk.models.llm_response import LlmResponse  # pylint: disable=g-import-not-at-top
from google.genai import types as genai_types  # pylint: disable=g-import-not-at-top
import stock  # pylint: disable=g-import-not-at-top

_NOUNS = (
    "服用中の薬",
    "アレルギー歴",
    "年齢",
    "体重",
    "妊娠の有無",
    "持病",
    "飲酒習慣",
    "服用時間",
    "副作用",
    "相互作用",
    "保管方法",
    "使用期限",
    "用量",
    "小児への使用",
    "運転への影響",
)
_VERBS = (
    "確認している",
    "説明している",
    "質問している",
    "記録している",
    "案内している",
    "注意喚起している",
    "要約している",
    "比較している",
    "根拠を示している",
    "医師への相談を勧めている",
    "具体例を挙げている",
    "優先して扱っている",
    "丁寧に扱っている",
    "簡潔に述べている",
)


def _rubric_texts(count: int) -> list[str]:
  texts = [
      f"ユーザの{noun}等を含めて{verb}" for verb in _VERBS for noun in _NOUNS
  ] + [f"{noun}について{verb}" for verb in _VERBS for noun in _NOUNS]
  if count > len(texts):
    raise ValueError(f"at most {len(texts)} rubrics")
  return texts[:count]


def _drift(text: str) -> str:
  return (
      text.replace("ユーザ", "ユーザー")
      .replace("等", "など")
      .replace("含めて", "ふくめて")
  )


def _answer(
    texts: list[str],
    with_ids: bool,
    drifted: bool,
    shift: int = 0,
    bold: bool = False,
) -> str:
  """A judge answer: the templates' layout, or with `bold` labels
  (`**ID:** r1`), which only the parser's reading of any layout takes."""
  blocks = []
  for i, text in enumerate(texts):
    lines = [f"ID: r{(i + shift) % len(texts)}"] if with_ids else []
    lines.append(f"Property: {_drift(text) if drifted else text}")
    lines.append("Rationale: 会話の2ターン目で確認しています。")
    lines.append("Verdict: yes")
    if bold:
      lines = ["**%s:**%s" % tuple(line.split(":", 1)) for line in lines]
    blocks.append("\n".join(lines))
  return "\n\n".join(blocks)


def _scorer(module, texts: list[str]) -> Callable[[str], int]:
  """Returns a function scoring an answer with `module`'s evaluator."""

  class _Evaluator(module.RubricBasedEvaluator):

    def format_auto_rater_prompt(self, actual, expected):
      raise NotImplementedError

  rubrics = [
      Rubric(rubric_id=f"r{i}", rubric_content=RubricContent(text_property=t))
      for i, t in enumerate(texts)
  ]
  evaluator = _Evaluator(
      EvalMetric(
          metric_name="benchmark",
          criterion=RubricsBasedCriterion(threshold=0.5, rubrics=rubrics),
      ),
      criterion_type=RubricsBasedCriterion,
  )
  evaluator.create_effective_rubrics_list(None)

  def score(answer: str) -> int:
    response = LlmResponse(
        content=genai_types.Content(parts=[genai_types.Part(text=answer)])
    )
    result = evaluator.convert_auto_rater_response_to_score(response)
    return sum(s.score is not None for s in result.rubric_scores or [])

  return score


def _times(
    *functions: Callable[[], object], repeat: int, paused_gc: bool = False
) -> list[list[float]]:
  """Returns the CPU times of each function's runs, in seconds.

  CPU time of this process (not wall time), and the functions take turns in
  every round, so that other work on the machine, and its drift during the
  run, weigh on all of them alike. Each run starts after a full collection;
  with `paused_gc` the collector is then paused for the run.
  """
  times: list[list[float]] = [[] for _ in functions]
  for function in functions:
    function()
  for _ in range(repeat):
    for function, spent in zip(functions, times):
      gc.collect()
      if paused_gc:
        gc.disable()
      start = time.process_time()
      function()
      spent.append(time.process_time() - start)
      gc.enable()
  return times


def _median_ms(*functions: Callable[[], object], repeat: int) -> list[float]:
  """The median CPU time of each function's runs in ms (see `_times`)."""
  times = _times(*functions, repeat=repeat)
  return [statistics.median(spent) * 1000 for spent in times]


def _paired_ratios(
    stock_function: Callable[[], object],
    patched_function: Callable[[], object],
    repeat: int,
) -> str:
  """The median of patched/stock over rounds, collector running / paused."""
  ratios = []
  for paused_gc in (False, True):
    stock_times, patched_times = _times(
        stock_function, patched_function, repeat=repeat, paused_gc=paused_gc
    )
    ratios.append(
        statistics.median(p / s for p, s in zip(patched_times, stock_times))
    )
  return " / ".join(f"{ratio:.2f}" for ratio in ratios)


def main() -> int:
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("--repeat", type=int, default=15)
  parser.add_argument(
      "--skip-hostile",
      action="store_true",
      help="time the matching cases only, not the hostile answers",
  )
  args = parser.parse_args()
  logging.disable(logging.WARNING)
  stock_module = stock.load_evaluation_module("rubric_based_evaluator")
  patched = rubric_based_evaluator

  print("Matching (median ms of convert_auto_rater_response_to_score)")
  print(
      f"{'':44} {'gc running':>19} {'gc paused':>19}\n"
      f"{'case':44} {'stock':>9} {'patched':>9} {'stock':>9} {'patched':>9}"
      f" {'attached s/p':>13}"
  )

  def row(name: str, texts: list[str], answer: str) -> None:
    scores = [_scorer(module, texts) for module in (stock_module, patched)]
    functions = [lambda score=score: score(answer) for score in scores]
    figures = _median_ms(*functions, repeat=args.repeat) + [
        statistics.median(spent) * 1000
        for spent in _times(*functions, repeat=args.repeat, paused_gc=True)
    ]
    attached = [score(answer) for score in scores]
    print(
        f"{name:44}"
        + "".join(f" {ms:9.2f}" for ms in figures)
        + f" {f'{attached[0]}/{attached[1]}':>13}"
    )

  def ratio(count: int, answer: str, stock_answer: str) -> str:
    """Patched on `answer` against stock on `stock_answer`, paired."""
    texts = _rubric_texts(count)
    stock_score = _scorer(stock_module, texts)
    patched_score = _scorer(patched, texts)
    return _paired_ratios(
        lambda: stock_score(stock_answer),
        lambda: patched_score(answer),
        repeat=args.repeat,
    )

  for count in (50, 200):
    texts = _rubric_texts(count)
    for name, with_ids, drifted in (
        ("ids echoed", True, False),
        ("no ids, drifted text", False, True),
    ):
      row(f"{count} rubrics, {name}", texts, _answer(texts, with_ids, drifted))
  texts = _rubric_texts(200)
  ids = _answer(texts, True, False)
  print("\nRatios, median of paired runs: gc running / gc paused")
  print(
      f"ids echoed, 200 rubrics: patched/stock = {ratio(200, ids, ids)}"
      " (target <= 1.5)"
  )
  drifted = _answer(texts, False, True)
  print(
      "no ids, drifted, 200 rubrics: patched / stock id path ="
      f" {ratio(200, drifted, ids)} (target <= 5)"
  )
  bold = _answer(texts, True, False, bold=True)
  print(
      "ids echoed, labels in bold, 200 rubrics (no target; stock reads"
      f" none): patched / stock on plain labels = {ratio(200, bold, ids)}"
  )

  print("\nIds shifted by one, exact texts (stock attaches every block wrong)")
  texts = _rubric_texts(400)
  shifted = _answer(texts, True, False, shift=1)
  row("400 rubrics, ids shifted", texts, shifted)
  print(f"patched/stock = {ratio(400, shifted, shifted)} (target <= 3)")
  if args.skip_hostile:
    return 0

  print("\nHostile answers, patched (median ms; linear: ms/MB stays flat)")
  texts = _rubric_texts(20)
  score = _scorer(patched, texts)
  floods = {
      "judge answer repeated": _answer(texts, True, True) + "\n\n",
      "ID: label flood": "ID: x\n",
      "colon flood": ":",
      "full-width colon flood": "：" * 50 + "\n",
      "bracket flood": "[id: [[[[",
      "markdown flood": "**" * 40 + "> # - " * 10 + "\n",
      "label without newline": "Verdict: **",
      "backtick fences": "```",
      "nested brackets": "[",
      "fenced JSON": '```json\n[{"id": 1, "verdict": "no"}]\n```\n',
      "quotation marks": '"Verdict: yes\n',
      "table rows": "| ID | Property | Verdict |\n| r1 | x | yes |\n",
      "block quotes": "> Verdict: yes\n",
  }
  print(
      f"{'input':28} {'256 KB':>9} {'512 KB':>9} {'1 MB':>9}"
      f" {'ms/MB at 256 KB, 1 MB':>22}"
  )
  item = '{"id": "r1", "verdict": "yes", "rationale": "ok"}'
  for name, unit in [*floods.items(), ("JSON array of objects", item)]:
    figures = []
    for size in (256 * 1024, 512 * 1024, 1024 * 1024):
      if unit is item:  # One JSON document, every object a block.
        answer = "[%s]" % ", ".join([item] * (size // (len(item) + 2)))
      else:
        answer = (unit * (size // len(unit.encode()) + 1))[: size // 2]
        while len(answer.encode()) < size:
          answer += unit
      figures.append(
          _median_ms(lambda: score(answer), repeat=max(3, args.repeat // 5))[0]
      )
    print(
        f"{name:28} {figures[0]:9.1f} {figures[1]:9.1f} {figures[2]:9.1f}"
        f" {f'{figures[0] * 4:.1f}, {figures[2]:.1f}':>22}"
    )
  return 0


if __name__ == "__main__":
  sys.exit(main())
