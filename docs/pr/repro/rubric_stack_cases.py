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

"""One reproduction per rubric pull request of the stack.

Usage: python rubric_stack_cases.py NN   (NN = 02 to 09 but 08, 05b, f1
to f5: the upstream layer's and the fork layer's pull request numbers)

Each case runs rubric_based_final_response_quality_v1's real
`evaluate_invocations` on one invocation, with a recorded, hand-written judge
answer: the judge model name resolves through ADK's LLMRegistry to a BaseLlm
that returns the recording (offline, no API key). It prints the rubric scores
and the score of the judge sample (`convert_auto_rater_response_to_score`,
captured by a subclass) and the overall result, and exits 1 when the sample
is not scored as the judge said (a rubric lost, scored twice or given another
rubric's verdict), else 0; case 06 also needs every rubric listed.
Expected `None`: unscored (listed or absent).
"""

from __future__ import annotations

import asyncio
import sys
import warnings

import google.adk
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import EvalMetric
from google.adk.evaluation.eval_metrics import JudgeModelOptions
from google.adk.evaluation.eval_metrics import RubricsBasedCriterion
from google.adk.evaluation.eval_rubrics import Rubric
from google.adk.evaluation.eval_rubrics import RubricContent
from google.adk.evaluation.rubric_based_final_response_quality_v1 import RubricBasedFinalResponseQualityV1Evaluator as Evaluator
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types

JA = {
    "asks_first": "ユーザの服用中の薬を確認してから用量を案内している",
    "explains_risks": "副作用、効果、相互作用等を説明している",
}
ZH = {"asks_first": "先确认用户正在服用的药物，再说明用量"}


def blocks(*rows: tuple[str, ...], layout: str) -> str:
  return "\n\n".join(layout.format(*row) for row in rows)


PLAIN = "ID: {}\nProperty: {}\nRationale: {}\nVerdict: {}"
NO_ID = "Property: {}\nRationale: {}\nVerdict: {}"
R1, R2 = JA["asks_first"], JA["explains_risks"]
# The judge's verdicts: yes for asks_first, no for explains_risks.
ASKS_YES = ("asks_first", R1, "先に併用薬を尋ねている。", "yes")
RISKS_NO = ("explains_risks", R2, "効果の説明がない。", "no")
AS_SAID = ({"asks_first": 1.0, "explains_risks": 0.0}, 0.5)
# Case: (what the judge did, rubrics, answer, expected rubric scores and
# sample score).
CASES = {
    "02": (
        "explains_risks not answered, plain labels",
        JA,
        blocks(ASKS_YES, layout=PLAIN),
        {"asks_first": None, "explains_risks": None},
        None,
    ),
    "03": (
        "bold labels, full-width colons",
        JA,
        blocks(
            ASKS_YES,
            RISKS_NO,
            layout=(
                "**ID：** {}\n**Property：** {}\n**Rationale：** {}\n"
                "**Verdict：** {}"
            ),
        ),
        *AS_SAID,
    ),
    "04": (
        "explains_risks answered `unknown`: neither yes nor no",
        JA,
        blocks(
            ASKS_YES,
            ("explains_risks", R2, "会話からは判断できない。", "unknown"),
            layout=PLAIN,
        ),
        {"asks_first": 1.0, "explains_risks": None},
        None,
    ),
    "05": (
        "ids echoed as [id: x], property text with ユーザー",
        JA,
        blocks(
            ("[id: asks_first]", R1.replace("ユーザ", "ユーザー"), "ok", "yes"),
            ("[id: explains_risks]", R2, "効果の説明がない。", "no"),
            layout=PLAIN,
        ),
        *AS_SAID,
    ),
    "05b": (
        "no ids, full-width commas and a full stop in the second property",
        JA,
        blocks(
            ASKS_YES[1:],
            (R2.replace("、", "，") + "。", "効果の説明がない。", "no"),
            layout=NO_ID,
        ),
        *AS_SAID,
    ),
    "06": (
        "explains_risks answered twice, no then yes",
        JA,
        blocks(
            ASKS_YES,
            RISKS_NO,
            ("explains_risks", R2, "相互作用は説明している。", "yes"),
            layout=PLAIN,
        ),
        {"asks_first": 1.0, "explains_risks": None},
        None,
    ),
    "07": (
        "explains_risks not answered",
        JA,
        blocks(ASKS_YES, layout=PLAIN),
        {"asks_first": 1.0, "explains_risks": None},
        None,
    ),
    "f1": (
        "answer written as JSON, unasked",
        JA,
        '[{"id": "asks_first", "property": "%s", "rationale": "ok",'
        ' "verdict": "yes"},\n {"id": "explains_risks", "property": "%s",'
        ' "rationale": "効果の説明がない。", "verdict": "no"}]' % (R1, R2),
        *AS_SAID,
    ),
    "f2": (
        "ids swapped, each over the other rubric's text reworded",
        JA,
        blocks(
            (
                "explains_risks",
                R1.replace("確認して", "確かめて"),
                "先に併用薬を尋ねている。",
                "yes",
            ),
            (
                "asks_first",
                R2.replace("説明", "解説"),
                "効果の説明がない。",
                "no",
            ),
            layout=PLAIN,
        ),
        {"asks_first": None, "explains_risks": None},
        None,
    ),
    "f3": (
        "no ids; 等 written as など",
        JA,
        blocks(
            (R1, "ok", "yes"),
            (R2.replace("等", "など"), "効果の説明がない。", "no"),
            layout=NO_ID,
        ),
        *AS_SAID,
    ),
    "f4": (
        "Japanese verdict words and labels",
        JA,
        blocks(
            ("asks_first", R1, "ok", "はい"),
            ("explains_risks", R2, "効果の説明がない。", "いいえ"),
            layout="ID：{}\nプロパティ：{}\n理由：{}\n判定：{}",
        ),
        *AS_SAID,
    ),
    "f5": (
        "no ids; the rubric echoed in traditional characters",
        ZH,
        blocks(
            ("先確認用戶正在服用的藥物，再說明用量", "ok", "yes"), layout=NO_ID
        ),
        {"asks_first": 1.0},
        1.0,
    ),
}
# 09: the prompt shows a hard id; the judge copies back the ids it was shown
# (the last two tags of the prompt) and respells the property text.
HARD = {"asks_first": R1, "説明 (リスク)": R2}
INSTRUCTION = "in ASCII English"
seen: dict[str, object] = {"prompt": "", "answer": ""}


