#!/usr/bin/env bash
# The main job: the reported failure, end to end and offline. Installs the
# patched google-adk and stock google-adk 2.13.0 from PyPI in two venvs, runs
# `adk eval` with both on contributing/samples/multilingual_rubric_eval
# (Japanese, Chinese and Arabic multi-turn cases, recorded model answers), and
# prints the per-rubric results of the patched build next to what stock
# reports (see scripts/demo_rubric_eval.py).
#
#   scripts/demo.sh
#
# The venvs are .demo-venv and .demo-stock-venv unless ADK_DEMO_VENV and
# ADK_DEMO_STOCK_VENV name others; they are created if missing.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${ADK_DEMO_VENV:-.demo-venv}"
stock_venv="${ADK_DEMO_STOCK_VENV:-.demo-stock-venv}"
for dir in "$venv" "$stock_venv"; do
  if [[ ! -x "$dir/bin/python" ]]; then
    "${PYTHON:-python3}" -m venv "$dir"
  fi
done
pip=(-m pip install --quiet --disable-pip-version-check)

echo "== installing the patched google-adk into $venv"
"$venv/bin/python" "${pip[@]}" --force-reinstall --no-deps .
"$venv/bin/python" "${pip[@]}" ".[eval]"
echo "== installing stock google-adk[eval]==2.13.0 into $stock_venv"
"$stock_venv/bin/python" "${pip[@]}" "google-adk[eval]==2.13.0"

echo "== adk eval with $("$venv/bin/adk" --version) and" \
  "$("$stock_venv/bin/adk" --version), side by side"
exec "$venv/bin/python" scripts/demo_rubric_eval.py \
  --stock-python "$stock_venv/bin/python"
