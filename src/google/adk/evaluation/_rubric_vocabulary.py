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

"""The label and verdict words a rubric judge may write, in one place.

The rubric templates ask for English labels and `yes` / `no`, but judges that
work in another language translate them. Every form the parser accepts is
listed here, by language, so that a reviewer can check the words without
reading the parser. Entries are compared after NFKC normalization and case
folding, so case and full-width variants need not be listed.
"""

from __future__ import annotations

# The field each label names. A `conclusion` label (`Final verdict`, `結論`)
# gives the verdict of a block that has no `verdict` line; beside one, it
# counts only where it opens with a verdict, which must then agree.
LABELS: dict[str, tuple[str, ...]] = {
    "id": (
        "id",
        "rubric id",
        "rubric_id",
        "property id",
        "識別子",  # ja
        "编号",  # zh-Hans
        "編號",  # zh-Hant
        "아이디",  # ko
        "식별자",
        "المعرف",  # ar
        "معرف",
        "מזהה",  # he
        "идентификатор",  # ru
        "आईडी",  # hi
        "รหัส",  # th
        "identificador",  # es, pt
        "kennung",  # de
        "identifiant",  # fr
        "mã",  # vi
    ),
    "property": (
        "property",
        "rubric",
        "criterion",
        "プロパティ",  # ja
        "性質",
        "評価項目",
        "属性",  # zh-Hans
        "特性",
        "性质",
        "屬性",  # zh-Hant
        "항목",  # ko
        "속성",
        "الخاصية",  # ar
        "خاصية",
        "المعيار",
        "מאפיין",  # he
        "קריטריון",
        "свойство",  # ru
        "критерий",
        "गुण",  # hi
        "मानदंड",
        "คุณสมบัติ",  # th
        "เกณฑ์",
        "propiedad",  # es
        "criterio",  # es, it
        "eigenschaft",  # de
        "kriterium",
        "propriété",  # fr
        "critère",
        "propriedade",  # pt
        "critério",
        "proprietà",  # it
        "thuộc tính",  # vi
        "tiêu chí",
        "properti",  # id
        "kriteria",
        "özellik",  # tr
        "kryterium",  # pl
        "właściwość",
    ),
    "evidence": (
        "evidence",
        "証拠",  # ja
        "根拠資料",
        "证据",  # zh-Hans
        "證據",  # zh-Hant
        "증거",  # ko
        "الدليل",  # ar
        "الأدلة",
        "ראיות",  # he
        "доказательства",  # ru
        "साक्ष्य",  # hi
        "หลักฐาน",  # th
        "evidencia",  # es
        "evidência",  # pt
        "beweis",  # de
        "belege",
        "preuve",  # fr
        "preuves",
        "prove",  # it
        "bằng chứng",  # vi
        "bukti",  # id
        "kanıt",  # tr
        "dowody",  # pl
    ),
    "rationale": (
        "rationale",
        "reasoning",
        "reason",
        "explanation",
        "理由",  # ja, zh
        "根拠",  # ja
        "説明",
        "理据",  # zh-Hans
        "依据",
        "理據",  # zh-Hant
        "依據",
        "근거",  # ko
        "이유",
        "المبرر",  # ar
        "التبرير",
        "السبب",
        "נימוק",  # he
        "הסבר",
        "обоснование",  # ru
        "пояснение",
        "तर्क",  # hi
        "कारण",
        "เหตุผล",  # th
        "razonamiento",  # es
        "justificación",
        "justificação",  # pt
        "begründung",  # de
        "justification",  # fr
        "motivazione",  # it
        "lý do",  # vi
        "alasan",  # id
        "gerekçe",  # tr
        "uzasadnienie",  # pl
    ),
    "verdict": (
        "verdict",
        "判定",  # ja
        "判定結果",
        "評決",
        "判断",  # zh
        "裁定",
        "判斷",
        "판정",  # ko
        "평결",
        "الحكم",  # ar
        "القرار",
        "פסק דין",  # he
        "החלטה",
        "вердикт",  # ru
        "निर्णय",  # hi
        "फ़ैसला",
        "คำตัดสิน",  # th
        "veredicto",  # es, pt
        "urteil",  # de
        "verdetto",  # it
        "putusan",  # id
        "karar",  # tr
        "werdykt",  # pl
    ),
    "conclusion": (
        "conclusion",
        "final verdict",
        "overall verdict",
        "最終判定",  # ja
        "評価",
        "結論",
        "结论",  # zh
        "最终判定",
        "最終判斷",
        "결론",  # ko
        "заключение",  # ru
        "ergebnis",  # de
        "kết luận",  # vi
    ),
}

# The word of the templates' `STEP 1:` ... `STEP 5:` lines: a numbered step
# is the judge's working, never a second verdict.
STEP_WORDS: tuple[str, ...] = (
    "step",
    "ステップ",  # ja
    "步骤",  # zh
    "步驟",
    "단계",  # ko
    "الخطوة",  # ar
    "שלב",  # he
    "шаг",  # ru
    "चरण",  # hi
    "ขั้นตอน",  # th
    "paso",  # es
    "passo",  # pt, it
    "schritt",  # de
    "étape",  # fr
    "bước",  # vi
    "langkah",  # id
    "adım",  # tr
    "krok",  # pl
)

