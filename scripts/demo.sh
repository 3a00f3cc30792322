#!/usr/bin/env bash
# The main job: installs the patched google-adk in its own environment and
# runs an offline rubric evaluation with Japanese rubrics and a recorded judge.
#
#   scripts/demo.sh
#
# The environment is .demo-venv unless ADK_DEMO_VENV names another.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${ADK_DEMO_VENV:-.demo-venv}"
if [[ ! -x "$venv/bin/python" ]]; then
  "${PYTHON:-python3}" -m venv "$venv"
fi
echo "== installing the patched google-adk into $venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  --force-reinstall --no-deps .
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check ".[eval]"
echo "== running the demo with $("$venv/bin/adk" --version)"
exec "$venv/bin/python" scripts/demo_rubric_eval.py
