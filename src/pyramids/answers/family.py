"""Verdicts for any game of :mod:`pyramids.core.rules`: the certificates re-derived for its
pairing rule, then the general search, every winning line replayed by the general rules
engine (:mod:`pyramids.core.board`) before it is returned.

The certificates, cheapest first:

1. ``partners`` (:func:`partner_certificate`): a card that must go, cannot go alone, and
   every card it pairs with lies on top of it (each of them must go first, with another
   card). Under the sum 13 this is the classic ``four-complement``; under Cheops' rule
   (equal or one apart) a card's partners are up to eleven cards, under Eleven
   Triangle's a Jack's are the other Jacks.
2. ``stock-count`` (:func:`stock_count`): where no two talon cards are ever in play at once
   (draw 3 onto one waste; a hand that may not pair with the waste) and every card must go,
   each talon card needs a partner of its own among the layout's cards: a matching that
   the ranks' counts must allow (a flow over ranks, exact for any pairing rule).
3. ``free-talon`` (:func:`free_talon`; Apophis, see :func:`free_talon_applies`): even with
   every talon card free to pair at any time, no order of moves clears the layout (an
   exhaustive search of that easier game, :mod:`pyramids.engines.pairs.free_talon`).
4. ``exhaustive``: the search saw every reachable position (``engine="pairs"``), or the
   CP-SAT model of the rules (:mod:`pyramids.engines.cpsat.game_model`,
   ``engine="cpsat"``) is infeasible: no line wins.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any, Literal

from pyramids.core.board import Board, Play, line_of, replay
from pyramids.core.cards import Card, format_cards
from pyramids.core.errors import VariantError
from pyramids.core.rules import Rules
from pyramids.core.verdict import Certificate, Status
from pyramids.engines.pairs import Needs, Outcome, solve
from pyramids.engines.pairs import free_talon as free_talon_game

#: the engine named by a line A* found (the fewest moves)
SHORTEST = "shortest"

#: the engines after the certificates: the general search, the CP-SAT model, or both
#: (``auto``: the search, then CP-SAT on a deal the search leaves at its node limit)
GameEngine = Literal["auto", "pairs", "cpsat"]
GAME_ENGINES: tuple[GameEngine, ...] = ("auto", "pairs", "cpsat")

#: CP-SAT's budget after the search in ``auto``, in its deterministic seconds (the same
#: answer on every run, and the same line on a deal settled under any larger budget: one
#: worker's search does not depend on it). 5 until 2026-12-05: 8 ms to 0.6 s of CPU a
#: deal on the one-deck games, 8 to 40 s on the two-deck ones
#: (benchmarks/crosscheck_family_results.txt); the two-deck games' stats runs then left
#: 1 to 2 deals in 1,000 unknown, and all 19 met so far (18 of Double Pyramid, 1 of Two
#: Pyramids) are settled within 10.6 (benchmarks/bench_cpsat_results.txt); 30 leaves a
#: margin, at about 80 CPU s on a deal it cannot settle
AUTO_CPSAT_BUDGET = 30.0
#: ``auto``'s first search where no node limit is asked (``check``, ``solve``, the
#: service): bulk's node limit, so a deal gets the verdict and line of ``stats``' records;
#: the beam and the restarts are planned on a limit and do not run without one
AUTO_FIRST_NODES = 1_000_000


@dataclass(frozen=True)
class GameVerdict:
    """A game's verdict: ``winnable`` with its line (as written, replayed), ``blocked``
    with a certificate, or ``unknown`` with the limit that ran out (``reason``)."""

    status: Status
    engine: str
    line: tuple[str, ...] = ()
    certificate: Certificate | None = None
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""
    game: str = ""

    def __post_init__(self) -> None:
        if self.status == "blocked" and self.certificate is None:
            raise ValueError("a blocked verdict needs a certificate")
        if self.status == "winnable" and not self.line:
            raise ValueError("a winnable verdict needs its line")

    def to_json_obj(self) -> dict[str, Any]:
        return {"game": self.game, "status": self.status, "engine": self.engine,
                "moves": list(self.line),
                "certificate": self.certificate.to_json_obj() if self.certificate else None,
                "nodes": self.nodes, "seconds": round(self.seconds, 6),
                "reason": self.reason or None}


def partner_certificate(rules: Rules, cards: tuple[Card, ...]) -> Certificate | None:
    """A card that must go whose every partner lies on top of it, or ``None``."""
    board = Board(rules, cards)
    needs = Needs(board)
    a = needs.dead(0)
    if a is None:
        return None
    card = cards[a]
    partners = [cards[b] for b in range(rules.cards) if needs.partners[a] >> b & 1]
    place = rules.layout.names[a]
    detail = (f"{card} ({place}) can only go after every card it pairs with "
              f"({len(partners)}: {format_cards(partners)}), because they all lie on top of it"
              + (" (and not directly on it)" if rules.pairing.overlap else "")
              + f"; {rules.pairing.words}")
    return Certificate("partners", detail, {
        "card": str(card), "place": place, "partners": [str(c) for c in partners],
        "overlap": rules.pairing.overlap})


def _talon_never_pairs_itself(rules: Rules) -> bool:
    t = rules.talon
    return (t.wastes == 1 and not t.top_face_up
            and (not t.hand or t.stock_waste == "forbidden"))


def _matchable(talon: list[int], layout: list[int], rules: Rules) -> int:
    """The most talon cards that can each have a layout partner of their own (a maximum
    matching, found as a flow over ranks: augmenting paths on the rank counts)."""
    goes = rules.pairing.goes_with
    need = [talon.count(r) for r in range(14)]
    have = [layout.count(r) for r in range(14)]
    flow = [[0] * 14 for _ in range(14)]  # flow[r][s]: talon rank r matched to layout s
    matched = 0

    def augment(r: int, seen: set[int]) -> bool:
        for s in range(1, 14):
            if s in seen or not goes(r, s):
                continue
            seen.add(s)
            used = sum(flow[x][s] for x in range(14))
            if used < have[s]:
                flow[r][s] += 1
                return True
            for x in range(1, 14):  # move a unit of x's matching at s elsewhere
                if flow[x][s] and augment(x, seen):
                    flow[x][s] -= 1
                    flow[r][s] += 1
                    return True
        return False

    for r in range(1, 14):
        for _ in range(need[r]):
            if not augment(r, set()):
                break
            matched += 1
    return matched


def stock_count(rules: Rules, cards: tuple[Card, ...]) -> Certificate | None:
    """Too few layout partners for the talon's cards, or ``None``."""
    if rules.objective != "all" or not _talon_never_pairs_itself(rules):
        return None
    ranks = [c % 13 + 1 for c in cards]
    n = rules.layout.size
    alone = rules.pairing.alone
    talon = [r for r in ranks[n:] if r not in alone]
    layout = ranks[:n]
    best = _matchable(talon, layout, rules)
    if best == len(talon):
        return None
    detail = (f"the talon's {len(talon)} cards that cannot go alone can never pair with "
              f"each other (only one of them is ever in play), and the layout's cards give "
              f"at most {best} of them a partner of their own; {rules.pairing.words}")
    return Certificate("stock-count", detail, {
        "talon": format_cards(cards[n:]), "matched": best, "needed": len(talon)})


