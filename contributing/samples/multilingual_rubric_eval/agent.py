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

"""A pharmacy-advice agent that answers in Japanese, Chinese or Arabic.

The medicine data below is sample data for the evaluation, not medical
advice.
"""

from __future__ import annotations

from google.adk import Agent

from . import replay

# Each medicine is listed under its name in the language of its data.
_MEDICINES = {
    "ロキソプロフェン": {
        "side_effects": ["胃痛・胃の不快感", "むくみ", "発疹"],
        "dosage": (
            "成人は1回1錠（60mg）、1日2回まで。再び症状があらわれた場合は"
            "3回目を服用できる。服用間隔は4時間以上あける。空腹時を避ける。"
        ),
    },
    "アセトアミノフェン": {
        "side_effects": ["発疹・かゆみ", "吐き気", "まれに肝機能障害"],
        "dosage": (
            "成人は1回1錠（300mg）、1日3回まで。服用間隔は4時間以上あける。"
        ),
    },
    "布洛芬": {
        "side_effects": ["胃部不适", "恶心", "头晕"],
        "dosage": (
            "成人每次1粒（200毫克），每日不超过3次，两次服药间隔至少4小时，饭后服用。"
        ),
    },
    "باراسيتامول": {
        "side_effects": [
            "غثيان",
            "طفح جلدي (نادر)",
            "ضرر في الكبد عند تجاوز الجرعة",
        ],
        "dosage": (
            "للبالغين: من 500 إلى 1000 ملغ كل 4 إلى 6 ساعات، وبحد أقصى 4000"
            " ملغ في اليوم."
        ),
    },
}


def _find(medicine: str) -> dict[str, object] | None:
  return _MEDICINES.get(medicine.strip())


def get_side_effects(medicine: str) -> dict[str, object]:
  """Returns the known side effects of a medicine.

  Args:
    medicine: The medicine's name as the user wrote it, e.g. "ロキソプロフェン".

  Returns:
    The medicine and its side effects, or an error if it is not known.
  """
  data = _find(medicine)
  if data is None:
    return {"error": f"unknown medicine: {medicine}"}
  return {"medicine": medicine, "side_effects": data["side_effects"]}


def get_dosage(medicine: str) -> dict[str, object]:
  """Returns the usual adult dosage of a medicine.

  Args:
    medicine: The medicine's name as the user wrote it, e.g. "布洛芬".

  Returns:
    The medicine and its dosage, or an error if it is not known.
  """
  data = _find(medicine)
  if data is None:
    return {"error": f"unknown medicine: {medicine}"}
  return {"medicine": medicine, "dosage": data["dosage"]}


root_agent = Agent(
    model=replay.agent_model(),
    name="pharmacy_assistant",
    description="Answers questions about over-the-counter medicines.",
    instruction="""You are a pharmacy assistant for over-the-counter medicines.
Always answer in the language the user writes in (Japanese, Chinese or Arabic).
Use get_side_effects for questions about side effects and get_dosage for
questions about how much or how often to take a medicine, and base your answer
on what the tool returns. Ask whether the user takes other medicines. Recommend
a pharmacist or a doctor when symptoms persist. Never diagnose.""",
    tools=[get_side_effects, get_dosage],
)
