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

"""The sizes docs/pr states are the stack's (`patches.py sizes --docs`)."""

from __future__ import annotations

import pathlib
import shutil

import patches

ROOT = pathlib.Path(__file__).resolve().parents[2]
PR = "01-judge-prompts-non-ascii"


def test_docs_state_the_sizes_of_the_stack(capsys):
  status = patches.main(["sizes", "--docs", "check"])

  assert status == 0, capsys.readouterr().err


def test_other_figures_are_found_stale_and_written(tmp_path):
  docs = tmp_path / "pr"
  shutil.copytree(ROOT / "docs" / "pr", docs)
  figures = {PR: ("7 (5)", "3", "2", "1", "yes")}

  stale = patches._size_docs(figures, write=False, docs=docs)
  written = patches._size_docs(figures, write=True, docs=docs)
  again = patches._size_docs(figures, write=False, docs=docs)

  assert stale == written == ["README.md", f"{PR}.md"]
  assert again == []
  assert (
      "`patches.py sizes`: new source 7 (5 code), upstream changed 3, tests"
      " 2, other 1, within budget: yes."
  ) in (docs / f"{PR}.md").read_text(encoding="utf-8")
  row = next(
      line
      for line in (docs / "README.md").read_text(encoding="utf-8").split("\n")
      if line.startswith(f"| [01]({PR}.md)")
  )
  assert row.endswith("| 7 (5) | 3 | 2 | 1 | yes |")