#: the search with the free talon's cut (:func:`pyramids.engines.pairs.free_talon.search`)
#: after the search leaves an Apophis deal at its node limit: at most this many positions
#: (or the node limit, if lower); it settled every such deal of games 1-3000 (14 of the
#: first 1000 won, none left: bench_pairs_results.txt, h74)
FREE_TALON_NODES = 100_000


def free_talon_applies(rules: Rules) -> bool:
    """Whether :func:`check_game` tries ``free-talon`` before the search, and the search
    with its cut after a search left at its node limit: Apophis' talon (three wastes
    gathered for later rounds), every card to go. There the search cannot finish many
    blocked deals (the rounds reorder the talon, so its prunings' must-go-before facts
    hold only in the last round) and CP-SAT does not state the game; the other games'
    deals are settled by the search, and their records keep its certificates. The
    argument holds for any game without overlap (:func:`free_talon` answers one)."""
    return (rules.talon.wastes == 3 and (rules.talon.rounds or 0) != 1
            and free_talon_game.applies(rules))


def free_talon(rules: Rules, cards: tuple[Card, ...]) -> Certificate | None:
    """``free-talon``: even with every talon card free to pair at any time, no order of
    moves clears the layout (:class:`pyramids.engines.pairs.free_talon.FreeTalon`, whose
    docstring argues it), or ``None``."""
    if not free_talon_game.applies(rules):
        return None
    easier = free_talon_game.FreeTalon(rules, cards)
    if easier.clears(0) is not False:
        return None
    n = rules.layout.size
    detail = (f"even with every one of the talon's {rules.cards - n} cards free to pair at "
              f"any time, no order of moves clears the layout ({easier.positions:,} "
              f"positions of that easier game searched); {rules.pairing.words}")
    return Certificate("free-talon", detail, {
        "talon": format_cards(cards[n:]), "positions": easier.positions})


