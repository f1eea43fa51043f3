"""Daily challenges (pyramids.daily) for many days: wall and CPU time, and the evidence of
each grade.

    python benchmarks/bench_daily.py --first 2026-01-01 --days 365 --jobs 2

Makes the days as ``pyramids daily --days N -j J`` does (each day in a process of a pool
of J, in date order, progress on stderr), then prints the wall time, the CPU time of this
process and its children (the compiled code loaded first, outside it, as the workers
start with it), days per minute, the candidates tried per challenge, and per
level the goal kinds, the limits (none, or the slack over par), the par, the simulated
players' rate of reaching the goal within the limit, the first moves that still reach it
and the difficulty (medians, with the range). ``--json-out`` keeps the days.

``--alone N`` makes no pool: N processes, forked at once after this one has loaded the
compiled code (as the pool's workers are), each make the same days on their own, and
each reports its CPU seconds and minor page faults a day. Beside the pool's CPU at
``-j 2`` and ``-j 16`` it tells whether more CPU a day on 16 processes comes with the
pool (what its workers do beside the days) or with the machine under full load (the
same work, the same days a process, no pool): issue 43, item 4. ``--repeat R`` has each
process make its days R times, a round at a time (a warm-up shows as a dearer round 1).
``--split`` deals the days out instead (process i makes days i, i + N, ...): the pool's
work and its share among N processes, without the pool, so that its CPU beside the
pool's on the same days is what the pool itself costs. ``--beside KIND:K`` runs K other
processes all the while: ``mem`` reads a 256 MiB array at random (the caches and memory
shared with a neighbour), ``alu`` spins in registers (a core's share of the machine).

    python benchmarks/bench_daily.py --first 2026-01-01 --days 6 --alone 16
    python benchmarks/bench_daily.py --first 2026-01-01 --days 8 --alone 1 --repeat 3
    python benchmarks/bench_daily.py --first 2026-01-01 --days 12 --alone 2 --split
    python benchmarks/bench_daily.py --first 2026-01-01 --days 6 --alone 1 --beside mem:1
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from collections import Counter
from typing import Any

from pyramids import daily as dl


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", default="2026-01-01")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--preset", default="msc")
    ap.add_argument("--json-out", help="write the days here (JSON lines)")
    ap.add_argument("--from", dest="kept", help="no days made: the evidence of the days kept "
                    "in this file (``pyramids daily --book FILE`` keeps FILE.jsonl), each "
                    "challenge's solution replayed and checked against its goal and limit")
    ap.add_argument("--alone", type=int, metavar="N", help="no pool: N processes each make "
                    "the same days on their own; their CPU and page faults a day")
    ap.add_argument("--repeat", type=int, default=1, metavar="R", help="with --alone: each "
                    "process makes the days R times (a warm-up shows as a dearer round 1)")
    ap.add_argument("--split", action="store_true", help="with --alone: the days dealt "
                    "out among the N processes (as a pool shares them) instead of all to each")
    ap.add_argument("--beside", metavar="KIND:K", help="with --alone: K neighbour processes "
                    "all the while, KIND mem (random reads of 256 MiB) or alu (registers)")
    args = ap.parse_args()
    if args.alone:
        hogs = _start_hogs(args.beside) if args.beside else []
        try:
            alone(dl.parse_date(args.first), args.days, args.preset, args.alone, args.repeat,
                  args.split, args.beside)
        finally:
            _stop_hogs(hogs)
        return
    if args.kept:
        with open(args.kept, encoding="utf-8") as f:
            kept = [json.loads(line) for line in f if line.strip()]
        for obj in kept:
            dl.Day.from_json(obj)  # replays every solution (an error if one fails)
        print(f"{args.kept}: {len(kept)} days, {sum(len(d['challenges']) for d in kept)} "
              f"challenges, every solution replayed and checked")
        _evidence(kept)
        return
    first = dl.parse_date(args.first)
    dl.load_kernels(args.preset)  # once, outside the count (as --alone has it)
    t0 = time.perf_counter()
    c0 = _cpu()

    def show(i: int, n: int, obj: dict[str, Any]) -> None:
        print(f"\rday {i} of {n} ({obj['date']}), {time.perf_counter() - t0:.0f} s",
              end="" if i < n else "\n", file=sys.stderr, flush=True)

    made = list(dl.days(first, args.days, args.preset, args.jobs, progress=show))
    wall = time.perf_counter() - t0
    cpu = _cpu() - c0
    print(f"{args.preset}: {args.days} days from {args.first} on {args.jobs} processes "
          f"({os.cpu_count()} cores): wall {wall:.1f} s, CPU {cpu:.1f} s "
          f"({cpu / args.days:.2f} s a day), {60 * args.days / wall:.1f} days a minute")
    _evidence(made)
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(d) + "\n" for d in made)


def alone(first: Any, days: int, preset: str, n: int, repeat: int = 1, split: bool = False,
          beside: str | None = None) -> None:
    """N forked processes, each making the same ``days`` days from ``first`` (``split``:
    its share of them, dealt out), ``repeat`` times over; print per round the processes'
    CPU (user + system), system CPU and minor page faults a day (medians, with the range;
    ``split``: their sum over all the days, which a pool's CPU on the same days compares
    with). A round dearer than the next would be a warm-up each process pays beside the
    compiled code."""
    dl.load_kernels(preset)
    t0 = time.perf_counter()
    pipes: list[tuple[int, int]] = []
    for share in shares(dl.dates(first, days), n, split):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: make the days, send back its own usage per round
            os.close(r)
            code = 0
            try:
                os.write(w, json.dumps(_rounds(share, preset, repeat)).encode())
            except BaseException as exc:  # reported by the parent
                os.write(w, json.dumps({"error": repr(exc)}).encode())
                code = 1
            finally:
                os.close(w)
                os._exit(code)
        os.close(w)
        pipes.append((pid, r))
    answers = []
    for pid, r in pipes:
        with os.fdopen(r, "rb") as f:
            answers.append(json.loads(f.read() or b'{"error": "no answer"}'))
        os.waitpid(pid, 0)
    wall = time.perf_counter() - t0
    bad = [a["error"] for a in answers if isinstance(a, dict)]
    if bad:
        sys.exit(f"{len(bad)} of {n} processes failed: {bad[0]}")
    how = "shared out among" if split else "in each of"
    near = f", beside {beside}" if beside else ""
    print(f"{preset}: {days} days from {first.isoformat()} {how} {n} lone processes "
          f"({os.cpu_count()} cores{near}), {repeat} round(s): wall {wall:.1f} s")
    for i in range(repeat):
        rows = [a[i] for a in answers]
        if split:
            cpu = sum(r["cpu"] for r in rows)
            print(f"  round {i + 1}: CPU {cpu:.1f} s ({cpu / days:.3f} s a day), system CPU "
                  f"{sum(r['sys'] for r in rows):.2f} s, minor page faults "
                  f"{sum(r['minflt'] for r in rows):.3g}")
            continue
        print(f"  round {i + 1}: CPU a day {_med([r['cpu'] / days for r in rows])} s, system "
              f"CPU a day {_med([r['sys'] / days for r in rows])} s, minor page faults a "
              f"day {_med([r['minflt'] / days for r in rows])}")


def shares(days: list[Any], n: int, split: bool) -> list[list[Any]]:
    """The days each of ``n`` processes makes: all of them, or (``split``) dealt out in
    turn, as a pool hands them to whichever worker is free."""
    return [days[i::n] if split else list(days) for i in range(n)]


def _rounds(dates: list[Any], preset: str, repeat: int) -> list[dict[str, float]]:
    """This process's usage making ``dates``, once per round."""
    out = []
    for _ in range(repeat):
        u0 = resource.getrusage(resource.RUSAGE_SELF)
        for d in dates:
            dl.day(d, preset)
        u1 = resource.getrusage(resource.RUSAGE_SELF)
        out.append({"cpu": u1.ru_utime - u0.ru_utime + u1.ru_stime - u0.ru_stime,
                    "sys": u1.ru_stime - u0.ru_stime,
                    "minflt": u1.ru_minflt - u0.ru_minflt})
    return out


