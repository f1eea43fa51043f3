"""What ``check_game(engine="auto")`` costs a deal of PySolFC's games, per search node limit
(issue 41, h75): the search alone, CP-SAT on what it leaves, and the two together, on
PySolFC's own numbered deals, so that the lead can size the 100k runs and crosschecks.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_auto_family.py \\
        --game pysolfc-double-pyramid:1-30 [--limits 1000000,100000,20000] \\
        [--deterministic 5] [--cpsat-all]

Per deal: the general search (:func:`pyramids.answers.family.check_game`,
``engine="pairs"``, certificates first) at each node limit, then the CP-SAT model once
(from the deal, with the deterministic budget of auto's fallback) if some limit left the
deal unknown (``--cpsat-all``: on every deal, for CP-SAT alone's row). CP-SAT from the deal
with a deterministic budget answers the same whatever ran before it, so auto at limit L is
exactly the search at L, then this CP-SAT run where the search left the deal unknown;
its CPU is the sum (``time.process_time``, this process, the model's build and
the replay of every win included; OR-Tools' import excluded). Rows: winnable / blocked /
unknown, and CPU seconds a deal (mean, median, p99, max), for the search alone at each
limit, CP-SAT where it ran, and auto at each limit (``auto-on L``: a hand-off tried in h75
and not kept, the search at L, CP-SAT, then the search at the largest limit where CP-SAT
left the deal unknown); ``agree``: deals both engines settled
with the same status (a disagreement is a bug and is printed). Results:
bench_pairs_results.txt (the search) and bench_cpsat_results.txt (CP-SAT, auto).
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_game_model import deals_of  # this folder: the script's own path

from pyramids.answers.family import GameVerdict, _check_cpsat, check_game
from pyramids.core.board import replay
from pyramids.core.cards import Card
from pyramids.core.rules import GAMES, Rules
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame


def deal_cards(rules: Rules, number: int) -> tuple[Card, ...]:
    """PySolFC's game ``number`` of ``rules``."""
    assert rules.pysolfc is not None
    return family_cards(rules.pysolfc, PySolFCGame(number))


def cpsat(rules: Rules, number: int, deterministic: float) -> GameVerdict:
    """CP-SAT's verdict on the deal, as auto's fallback asks it."""
    cards = deal_cards(rules, number)
    t0 = time.process_time()
    return _check_cpsat(rules, cards, replay(rules, cards, []), None, t0,
                        deterministic=deterministic)


def row(label: str, got: list[tuple[str, float]]) -> str:
    """One line: statuses and CPU seconds a deal."""
    n = len(got)
    if not n:
        return f"{label:<24} deals    0"
    secs = sorted(s for _, s in got)
    count = {k: sum(st == k for st, _ in got) for k in ("winnable", "blocked", "unknown")}
    p99 = secs[min(n - 1, int(0.99 * n))]
    return (f"{label:<24} deals {n:4d}  W {count['winnable']:4d} B {count['blocked']:3d} "
            f"U {count['unknown']:3d}  cpu s/deal mean {statistics.mean(secs):6.2f} "
            f"median {statistics.median(secs):6.2f} p99 {p99:6.2f} max {secs[-1]:6.2f}  "
            f"total {sum(secs):7.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", required=True, help="NAME:DEALS")
    ap.add_argument("--limits", default="1000000,100000,20000")
    ap.add_argument("--deterministic", type=float, default=5.0)
    ap.add_argument("--cpsat-all", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    limits = [int(x) for x in args.limits.split(",")]
    for spec in args.game:
        name, text = spec.rsplit(":", 1)
        rules = GAMES[name]
        check_game(rules, deal_cards(rules, 1), node_limit=100, engine="pairs")  # compile/load
        cpsat(rules, 1, 0.01)
        search: dict[int, list[tuple[str, float]]] = {lim: [] for lim in limits}
        auto: dict[int, list[tuple[str, float]]] = {lim: [] for lim in limits}
        auto_on: dict[int, list[tuple[str, float]]] = {lim: [] for lim in limits}
        model: list[tuple[str, float]] = []
        agree = 0
        for number in deals_of(text):
            cards = deal_cards(rules, number)
            got = {}
            for lim in limits:
                t0 = time.process_time()
                v = check_game(rules, cards, node_limit=lim, engine="pairs")
                got[lim] = (v.status, time.process_time() - t0)
                search[lim].append(got[lim])
            c = None
            if args.cpsat_all or any(st == "unknown" for st, _ in got.values()):
                t0 = time.process_time()
                v = cpsat(rules, number, args.deterministic)
                c = (v.status, time.process_time() - t0)
                model.append(c)
            settled = {st for st, _ in got.values() if st != "unknown"}
            if c is not None and c[0] != "unknown":
                settled.add(c[0])
                if len(settled) == 1 and any(st != "unknown" for st, _ in got.values()):
                    agree += 1
            if len(settled) > 1:
                print(f"DISAGREEMENT {name} pysolfc:{number}: {got} cpsat {c}")
            full = max(limits)
            for lim in limits:
                st, s = got[lim]
                if st == "unknown" and c is not None:
                    st, s = c[0], s + c[1]
                auto[lim].append((st, s))
                if st == "unknown" and lim < full:  # the search on to the full limit
                    st, s = got[full][0], s + got[full][1]
                auto_on[lim].append((st, s))
            if args.verbose:
                print(number, got, c, flush=True)
        print(f"# {name} pysolfc:{text}, CP-SAT deterministic {args.deterministic:g}, "
              f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
        for lim in limits:
            print(row(f"search {lim:,}", search[lim]))
        print(row("cpsat" + (" (every deal)" if args.cpsat_all else " (where run)"), model)
              + f"  agree {agree}")
        for lim in limits:
            print(row(f"auto {lim:,}", auto[lim]))
        for lim in (lim for lim in limits if lim < max(limits)):
            print(row(f"auto-on {lim:,}", auto_on[lim]))


if __name__ == "__main__":
    main()
