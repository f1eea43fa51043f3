#!/usr/bin/env bash
# The scaling benchmark on a lent many-core machine, in bounded runs of at most 10
# minutes: PARTS=scaling (~7 minutes), or PARTS=daily,h2h (the default, ~7 minutes:
# issue 43's items 4 and 3).
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
# profiler and without nannies at 16). Then issue 43's item 4, the CPU of the MSC daily
# challenges on 16 processes against 2, in ROUNDS interleaved rounds of: DAYS days on a
# pool of 2, then of 16 (what `pyramids daily -j N` runs), and the same days shared out
# among 2, then 16 lone processes (no pool); then the same 6 days in each of 2 and of 16
# lone processes, and in one process beside nothing, 15 register loops and 15 random
# readers of memory (what a full machine, and its shared caches, cost a process). Then
# (h2h) the pool and Dask head to head at every core: 3 rounds of pool, dask, each in a
# fresh process (bench_scaling.py --head-to-head), Dask's share of the pool's rate in each.
# Everything it writes goes to $OUT:
#   device_scaling.log            this script's whole output (versions, timings, errors)
#   bench_scaling_results.txt     the table (as benchmarks/bench_scaling_results.txt)
#   bench_scaling.jsonl           the same rows as JSON lines
#   bench_daily_rounds.txt        the rounds: pool and shared-out CPU on 2 and 16
#   bench_daily_alone.txt         the same 6 days in each of 2, then 16 lone processes,
#                                 then unforked, then in one forked process beside
#                                 nothing, alu:15 and mem:15
#   bench_scaling_h2h.txt         the head-to-head rows and Dask's ratios
#   bench_daily_stderr.txt        the daily runs' progress and any error
# Overrides: SITE (/tmp/site), PYTHON (python3), WORKERS (1,2,4,8,16), BUDGET (seconds
# for the benchmark, 330), WHEELS (the wheels' folder, .whl), BENCH_ARGS (more flags,
# e.g. "--deals pyramid=800"), PARTS (daily,h2h; any of scaling, daily, h2h), DAYS (32; 0: no
# daily challenges), ROUNDS (3), HOGS (the cores but one: the neighbours of the last two).
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
# how a forked worker's memory may differ from its parent's (NUMA nodes, huge pages)
echo "NUMA nodes: $(ls -d /sys/devices/system/node/node* 2>/dev/null | wc -l); huge pages:" \
  "$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo '?')"
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
PARTS=${PARTS:-daily,h2h}
rc=0
if [[ ,$PARTS, == *,scaling,* ]]; then
  echo "== warmed at $(( $(date +%s) - start )) s; the benchmark"
  # shellcheck disable=SC2086
  $PY benchmarks/bench_scaling.py --workers "${WORKERS:-1,2,4,8,16}" \
    --runners alone,pool,dask,dask-noprofile,dask-nonanny --loop 10000000 --loop-repeat 3 \
    --deals pyramid=1500 --deals bouquet=30000 --deals msc-board=150 \
    --budget "${BUDGET:-330}" --out "$OUT/bench_scaling_results.txt" \
    --json-out "$OUT/bench_scaling.jsonl" ${BENCH_ARGS:-}
  rc=$?
fi
DAYS=${DAYS:-32}
if [[ ,$PARTS, == *,daily,* ]] && [ "$DAYS" -gt 0 ]; then
  daily() {  # the bench's lines, appended to $OUT/$1; a run cut short says so
    local file=$1; shift
    echo "== bench_daily.py $* at $(( $(date +%s) - start )) s"
    timeout 120 $PY benchmarks/bench_daily.py --first 2026-01-01 "$@" \
      2>>"$OUT/bench_daily_stderr.txt" \
      | grep -Ev '^  (easy|medium|hard|expert) |^ {9}par' | tee -a "$OUT/$file" || echo "(exit $?)" | tee -a "$OUT/$file"
  }
  # interleaved, so that a machine whose speed drifts moves both sides alike
  for r in $(seq "${ROUNDS:-3}"); do
    echo "# round $r" >> "$OUT/bench_daily_rounds.txt"
    for n in 2 16; do
      daily bench_daily_rounds.txt --days "$DAYS" --jobs $n
      daily bench_daily_rounds.txt --days "$DAYS" --alone $n --split
    done
  done
  for n in 2 16; do daily bench_daily_alone.txt --days 6 --alone $n; done
  # the same 6 days in this process (no fork) and in one forked process: on the third
  # lease a forked process solved the same deals up to 70% slower than its parent
  daily bench_daily_alone.txt --days 6 --jobs 1
  daily bench_daily_alone.txt --days 6 --alone 1
  for kind in alu mem; do
    daily bench_daily_alone.txt --days 6 --alone 1 --beside "$kind:${HOGS:-$(( $(nproc) - 1 ))}"
  done
fi
if [[ ,$PARTS, == *,h2h,* ]]; then
  echo "== pool and Dask head to head at $(nproc) workers, at $(( $(date +%s) - start )) s"
  timeout 240 $PY benchmarks/bench_scaling.py --workers "$(nproc)" --runners pool,dask \
    --head-to-head "${ROUNDS:-3}" --deals pyramid=1500 --deals bouquet=30000 \
    --deals msc-board=150 --out "$OUT/bench_scaling_h2h.txt" || echo "(h2h: exit $?)"
fi
echo "== done in $(( $(date +%s) - start )) s (exit $rc)"
exit $rc
