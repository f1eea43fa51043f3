#!/usr/bin/env bash
# The wheels benchmarks/device_scaling.sh installs on a lent machine (Python 3.12,
# x86-64, no network), downloaded here into .whl/ (git-ignored) at the versions this
# checkout's .venv has. The machine's image has numpy, numba, pandas, pillow and the
# rest of what these need; these are the packages it lacks (and protobuf, whose version
# ortools pins).
#
#   bash benchmarks/device_wheels.sh        # then carry .whl to the machine
set -euo pipefail
PY=${PYTHON:-.venv/bin/python}
DEST=${WHEELS:-.whl}
NAMES="ortools immutabledict protobuf absl-py reportlab charset-normalizer dask distributed
tornado tblib zict partd locket importlib_metadata zipp"
PURE="pysol_cards"  # published as a source archive only: built here (pure Python)
mkdir -p "$DEST"
pin() {  # NAME==VERSION as this environment has it
  local version
  version=$("$PY" -m pip show "$1" 2>/dev/null | sed -n 's/^Version: //p')
  [ -n "$version" ] || { echo "$1 is not installed in $PY's environment" >&2; exit 1; }
  echo "$1==$version"
}
pins=()
for name in $NAMES; do pins+=("$(pin "$name")"); done
"$PY" -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
  --implementation cp --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 \
  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  --platform manylinux1_x86_64 -d "$DEST" "${pins[@]}"
for name in $PURE; do
  "$PY" -m pip wheel -q --no-deps -w "$DEST" "$(pin "$name")"
done
du -sh "$DEST"
