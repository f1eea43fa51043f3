"""The classic presets answer exactly as before issue 41: fingerprints of their verdicts.

Issue 41 wrote every classic preset in the family's terms (``core.rules.rules_of``) and
added the general search (``engines.pairs``) beside the classic engines, which must keep
answering exactly as they did at 53037a8 (main before the issue). Three subcommands:

``fingerprint``
    Answers deals 1..N of each preset as ``pyramids check --json`` does
    (:func:`pyramids.answers.check.check`, engine auto, no time limit: every answer is
    deterministic), or with ``--via stats`` as ``pyramids stats --out`` does (the bulk
    records, the batch search included), and writes ``OUT/<preset>.txt``, one line a deal::

        <deal> <status> <engine> <certificate kind or -> <hash> <nodes>

    ``hash``: the first 12 hex digits of the SHA-256 of the line, the certificate (kind,
    detail, data), the Par score and its bound, and the reason, as JSON. The classic
    presets take deal numbers; the ``pysolfc-*`` presets PySolFC's game numbers
    (``pysolfc:N``). It imports only what 53037a8 has, so that checkout can run it
    (``PYTHONPATH=<checkout>/src``).
``compare``
    Two fingerprint folders deal by deal: per preset the deals compared and those whose
    answer (status, engine, certificate kind, hash) or search nodes differ, by number.
``general``
    The general search over ``rules_of(preset)`` (``engines.pairs.solve``, a node limit)
    against a fingerprint folder's statuses: agree where both settle, unknowns counted.
    It answers the win question only (Par's best score and MSC's score are the classic
    engines' alone).

Usage::

    python benchmarks/classic_unchanged.py fingerprint --count 2000 --out DIR [--preset P] \\
        [--via stats]
    python benchmarks/classic_unchanged.py compare BEFORE AFTER
    python benchmarks/classic_unchanged.py general tests/data/classic_before_41 --count 2000
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramids.core.deals import Deal
from pyramids.core.variants import PRESETS

#: the node limit of the general search (that of ``stats``/``check`` for PySolFC's games)
GENERAL_NODES = 1_000_000


def deal_of(name: str, n: int) -> Deal:
    """Deal ``n`` of preset ``name``: a deal number, or PySolFC's game ``n`` for the
    ``pysolfc-*`` presets (dealt as PySolFC deals it)."""
    if name.startswith("pysolfc-"):
        from pyramids.pysolfc.games import PySolFCGame

        return PySolFCGame(n).deal(PRESETS[name])
    return Deal.from_number(n)


def fingerprint(n: int, obj: dict[str, Any]) -> str:
    """One deal's line from its verdict's JSON object (``Verdict.to_json_obj``)."""
    cert = obj.get("certificate")
    kept = {k: obj.get(k) for k in ("moves", "certificate", "score", "score_bound", "reason")}
    digest = hashlib.sha256(json.dumps(kept, sort_keys=True).encode()).hexdigest()[:12]
    kind = cert["kind"] if cert else "-"
    return f"{n} {obj['status']} {obj['engine']} {kind} {digest} {obj.get('nodes', 0)}"


def answer(name: str, n: int) -> str:
    """Deal ``n`` of preset ``name`` answered as ``check --json`` answers it."""
    from pyramids.answers.check import check

    return fingerprint(n, check(deal_of(name, n), PRESETS[name]).to_json_obj())


@dataclass(frozen=True)
class Print:
    """One fingerprint line, read back."""

    deal: int
    status: str
    engine: str
    certificate: str
    digest: str
    nodes: int

    @property
    def answer(self) -> tuple[str, str, str, str]:
        return (self.status, self.engine, self.certificate, self.digest)

    @classmethod
    def parse(cls, line: str) -> Print:
        deal, status, engine, cert, digest, nodes = line.split()
        return cls(int(deal), status, engine, cert, digest, int(nodes))


def read_prints(path: Path) -> dict[int, Print]:
    """A fingerprint file, by deal number."""
    out: dict[int, Print] = {}
    for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            p = Print.parse(line)
        except ValueError:
            raise SystemExit(f"{path}:{k}: not a fingerprint line: {line!r}") from None
        out[p.deal] = p
    return out


def write_atomic(path: Path, lines: Iterable[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.writelines(line + "\n" for line in lines)
    os.replace(tmp, path)


def run_fingerprints(name: str, deals: range, via: str = "check") -> Iterator[str]:
    """The deals' lines answered as ``check --json`` does (``via`` check) or as
    ``stats --out`` does (``via`` stats: the bulk run's records, one worker, whose
    search takes whole chunks in one compiled call where it can)."""
    if via == "check":
        for n in deals:
            yield answer(name, n)
        return
    from pyramids.bulk import run_records

    prefix = "pysolfc:" if name.startswith("pysolfc-") else ""
    source = f"{prefix}{deals[0]}:{deals[-1] + 1}"
    for record in run_records(source, PRESETS[name], workers=1):
        yield fingerprint(record["pysolfc"] if prefix else record["deal"], record)


def cmd_fingerprint(args: argparse.Namespace) -> int:
    deals = range(args.start, args.start + args.count)
    for name in args.preset or list(PRESETS):
        answer(name, deals[0])  # imports and JIT out of the timing
        t0 = time.process_time()
        lines = list(run_fingerprints(name, deals, args.via))
        cpu = time.process_time() - t0
        write_atomic(Path(args.out) / f"{name}.txt", lines)
        print(f"{name:<24} deals {deals[0]}..{deals[-1]}: {cpu:8.1f} s CPU "
              f"({1000 * cpu / len(deals):.1f} ms a deal)", flush=True)
    return 0


@dataclass
class Difference:
    """A preset's comparison: deals in both files, and the deals that differ."""

    preset: str
    compared: int
    answers: list[int]
    nodes: list[int]


