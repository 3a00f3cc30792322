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

"""Tests for the layouts `_rubric_parsing.parse_judge_answer` reads.

Labels and their decoration, verdict-first blocks, verdicts on the line after
their label, blocks that name their rubric in any order, and self-correction,
with the English labels and verdict words.
"""

from __future__ import annotations

import pytest

from .rubric_parsing_cases import answer_blocks
from .rubric_parsing_cases import only_block
from .rubric_parsing_cases import summary


@pytest.mark.parametrize(
    "text",
    [
        "ID: r1\nProperty: p\nRationale: ok\nVerdict: yes",
        "ID：r1\nProperty：p\nRationale：ok\nVerdict：yes",
        "ID:r1\nProperty:p\nRationale:ok\nVerdict:yes",
        "Id : r1\nPROPERTY : p\nRationale : ok\nVERDICT : YES",
        "**ID:** r1\n**Property:** p\n**Rationale:** ok\n**Verdict:** yes",
        "**ID**: r1\n**Property**: p\n**Rationale**: ok\n**Verdict**: **Yes**",
        "- ID: r1\n- Property: p\n- Rationale: ok\n- Verdict: yes",
        "### ID: r1\n### Property: p\n### Rationale: ok\n### Verdict: yes",
        "* _ID_: r1\n* _Property_: p\n* _Rationale_: ok\n* _Verdict_: yes",
        "・ID：r1\n・Property：p\n・Rationale：ok\n・Verdict：yes",
        "ＩＤ：r1\nＰｒｏｐｅｒｔｙ：p\nＲａｔｉｏｎａｌｅ：ok\nＶｅｒｄｉｃｔ：ｙｅｓ",
        (
            "\u200fID\u200f: r1\nProp\u200berty: p\nRationale:"
            " ok\nVerdict\u200e: yes"
        ),
    ],
    ids=[
        "plain",
        "fullwidth_colons",
        "no_space",
        "label_case_and_space_before_colon",
        "bold_label_and_colon",
        "bold_label_bold_verdict",
        "bullets",
        "headers",
        "italic_labels_in_bullets",
        "katakana_middle_dots",
        "fullwidth_letters",
        "invisible_format_characters_in_labels",
    ],
)
def test_label_forms_parse_to_the_same_block(text: str):
  block = only_block(text)

  assert block.rubric_id == "r1"
  assert block.property_text == "p"
  assert block.rationale == "ok"
  assert block.score == 1.0


def test_values_are_kept_as_written():
  block = only_block(
      "ＩＤ：r1\nProperty：第Ⅷ章\nRationale：全角ＡＢＣ\nVerdict：ｙｅｓ"
  )

  assert (block.property_text, block.rationale, block.score) == (
      "第Ⅷ章",
      "全角ＡＢＣ",
      1.0,
  )


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("ID: r1\nFinal Verdict: yes", 1.0),
        ("ID: r1\n**Final verdict:** No", 0.0),
    ],
)
def test_conclusion_labels_name_the_verdict(text: str, score: float):
  block = only_block(text)

  assert (block.rubric_id, block.score) == ("r1", score)


@pytest.mark.parametrize(
    "text",
    [
        "ID: r1\nProperty: p\nFinal verdict:\n> yes",
        "ID: r1\nProperty: p\nFinal verdict:\n```\nyes\n```",
        "Final verdict:\n> quoted",
    ],
    ids=["block_quote", "fence", "no_block"],
)
def test_an_empty_conclusion_label_before_quoted_lines_gives_no_verdict(
    text: str,
):
  # A conclusion label awaits its verdict on the next line; a quoted line
  # is none (the parser raised KeyError here).
  assert [b.score for b in answer_blocks(text)] in ([], [None])


def test_text_without_labels_or_with_unknown_labels_is_no_block():
  assert answer_blocks("Verdict yes\nID r1") == []
  assert answer_blocks("Answer: r1 is fine\nNote: yes") == []


