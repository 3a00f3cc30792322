#!/usr/bin/env bash
# Installs this repository's google-adk build into a venv, checks the style,
# and runs every test: the unit tests and the tests of the build itself.
#
#   scripts/unittests.sh [PYTEST_ARGS...]
#
# The venv is .venv unless ADK_VENV names another; it is created if missing
# and reused otherwise. The package is rebuilt from the working tree each run.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${ADK_VENV:-.venv}"
python="$venv/bin/python"
pip=("$python" -m pip --quiet --disable-pip-version-check)
if [[ ! -x "$python" ]]; then
  "${PYTHON:-python3}" -m venv "$venv"
  "${pip[@]}" install --upgrade pip
fi

echo "== building google-adk from upstream + patches/ + src/"
wheels="$(mktemp -d)"
trap 'rm -rf "$wheels"' EXIT
"${pip[@]}" wheel --no-deps --wheel-dir "$wheels" .
wheel=("$wheels"/google_adk-*.whl)
echo "== installing ${wheel[0]##*/} [eval] and the test tools into $venv"
"${pip[@]}" install -r scripts/requirements-test.txt "${wheel[0]}[eval]"
# Same version as last run, so make pip replace the files anyway.
"${pip[@]}" install --force-reinstall --no-deps "${wheel[0]}"

echo "== checking style (fix with scripts/autoformat.sh)"
paths=()
for path in src tests scripts contributing hatch_build.py; do
  [[ -e "$path" ]] && paths+=("$path")
done
"$venv/bin/isort" --check-only --diff "${paths[@]}"
"$venv/bin/pyink" --check --diff "${paths[@]}"

echo "== running tests"
status=0
"$python" -m pytest -p no:cacheprovider "$@" || status=$?
if [[ "$status" -eq 5 ]]; then
  echo "error: pytest collected no tests" >&2
  exit 1
fi
exit "$status"