HOG_WORDS = 1 << 25  # 256 MiB of int64: far past any cache


def _hog(kind: str) -> None:
    """Run until killed: random reads of :data:`HOG_WORDS` words (``mem``) or a register
    loop (``alu``), in numpy's compiled code, no Python per step."""
    import numpy as np

    rng = np.random.default_rng(1)
    if kind == "mem":
        a = np.ones(HOG_WORDS, np.int64)
        while True:
            a[rng.integers(0, HOG_WORDS, 1 << 20)].sum()
    x = np.arange(1 << 12, dtype=np.uint64)  # 32 KiB: in the first-level cache
    while True:
        for _ in range(1000):
            x ^= x << np.uint64(13)
            x ^= x >> np.uint64(7)


def _start_hogs(spec: str) -> list[int]:
    """Fork the neighbours of ``KIND:K``; their pids."""
    kind, _, count = spec.partition(":")
    if kind not in ("mem", "alu") or not count.isdigit():
        sys.exit(f"--beside: expected mem:K or alu:K, got {spec!r}")
    pids = []
    for _ in range(int(count)):
        pid = os.fork()
        if pid == 0:
            try:
                _hog(kind)
            finally:
                os._exit(0)
        pids.append(pid)
    time.sleep(1.0)  # let them fill the caches first
    return pids


def _stop_hogs(pids: list[int]) -> None:
    import signal

    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    for pid in pids:
        os.waitpid(pid, 0)


def _evidence(made: list[dict[str, Any]]) -> None:
    for level in dl.LEVELS:
        chs = [c for d in made for c in d["challenges"] if c["level"] == level]
        ev = [c["evidence"] for c in chs]
        kinds = Counter(c["goal"].split(":")[0] for c in chs)
        limits = Counter("none" if c["limit"] is None else f"+{c['limit'] - c['steps']}"
                         for c in chs)
        print(f"  {level:<6} goals {dict(kinds)}; limits {dict(limits.most_common(5))}")
        print(f"         par {_med([c['steps'] for c in chs])}; players' rate "
              f"{_med([e['rate'] for e in ev])}; first moves reaching "
              f"{_med([e['first_moves'] / max(e['of_first_moves'], 1) for e in ev])}; "
              f"difficulty {_med([e['difficulty'] for e in ev])}")


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _med(xs: list[float]) -> str:
    if not xs:
        return "-"
    return f"median {statistics.median(xs):.3g} ({min(xs):.3g}-{max(xs):.3g})"


if __name__ == "__main__":
    main()