def test_a_property_label_the_table_lacks_is_learned_from_its_repetition():
  # `Aspect` is no known label, but it is the one label the answer repeats
  # once per verdict, each time with another text: it names the property.
  assert summary(
      "Aspect: Greets the user.\nRationale: It does.\nVerdict: yes\n\n"
      "Aspect: Says goodbye.\nRationale: It does not.\nVerdict: no"
  ) == [
      (None, "Greets the user.", 1.0),
      (None, "Says goodbye.", 0.0),
  ]


def test_no_property_label_is_learned_where_two_labels_could_be_it():
  # `Aspect` and `Note` both repeat once per verdict with other texts: the
  # answer does not say which names the property, so neither does.
  blocks = answer_blocks(
      "Aspect: Greets the user.\nNote: polite\nVerdict: yes\n\n"
      "Aspect: Says goodbye.\nNote: curt\nVerdict: no"
  )

  assert [b.property_text for b in blocks] in ([], [None, None])


def test_a_label_given_twice_before_the_verdict_is_two_blocks_run_together():
  # The second rationale belongs to a block whose id line is missing: the
  # verdict after it may be r1's or that block's.
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nRationale: I will come back to this.\n\n"
      "Rationale: It ends with an offer of help.\nVerdict: yes"
  )

  assert [b.score for b in blocks] == [None]
  assert (
      blocks[0].unscored_reason == "the answer could not be split into blocks"
  )


def test_a_heading_before_verdict_first_blocks_settles_no_block():
  # Read verdict-last, `Criterion:` opens a block and every verdict moves
  # one rubric up; read verdict-first, it is a heading. The answer does not
  # say which.
  blocks = answer_blocks(
      "Criterion: overall quality of the answer\nVerdict: yes\n"
      "ID: r1\nProperty: a\nRationale: x\nVerdict: no\n"
      "ID: r2\nProperty: b\nRationale: y"
  )

  assert [b.score for b in blocks] == [None] * len(blocks)


def test_a_label_the_table_lacks_is_never_the_verdict_label():
  # `Applies: yes` is a check before the result, not the verdict, though
  # every value of it reads as one.
  blocks = answer_blocks(
      "Property: a\nApplies: yes\nResult: partly\n\n"
      "Property: b\nApplies: yes\nResult: not at all"
  )

  assert [b.score for b in blocks] == [None, None]


def test_verdict_first_blocks_with_a_blank_line_between_them():
  assert summary("Verdict: yes\nProperty: a\n\nVerdict: no\nProperty: b") == [
      (None, "a", 1.0),
      (None, "b", 0.0),
  ]


@pytest.mark.parametrize(
    "text",
    [
        "Verdict: yes\nProperty: a\nVerdict: no\nProperty: b",
        # A summary verdict, then blocks in the template's order, the last
        # one cut off: the same layout.
        (
            "Verdict: no (r2 fails)\n"
            "ID: r1\nProperty: a\nRationale: x\nVerdict: yes\n"
            "ID: r2\nProperty: b\nRationale: y\nVerdict: no\n"
            "ID: r3\nProperty: c\nRationale: The tone is"
        ),
    ],
)
def test_verdict_first_or_a_summary_over_cut_off_blocks_is_unsettled(
    text: str,
):
  # Read verdict-first every block has its verdict; read verdict-last the
  # first verdict is outside and the last block has none. No blank line
  # tells which, so no rubric gets a verdict.
  blocks = answer_blocks(text)

  assert [b.score for b in blocks] == [None] * len(blocks)
  assert all("before or after" in b.unscored_reason for b in blocks)


@pytest.mark.parametrize(
    "after",
    [
        "\nOverall verdict: No - one property is not met.",
        "\n## Summary\n- Final verdict: no",
    ],
)
def test_a_summary_under_another_verdict_label_is_no_blocks_verdict(
    after: str,
):
  # The blocks write their verdicts under `Verdict:`: the answer's verdict
  # label. The last block has none of its own, so it stays unscored.
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nVerdict: yes\n"
      "ID: r2\nProperty: b\nVerdict: no\n"
      "ID: r3\nProperty: c\nRationale: cut off"
      + after
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [
      ("r1", 1.0),
      ("r2", 0.0),
      ("r3", None),
  ]


