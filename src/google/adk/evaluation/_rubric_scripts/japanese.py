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

"""Japanese kana spellings (see `_rubric_scripts`).

A word written in hiragana or in katakana is the same word (`かくにん` /
`カクニン`), and a loanword is written with or without its long vowel mark
(`ユーザ` / `ユーザー`, as style guides differ): two fold steps. Some words
are written in Han characters or in kana (`等` / `など`): a list the matcher
reads (`KANA_SPELLINGS`), since no rule tells which.
"""

from __future__ import annotations


def _katakana(char: str) -> str:
  return chr(ord(char) + 0x60) if "\u3041" <= char <= "\u3096" else char


def _without_long_vowel_mark(char: str) -> str:
  return "" if char == "\u30fc" else char


FOLD_STEPS = (
    ("kana", _katakana),
    ("long_vowel_mark", _without_long_vowel_mark),
)

# Japanese words that may be written in Han characters or in kana, and their
# kana spellings: the function words that Japanese style guides (the Cabinet
# guidance on official documents, 公用文作成の考え方) write in kana, and a few
# verbs judges rewrite. A judge that writes `など` for a rubric's `等` wrote
# the same word; `みぎ` for `左` is another word, so only listed spellings
# count. Keys are the Han spelling of the word's stem, values its readings.
KANA_SPELLINGS: dict[str, tuple[str, ...]] = {
    "等": ("など", "とう"),
    "含": ("ふく",),
    "又": ("また",),
    "及": ("およ",),
    "並": ("なら",),
    "若": ("も",),
    "且": ("か",),
    "但": ("ただ",),
    "尚": ("なお",),
    "迄": ("まで",),
    "程": ("ほど",),
    "事": ("こと",),
    "時": ("とき",),
    "所": ("ところ",),
    "物": ("もの",),
    "為": ("ため",),
    "様": ("よう",),
    "通": ("とお",),
    "頃": ("ころ",),
    "共": ("とも",),
    "毎": ("ごと",),
    "其": ("その", "そ"),
    "此": ("この", "こ"),
    "何": ("なに", "なん"),
    "有": ("あ",),
    "居": ("い",),
    "出来": ("でき",),
    "下": ("くだ",),
    "致": ("いた",),
    "頂": ("いただ",),
    "貰": ("もら",),
    "欲": ("ほ",),
    "易": ("やす",),
    "殆": ("ほとん",),
    "沢山": ("たくさん",),
    "予": ("あらかじ",),
    "更": ("さら",),
    "既": ("すで",),
    "全": ("すべ",),
    "例": ("たと",),
    "宜": ("よろ",),
    "訳": ("わけ",),
    "筈": ("はず",),
    "分": ("わ",),
    "良": ("よ", "い"),
    "伺": ("うかが",),
    "頂戴": ("ちょうだい",),
    "一緒": ("いっしょ",),
    "綺麗": ("きれい",),
    "丁寧": ("ていねい",),
}