def check_game(rules: Rules, cards: tuple[Card, ...], *, start: tuple[str, ...] = (),
               node_limit: int | None = None, time_limit: float | None = None,
               engine: GameEngine = "pairs",
               prune: bool | Collection[str] = True) -> GameVerdict:
    """Winnable (a replayed line), blocked (a certificate) or unknown (a limit).
    ``prune``: the search's switches (:func:`pyramids.engines.pairs.solve`'s).

    ``engine``: the general search (``pairs``, every game), the CP-SAT model (``cpsat``:
    the games it states, :func:`cpsat_unsupported`; ``node_limit`` is the search's and is
    not used by it), or ``auto``: the search, and where it stops at ``node_limit`` on a
    game CP-SAT states, CP-SAT within :data:`AUTO_CPSAT_BUDGET` (and what is left of
    ``time_limit``): each engine where it is strong (the search is fast on most deals,
    CP-SAT settles many the search cannot); an ``unknown`` says what each reached.
    Apophis (:func:`free_talon_applies`), which CP-SAT does not state, goes on instead to
    the search cut by the free talon (engine ``free-talon``, :data:`FREE_TALON_NODES`).
    ``auto`` without a node limit takes those steps with the search at
    :data:`AUTO_FIRST_NODES` (its beam and restarts need a limit: a deal ``stats`` wins in
    a second, the plain search could keep for minutes and gigabytes), then, on a deal
    neither settled, the search without a limit (within ``time_limit``)."""
    if engine not in GAME_ENGINES:
        raise VariantError(f"unknown engine {engine!r}: choose {' or '.join(GAME_ENGINES)}")
    if engine == "cpsat":
        why = cpsat_unsupported(rules)
        if why is not None:
            raise VariantError(f"CP-SAT does not model {rules.name} ({why}); "
                               "its verdicts come from the general search")
    t0 = time.process_time()
    board = replay(rules, cards, list(start))
    played = tuple(board.moves)
    if not start:
        cert = partner_certificate(rules, cards) or stock_count(rules, cards)
        if cert is None and free_talon_applies(rules):
            cert = free_talon(rules, cards)
        if cert is not None:
            return GameVerdict("blocked", "certificate", certificate=cert,
                               seconds=time.process_time() - t0, game=rules.name)
    if engine == "cpsat":
        return _check_cpsat(rules, cards, board, time_limit, t0)
    if engine != "auto" or node_limit is not None:
        return _staged(rules, cards, board, played, node_limit, time_limit, engine, prune,
                       t0)
    first = _staged(rules, cards, board, played, AUTO_FIRST_NODES, time_limit, engine,
                    prune, t0)
    left = None if time_limit is None else time_limit - (time.process_time() - t0)
    if first.status != "unknown" or (left is not None and left <= 0):
        return first
    out = solve(rules, cards, start=played, node_limit=None, time_limit=left, prune=prune)
    seconds = time.process_time() - t0
    nodes = (first.nodes or 0) + out.nodes
    settled = _settled(rules, cards, played, out, nodes, seconds)
    if settled is not None:
        return settled
    return GameVerdict("unknown", "pairs", nodes=nodes, seconds=seconds,
                       reason=f"{first.reason}; then the search without a node limit: "
                              f"{out.reason}", game=rules.name)


def _staged(rules: Rules, cards: tuple[Card, ...], board: Board, played: tuple[Play, ...],
            node_limit: int | None, time_limit: float | None, engine: GameEngine,
            prune: bool | Collection[str], t0: float) -> GameVerdict:
    """The search within ``node_limit``; with ``auto``, where it stops there, CP-SAT (or
    Apophis' search cut by the free talon)."""
    out = solve(rules, cards, start=played, node_limit=node_limit, time_limit=time_limit,
                prune=prune)
    seconds = time.process_time() - t0
    settled = _settled(rules, cards, played, out, out.nodes, seconds)
    if settled is not None:
        return settled
    unknown = GameVerdict("unknown", "pairs", nodes=out.nodes, seconds=seconds,
                          reason=out.reason, game=rules.name)
    left = None if time_limit is None else time_limit - seconds
    if free_talon_applies(rules) and out.reason.startswith("node limit") and \
            (left is None or left > 0):
        return _check_free_talon(rules, cards, played, out.nodes, out.reason,
                                 node_limit, left, t0)
    if engine != "auto" or not out.reason.startswith("node limit") or \
            (left is not None and left <= 0) or cpsat_unsupported(rules) is not None:
        return unknown
    second = _check_cpsat(rules, cards, board, left, t0, deterministic=AUTO_CPSAT_BUDGET)
    if second.status != "unknown":
        return second
    return replace(second, engine="pairs", nodes=out.nodes,
                   reason=f"{out.reason}; then CP-SAT: {second.reason}")


