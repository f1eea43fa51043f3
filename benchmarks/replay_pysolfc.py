"""The project's lines of PySolFC's games, replayed click by click in a model of PySolFC.

For each of PySolFC's four Pyramid games (presets ``pysolfc-pyramid``,
``pysolfc-relaxed-pyramid``, ``pysolfc-giza``, ``pysolfc-king-tut``) games from
``--start`` up are settled as the seed lists settle them (the bulk runs' path:
``run_records``, engine ``auto``), until ``--lines`` of them are winnable; each winning
line is then replayed step by step in :mod:`pyramids.pysolfc.model`, a model of
PySolFC's own stacks written from its source, independent of the rules engine: every
step one click or drag of a PySolFC player, PySolFC's opening deal, face-up talon and
automatic deals done by the model. A failure is a step the model would not play, or a
line that does not win there. Then, on fewer games:

* ``--off`` lines with *Auto deal* switched off (the presets with ``auto_deal`` false),
  replayed with the model's Auto deal off;
* ``--fewest`` lines of ``--goal moves`` (the fewest clicks, the optimal solver), each
  replayed and its click count checked against the answer's;
* ``--ms`` games typed with Microsoft's generator (numbers 1.. below 32000, and
  ``ms32000..``), replayed as PySolFC deals them.

Prints a line per game and kind, the failures (the first few, in words), and exits 1 if
there was any.

    .venv/bin/python benchmarks/replay_pysolfc.py                      # 2000 lines a game
    .venv/bin/python benchmarks/replay_pysolfc.py --lines 200 --off 50 --fewest 20 --ms 20
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable, Iterator

from pyramids.answers.goals import Goal, answer
from pyramids.bulk import PySolFCRangeSource, run_records
from pyramids.core.moves import parse_moves
from pyramids.core.variants import Variant, get_variant
from pyramids.engines.search import solve
from pyramids.pysolfc.games import GAMES, PySolFCGame
from pyramids.pysolfc.model import ModelError, replay

BATCH = 1000


@dataclasses.dataclass
class Count:
    """Lines replayed in the model, and how they fared."""

    tried: int = 0  # games settled
    lines: int = 0  # winning lines replayed
    won: int = 0
    clicks: int = 0
    automatic: int = 0  # PySolFC's automatic deals along them
    failures: list[str] = dataclasses.field(default_factory=list)
    seconds: float = 0.0

    def add(self, label: str, steps: list[str], game_id: int, number: int, *,
            ms: bool = False, auto_deal: bool = True, clicks: int | None = None) -> None:
        self.lines += 1
        try:
            got = replay(game_id, number, steps, ms=ms, auto_deal=auto_deal)
        except ModelError as e:
            self.failures.append(f"{label}: {e}")
            return
        if not got.won:
            self.failures.append(f"{label}: the line does not win in the model")
            return
        if clicks is not None and clicks != got.clicks:
            self.failures.append(f"{label}: {got.clicks} clicks, the answer says {clicks}")
            return
        self.won += 1
        self.clicks += got.clicks
        self.automatic += got.automatic_deals

    def line(self, game: str, kind: str) -> str:
        mean = self.clicks / self.won if self.won else 0.0
        return (f"{game:<24} {kind:<10} {self.tried:>7} {self.lines:>7} {self.won:>7} "
                f"{len(self.failures):>8} {mean:>8.1f} {self.automatic:>9} "
                f"{self.seconds:>8.1f}")


def settled(variant: Variant, start: int, want: int) -> Iterator[tuple[int, list[str] | None]]:
    """Games from ``start`` settled by the bulk runs (the seed lists' path), with their
    winning line (``None``: not winnable), until ``want`` lines came."""
    lines = 0
    while lines < want:
        for rec in run_records(PySolFCRangeSource(start, start + BATCH), variant, workers=1):
            moves = rec.get("moves") if rec["status"] == "winnable" else None
            if rec["status"] == "unknown":
                raise SystemExit(f"pysolfc:{rec['pysolfc']}: unknown under {variant.name}")
            yield int(rec["pysolfc"]), ([str(m) for m in parse_moves(moves)]
                                        if moves is not None else None)
            lines += moves is not None
            if lines >= want:
                return
        start += BATCH


def timed(count: Count, body: Callable[[], None]) -> None:
    t0 = time.perf_counter()
    body()
    count.seconds = time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=2000, help="winning lines a game")
    ap.add_argument("--start", type=int, default=32000)
    ap.add_argument("--off", type=int, default=300, help="lines with Auto deal off")
    ap.add_argument("--fewest", type=int, default=200, help="--goal moves answers")
    ap.add_argument("--ms", type=int, default=100, help="Microsoft-generator games")
    ap.add_argument("--game", action="append", choices=sorted(GAMES))
    args = ap.parse_args(argv)
    print(f"# {' '.join(sys.argv)}")
    print(f"{'game':<24} {'kind':<10} {'games':>7} {'lines':>7} {'won':>7} {'failures':>8} "
          f"{'clicks':>8} {'automatic':>9} {'seconds':>8}")
    failures: list[str] = []
    for game in args.game or list(GAMES):
        v = get_variant(game)
        gid = GAMES[game][0]
        has_talon = v.is_stock

        def verdicts(c: Count, v: Variant = v, gid: int = gid, game: str = game) -> None:
            for n, steps in settled(v, args.start, args.lines):
                c.tried += 1
                if steps is not None:
                    c.add(f"{game} pysolfc:{n}", steps, gid, n)

        kinds: list[tuple[str, Callable[[Count], None]]] = [("lines", verdicts)]
        if has_talon and args.off:
            def off(c: Count, v: Variant = v, gid: int = gid, game: str = game) -> None:
                manual = v.with_options(auto_deal=False)
                for n, steps in settled(v, args.start, args.off):
                    c.tried += 1
                    if steps is None:
                        continue
                    r = solve(PySolFCGame(n).deal(manual), manual)
                    c.add(f"{game} (Auto deal off) pysolfc:{n}", [str(m) for m in r.moves],
                          gid, n, auto_deal=False)
            kinds.append(("auto off", off))
        if args.fewest:
            def fewest(c: Count, v: Variant = v, gid: int = gid, game: str = game) -> None:
                for n, steps in settled(v, args.start, args.fewest):
                    c.tried += 1
                    if steps is None:
                        continue
                    a = answer(PySolFCGame(n).deal(v), v, Goal.parse("moves"), time_limit=60)
                    if not a.optimal or a.steps is None:
                        c.failures.append(f"{game} pysolfc:{n}: --goal moves not proven "
                                          f"in 60 s ({a.reason})")
                        continue
                    c.add(f"{game} --goal moves pysolfc:{n}", [str(m) for m in a.moves],
                          gid, n, clicks=a.steps)
            kinds.append(("fewest", fewest))
        if args.ms:
            def microsoft(c: Count, v: Variant = v, gid: int = gid, game: str = game) -> None:
                numbers = [(n, False) for n in range(1, args.ms + 1)] + [
                    (32000 + n, True) for n in range(args.ms)]
                for n, ms in numbers:
                    c.tried += 1
                    g = PySolFCGame(n, ms)
                    r = solve(g.deal(v), v)
                    if r.status == "winnable":
                        c.add(f"{game} {g}", [str(m) for m in r.moves], gid, n, ms=ms)
            kinds.append(("ms", microsoft))
        for kind, body in kinds:
            count = Count()
            timed(count, lambda body=body, count=count: body(count))
            print(count.line(game, kind), flush=True)
            failures += count.failures
    for f in failures[:20]:
        print("FAIL", f)
    print(f"failures: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