class RecordedJudge(BaseLlm):

  @classmethod
  def supported_models(cls) -> list[str]:
    return ["recorded-judge"]

  async def generate_content_async(self, llm_request, stream=False):
    seen["prompt"] = "".join(
        p.text or "" for c in llm_request.contents for p in c.parts or []
    )
    answer = seen["answer"]
    if answer == "09":
      shown = [
          line.split("]")[0].split("[id: ")[1]
          for line in seen["prompt"].splitlines()
          if line.startswith("*  [id: ")
      ]
      drifted = [t.replace("ユーザ", "ユーザー") for t in HARD.values()]
      rows = zip(
          shown[-2:], drifted, ("ok", "効果の説明がない。"), ("yes", "no")
      )
      answer = blocks(*rows, layout=PLAIN)
    yield LlmResponse(
        content=types.Content(role="model", parts=[types.Part(text=answer)])
    )


async def run(rubrics: dict[str, str], answer: str):
  seen["answer"] = answer
  criterion = RubricsBasedCriterion(
      threshold=0.8,
      judge_model_options=JudgeModelOptions(
          judge_model="recorded-judge", num_samples=1
      ),
      rubrics=[
          Rubric(rubric_id=i, rubric_content=RubricContent(text_property=t))
          for i, t in rubrics.items()
      ],
  )
  invocation = Invocation(
      user_content=types.Content(
          role="user", parts=[types.Part(text="頭痛薬は何錠飲めばいいですか？")]
      ),
      final_response=types.Content(
          role="model",
          parts=[types.Part(text="服用中のお薬を教えてください。")],
      ),
  )
  metric = EvalMetric(
      metric_name="rubric_based_final_response_quality_v1",
      criterion=criterion,
  )
  return await Capturing(metric).evaluate_invocations([invocation])


class Capturing(Evaluator):
  """The real evaluator; keeps the score of each judge sample."""

  def convert_auto_rater_response_to_score(self, auto_rater_response):
    sample = super().convert_auto_rater_response_to_score(auto_rater_response)
    seen["sample"] = sample
    return sample


async def main(case: str) -> int:
  print("google.adk", google.adk.__version__, "from", google.adk.__file__)
  warnings.filterwarnings("ignore", message=r"\[EXPERIMENTAL\]")
  LLMRegistry.register(RecordedJudge)
  if case == "09":
    result = await run(HARD, "09")
    lines = [l for l in seen["prompt"].splitlines() if l.endswith(R1)]
    lines += [l for l in seen["prompt"].splitlines() if l.endswith(R2)]
    print("case 09: rubric lines of the prompt:\n  " + "\n  ".join(lines))
    told = INSTRUCTION in seen["prompt"]
    print(f"  prompt says labels and verdicts stay {INSTRUCTION}: {told}")
    want, overall, ok = {"asks_first": 1.0, "説明 (リスク)": 0.0}, 0.5, told
  else:
    what, rubrics, answer, want, overall = CASES[case]
    print(f"case {case}: {what}\n  " + answer.replace("\n", "\n  "))
    result = await run(rubrics, answer)
    ok = True
  sample = seen["sample"]
  got = [(s.rubric_id, s.score) for s in sample.rubric_scores or []]
  scored = {i: s for i, s in got if s is not None}
  ok = ok and len({i for i, _ in got}) == len(got)
  ok = ok and scored == {i: s for i, s in want.items() if s is not None}
  ok = ok and sample.score == overall
  if case == "02":  # No score over fewer rubrics than were asked.
    ok = sample.score is None
  if case == "04":  # `unknown` is no verdict, so the sample has no score.
    ok = sample.score is None and scored.get("explains_risks") is None
  if case == "06":  # No rubric twice, no verdict but the judge's, no score.
    ok = len({i for i, _ in got}) == len(got) and sample.score is None
    ok = ok and all(want.get(i) == s for i, s in scored.items())
  if case == "07":  # Every rubric listed, the verdicts given kept, no score.
    ok = result.overall_score is None and [i for i, _ in got] == list(want)
    ok = ok and scored == {i: s for i, s in want.items() if s is not None}
  print("  judge sample:", sample.score, got)
  print("  overall:", result.overall_score, result.overall_eval_status.name)
  if case == "09" and not ok:
    print("  BUG: the prompt does not say which words stay in English")
  else:
    print("  as the judge said" if ok else "  BUG: not what the judge said")
  return 0 if ok else 1


if __name__ == "__main__":
  sys.exit(asyncio.run(main(sys.argv[1])))
