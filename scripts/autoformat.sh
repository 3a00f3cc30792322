#!/usr/bin/env bash
# Formats our Python code with upstream's isort and pyink settings
# (see [tool.isort] and [tool.pyink] in pyproject.toml).
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${ADK_VENV:-.venv}"
if [[ ! -x "$venv/bin/pyink" ]]; then
  echo "error: no formatter in $venv; run scripts/unittests.sh once first" >&2
  exit 1
fi
paths=()
for path in src tests scripts contributing hatch_build.py; do
  [[ -e "$path" ]] && paths+=("$path")
done
"$venv/bin/isort" "${paths[@]}"
"$venv/bin/pyink" "${paths[@]}"