def compare(before: dict[int, Print], after: dict[int, Print], preset: str) -> Difference:
    both = sorted(set(before) & set(after))
    return Difference(preset, len(both),
                      [n for n in both if before[n].answer != after[n].answer],
                      [n for n in both if before[n].nodes != after[n].nodes])


def cmd_compare(args: argparse.Namespace) -> int:
    bad = 0
    print(f"{'preset':<24} {'deals':>6} {'answers differ':>15} {'nodes differ':>13}")
    for name in PRESETS:
        a, b = Path(args.before) / f"{name}.txt", Path(args.after) / f"{name}.txt"
        if not (a.exists() and b.exists()):
            print(f"{name:<24} (no fingerprints in both folders)")
            continue
        d = compare(read_prints(a), read_prints(b), name)
        bad += len(d.answers)
        print(f"{name:<24} {d.compared:>6} {len(d.answers):>15} {len(d.nodes):>13}")
        for label, deals in (("answers", d.answers), ("nodes", d.nodes)):
            if deals:
                print(f"  {label} differ on deals {' '.join(map(str, deals[:50]))}"
                      + (" ..." if len(deals) > 50 else ""))
    return 1 if bad else 0


def general_status(name: str, n: int, node_limit: int = GENERAL_NODES) -> tuple[str, int]:
    """The general search's status for deal ``n`` of ``name`` over ``rules_of``, and its
    nodes (a winning line is replayed by the rules engine first)."""
    from pyramids.core.board import line_of, replay
    from pyramids.core.rules import rules_of
    from pyramids.engines.pairs import solve

    rules = rules_of(PRESETS[name])
    cards = deal_of(name, n).cards
    out = solve(rules, cards, node_limit=node_limit)
    if out.status == "winnable" and not replay(
            rules, cards, line_of(rules, cards, list(out.moves))).is_won():
        raise AssertionError(f"{name} deal {n}: the general search's line does not win")
    return out.status, out.nodes


@dataclass
class Agreement:
    """The general search against the classic verdicts on one preset's deals."""

    preset: str
    deals: int = 0
    agree: int = 0
    unknown: int = 0
    classic_unknown: int = 0
    cpu: float = 0.0
    disagree: list[int] | None = None

    def line(self) -> str:
        dis = self.disagree or []
        return (f"{self.preset:<24} {self.deals:>6} {self.agree:>6} {len(dis):>9} "
                f"{self.unknown:>8} {self.classic_unknown:>8} {self.cpu:>8.1f}"
                + (f"  disagree on {' '.join(map(str, dis))}" if dis else ""))


def agreement(name: str, prints: Iterable[Print], node_limit: int = GENERAL_NODES
              ) -> Agreement:
    got = Agreement(name, disagree=[])
    assert got.disagree is not None
    t0 = time.process_time()
    for p in prints:
        got.deals += 1
        status, _ = general_status(name, p.deal, node_limit)
        if status == "unknown":
            got.unknown += 1
        elif p.status == "unknown":
            got.classic_unknown += 1
        elif status == p.status:
            got.agree += 1
        else:
            got.disagree.append(p.deal)
    got.cpu = time.process_time() - t0
    return got


AGREEMENT_HEAD = (f"{'preset':<24} {'deals':>6} {'agree':>6} {'disagree':>9} "
                  f"{'unknown':>8} {'cl. unkn':>8} {'CPU s':>8}")


def cmd_general(args: argparse.Namespace) -> int:
    print(f"general search over rules_of(preset), node limit {args.nodes:,}, against "
          f"{args.fingerprints}")
    print(AGREEMENT_HEAD, flush=True)
    bad = 0
    for name in args.preset or list(PRESETS):
        path = Path(args.fingerprints) / f"{name}.txt"
        prints = sorted(read_prints(path).values(), key=lambda p: p.deal)[:args.count]
        got = agreement(name, prints, args.nodes)
        bad += len(got.disagree or [])
        print(got.line(), flush=True)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    fp = sub.add_parser("fingerprint", help="answer deals and write OUT/<preset>.txt")
    fp.add_argument("--start", type=int, default=1)
    fp.add_argument("--count", type=int, default=2000)
    fp.add_argument("--out", required=True)
    fp.add_argument("--preset", action="append", choices=list(PRESETS))
    fp.add_argument("--via", choices=["check", "stats"], default="check",
                    help="answer as check --json does, or as stats --out does")
    cp = sub.add_parser("compare", help="two fingerprint folders deal by deal")
    cp.add_argument("before")
    cp.add_argument("after")
    ge = sub.add_parser("general", help="the general search against fingerprints")
    ge.add_argument("fingerprints")
    ge.add_argument("--count", type=int, default=2000)
    ge.add_argument("--nodes", type=int, default=GENERAL_NODES)
    ge.add_argument("--preset", action="append", choices=list(PRESETS))
    args = ap.parse_args(argv)
    cmds = {"fingerprint": cmd_fingerprint, "compare": cmd_compare, "general": cmd_general}
    return cmds[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