def _settled(rules: Rules, cards: tuple[Card, ...], played: tuple[Play, ...],
             out: Outcome, nodes: int, seconds: float) -> GameVerdict | None:
    """The search's win (a replayed line) or exhausted search (its certificate) as a
    verdict counting ``nodes`` in all; None where it stopped at a limit."""
    if out.status == "winnable":
        return _winnable(rules, cards, [*played, *out.moves], "pairs", nodes, seconds)
    if out.status == "blocked":
        cert = Certificate("exhaustive", f"no line wins: {out.reason}", {"nodes": out.nodes})
        return GameVerdict("blocked", "pairs", certificate=cert, nodes=nodes,
                           seconds=seconds, reason=out.reason, game=rules.name)
    return None


def _check_free_talon(rules: Rules, cards: tuple[Card, ...], played: tuple[Play, ...],
                      nodes: int, reason: str, node_limit: int | None,
                      time_limit: float | None, t0: float) -> GameVerdict:
    """After the search stopped at its node limit (``nodes``, ``reason``): the search with
    the free talon's cut (engine ``free-talon``), within :data:`FREE_TALON_NODES`."""
    limit = FREE_TALON_NODES if node_limit is None else min(node_limit, FREE_TALON_NODES)
    out = free_talon_game.search(rules, cards, start=played, node_limit=limit,
                                 time_limit=time_limit)
    seconds = time.process_time() - t0
    if out.status == "winnable":
        return _winnable(rules, cards, [*played, *out.moves], "free-talon",
                         nodes + out.nodes, seconds)
    if out.status == "blocked":
        cert = Certificate("exhaustive", f"no line wins: {out.reason}, each position cut "
                           "one whose layout cannot be cleared even with the talon free",
                           {"nodes": out.nodes, "engine": "free-talon"})
        return GameVerdict("blocked", "free-talon", certificate=cert,
                           nodes=nodes + out.nodes, seconds=seconds, reason=out.reason,
                           game=rules.name)
    return GameVerdict("unknown", "pairs", nodes=nodes + out.nodes, seconds=seconds,
                       reason=f"{reason}; then with the free talon's cut: {out.reason}",
                       game=rules.name)


@dataclass(frozen=True)
class GameGoalAnswer:
    """A game's answer to ``--goal moves``: ``verdict`` (its status, certificate and the
    goal's line from the deal, ``start`` first), the line's moves counted from the
    position asked (``steps``), whether they are proven the fewest (``optimal``), and the
    proven least number of moves when not (``steps_bound``), as
    :class:`pyramids.answers.goals.GoalAnswer` says them for the classic presets."""

    verdict: GameVerdict
    goal: str = "moves"
    steps: int | None = None
    optimal: bool | None = None
    steps_bound: int | None = None

    def to_json_obj(self) -> dict[str, Any]:
        return self.verdict.to_json_obj() | {
            "goal": self.goal, "steps": self.steps, "optimal": self.optimal,
            "steps_bound": self.steps_bound,
            "reached": None if self.verdict.status == "unknown"
            else self.verdict.status == "winnable"}


