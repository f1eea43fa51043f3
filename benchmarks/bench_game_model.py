"""The CP-SAT model of the games (:mod:`pyramids.engines.cpsat.game_model`) stated two
ways or more on the same deals, side by side in one run: statuses, CPU seconds of this
process (building, solving, playing the line) and CP-SAT's deterministic seconds.

Each option set is a comma list of :class:`~pyramids.engines.cpsat.game_model.GameOptions`
fields (``base``: :data:`~pyramids.engines.cpsat.game_model.BASELINE`, ``new``: the
game's defaults, ``GameOptions.for_rules``). Every win is replayed by the rules engine. Usage::

    python benchmarks/bench_game_model.py --game pysolfc-two-pyramids --deals 1-10 \\
        --options "base;new" [--deterministic 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from pyramids.core.board import Board, line_of, replay
from pyramids.core.rules import GAMES, Rules
from pyramids.engines.cpsat.game_model import BASELINE, GameOptions, solve_game
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame


def options_of(spec: str, rules: Rules) -> GameOptions:
    """``base``, ``new`` or ``field=value,...`` (ints and ``true``/``false`` parsed)."""
    if spec == "base":
        return BASELINE
    if spec == "new":
        return GameOptions.for_rules(rules)
    kw: dict[str, str | int | bool] = {}
    for item in spec.split(","):
        key, value = item.split("=")
        kw[key] = (value == "true" if value in ("true", "false")
                   else int(value) if value.isdigit() else value)
    return GameOptions(**kw)  # type: ignore[arg-type]


def deals_of(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--deals", default="1-10")
    ap.add_argument("--options", default="base;new", help="option sets, ';' between")
    ap.add_argument("--deterministic", type=float, default=5.0)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    rules = GAMES[args.game]
    deals = deals_of(args.deals)
    specs = args.options.split(";")
    rows: dict[str, list[tuple[str, float, float]]] = {s: [] for s in specs}
    for n in deals:  # deal by deal, every option set in turn: the same load for each
        cards = family_cards(rules.pysolfc or 0, PySolFCGame(n))
        for spec in specs:
            t0 = time.process_time()
            out = solve_game(rules, cards, Board(rules, cards), options=options_of(spec, rules),
                             deterministic=args.deterministic)
            cpu = time.process_time() - t0
            if out.status == "winnable" and not replay(
                    rules, cards, line_of(rules, cards, list(out.moves))).is_won():
                raise SystemExit(f"{args.game} {n} {spec}: the line does not win")
            rows[spec].append((out.status, cpu, out.extra.get("dtime", 0.0)))
            if args.verbose:
                print(f"  {n} {spec}: {out.status} cpu {cpu:.2f} s "
                      f"det {out.extra.get('dtime', 0.0):.2f}", flush=True)
    print(f"{args.game} pysolfc:{args.deals} deterministic limit {args.deterministic:g}")
    for spec, got in rows.items():
        counts = {s: sum(1 for g in got if g[0] == s)
                  for s in ("winnable", "blocked", "unknown")}
        cpus = sorted(g[1] for g in got)
        print(f"  {spec:32} win {counts['winnable']:>3} blocked {counts['blocked']:>3} "
              f"unknown {counts['unknown']:>3}  cpu mean {statistics.mean(cpus):6.2f} s "
              f"median {statistics.median(cpus):6.2f} max {cpus[-1]:6.2f}  "
              f"det mean {statistics.mean(g[2] for g in got):5.2f}", flush=True)


if __name__ == "__main__":
    main()
