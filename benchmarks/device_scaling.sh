#!/usr/bin/env bash
# The scaling benchmark on a lent many-core machine, in one bounded run (~8 minutes).
#
#   OUT=/some/dir bash benchmarks/device_scaling.sh
#
# Run from the repository root. The machine has Python 3.12 with numpy, numba, llvmlite,
# click, msgpack, psutil, pyyaml, jinja2, cloudpickle, toolz, sortedcontainers and fsspec,
# and no network: the other dependencies (ortools, reportlab, pysol-cards, dask,
# distributed and what they need) travel as Python 3.12 wheels in .whl/ (not committed;
# see docs/benchmarks.md), installed into /tmp/site. Then the compiled kernels are warmed
# once (numba's disk cache, under src/), and benchmarks/bench_scaling.py runs the plain
# CPU-bound loop, the same work's ceiling (N lone processes), the local pool and a Dask
# scheduler with one-thread workers at 1, 2, 4, 8 and 16 workers (Dask without its
# profiler and without nannies at 16). Then the MSC daily challenges of DAYS days on 2
# and on 16 processes (their CPU: issue 43's item 4), and the same 6 days in each of 2
# and of 16 lone processes (no pool: what the machine itself costs under full load).
# Everything it writes goes to $OUT:
#   device_scaling.log            this script's whole output (versions, timings, errors)
#   bench_scaling_results.txt     the table (as benchmarks/bench_scaling_results.txt)
#   bench_scaling.jsonl           the same rows as JSON lines
#   bench_daily_j2.txt, bench_daily_j16.txt   benchmarks/bench_daily.py's output
#   bench_daily_alone.txt         the same 6 days in each of 2, then 16 lone processes
# Overrides: SITE (/tmp/site), PYTHON (python3), WORKERS (1,2,4,8,16), BUDGET (seconds
# for the benchmark, 330), WHEELS (the wheels' folder, .whl), BENCH_ARGS (more flags, e.g. "--deals pyramid=800"), DAYS (96;
# 0: no daily challenges).
set -uo pipefail
OUT=${OUT:-output/device}
mkdir -p "$OUT"
exec > >(tee "$OUT/device_scaling.log") 2>&1
PY=${PYTHON:-python3}
SITE=${SITE:-/tmp/site}
start=$(date +%s)
echo "== $(date -u '+%F %T UTC') $(uname -srm); $(nproc) cores; $($PY -V 2>&1)"
# the cores as the hardware has them: 16 "cores" that are 8 with two threads each, or a
# small shared cache, would cap item 4 (the CPU a deal at 16 processes against 2)
lscpu 2>/dev/null | grep -E '^(Model name|Thread\(s\) per core|Core\(s\) per socket|Socket\(s\)|L2 cache|L3 cache|NUMA node\(s\)|CPU max MHz):' \
  || echo "(no lscpu)"
WHEELS=${WHEELS:-.whl}
if ls "$WHEELS"/*.whl >/dev/null 2>&1; then
  $PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --target "$SITE" "$WHEELS"/*.whl || { echo "the wheels did not install"; exit 1; }
else
  echo "no $WHEELS/*.whl here: using what this Python has"
fi
export PYTHONPATH=$SITE:$PWD/src
$PY - <<'EOF' || { echo "a dependency is missing"; exit 1; }
import importlib
for name in ("numpy", "numba", "llvmlite", "ortools", "reportlab", "pysol_cards", "dask",
             "distributed", "psutil", "pandas", "pyramids.bulk.cluster", "pyramids.warmup"):
    mod = importlib.import_module(name)
    print(f"{name} {getattr(mod, '__version__', '')} {getattr(mod, '__file__', '')}")
EOF
echo "== installed in $(( $(date +%s) - start )) s; warming the kernels (compiled once)"
$PY -m pyramids.warmup || { echo "the warm-up failed"; exit 1; }
echo "== warmed at $(( $(date +%s) - start )) s; the benchmark"
# shellcheck disable=SC2086
$PY benchmarks/bench_scaling.py --workers "${WORKERS:-1,2,4,8,16}" \
  --runners alone,pool,dask,dask-noprofile,dask-nonanny --loop 10000000 --loop-repeat 3 \
  --deals pyramid=1500 --deals bouquet=30000 --deals msc-board=150 \
  --budget "${BUDGET:-330}" --out "$OUT/bench_scaling_results.txt" \
  --json-out "$OUT/bench_scaling.jsonl" ${BENCH_ARGS:-}
rc=$?
DAYS=${DAYS:-96}
if [ "$DAYS" -gt 0 ]; then
  for j in 2 16; do
    echo "== daily challenges, $DAYS days on $j processes, at $(( $(date +%s) - start )) s"
    timeout 150 $PY benchmarks/bench_daily.py --first 2026-01-01 --days "$DAYS" --jobs $j \
      2>/dev/null | tee "$OUT/bench_daily_j$j.txt" || echo "(daily on $j processes: exit $?)"
  done
  # the same 6 days in each of 2, then 16 lone processes (no pool): the machine's own
  # CPU a day under full load, beside the pool's (as many days a process as -j 16 gets)
  for n in 2 16; do
    echo "== daily challenges, 6 days in each of $n lone processes, at $(( $(date +%s) - start )) s"
    timeout 90 $PY benchmarks/bench_daily.py --first 2026-01-01 --days 6 --alone $n \
      2>/dev/null | tee -a "$OUT/bench_daily_alone.txt" || echo "(alone $n: exit $?)"
  done
fi
echo "== done in $(( $(date +%s) - start )) s (exit $rc)"
exit $rc