def fewest_moves(rules: Rules, cards: tuple[Card, ...], *, start: tuple[str, ...] = (),
                 node_limit: int | None = None,
                 time_limit: float | None = None) -> GameGoalAnswer:
    """The fewest moves (a card alone, a pair, a deal, a redeal: :mod:`pyramids.core.board`'s
    moves, PySolFC's clicks) that win from the position after ``start``.

    :func:`check_game` first (its certificates prove most blocked deals at once, and its
    line, when it finds one, bounds the answer); then A*
    (:func:`pyramids.engines.pairs.shortest.shortest`) for a line shorter than that one,
    whose empty queue proves the shortest. ``node_limit`` bounds each of the two searches
    (positions), ``time_limit`` the CPU seconds of both together; when one runs out the
    answer is the line found (``optimal`` false) with the proven ``steps_bound``, or
    ``unknown``. Every line is replayed by the rules engine."""
    from pyramids.engines.pairs.shortest import shortest

    t0 = time.process_time()
    first = check_game(rules, cards, start=start, node_limit=node_limit,
                       time_limit=time_limit)
    if first.status == "blocked":
        return GameGoalAnswer(first, optimal=True)
    board = replay(rules, cards, list(start))
    played = tuple(board.moves)
    known = len(first.line) - len(start) if first.status == "winnable" else None
    left = None if time_limit is None else max(time_limit - (time.process_time() - t0),
                                               0.001)
    found = shortest(rules, cards, start=played, upper=known, node_limit=node_limit,
                     time_limit=left)
    nodes = first.nodes + found.nodes

    def done(v: GameVerdict, **fields: Any) -> GameGoalAnswer:
        v = replace(v, nodes=nodes, seconds=time.process_time() - t0)
        return GameGoalAnswer(v, **fields)

    if found.status == "found":
        line = line_of(rules, cards, [*played, *found.moves])
        if not replay(rules, cards, line).is_won():  # pragma: no cover - a search bug
            raise AssertionError(f"{rules.name}: A*'s line does not win: {line}")
        return done(GameVerdict("winnable", SHORTEST, tuple(line), game=rules.name),
                    steps=len(found.moves), optimal=True)
    if found.status == "none" and known is not None:
        return done(replace(first, reason=f"no shorter line: {found.reason}"),
                    steps=known, optimal=True)
    if found.status == "none":
        cert = Certificate("exhaustive", f"no line wins: {found.reason}",
                           {"nodes": found.nodes})
        return done(GameVerdict("blocked", SHORTEST, certificate=cert, reason=found.reason,
                                game=rules.name), optimal=True)
    if known is not None:
        return done(replace(first, reason=f"{found.reason}: the fewest moves are at least "
                                          f"{found.lower} from here (proven); the line "
                                          "given is the best found, not proven shortest"),
                    steps=known, optimal=False, steps_bound=found.lower)
    return done(GameVerdict("unknown", SHORTEST, reason=f"{first.reason}; A*: "
                            f"{found.reason}; the fewest moves are at least {found.lower}",
                            game=rules.name),
                optimal=False, steps_bound=found.lower)


def _winnable(rules: Rules, cards: tuple[Card, ...], moves: list[Play], engine: str,
              nodes: int, seconds: float) -> GameVerdict:
    """The engine's winning moves as a line, replayed from the deal before it is given."""
    line = line_of(rules, cards, moves)
    if not replay(rules, cards, line).is_won():  # pragma: no cover - an engine bug
        raise AssertionError(f"{rules.name}: the {engine} line does not win: {line}")
    return GameVerdict("winnable", engine, tuple(line), nodes=nodes, seconds=seconds,
                       game=rules.name)


def cpsat_unsupported(rules: Rules) -> str | None:
    """Why the CP-SAT model cannot state ``rules`` (in words), or ``None``."""
    from pyramids.engines.cpsat.game_rules import unsupported

    return unsupported(rules)


def _check_cpsat(rules: Rules, cards: tuple[Card, ...], board: Board,
                 time_limit: float | None, t0: float,
                 deterministic: float | None = None) -> GameVerdict:
    """The CP-SAT model's verdict from ``board`` (after the start's moves; CPU counted
    from ``t0``)."""
    from pyramids.engines.clock import loading

    l0 = time.process_time()
    with loading():  # OR-Tools: not the verdict's time
        from pyramids.engines.cpsat.game_model import solve_game
    t0 += time.process_time() - l0
    played = list(board.moves)
    out = solve_game(rules, cards, board, time_limit=time_limit, deterministic=deterministic)
    seconds = time.process_time() - t0
    if out.status == "winnable":
        return _winnable(rules, cards, [*played, *out.moves], "cpsat", out.branches, seconds)
    if out.status == "blocked":
        cert = Certificate("exhaustive", f"no line wins: {out.reason}",
                           {"branches": out.branches, "engine": "cpsat"})
        return GameVerdict("blocked", "cpsat", certificate=cert, nodes=out.branches,
                           seconds=seconds, reason=out.reason, game=rules.name)
    return GameVerdict("unknown", "cpsat", nodes=out.branches, seconds=seconds,
                       reason=out.reason, game=rules.name)
