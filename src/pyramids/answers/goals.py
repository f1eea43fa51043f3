"""Goals: the questions players ask beyond "can it be won": the fewest moves, the best
score, the most cards of a rank, each answered exactly with a replayed line.

A :class:`Goal` is parsed from the command line's ``--goal`` (``board``, ``moves``,
``score``, ``score:N``, ``cards:RANK:N``; ``win``, the default, is the plain verdict),
and checked against the rules there (:meth:`Goal.validate`), once. :func:`answer` gives a
:class:`GoalAnswer`: the verdict it rests on (the game's status and certificate, the
goal's line, its score) and how many moves (``steps``, counted from the position asked),
whether they are proven the fewest and the score or count proven the best
(``optimal``), and, when a limit ran out, the best line found with the proven least
number of moves (``steps_bound``): a bound, never called the optimum. The line is
replayed once by the referee (:func:`~pyramids.core.referee.replayed`: the optimal
solver's check of it and the answer read the same replay), and the answer carries what
it reached (``end``). :func:`pyramids.answers.ask.ask` asks any goal, ``win`` too.

How each is answered (the two exact engines and the optimal solver, each for what it
does best):

* ``board`` (clear the pyramid) and ``moves`` (win the game): the exact engines'
  verdict first (certificates, the search, CP-SAT: milliseconds, and the proof for a
  deal that cannot be won), then the optimal solver's A* for the fewest moves. In the
  open games with every card to go, every win takes one move a King and one a pair
  (28 with 52 cards), so the verdict's line is already the shortest.
* ``score`` (MSC's scoring): A* for the fewest moves to the proven ceiling (the full
  score is every card gone: A* for that), then 5 points fewer when A* proves the ceiling
  out of reach; past those, the optimal solver's best-first search for the highest score
  a line reaches, then A* for the fewest moves reaching it; ``score:N``, the fewest moves
  to N points, or the best score when N cannot be reached. From the deal (draw 1,
  objective pyramid) A* first runs for a moment only: CP-SAT's model (with its linear
  relaxation) then finds the best score up to the ceiling, deciding scores down from it
  in growing steps and then halving the gap, and A* gets the rest of the time for the
  fewest moves to that score.
* ``cards:RANK:N``: the open relaxation's most first (fewer than N: out of reach); A*
  for the fewest moves that discard N cards of RANK (its bound: the cards, partners of
  their own and every pyramid card lying on them must be made available, matched and
  removed); when fewer can go, A* for one fewer at a time (the first found is the
  most), with the pyramid cleared and without (``alternatives``); the best-first search
  for the most when an A* runs out of time. From the deal (draw 1, objective pyramid)
  each A* runs for a moment first, then CP-SAT decides whether the count can go at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, overload

from pyramids.core.cards import RANKS
from pyramids.core.deals import Deal
from pyramids.core.errors import PyramidsError
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.referee import Replay, play, reach, replayed
from pyramids.core.variants import MSC_MAX_SCORE, MSC_REMOVAL, MSC_ROW_BONUS, Variant
from pyramids.core.verdict import Certificate, EngineRun, Status, Verdict
from pyramids.engines import clock

if TYPE_CHECKING:
    from pyramids.engines.optimal import Optimum

GoalKind = Literal["win", "board", "moves", "score", "cards"]
GOAL_KINDS = ("win", "board", "moves", "score", "cards")
GOAL_SYNTAX = "win, board, moves, score, score:N or cards:RANK:N"
ENGINE = "optimal"


class GoalError(PyramidsError):
    """A goal that cannot be read, or makes no sense for the rules asked."""


@dataclass(frozen=True)
class Goal:
    """What to optimise. ``target``: the points of ``score:N`` or the N of
    ``cards:RANK:N``; ``rank``: the card value of ``cards`` (1 = Ace ... 13 = King)."""

    kind: GoalKind = "win"
    target: int | None = None
    rank: int | None = None

    @classmethod
    def parse(cls, text: str) -> Goal:
        """``board``, ``moves``, ``score``, ``score:1200``, ``cards:A:4`` (any case;
        ``10`` for the ten)."""
        raw = [p.strip() for p in text.strip().split(":")]
        parts = [p.lower() for p in raw]
        kind = parts[0]
        if kind not in GOAL_KINDS:
            raise GoalError(f"unknown goal {text!r}: choose {GOAL_SYNTAX}")
        if kind in ("win", "board", "moves"):
            if len(parts) > 1:
                raise GoalError(f"goal {text!r}: {kind} takes no target")
            return cls(kind)  # type: ignore[arg-type]
        if kind == "score":
            if len(parts) == 1:
                return cls("score")
            if len(parts) != 2 or not re.fullmatch(r"-?\d+", parts[1]):
                raise GoalError(f"goal {text!r}: the target must be a whole number of points "
                                "(score:1200)")
            n = int(parts[1])
            if not 0 <= n <= MSC_MAX_SCORE:
                raise GoalError(f"goal {text!r}: a score target must be 0 to "
                                f"{MSC_MAX_SCORE:,} (the most a deal scores), got {n:,}")
            return cls("score", n)
        if len(parts) != 3:
            raise GoalError(f"goal {text!r}: write cards:RANK:N, for example cards:A:4")
        rank = parts[1].upper()
        if rank == "10":
            rank = "T"
        if len(rank) != 1 or rank not in RANKS:
            raise GoalError(f"goal {text!r}: rank must be one of A 2-9 T J Q K (or 10), "
                            f"got {raw[1]!r}")
        if not re.fullmatch(r"-?\d+", parts[2]):
            raise GoalError(f"goal {text!r}: N must be a whole number of cards, 1 to 4")
        n = int(parts[2])
        if not 1 <= n <= 4:
            raise GoalError(f"goal {text!r}: a deal has 4 cards of each rank: N must be "
                            f"1 to 4, got {n}")
        return cls("cards", n, RANKS.index(rank) + 1)

    def __str__(self) -> str:
        if self.kind == "score" and self.target is not None:
            return f"score:{self.target}"
        if self.kind == "cards":
            return f"cards:{RANKS[(self.rank or 1) - 1]}:{self.target}"
        return self.kind

    def __repr__(self) -> str:
        return f"Goal.parse({str(self)!r})"

    def validate(self, variant: Variant) -> None:
        """Raise :class:`GoalError` if the goal makes no sense under ``variant``."""
        if self.kind == "score" and variant.scoring != "msc":
            raise GoalError.coded("goal-score-par" if variant.scoring == "par"
                                  else "goal-score-unscored", goal=self, variant=variant.name)


#: the plain verdict's goal: can the deal be won (``pyramids check``)
WIN = Goal()


@dataclass(frozen=True)
class GoalAnswer:
    """The answer to a goal (not ``win``, whose answer is the plain verdict).

    ``verdict``: what it rests on: the game's status and certificate from the position
    asked (the goal's line need not win: Par's way), and the answer's own ``moves`` (the
    goal's line from the deal, ``start`` first), ``score`` (the line's MSC score under
    MSC scoring), nodes, seconds (wall, the whole answer) and engine runs; read through
    the same names here (``answer.status``...). The goal's fields: which ``goal``; the
    line's moves counted from the position asked (``steps``); whether they are proven
    the fewest and the score or count proven the best (``optimal``); the proven least
    number of moves when not (``steps_bound``); whether the goal's target was
    ``reached``; the cards of the goal's rank gone (``count``); ``label`` and the other
    answers a player chooses between (``alternatives``). ``end``: what the line reached
    (won, score, cards left), from the referee's one replay of it; ``None`` without a
    line."""

    verdict: Verdict
    goal: str
    steps: int | None = None
    optimal: bool | None = None
    steps_bound: int | None = None
    reached: bool | None = None
    count: int | None = None
    label: str = ""
    alternatives: tuple[GoalAnswer, ...] = ()
    end: Replay | None = None

    @property
    def status(self) -> Status:
        return self.verdict.status

    @property
    def winnable(self) -> bool:
        return self.verdict.winnable

    @property
    def engine(self) -> str:
        return self.verdict.engine

    @property
    def moves(self) -> tuple[Move, ...]:
        return self.verdict.moves

    @property
    def certificate(self) -> Certificate | None:
        return self.verdict.certificate

    @property
    def score(self) -> int | None:
        return self.verdict.score

    @property
    def nodes(self) -> int:
        return self.verdict.nodes

    @property
    def seconds(self) -> float:
        return self.verdict.seconds

    @property
    def reason(self) -> str:
        return self.verdict.reason

    @property
    def engines(self) -> tuple[EngineRun, ...]:
        return self.verdict.engines

    @property
    def deal_number(self) -> int | None:
        return self.verdict.deal_number

    def to_json_obj(self) -> dict[str, Any]:
        """The verdict's JSON object, then the goal's fields."""
        out: dict[str, Any] = self.verdict.to_json_obj() | {
            "goal": self.goal, "steps": self.steps, "optimal": self.optimal,
            "steps_bound": self.steps_bound, "reached": self.reached, "count": self.count}
        if self.label:
            out["label"] = self.label
        if self.alternatives:
            out["alternatives"] = [a.to_json_obj() for a in self.alternatives]
        return out


def answer(deal: Deal, variant: Variant, goal: Goal, *, start: Sequence[Move] = (),
           time_limit: float | None = None, engine: str = "auto") -> GoalAnswer:
    """The answer to ``goal`` (any but ``win``: :func:`pyramids.answers.ask.ask` asks
    that one too) for ``deal`` under ``variant``, from the position after ``start`` (see
    the module docstring). ``goal`` has been checked against ``variant`` where it was
    parsed (:meth:`Goal.validate`). ``time_limit``: seconds in all, on
    :mod:`pyramids.engines.clock`'s wall clock (a library's loading left out); when it
    runs out the answer is the best found, labelled (``optimal`` false,
    ``steps_bound``)."""
    if goal.kind == "win":
        raise ValueError("the goal win is answered by the plain verdict: ask() or check()")
    start = tuple(start)
    reach(deal, variant, start)  # an illegal start: the referee's error, before any work
    wall = clock.wall()

    def left() -> float | None:
        if time_limit is None:
            return None
        return max(time_limit - (clock.wall() - wall), 0.001)

    if goal.kind in ("board", "moves"):
        return _fewest(deal, variant, goal, start, left, engine, wall)
    if goal.kind == "score":
        return _score(deal, variant, goal, start, left, wall, engine)
    return _cards(deal, variant, goal, start, left, wall, engine)


def _finish(v: Verdict, start: tuple[Move, ...], variant: Variant, deal: Deal,
            wall: float, *, reason: str | None = None, **fields: Any) -> GoalAnswer:
    """The answer on the verdict ``v`` (its line, status...; ``reason`` replaces its
    own), with the fields common to every answer: steps from the position, the score of
    the line's end under MSC scoring, read from the referee's one replay of the line."""
    moves = v.moves
    given = fields.pop("steps", None)  # a found line's length (the empty line: 0)
    steps = given if isinstance(given, int) else (
        len(moves) - len(start) if moves else (0 if fields.get("reached") else None))
    end = replayed(deal, variant, moves) if moves else None
    score = end.msc_score if end is not None and variant.scoring == "msc" else v.score
    verdict = replace(v, score=score, seconds=clock.wall() - wall, deal_number=deal.number,
                      reason=v.reason if reason is None else reason)
    return GoalAnswer(verdict, steps=steps, end=end, **fields)


def _objective(variant: Variant, board: bool) -> Variant:
    """The rules whose verdict says whether the goal can be met at all."""
    if not board:
        return variant
    opts: dict[str, object] = {"objective": "pyramid"}
    if variant.scoring == "par":
        opts["scoring"] = "none"
    return variant.with_options(**opts)


WHY_SAME = ("one a King, one a pair of the other cards, and with a stock of one pass "
            "one a deal")


def same_length(variant: Variant) -> int | None:
    """The number of moves of every win, when all wins have the same: every card to go
    in an open game (a move a King, a move a pair: 28 with 52 cards), or in a stock game
    of one pass with the top face down (and a deal for each card, or three, of the
    stock: every card must be dealt to go); else ``None``."""
    if variant.objective != "all":
        return None
    discards = 4 + (52 - 4) // 2
    if variant.is_open:
        return discards
    if variant.passes == 1 and not variant.face_up and not variant.auto_deal:
        # (a face-up top may go undrawn; an automatic deal is not a move)
        draw = variant.draw or 1
        return discards + -(-variant.rest_cards // draw) - variant.opening
    return None


#: the search's budget for the verdict a fewest-moves answer starts from: it proves most
#: blocked deals in milliseconds; past it the optimal solver decides (its search that
#: empties its queue is a proof too), so a winnable deal is not searched twice at length
VERDICT_NODES = 100_000


def _first_verdict(deal: Deal, rules: Variant, start: tuple[Move, ...],
                   time_limit: float | None) -> Verdict:
    """The cheap proofs first: the instant certificates, the structural one (the search
    on the open-bouquet relaxation, as bulk runs decide it), then the search within
    :data:`VERDICT_NODES` (``unknown`` past it). From the deal's start the search runs
    raw (a compiled call, no line replayed: a winnable deal's line is A*'s to find)."""
    import numpy as np

    from pyramids.answers.certificates import quick_certificate, structural_from
    from pyramids.engines.autodeal import manual
    from pyramids.engines.faceup import face_down
    from pyramids.engines.search import core, default_searcher, relaxation, solve

    t0 = clock.wall()
    if start or rules.scoring == "par":
        left = None if time_limit is None else max(time_limit, 0.001)
        return solve(deal, rules, start=start, node_limit=VERDICT_NODES, time_limit=left)
    cert = quick_certificate(deal, rules)
    searcher = default_searcher()
    row = np.array([deal.cards], np.int64)
    first = np.zeros(1, np.int64)
    if cert is None and rules.rest != "bouquet":
        res = searcher.run_many(row, first, relaxation(rules), VERDICT_NODES)
        if int(res.status[0]) == core.S_EXHAUSTED:
            cert = structural_from(deal, rules)
    if cert is not None:
        return Verdict("blocked", "certificate", certificate=cert,
                       seconds=clock.wall() - t0, deal_number=deal.number)
    down = manual(rules)
    down = face_down(down) if down.face_up else down
    res = searcher.run_many(row, first, down, VERDICT_NODES)
    status = int(res.status[0])
    nodes = int(res.nodes[0])
    if status == core.S_EXHAUSTED:
        return Verdict("blocked", "search", certificate=searcher.exhaustive(
            nodes, *res.counters[0].tolist()), nodes=nodes,
            seconds=clock.wall() - t0, deal_number=deal.number)
    reason = ("a line exists (the search found one; A* finds the fewest moves)"
              if status == core.S_FOUND else f"node limit {VERDICT_NODES} reached")
    return Verdict("unknown", "search", nodes=nodes, seconds=clock.wall() - t0,
                   reason=reason, deal_number=deal.number)


def _fewest(deal: Deal, variant: Variant, goal: Goal, start: tuple[Move, ...],
            left: object, engine: str, wall: float) -> GoalAnswer:
    from pyramids.answers.check import check
    from pyramids.engines import optimal

    board = goal.kind == "board" or variant.objective == "pyramid"
    kind = "board" if board else "all"
    rules = _objective(variant, board)
    limit = left()  # type: ignore[operator]
    if engine == "auto":
        first = _first_verdict(deal, rules, start, limit)
    else:
        first = check(deal, rules, engine=engine, time_limit=limit, start=start)
    name = str(goal)
    if first.status == "blocked":
        return _finish(replace(first, moves=()), start, variant, deal, wall, goal=name,
                       optimal=True, reached=False)
    same = None if board else same_length(variant)
    if same is not None:
        line = first if first.winnable else _any_line(deal, rules, start, left)
        if line.winnable:
            return _finish(line, start, variant, deal, wall, goal=name, optimal=True,
                           reached=True,
                           reason=f"every win takes the same {same} moves: {WHY_SAME}")
        if line.status == "blocked":
            return _finish(replace(line, moves=()), start, variant, deal, wall, goal=name,
                           optimal=True, reached=False)
    if engine == "auto" and first.status == "unknown" and \
            not first.reason.startswith("a line exists"):
        # the search's budget ran out: the exact engines get a fifth of the time first,
        # as they prove most such deals blocked (CP-SAT) where A* would have to exhaust
        first = _any_line(deal, rules, start, lambda: _part(left, 0.2))
        if first.status == "blocked":
            return _finish(replace(first, moves=()), start, variant, deal, wall, goal=name,
                           optimal=True, reached=False)
    found = optimal.shortest(deal, variant, kind, start=start,  # type: ignore[arg-type]
                             time_limit=left())  # type: ignore[operator]
    runs = first.engines
    if found.status == "found":
        return _finish(Verdict("winnable", ENGINE, (*start, *found.moves), nodes=found.nodes,
                               engines=runs, deal_number=deal.number),
                       start, variant, deal, wall, goal=name, optimal=True, reached=True)
    if found.status == "none":
        what = "clears the pyramid" if board else "wins"
        cert = Certificate("exhaustive", f"every reachable position searched "
                           f"({found.nodes:,}): no line of play {what}", {"nodes": found.nodes})
        return _finish(Verdict("blocked", ENGINE, certificate=cert, nodes=found.nodes,
                               engines=runs), start, variant, deal, wall, goal=name,
                       optimal=True, reached=False)
    reason = (f"{found.reason}: the fewest moves are at least {found.lower} "
              f"from here (proven); the line given is the best found, not proven shortest")
    line = first if first.winnable else _any_line(deal, rules, start, left, at_least=1.0)
    if line.winnable:
        return _finish(replace(line, reason=reason), start, variant, deal, wall, goal=name,
                       optimal=False, reached=True, steps_bound=found.lower)
    if line.status == "blocked":  # the engines proved what A* could not exhaust in time
        return _finish(replace(line, moves=(), engines=runs + line.engines), start, variant,
                       deal, wall, goal=name, optimal=True, reached=False)
    return _finish(replace(line, moves=(), reason=f"{found.reason}; no line found"), start,
                   variant, deal, wall, goal=name, optimal=False, reached=None,
                   steps_bound=found.lower)


def _any_line(deal: Deal, rules: Variant, start: tuple[Move, ...], left: object,
              at_least: float = 0.0) -> Verdict:
    """A winning line, not the shortest: the exact engines' (the portfolio), within the
    time left (at least ``at_least`` seconds, so that a spent limit still gets a line)."""
    from pyramids.answers.check import run_engine

    limit = left()  # type: ignore[operator]
    if limit is not None:
        limit = max(limit, at_least)
    return run_engine(deal, rules, "auto", limit, start=start)


def _verdict(deal: Deal, variant: Variant, start: tuple[Move, ...], left: object,
             engine: str) -> Verdict:
    """The game's own verdict (status, certificate): whether it can be won from here.
    The score and cards goals keep it as their status, as Par does: the goal's line
    need not win."""
    from pyramids.answers.check import check

    return check(deal, variant, engine=engine, time_limit=left(), start=start)  # type: ignore[operator]


@overload
def _with_status(v: Verdict, game: Verdict) -> Verdict: ...
@overload
def _with_status(v: GoalAnswer, game: Verdict) -> GoalAnswer: ...
def _with_status(v: Verdict | GoalAnswer, game: Verdict) -> Verdict | GoalAnswer:
    """``v`` (a goal's line, or an answer on it) carrying the game's verdict as its
    status."""
    if isinstance(v, GoalAnswer):
        return replace(v, verdict=_with_status(v.verdict, game))
    if game.status == "winnable" and not v.moves:
        return replace(v, status="unknown" if v.status == "unknown" else v.status)
    note = "" if game.status != "winnable" or _wins(v) else (
        "the game can be won, but the goal's line stops short of a win")
    return replace(v, status=game.status, certificate=game.certificate,
                   engines=game.engines + v.engines,
                   reason="; ".join(r for r in (v.reason, note) if r))


def _wins(v: Verdict) -> bool:
    return v.status == "winnable"


def _line_verdict(deal: Deal, variant: Variant, moves: tuple[Move, ...], nodes: int,
                  reason: str = "") -> Verdict:
    """A goal's line as a verdict: ``winnable`` when it wins the game, else ``unknown``
    until :func:`_with_status` gives it the game's status."""
    won = replayed(deal, variant, moves).won  # (the replay the optimal solver checked)
    return Verdict("winnable" if won else "unknown", ENGINE, moves, nodes=nodes,
                   reason=reason, deal_number=deal.number)


#: the MSC score no line reaches without clearing the board: 27 removals and six rows
BOARDLESS_MOST = 5 * 27 + 650


def _score(deal: Deal, variant: Variant, goal: Goal, start: tuple[Move, ...],
           left: object, wall: float, engine: str) -> GoalAnswer:
    """The best score in the fewest moves (or the fewest moves to ``goal.target``).

    A* first, within 15% of the time: the fewest moves to the proven ceiling (every card
    and every row, usually 1,290; less when the board cannot be cleared, and the open
    relaxation's best), or to ``goal.target`` below it. Found, that is the answer (most
    deals). Proven out of reach, the same for 5 points fewer (every score is a multiple
    of 5). Past those, the best-first search for the best score, under the ceilings
    proven so far, then A* for the fewest moves to it. Where CP-SAT's model plays the
    rules (:func:`_cpsat_scores`), A* first for :data:`QUICK_SCORE` positions, then CP-SAT
    finds the best score up to the ceiling (:func:`_best_by_cpsat`); a score it proves
    the best gets A* for all the time left."""
    from pyramids.engines import optimal

    name = str(goal)
    game = _verdict(deal, variant, start, left, engine)
    board_blocked = game.status == "blocked" and variant.objective == "pyramid"
    ceiling, rows = _score_ceiling(deal, variant, start, left, board_blocked)
    never = 0  # pyramid slots that never go (the relaxation's), once the probe fails
    top = optimal.score_ceiling(deal, variant, start)
    if ceiling is not None:
        top = min(top, ceiling)
    # the goal's score out of reach: proven by the ceiling, or below by A*
    unreachable = goal.target is not None and goal.target > top
    aim = top if goal.target is None or unreachable else goal.target
    reachable = False  # aim proven reachable (CP-SAT's line): A* gets the time left
    tries = 2
    if _cpsat_scores(variant, start):
        # A* for a moment (it finds most deals' line in milliseconds); then CP-SAT's
        # model decides the best score up to aim (where A* or the best-first search would
        # search every position to prove the aims above it out of reach); reached, A*
        # gets the time left for the fewest moves to it
        probe = _to_score(deal, variant, aim, start, _part(left, 0.15), ceiling, rows,
                          never, node_limit=QUICK_SCORE)
        if probe.status == "found":
            return _finish(_with_status(_line_verdict(deal, variant, (*start, *probe.moves),
                                                      probe.nodes), game),
                           start, variant, deal, wall, goal=name, optimal=True,
                           reached=None if goal.target is None else aim >= goal.target)
        if probe.status == "none":  # as the loop below: aim is out of reach
            unreachable = unreachable or (goal.target is not None and aim <= goal.target)
            aim -= MSC_REMOVAL
            ceiling = aim if ceiling is None else min(ceiling, aim)
        if probe.status == "limit" and (board_blocked or (rows is not None and rows < 7)):
            # the board out of reach (the game's verdict, or the relaxation's rows): the
            # pyramid cards that never go, even in the relaxation, sharpen every bound
            never = optimal.relaxed_never(deal, variant, time_limit=_part(left, 0.1))
        if probe.status == "limit":
            most_in_reach, can = _best_by_cpsat(deal, variant, aim, left,
                                                uncleared=top <= BOARDLESS_MOST, never=never,
                                                rows=rows)
            if most_in_reach < aim:  # every aim above it proven out of reach
                unreachable = unreachable or (goal.target is not None
                                              and most_in_reach < goal.target)
                aim = most_in_reach
                ceiling = aim if ceiling is None else min(ceiling, aim)
            reachable = can is True
            if can is None and aim <= BOARDLESS_MOST:
                tries = 0  # A* to an aim out of reach would search as long
    for _ in range(tries):
        quick = _to_score(deal, variant, aim, start,
                          left() if reachable else _part(left, 0.15),  # type: ignore[operator]
                          ceiling, rows, never)
        if quick.status == "found":  # nothing above aim is reachable, or aim is the goal
            v = _line_verdict(deal, variant, (*start, *quick.moves), quick.nodes)
            return _finish(_with_status(v, game), start, variant, deal, wall, goal=name,
                           optimal=True, reached=None if goal.target is None
                           else aim >= goal.target)
        if quick.status != "none" or aim < MSC_REMOVAL:
            break
        unreachable = unreachable or (goal.target is not None and aim <= goal.target)
        aim -= MSC_REMOVAL  # (a removal 5 points, a row's bonus 25 or more)
        ceiling = aim if ceiling is None else min(ceiling, aim)
    best = optimal.most(deal, variant, "score", start=start,
                        stop_at=None if unreachable else goal.target,
                        time_limit=left(), ceiling=ceiling, rows=rows,  # type: ignore[operator]
                        never=never)
    proven = best.status == "found"
    value = best.value if best.value is not None else 0
    best_moves = best.moves
    if not proven and game.winnable:  # the verdict's line: a score found, maybe better
        end = Game(deal, variant)
        for _ in play(end, game.moves):
            pass
        if end.msc_score() > value:
            value, best_moves = end.msc_score(), game.moves[len(start):]
    hit = goal.target is not None and value >= goal.target
    target = goal.target if hit and goal.target is not None else value
    reached = None if goal.target is None else (
        True if hit else (False if proven or unreachable else None))
    line = _to_score(deal, variant, target, start, left(), ceiling or value,  # type: ignore[operator]
                     rows, never)
    best_known = hit or proven
    why = "" if best_known else (f"{best.reason}: {value:,} points is the best found, a "
                                 "lower bound on the best score")
    if line.status == "found":
        v = _line_verdict(deal, variant, (*start, *line.moves), best.nodes + line.nodes, why)
        return _finish(_with_status(v, game), start, variant, deal, wall, goal=name,
                       optimal=best_known, reached=reached)
    v = _line_verdict(deal, variant, (*start, *best_moves), best.nodes + line.nodes,
                      "; ".join(r for r in (why, f"{line.reason}: a line to {value:,} "
                                            "points, not proven the shortest") if r))
    return _finish(_with_status(v, game), start, variant, deal, wall, goal=name,
                   optimal=False, reached=reached, steps_bound=line.lower)


#: positions A* expands (some 0.15 s) for a score before CP-SAT is asked whether it can
#: be reached at all (A* finds most deals' line in a few milliseconds); a count, not
#: seconds, so that a loaded machine takes the same route
QUICK_SCORE = 150_000


def _best_by_cpsat(deal: Deal, variant: Variant, aim: int, left: object, *, uncleared: bool,
                   never: int, rows: int | None) -> tuple[int, bool | None]:
    """The best MSC score at most ``aim``, by CP-SAT's decisions (:func:`_clears_with`):
    ``(best, True)`` proven (every score above it out of reach, itself reached), or
    ``(hi, None)`` when a decision hit its limit (every score above ``hi`` is out of
    reach, ``hi`` not decided). Down from ``aim`` in growing steps (5, 10, 20, ... points:
    most deals' best is within a few removals of the ceiling, but some boards that
    cannot be cleared score hundreds of points under it), then halving the gap between
    the best reached (the replayed score of CP-SAT's line, often above what was asked)
    and the lowest out of reach."""
    lo: int | None = None  # the highest score a line is known to reach
    hi = aim  # every score above hi is proven out of reach
    step = 0
    while lo is None or lo < hi:
        if lo is None:  # galloping down
            at = max(hi - step, 0)
            step = MSC_REMOVAL if not step else 2 * step
        else:  # halfway, on the 5-point grid, rounded up (so that lo < at <= hi)
            at = lo + MSC_REMOVAL * -(-(hi - lo) // (2 * MSC_REMOVAL))
        # (below the board, CP-SAT proves fewer aims quickly: a smaller share)
        can, scored = _clears_with(deal, variant, at,
                                   _part(left, 0.3 if at > BOARDLESS_MOST else 0.15),
                                   uncleared=uncleared, never=never, rows=rows)
        if can is None:
            return hi, None
        if can:
            lo = min(max(at, scored), hi)
        elif at == 0:  # (no line at all: a deal without a move)
            return 0, None
        else:
            hi = at - MSC_REMOVAL
    return hi, True


def _cpsat_scores(variant: Variant, start: tuple[Move, ...]) -> bool:
    """Whether CP-SAT's stock model decides the score and cards goals' questions
    (:func:`_clears_with`, :func:`_cards_search`): from the deal, in a stock game of
    seven rows, draw 1, whose objective is the pyramid (the game stops there, as MSC's
    does), no automatic deals or stock-waste pairs, no opening deal, no Par."""
    from pyramids.engines.autodeal import translates

    return (not start and variant.rest == "stock" and variant.rows == 7
            and variant.draw == 1 and variant.stock_waste != "automatic"
            and variant.objective == "pyramid" and variant.scoring != "par"
            and not variant.opening and not translates(variant))


def _clears_with(deal: Deal, variant: Variant, score: int, time_limit: float | None, *,
                 uncleared: bool, never: int, rows: int | None) -> tuple[bool | None, int]:
    """Can a line from the deal score ``score``? CP-SAT's model (:func:`pyramids.engines.
    cpsat.msc_reaches`: above :data:`BOARDLESS_MOST`, a clear with the removals the score
    needs by then; below, every card optional); ``uncleared``: the board is proven out
    of reach; ``never``: pyramid cards proven never to go; ``rows``: the most rows a
    line clears, proven. True, False (proven), None (the limit); and the score of the
    model's line, replayed by the rules engine (0 without one)."""
    from pyramids.engines import cpsat
    from pyramids.engines.faceup import face_down

    can, line = cpsat.msc_reaches(deal, variant, score, time_limit=time_limit,
                                  uncleared=uncleared, never=never, rows=rows)
    if not can:
        return can, 0
    # (the line is the face-down game's for MSC's face-up deck: the same game)
    scored = replayed(deal, face_down(variant) if variant.face_up else variant, line)
    if scored.msc_score < score:
        raise AssertionError(f"CP-SAT's line scores {scored.msc_score}, not {score}")
    return True, scored.msc_score


def _to_score(deal: Deal, variant: Variant, target: int, start: tuple[Move, ...],
              time_limit: float | None, ceiling: int | None, rows: int | None,
              never: int = 0, node_limit: int | None = None) -> Optimum:
    """A*'s fewest moves to ``target`` points. The full score is every card gone, so its
    line is the fewest moves that remove all 52: A* for that goal, whose bound and
    prunings (an available King goes first, a card with one partner left goes with it)
    are sharper than the score's."""
    from pyramids.engines import optimal

    if target >= _full_score(variant):
        return optimal.shortest(deal, variant, "all", start=start, time_limit=time_limit,
                                never=never, node_limit=node_limit)
    return optimal.shortest(deal, variant, "score", target=target, start=start,
                            time_limit=time_limit, ceiling=ceiling, rows=rows, never=never,
                            node_limit=node_limit)


def _score_ceiling(deal: Deal, variant: Variant, start: tuple[Move, ...], left: object,
                   board_blocked: bool) -> tuple[int | None, int | None]:
    """(a score no line passes, the most rows a line clears), each None when unknown: the
    open relaxation's best score and rows (:func:`pyramids.engines.optimal.relaxed_score`); 785
    when the board cannot be cleared; one removal short of the full score when the game of
    clearing all 52 cards is blocked (a full score removes them all). Proven ceilings let
    the searches stop at a best that meets one instead of exhausting every position."""
    from pyramids.engines import optimal

    ceiling = BOARDLESS_MOST if board_blocked else None
    rows = None
    relaxed = optimal.relaxed_score(deal, variant, time_limit=_part(left, 0.2)) \
        if variant.rest == "stock" else None
    if relaxed is not None:
        ceiling = relaxed.score if ceiling is None else min(ceiling, relaxed.score)
        rows = relaxed.rows
    full = _full_score(variant)
    if not board_blocked and (ceiling is None or ceiling >= full):
        every = variant.with_options(objective="all")
        every_card = _first_verdict(deal, every, start, _part(left, 0.2))
        if every_card.status == "unknown" and not every_card.reason.startswith("a line") \
                and not _cpsat_scores(variant, start):
            # the search's budget ran out: the exact engines (CP-SAT proves most of these
            # blocked in a fraction of a second, where A* would exhaust every position;
            # where it can, _score asks CP-SAT the sharper question: every card, the
            # pyramid's last)
            every_card = _any_line(deal, every, start, lambda: _part(left, 0.1))
        if every_card.status == "blocked":
            ceiling = full - MSC_REMOVAL
    return ceiling, rows


def _full_score(variant: Variant) -> int:
    """MSC's score when every card is gone: every row's bonus, and a removal per King and
    per pair (1,290 for seven rows)."""
    kings = 4
    return MSC_REMOVAL * (kings + (52 - kings) // 2) + sum(MSC_ROW_BONUS[:variant.rows])


def _part(left: object, share: float) -> float | None:
    """``share`` of the time left (None: no limit)."""
    t = left()  # type: ignore[operator]
    return None if t is None else max(t * share, 0.001)


def _cards(deal: Deal, variant: Variant, goal: Goal, start: tuple[Move, ...],
           left: object, wall: float, engine: str) -> GoalAnswer:
    from pyramids.engines import optimal

    name = str(goal)
    rank, want = goal.rank or 1, goal.target or 1
    game = _verdict(deal, variant, start, left, engine)
    # the open relaxation's most (stock games): no line discards more, and it is found in
    # milliseconds where A* would search every position to prove the goal out of reach
    relaxed = optimal.relaxed_cards(deal, variant, rank, stop_at=want,
                                    time_limit=_part(left, 0.1)) \
        if variant.rest == "stock" else None
    out_of_reach = relaxed is not None and relaxed < want
    # A* first, within 80% of the time: its bound finds most lines at once, and proves
    # most goals that cannot be met in a few positions (what the cards need cannot be
    # matched); the best-first search for the most explores no fewer positions, so it
    # only comes in when the A*s below run out of time
    quick = None if out_of_reach else _cards_search(deal, variant, "cards", rank, want,
                                                    start, left, 0.8)
    if quick is not None and quick.status == "found":
        return _with_status(_cards_line(deal, variant, name, "cards", rank, want, start, left,
                                        wall, reached=True, found=quick), game)
    label = "the most, the pyramid cleared or not"
    proven = quick is None or quick.status == "none"
    top = want - 1 if relaxed is None else min(want - 1, relaxed)
    fewer = _most_by_astar(deal, variant, "cards", rank, top, start, left)
    if fewer is not None:
        have, line = fewer
        proven = proven or have < want - 1  # (A* proved want - 1 out of reach: want too)
        primary = _cards_line(deal, variant, name, "cards", rank, have, start, left, wall,
                              reached=False if proven else None, label=label, found=line,
                              why="" if proven or quick is None else f"{quick.reason} "
                              f"before {want} were proven out of reach: {have} is the most "
                              "found")
    else:
        most = optimal.most(deal, variant, "cards", rank=rank, start=start, stop_at=want,
                            time_limit=left())  # type: ignore[operator]
        have = most.value or 0
        if have >= want:
            return _with_status(_cards_line(deal, variant, name, "cards", rank, want, start,
                                            left, wall, reached=True), game)
        proven = most.status == "found"
        primary = _cards_line(deal, variant, name, "cards", rank, have, start, left, wall,
                              reached=False if proven else None, label=label,
                              why="" if proven else f"{most.reason}: {have} is the most "
                              "found, not proven the most")
    blocked = game.status == "blocked" and variant.objective == "pyramid"
    return replace(_with_status(primary, game),
                   alternatives=(_cards_board(deal, variant, name, rank, have, start, left,
                                              wall, exact=fewer is not None and proven,
                                              game=game if blocked else None),))


def _cards_board(deal: Deal, variant: Variant, name: str, rank: int, have: int,
                 start: tuple[Move, ...], left: object, wall: float, *,
                 exact: bool, game: Verdict | None) -> GoalAnswer:
    """The most cards of ``rank`` that can go with the pyramid cleared (at most ``have``,
    the most without; ``exact``: ``have`` is proven), as the answer's alternative.
    ``game``: the verdict that no line clears the pyramid, when the game's is that."""
    from pyramids.engines import optimal

    label = "the most with the pyramid cleared"
    # the open relaxation's most with the pyramid clear bounds the game's (-1: it cannot
    # clear the pyramid, so the game cannot either)
    relaxed = optimal.relaxed_cards(deal, variant, rank, board=True, stop_at=have,
                                    time_limit=_part(left, 0.1)) \
        if game is None and variant.rest == "stock" else None
    top = have if relaxed is None else min(have, relaxed)
    board = _most_by_astar(deal, variant, "cards-board", rank, top, start, left) \
        if exact and game is None and top >= 0 else None
    if game is not None:
        done, why = True, "no line clears the pyramid"
    elif top < 0:
        done, why = True, ("no line clears the pyramid (not even with every other card "
                           "free at every move: the open relaxation)")
    elif board is not None:
        value, line = board
        if value >= 0:
            return _cards_line(deal, variant, name, "cards-board", rank, value, start, left,
                               wall, reached=False, label=label, found=line)
        done, why = True, "no line clears the pyramid"
    else:
        most = optimal.most(deal, variant, "cards-board", rank=rank, start=start,
                            time_limit=left())  # type: ignore[operator]
        if most.value is not None and most.value >= 0:
            return _cards_line(deal, variant, name, "cards-board", rank, most.value, start,
                               left, wall, reached=False, label=label,
                               why="" if most.status == "found" else
                               f"{most.reason}: {most.value} is the most found")
        done = most.status == "found"
        why = ("no line clears the pyramid" if done
               else f"{most.reason}: no line clearing the pyramid found yet")
    alt = _finish(Verdict("unknown", ENGINE, start, reason=why), start, variant, deal,
                  wall, goal=name, label=label, optimal=done, reached=False)
    cert = (game.certificate if game is not None and game.certificate is not None
            else Certificate("exhaustive", why) if done else None)
    return replace(alt, verdict=replace(alt.verdict, status="blocked" if done else "unknown",
                                        certificate=cert, moves=()), steps=None, end=None)


def _most_by_astar(deal: Deal, variant: Variant, kind: str, rank: int, top: int,
                   start: tuple[Move, ...], left: object) -> tuple[int, Optimum] | None:
    """The most cards of ``rank`` a line can discard (``kind`` cards-board: with the
    pyramid cleared, -1 when it cannot be), at most ``top`` (proven by the caller), and
    A*'s fewest moves to them: A* for ``top``, then one fewer while A* proves that none
    reaches it (the first found is the most, and its line the shortest). None: an A* ran
    out of its share of the time; the best-first search for the most takes over.
    Where CP-SAT plays the rules it proves a count out of reach (:func:`_cards_search`)."""
    n = top
    while True:
        found = _cards_search(deal, variant, kind, rank, max(n, 0), start, left, 0.5)
        if found.status == "found":
            return n, found
        if found.status != "none":
            return None
        if n <= 0:
            return -1, found
        n -= 1


#: positions A* expands (some 0.1 s) for N cards of a rank before CP-SAT is asked
#: whether N can go at all (a count: the same route on a loaded machine)
QUICK_CARDS = 100_000


def _cards_search(deal: Deal, variant: Variant, kind: str, rank: int, n: int,
                  start: tuple[Move, ...], left: object, share: float) -> Optimum:
    """A*'s fewest moves to ``n`` cards of ``rank`` (``kind`` cards-board: with the
    pyramid cleared), within ``share`` of the time left. Where CP-SAT's model plays the
    rules (:func:`_cpsat_scores`): A* for a moment (it finds most lines at once), then
    CP-SAT decides whether ``n`` can go at all (``none`` when it proves they cannot,
    where A* would search every position; when they can, A* gets the time left)."""
    from pyramids.engines import cpsat, optimal

    if n <= 0 or not _cpsat_scores(variant, start):
        return optimal.shortest(deal, variant, kind, target=n, rank=rank,  # type: ignore[arg-type]
                                start=start, time_limit=_part(left, share))
    probe = optimal.shortest(deal, variant, kind, target=n, rank=rank,  # type: ignore[arg-type]
                             start=start, time_limit=_part(left, share),
                             node_limit=QUICK_CARDS)
    if probe.status != "limit":
        return probe
    slots = sum(1 << s for s, c in enumerate(deal.cards) if c % 13 + 1 == rank)
    can, _ = cpsat.discards(deal, variant, slots, n, board=kind == "cards-board",
                            time_limit=_part(left, 0.3))
    if can is False:
        what = " with the pyramid cleared" if kind == "cards-board" else ""
        return replace(probe, status="none", lower=0, reason=(
            f"CP-SAT's model of the game: no line discards {n} {_cards_name(rank, n)}{what}"))
    return optimal.shortest(deal, variant, kind, target=n, rank=rank,  # type: ignore[arg-type]
                            start=start, time_limit=left() if can else _part(left, share))  # type: ignore[operator]


def _cards_line(deal: Deal, variant: Variant, name: str, kind: str, rank: int, n: int,
                start: tuple[Move, ...], left: object, wall: float, *,
                reached: bool | None, label: str = "", why: str = "",
                found: Optimum | None = None) -> GoalAnswer:
    """The fewest moves to ``n`` cards of ``rank`` (``kind`` cards-board: with the
    pyramid cleared), as a goal answer (``found``: A*'s answer, already had)."""
    from pyramids.engines import optimal

    line = found or optimal.shortest(deal, variant, kind, target=n, rank=rank,  # type: ignore[arg-type]
                                     start=start, time_limit=left())  # type: ignore[operator]
    if line.status != "found":
        return _finish(Verdict("unknown", ENGINE, reason=f"{line.reason}: no line found "
                               f"to {n} cards"), start, variant, deal, wall, goal=name,
                       optimal=False, reached=None, label=label, steps_bound=line.lower)
    v = _line_verdict(deal, variant, (*start, *line.moves), line.nodes, why)
    out = _finish(v, start, variant, deal, wall, goal=name, optimal=not why,
                  reached=reached, count=n, label=label, steps=len(line.moves))
    if out.end is None:
        return out
    # the cards gone at the line's end: more than ``n`` where the position asked had
    # already discarded more (the fewest moves are then none)
    return replace(out, count=optimal.gone(out.end.removed, rank))


RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
_WHAT = {"board": "the fewest {u} that clear the pyramid",
         "moves": "the fewest {u} that win the game",
         "score": "the highest score, in the fewest {u} that reach it",
         "cards": "the fewest {u} that discard {n} {r}"}


def _cards_name(rank: int, n: int) -> str:
    return RANK_NAMES[rank - 1] + ("s" if n != 1 else "")


def describe(v: GoalAnswer, goal: Goal, variant: Variant) -> list[str]:
    """An answer to ``goal`` in words, a line each: the goal, the answer (proven or a
    bound), and any alternative the player chooses between."""
    unit = variant.move_unit
    rank, n = goal.rank or 1, goal.target or 0
    what = _WHAT.get(goal.kind, "").format(u=unit, n=n, r=_cards_name(rank, n))
    if goal.kind == "score" and goal.target is not None:
        what = f"the fewest {unit} that reach {goal.target:,} points"
    out = [f"goal {goal}: {what}"]
    out.append("answer: " + _answer_words(v, goal, unit))
    for alt in v.alternatives:
        out.append(f"{alt.label}: " + _answer_words(alt, goal, unit))
    return out


def _steps_words(v: GoalAnswer, unit: str) -> str:
    if v.steps is None:
        return ""
    if v.optimal:
        return f"{v.steps} {unit}, proven the fewest"
    bound = f"; at least {v.steps_bound} (proven)" if v.steps_bound else ""
    return f"{v.steps} {unit}, the fewest found, not proven{bound}"


def _answer_words(v: GoalAnswer, goal: Goal, unit: str) -> str:
    score = f"; score {v.score:,}" if v.score is not None and v.moves else ""
    if goal.kind in ("board", "moves"):
        if v.steps is None:
            if v.status == "blocked":
                return "none: the goal cannot be reached (proven)"
            bound = f"; at least {v.steps_bound} {unit} (proven)" if v.steps_bound else ""
            return f"unknown ({v.reason or 'a limit ran out'}){bound}"
        return _steps_words(v, unit) + score
    if goal.kind == "score":
        best = v.score or 0
        if goal.target is None:
            proven = "proven the best" if v.optimal else "the best found, not proven"
            return f"{best:,} points ({proven}), in " + _steps_words(v, unit)
        if v.reached:
            return f"{goal.target:,} points in " + _steps_words(v, unit) + score
        if v.reached is False:
            return (f"{goal.target:,} points cannot be reached (proven); the best is "
                    f"{best:,}, in " + _steps_words(v, unit))
        return (f"{goal.target:,} points not reached within the limit; the best found is "
                f"{best:,}, in " + _steps_words(v, unit))
    rank = goal.rank or 1
    if v.count is None and v.steps is None:
        return v.reason or "unknown"
    count = v.count or 0
    cards = f"{count} {_cards_name(rank, count)}"
    if v.reached:
        return f"{cards} in " + _steps_words(v, unit) + score
    if count == 0 and v.optimal:
        return f"no {_cards_name(rank, 1)} can be discarded (proven)"
    most = "at most" if v.optimal else "at least (not proven the most)"
    return f"{most} {cards}, in " + _steps_words(v, unit) + score