# Verdict phrases and the score each stands for. "Not applicable" counts as
# yes: every rubric template defines `yes` as "fulfilled, or not applicable"
# (see `NOT_APPLICABLE` for the exceptions). A value holding forms of both
# (`yes/no`, `はい・いいえ`) is no verdict. A word that means yes in one
# language and no in another (`tak`: Polish yes, Indonesian no) is not listed.
VERDICTS: dict[float, tuple[str, ...]] = {
    1.0: (
        "yes",
        "true",
        "pass",
        "passed",
        "met",
        "fulfilled",
        "satisfied",
        "n/a",
        "not applicable",
        "non applicable",
        "non-applicable",
        "inapplicable",
        "✓",
        "✔",
        "✅",
        "☑",
        "○",
        "◯",
        "はい",  # ja
        "満たしている",
        "満たしています",
        "該当なし",
        "適用外",
        "対象外",
        "是",  # zh
        "是的",
        "对",
        "對",
        "符合",
        "满足",
        "滿足",
        "不适用",
        "不適用",
        "예",  # ko
        "네",
        "충족",
        "해당 없음",
        "해당없음",
        "نعم",  # ar
        "لا ينطبق",
        "غير قابل للتطبيق",
        "כן",  # he
        "לא רלוונטי",
        "לא ישים",
        "да",  # ru
        "не применимо",
        "неприменимо",
        "हाँ",  # hi
        "हां",
        "लागू नहीं",
        "ใช่",  # th
        "ไม่เกี่ยวข้อง",
        "sí",  # es
        "si",
        "sì",  # it
        "cumple",
        "no aplica",
        "no procede",
        "sim",  # pt
        "cumpre",
        "não se aplica",
        "não aplicável",
        "ja",  # de
        "erfüllt",
        "nicht zutreffend",
        "nicht anwendbar",
        "oui",  # fr
        "sans objet",
        "non applicable",
        "ne s'applique pas",
        "non pertinent",
        "non pertinente",  # it
        "có",  # vi
        "không áp dụng",
        "ya",  # id
        "tidak berlaku",
        "tidak dapat diterapkan",
        "evet",  # tr
        "spełnia",  # pl
        "spełnione",
        "nie dotyczy",
    ),
    0.0: (
        "no",
        "false",
        "fail",
        "failed",
        "not met",
        "not fulfilled",
        "not satisfied",
        "✗",
        "✘",
        "❌",
        "×",
        "✕",
        "いいえ",  # ja
        "満たしていない",
        "満たしていません",
        "否",  # zh
        "不",
        "不是",
        "不对",
        "不對",
        "不符合",
        "不满足",
        "不滿足",
        "아니요",  # ko
        "아니오",
        "아니",
        "미충족",
        "불충족",
        "لا",  # ar
        "לא",  # he
        "нет",  # ru
        "не выполнено",
        "नहीं",  # hi
        "ไม่",  # th
        "ไม่ใช่",
        "no cumple",  # es
        "não",  # pt
        "não cumpre",
        "nein",  # de
        "nicht erfüllt",
        "non",  # fr, it
        "không",  # vi
        "tidak",  # id
        "hayır",  # tr
        "nie",  # pl
        "nie spełnia",
    ),
}

# The verdict phrases above that say "not applicable". They are a yes, as the
# templates define it, unless the property is itself about whether something
# applies; those in `AMBIGUOUS_NOT_APPLICABLE` also mean "does not hold" in
# their language (`nicht zutreffend`: "not true"), so they are no verdict;
# none of the English forms does.
NOT_APPLICABLE: tuple[str, ...] = (
    "n/a",
    "not applicable",
    "non applicable",
    "non-applicable",
    "inapplicable",
    "適用外",  # ja
    "対象外",
    "غير قابل للتطبيق",  # ar
    "לא ישים",  # he
    "не применимо",  # ru
    "неприменимо",
    "लागू नहीं",  # hi
    "não aplicável",  # pt
    "nicht anwendbar",  # de
    "sans objet",  # fr
    "không áp dụng",  # vi
    "tidak dapat diterapkan",  # id
    "nie dotyczy",  # pl
)
AMBIGUOUS_NOT_APPLICABLE: tuple[str, ...] = (
    "該当なし",  # ja: also "nothing matches"
    "不适用",  # zh: also "not suitable"
    "不適用",
    "해당 없음",  # ko: also "does not correspond"
    "해당없음",
    "لا ينطبق",  # ar: also "does not fit"
    "לא רלוונטי",  # he: "not relevant"
    "ไม่เกี่ยวข้อง",  # th: "not related"
    "no aplica",  # es: also "does not fit"
    "no procede",
    "não se aplica",  # pt
    "nicht zutreffend",  # de: also "not true"
    "ne s'applique pas",  # fr
    "non pertinent",
    "non pertinente",  # it
    "tidak berlaku",  # id: also "not valid"
)

# Words (compared case-folded, as parts of the text) that make a property be
# about what applies: "not applicable" cannot answer it.
APPLICABILITY_WORDS: tuple[str, ...] = (
    "appl",
    "relevan",
    "pertinen",
    "該当",  # ja
    "適用",
    "适用",  # zh
    "相关",
    "相關",
    "해당",  # ko
    "관련",
    "ينطبق",  # ar
    "تطبيق",
    "применим",  # ru
    "относится",
    "zutreffen",  # de
    "anwendbar",
    "aplica",  # es, pt
    "pertinent",  # fr
    "s'appliqu",
    "berlaku",  # id
    "terap",  # id: diterapkan
    "nerap",  # id: menerapkan
    "dotyczy",  # pl
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