def test_a_summary_under_another_verdict_label_may_agree():
  assert summary(
      "ID: r1\nProperty: a\nVerdict: yes\n"
      "ID: r2\nProperty: b\nVerdict: no\n\nFinal verdict: no"
  ) == [("r1", "a", 1.0), ("r2", "b", 0.0)]


def test_a_verdict_before_the_blocks_leaves_unscored_what_it_unsettles():
  # Read verdict-last, r1 is no and r2 yes; read verdict-first, r1 is yes
  # and r2 holds yes and no. The answer does not settle which: no verdict.
  blocks = answer_blocks(
      "Verdict: yes\n"
      "ID: r1\nProperty: a\nVerdict: no\n"
      "ID: r2\nProperty: b\nVerdict: yes"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [
      ("r1", None),
      ("r2", None),
  ]
  assert "before or after its property" in blocks[0].unscored_reason


def test_blank_lines_against_completeness_leave_it_unsettled():
  # Read verdict-first, every block has its verdict but runs across a blank
  # line; read verdict-last, no block does, but the last has no verdict.
  # A summary before truncated blocks, or verdicts before their blocks: the
  # answer does not settle which, so neither reading's verdicts stand.
  blocks = answer_blocks(
      "Verdict: yes\n\nID: r1\nProperty: a\nVerdict: no\n\nID: r2\nProperty: b"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [
      ("r1", None),
      ("r2", None),
  ]


def test_a_verdict_before_blocks_without_blank_lines_settles_no_block():
  # Read verdict-first or verdict-last, every verdict has a block but one:
  # the answer does not say which, so no block keeps a verdict, not even
  # those on which the two readings happen to agree (r1 and r2 here).
  blocks = answer_blocks(
      "Verdict: yes\n"
      "ID: r1\nProperty: a\nVerdict: yes\n"
      "ID: r2\nProperty: b\nVerdict: yes\n"
      "ID: r3\nProperty: c\nVerdict: no"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [
      ("r1", None),
      ("r2", None),
      ("r3", None),
  ]
  assert all("does not settle" in b.unscored_reason for b in blocks)


def test_verdict_before_rationale_keeps_the_rationale():
  blocks = answer_blocks(
      "ID: r1\nVerdict: yes\nRationale: r1 ok\n"
      "ID: r2\nVerdict: no\nRationale: r2 bad\n"
  )

  assert [(b.rubric_id, b.rationale, b.score) for b in blocks] == [
      ("r1", "r1 ok", 1.0),
      ("r2", "r2 bad", 0.0),
  ]


def test_id_after_property_joins_the_same_block():
  block = only_block("Property: p\nID: r1\nRationale: ok\nVerdict: yes")

  assert (block.rubric_id, block.property_text) == ("r1", "p")


def test_missing_id_line_does_not_shift_later_ids():
  assert summary(
      "Property: first\nVerdict: yes\nID: r2\nProperty: second\nVerdict: no\n"
  ) == [(None, "first", 1.0), ("r2", "second", 0.0)]


def test_a_malformed_block_does_not_discard_the_others():
  assert summary(
      "Property: first\nRationale: ok\nVerdict: yes\n\n"
      "Property: second\nRationale: no verdict follows\n\n"
      "Property: third\nRationale: ok\nVerdict: no\n"
  ) == [(None, "first", 1.0), (None, "second", None), (None, "third", 0.0)]


def test_step_lines_between_blocks_are_ignored():
  assert summary(
      "STEP 1: p one\nSTEP 2: plan\nSTEP 5: yes\n"
      "ID: r1\nProperty: p one\nRationale: ok\nVerdict: yes\n\n"
      "STEP 1: p two\nSTEP 5: no\n"
      "ID: r2\nProperty: p two\nRationale: bad\nVerdict: no\n"
  ) == [("r1", "p one", 1.0), ("r2", "p two", 0.0)]


@pytest.mark.parametrize("gap", ["", "\n"])
def test_the_template_step_lines_before_a_block_must_agree_with_it(gap: str):
  # The tool-use template's order: STEP 1-5 (STEP 5 the verdict), then the
  # block. A STEP 5 that disagrees gives the block two verdicts.
  assert summary(
      "STEP 1: p one\nSTEP 5: no\n"
      "ID: r1\nProperty: p one\nRationale: ok\nVerdict: yes\n\n"
      f"STEP 1: p two\nSTEP 5: no\n{gap}"
      "ID: r2\nProperty: p two\nRationale: bad\nVerdict: yes\n"
  ) == [("r1", "p one", None), ("r2", "p two", None)]


def test_a_step_line_right_after_a_verdict_may_take_it_back():
  # No separator after r1's verdict: the STEP line is r1's, not the
  # preamble of the next block.
  assert summary(
      "ID: r1\nProperty: p one\nRationale: ok\nVerdict: yes\n"
      "STEP 6: double-check - on reflection the answer here is no.\n\n"
      "ID: r2\nProperty: p two\nRationale: bad\nVerdict: no\n"
  ) == [("r1", "p one", None), ("r2", "p two", 0.0)]


def test_a_verdict_only_under_another_label_is_given_but_not_read():
  # r1 judged again, its verdict under `Final verdict:` where the answer's
  # blocks use `Verdict:`: that block gives a verdict, which is not read.
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nRationale: x\nVerdict: yes\n\n"
      "ID: r2\nProperty: b\nRationale: y\nVerdict: yes\n\n"
      "ID: r1\nProperty: a\nRationale: on second look, no.\n"
      "Final verdict: no\n"
  )

  assert [(b.rubric_id, b.verdict, b.score) for b in blocks] == [
      ("r1", "yes", 1.0),
      ("r2", "yes", 1.0),
      ("r1", "no", None),
  ]
  assert "under another verdict label" in blocks[2].unscored_reason


@pytest.mark.parametrize(
    ("label", "score"), [("Answer: no", None), ("Answer: yes", 1.0)]
)
def test_a_label_whose_value_is_a_verdict_counts_before_the_verdict_line(
    label: str, score
):
  block = only_block(f"ID: r1\nProperty: a\n{label}\nVerdict: yes")

  assert block.score == score


def test_a_rubric_judged_again_without_a_verdict_word_is_a_second_answer():
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nRationale: x\nVerdict: yes\n\n"
      "ID: r2\nProperty: b\nRationale: y\nVerdict: yes\n\n"
      "ID: r1\nProperty: a\nRationale: on second look.\n"
      "Final verdict: fails\n"
  )

  assert (blocks[2].rubric_id, blocks[2].verdict, blocks[2].score) == (
      "r1",
      "fails",
      None,
  )


def test_multi_line_rationale_and_evidence_are_kept_whole():
  block = only_block(
      "ID: r1\n"
      "Property: p\n"
      "Evidence: step 0 returned 110.\n"
      "  step 1 failed.\n"
      "Rationale: first line\n"
      "second line\n"
      "\n"
      "third line\n"
      "Verdict: no\n"
  )

  assert block.evidence == "step 0 returned 110.\nstep 1 failed."
  assert block.rationale == "first line\nsecond line\n\nthird line"
  assert block.score == 0.0


def test_block_lines_are_where_each_block_starts():
  blocks = answer_blocks("Intro.\nID: r1\nVerdict: yes\n\nID: r2\nVerdict: no")

  assert [b.line for b in blocks] == [2, 5]


@pytest.mark.parametrize(
    "text",
    [
        (
            "ID: r1\nProperty: p\nVerdict: no\n"
            "Rationale: Actually, on reflection it did.\nVerdict: yes"
        ),
        "ID: r1\nVerdict: no\n\nCorrection:\nVerdict: yes",
    ],
)
def test_two_verdicts_in_a_block_give_none(text: str):
  # A correction: no first-wins or last-wins rule.
  block = only_block(text)

  assert (block.rubric_id, block.score) == ("r1", None)
  assert block.unscored_reason == "its block gives two different verdicts"


def test_two_verdict_lines_that_agree_give_none():
  # The second may be the next block's, whose id line the judge dropped:
  # `**r2** — ...` is no label.
  text = (
      "ID: r1\nProperty: p\nRationale: Greets the user by name.\n\n"
      "**r2** — Price quoted in USD?\nVerdict: No\n\n"
      "**r3** — Refund link?\nVerdict: No"
  )

  block = only_block(text)

  assert (block.rubric_id, block.score) == ("r1", None)
  assert block.unscored_reason == "its block has more than one verdict line"


_TWO = "its block gives two different verdicts"
# Free text and unknown labels right after the verdict line continue its
# value (rule 11).
_BOTH = "gives both a yes and a no"
_MORE = "is not a yes or a no"


@pytest.mark.parametrize(
    ("after", "reason"),
    [
        ("Wait - no. The dose is never stated.", _MORE),
        ("(Edit: this should be No.)", _BOTH),
        ("Final verdict: after reading turn 3 again, no.", _MORE),
        ("Note: on reflection the answer is no.", _MORE),
        ("\nOn second thought: no.", _TWO),
        ("Rationale: at first it looked met. Actually, no.", _TWO),
        ("Rationale: it looked met.\nOn a closer read, no.", _TWO),
        ('(Edit: this should be "No".)', _BOTH),
        # Quoted: the judge's words or the agent's, the answer does not say.
        ('The agent wrote "no" in turn 2.', _MORE),
        ("> Verdict: no", _TWO),
        ("> **Note:** on reflection, no.", _TWO),
        ("```\nID: r1\nVerdict: no\n```", _TWO),
    ],
)
def test_a_verdict_taken_back_after_its_line_gives_none(
    after: str, reason: str
):
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nVerdict: Yes\n"
      + after
      + "\nID: r2\nProperty: b\nVerdict: no"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", None), ("r2", 0.0)]
  assert reason in blocks[0].unscored_reason


@pytest.mark.parametrize(
    "after",
    [
        "No other issue was found.",  # `no` running into a word
        "Yes, it does.",  # the same verdict again
        "> The agent: yes, it does.",  # quoted, the same verdict
        "| total | no |",  # a table row
        "Rationale: no other issue.",  # `no` running into a word
    ],
)
def test_text_after_the_verdict_that_does_not_take_it_back(after: str):
  block = only_block("ID: r1\nProperty: a\nVerdict: yes\n\n" + after)

  assert (block.rubric_id, block.score) == ("r1", 1.0)


@pytest.mark.parametrize(
    ("after", "reason"),
    [
        ("but only partially.", "says more than a yes or a no"),
        ("No other issue was found.", "says more than a yes or a no"),
        ("(但僅部分符合)", "says more than a yes or a no"),
        ("Wait - no.", "gives both a yes and a no"),
    ],
)
def test_text_right_after_the_verdict_line_continues_its_value(
    after: str, reason: str
):
  # A reason and a qualification look alike, as on the verdict's own line.
  block = only_block("ID: r1\nProperty: a\nVerdict: Yes —\n" + after)

  assert (block.score, block.verdict) == (None, f"Yes — {after}")
  assert reason in block.unscored_reason


_TWO_BLOCKS = (
    "ID: r1\nProperty: a\nVerdict: yes\n\nID: r2\nProperty: b\nVerdict: no\n\n"
)


@pytest.mark.parametrize(
    "after",
    [
        "Correction: I misread r1, so r1 should be no.",
        "Summary:\n- r1: no\n- r2: no",
        "Summary:\n- ID: r1 - Verdict: no",
        "Verdict for r1 (revised): no",
        "| r1 | no |",
        'Note - r1, on a closer read: "No".',
        "Correction: [r1] is a no.",
        "r2 is fine, but r1 and r2 differ: r1 is a no.",
        "> **Note:** r1 is a no, after all.",  # quoted lines are checked too
        '```json\n{"r1": "no", "r2": "no"}\n```',
    ],
)
def test_a_later_line_naming_a_block_that_disagrees_leaves_it_unscored(
    after: str,
):
  # The correction follows r2's block, but it is about r1.
  blocks = answer_blocks(_TWO_BLOCKS + after)

  assert [(b.rubric_id, b.score) for b in blocks][:2] == [
      ("r1", None),
      ("r2", 0.0),
  ]
  assert "names its id and gives another verdict" in blocks[0].unscored_reason


def test_one_line_naming_two_blocks_checks_both_against_every_verdict():
  # Which verdict goes with which id is a guess: each must agree with all.
  blocks = answer_blocks(_TWO_BLOCKS + "Summary: r1 yes, r2 no.")

  assert [(b.rubric_id, b.score) for b in blocks] == [
      ("r1", None),
      ("r2", None),
  ]


def test_a_line_about_another_block_is_still_text_after_this_one():
  # `- r1: ...` after r2's verdict may take r2's back too: no label decides.
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nVerdict: no\n\nID: r2\nProperty: b\n"
      "Verdict: yes\n- r1: agreed above; this one on reflection: no."
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", 0.0), ("r2", None)]


def test_a_line_naming_a_block_before_the_verdict_counts_too():
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nVerdict: yes\n\n"
      "ID: r2\nProperty: b\nRationale: revisiting r1, it is a no.\n"
      "Verdict: no"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", None), ("r2", 0.0)]


@pytest.mark.parametrize(
    ("ids", "after"),
    [
        (("1", "2"), "Of the 3 steps, 1 was late: still yes."),  # a number
        (("dose", "timing"), "Dose aside, timing: yes."),  # a word
        (("r1", "r2"), "r10: yes"),  # another id
    ],
)
def test_an_id_that_could_be_something_else_is_not_looked_for(ids, after):
  first, second = ids
  blocks = answer_blocks(
      f"ID: {first}\nProperty: a\nVerdict: no\n\n"
      f"ID: {second}\nProperty: b\nVerdict: yes\n\n{after}"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [
      (first, 0.0),
      (second, 1.0),
  ]


def test_blocks_across_blank_lines_do_not_outvote_a_verdict_first_reading():
  # Each verdict sits after a blank line and right before the next id: read
  # verdict-last, every block runs across a blank line; read verdict-first,
  # none does, but r1's lines precede every verdict. The answer does not
  # settle which, so no block gets a verdict.
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nRationale: x\n\n"
      "Verdict: yes\nID: r2\nProperty: b\nRationale: y\n\n"
      "Verdict: no\nID: r3\nProperty: c\nRationale: z"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [
      ("r1", None),
      ("r2", None),
      ("r3", None),
  ]
  assert "before or after its property" in blocks[1].unscored_reason


def test_blank_lines_around_every_verdict_keep_the_template_order():
  assert summary(
      "ID: r1\nProperty: a\nRationale: x\n\nVerdict: yes\n\n"
      "ID: r2\nProperty: b\nRationale: y\n\nVerdict: no\n"
  ) == [("r1", "a", 1.0), ("r2", "b", 0.0)]


@pytest.mark.parametrize(
    "text", ["", "   \n", "no labels here at all", None, 42, "Rationale: only"]
)
def test_answers_without_blocks(text):
  assert answer_blocks(text) == []


@pytest.mark.parametrize("rubrics", [3, 4])
@pytest.mark.parametrize("gap", ["", "---", "\u200b"])
def test_an_answer_that_turns_verdict_first_gives_no_neighbour_a_verdict(
    rubrics: int, gap: str
):
  # r1 is verdict-last; then each verdict follows a blank line and opens the
  # next block. Read verdict-last, each rubric would get the next one's.
  verdicts = ["no", "yes", "no"]
  blocks = answer_blocks(
      f"ID: r1\nProperty: a\nRationale: x\nVerdict: yes\n{gap}\n"
      + "".join(
          f"Verdict: {verdicts[k - 2]}\nID: r{k}\nProperty: p{k}\nRationale:"
          f" y\n{gap}\n"
          for k in range(2, rubrics + 1)
      )
  )

  assert [b.score for b in blocks] == [None] * rubrics
  assert all("does not settle" in b.unscored_reason for b in blocks[1:-1])


def test_a_verdict_after_a_blank_line_hugging_the_next_id_settles_nothing():
  # r1's block runs across a blank line and its verdict shares a paragraph
  # with r2's id: the paragraphs say verdict-first, the labels verdict-last.
  # (A closing line under the verdict label would make a verdict-first
  # reading look whole, so "every block has one verdict" settles nothing.)
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nRationale: x\n\nVerdict: yes\n"
      "ID: r2\nProperty: b\nRationale: y\nVerdict: no\n"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [
      ("r1", None),
      ("r2", None),
  ]


def test_a_note_before_every_block_does_not_carry_a_correction_over():
  # `Note:` stands before the first block and after r1's verdict: it is no
  # step label, so r1's note stays in r1's block and takes its yes back.
  blocks = answer_blocks(
      "Note: I checked each rubric twice.\n\n"
      "ID: r1\nProperty: a\nVerdict: yes\n"
      "Note: on second look this is a no.\n\n"
      "ID: r2\nProperty: b\nVerdict: no\n"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [("r1", None), ("r2", 0.0)]


def test_an_id_tag_in_a_summary_is_checked_against_the_block():
  # The prompt lists rubrics as `[id: r1] ...`; a summary in that form that
  # says the other verdict leaves the block unscored.
  blocks = answer_blocks(
      "ID: r1\nProperty: a\nVerdict: yes\n\nID: r2\nProperty: b\nVerdict:"
      " no\n\nSummary:\n* [id: r1] no\n* [id: r2] no"
  )

  assert [(b.rubric_id, b.score) for b in blocks if b.verdict] == [
      ("r1", None),
      ("r2", 0.0),
  ]


@pytest.mark.parametrize(
    "before", ["Verdict — Yes\n", "Overall verdict: mostly fine\n"]
)
def test_a_verdict_before_blocks_cut_off_at_the_end_settles_none(before):
  # Read verdict-last, r1 is no, r2 yes and r3 was cut off; read
  # verdict-first, the first line opens r1 and every verdict moves down one.
  blocks = answer_blocks(
      before
      + "ID: r1\nProperty: a\nRationale: x\nVerdict: no\n"
      "ID: r2\nProperty: b\nRationale: y\nVerdict: yes\n"
      "ID: r3\nProperty: c\nRationale: z"
  )

  assert [b.score for b in blocks] == [None, None, None]


def test_a_later_step_after_each_verdict_stays_with_its_block():
  # Only the template's first step leads into a block: a self-check step
  # after each verdict is that block's, and r1's takes its verdict back.
  blocks = answer_blocks(
      "STEP 1: plan\nSTEP 6: restate\n\n"
      "ID: r1\nProperty: a\nVerdict: yes\n\nSTEP 6 (self-check): no\n\n"
      "ID: r2\nProperty: b\nVerdict: no\n\nSTEP 6 (self-check): no\n\n"
      "ID: r3\nProperty: c\nVerdict: yes\n\nSTEP 6 (self-check): yes"
  )

  assert [(b.rubric_id, b.score) for b in blocks] == [
      ("r1", None),
      ("r2", 0.0),
      ("r3", 1.0),
  ]


def test_a_field_before_the_verdict_that_opens_with_another_verdict():
  block = only_block(
      "ID: r1\nProperty: a\nRationale: No: the dose is missing.\nVerdict: yes"
  )

  assert (block.score, block.unscored_reason) == (
      None,
      "its block gives two different verdicts",
  )
