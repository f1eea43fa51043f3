"""Difficulty grade of a winnable deal of one of PySolFC's ten other pyramid games.

The classic grade (:mod:`.grading`) scores the traps on a deal's winning line, its losing
moves, its branching and how often a simple player loses; it is built on the classic
engines, which play only the classic presets. This is the same idea re-derived for any
game of :mod:`pyramids.core.rules` (a cover graph, a pairing rule, a talon), over the
general rules engine (:class:`~pyramids.core.board.Board`) and the general search
(:func:`pyramids.engines.pairs.solve`), so it means the same in every game:

``traps``, ``losing_moves``, ``unsettled``
    walking the deal's winning line (the one the search proved), the positions where at
    least one *other* legal move loses: after it the search PROVES the position lost
    (``blocked``; a search that runs out of its ``node_limit`` is ``unsettled`` and never
    counts). A trap is a point where a player who picks a plausible move can lose the
    game outright; ``losing_moves`` counts those moves in all.
``decisions``, ``branching``
    positions on the line with two or more legal moves, and their mean number of legal
    moves: how much choosing there is.
``length``
    moves in the line (a two-deck game's lines are twice as long).
``playout_losses``, ``playout_left``
    games lost out of :data:`PLAYOUTS` by a player who takes a pair (or a card that goes
    alone) whenever one is there, choosing among them at random, and deals only when
    there is none, and the cards left at the end of those games on average (a win leaves
    none): how a player who plays sensibly but looks no further fares. Where that player
    nearly always loses (most of these games' deals), the cards left still say how far
    short of a win the deal lets such a player come. Seeded from :data:`GRADING_SEED` and
    the playout's number, so deterministic.

Score (weights as in the classic grade, where the component is the same)::

    score = 2.0 * traps + 0.5 * losing_moves + 1.0 * (branching - 1)
          + 0.05 * length + 0.1 * playout_losses + 0.25 * playout_left

The grades are drawn per game as the classic ones are: ``easy`` below the 40th percentile
of the scores of the game's graded winnable deals, ``medium`` from it, ``hard`` from the
70th, ``expert`` from the 90th (:data:`THRESHOLDS`, from ``scripts/make_pysolfc_seeds.py
thresholds``); a game without thresholds gets a score and no grade.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pyramids.answers.family import check_game
from pyramids.bulk.analysis import GAME_NODE_LIMIT
from pyramids.core.board import Board
from pyramids.core.cards import Card
from pyramids.core.errors import PyramidsError
from pyramids.core.rules import Rules
from pyramids.engines.pairs import solve
from pyramids.generator.grading import grade_of

#: nodes each search from a position after another move may take (deterministic): a
#: position it cannot settle is ``unsettled``, never a trap
GRADE_NODE_LIMIT = 100_000
#: the search's switches left off for the winning line a deal is graded along when none
#: is given: h71's move order and h76's beam, whose lines differ; the shipped seed lists
#: and THRESHOLDS were graded along the lines of the search without them (the
#: alternatives' searches, of which only a proof of blocked counts, do not depend on
#: order, and the beam proves nothing blocked)
GRADE_WITHOUT = ("order", "beam")
#: games first graded after h76's beam: no shipped list holds them to older lines, so they
#: are graded along the line every switch finds, as ``pyramids stats`` and ``check`` find
#: it; Double Pyramid's search without the beam left about half its deals to CP-SAT, a
#: second answer per seed for no gain
GRADED_WITH_EVERY_SWITCH = frozenset({"pysolfc-double-pyramid"})
#: games the sensible random player plays (``playout_losses``)
PLAYOUTS = 50
GRADING_SEED = 20261127
WEIGHTS: dict[str, float] = {"traps": 2.0, "losing_moves": 0.5, "branching": 1.0,
                             "length": 0.05, "playout_losses": 0.1,
                             "playout_left": 0.25}

#: Where each game's grades begin (medium, hard, expert): the 40th, 70th and 90th
#: percentiles of the scores of its graded seeds (scripts/make_pysolfc_seeds.py
#: thresholds GAME), pasted here
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "pysolfc-pharaohs": (52.03, 63.73, 74.36),  # 1,104 seeds of games 32000-181999
    "pysolfc-pyramid-dozen": (44.56, 56.29, 66.22),  # 1,985 seeds of games 32000-51999
    "pysolfc-eleven-triangle": (40.38, 52.04, 62.29),  # 1,315 seeds of games 32000-41999
    "pysolfc-triangle": (20.5, 32.02, 43.93),  # 1,977 seeds of games 32000-34999
    "pysolfc-pyramid-thirteen": (47.13, 58.87, 72.12),  # 1,471 seeds of games 32000-51999
    "pysolfc-cheops": (45.04, 54.77, 64.69),  # 1,192 seeds of games 32000-33199
    "pysolfc-apophis": (17.84, 27.05, 38.59),  # 1,656 seeds of games 32000-34499
    "pysolfc-up-and-down": (31.0, 43.75, 58.69),  # 1,498 seeds of games 32000-33499
    "pysolfc-two-pyramids": (34.16, 45.53, 60.38),  # 997 seeds of games 32000-32999
    "pysolfc-double-pyramid": (34.43, 47.99, 63.72),  # 994 seeds of games 32000-32999
}


class FamilyGradeError(PyramidsError):
    """A deal that cannot be graded: not proved winnable, or a line that does not win."""


@dataclass(frozen=True)
class FamilyGrading:
    """A graded deal: its score, its grade (``None`` where the game has no thresholds
    yet), the components the score weighs and the winning line walked."""

    score: float
    grade: str | None
    components: dict[str, Any]
    line: tuple[str, ...]

    def to_json_obj(self) -> dict[str, Any]:
        """The grading as ``pyramids grade --json`` prints it for a game: its grade
        (``null`` without thresholds), score, components and the line walked."""
        return {"grade": self.grade, "score": self.score, "components": self.components,
                "moves": list(self.line)}


def thresholds_of(rules: Rules) -> tuple[float, float, float]:
    """Where ``rules``' grades begin (:data:`THRESHOLDS`); :class:`FamilyGradeError`
    naming the game and the games graded where it has none yet."""
    th = THRESHOLDS.get(rules.name)
    if th is None:
        raise FamilyGradeError(f"{rules.name} has no grade thresholds yet: its deals get "
                               "a score, no grade; the games graded: "
                               f"{', '.join(sorted(THRESHOLDS))}")
    return th


def grade_record(rules: Rules, cards: tuple[Card, ...], line: Sequence[str]
                 ) -> dict[str, Any]:
    """What a bulk run's record of a winnable deal gains when its job grades
    (:attr:`pyramids.bulk.Job.grader`, run in the workers): ``grade`` (``None`` without
    thresholds), ``grade_score`` and ``grade_components``, graded along ``line``, the
    line the record proves."""
    g = grade_game(rules, cards, line)
    return {"grade": g.grade, "grade_score": g.score, "grade_components": g.components}


def combine(components: dict[str, Any]) -> float:
    """The weighted score of the components (the module's docstring)."""
    terms = {name: float(components[name]) for name in WEIGHTS}
    terms["branching"] -= 1  # one move is no choice
    return round(sum(WEIGHTS[name] * value for name, value in terms.items()), 4)


def playout_left(rules: Rules, cards: tuple[Card, ...], game: int) -> int:
    """One game of the sensible random player (``playout_losses``): a random discard
    whenever there is one, else the deal or redeal; seeded by ``game``. The cards left
    at its end (0: won)."""
    rng = random.Random(f"{GRADING_SEED}:{game}")
    board = Board(rules, cards)
    for _ in range(4 * rules.cards * max(1, rules.talon.rounds or 1) + 8):
        moves = board.legal_moves()
        if not moves:
            break
        discards = [m for m in moves if not m.is_stock]
        board.push_unchecked(rng.choice(discards) if discards else moves[0])
    return board.cards_left()


def walk_line(rules: Rules, cards: tuple[Card, ...], line: Sequence[str],
              node_limit: int = GRADE_NODE_LIMIT) -> dict[str, Any]:
    """The line's traps, losing moves, unsettled moves, decisions and branching."""
    board = Board(rules, cards)
    traps = losing = unsettled = decisions = options = 0
    for text in line:
        written = board.parse(text)
        legal = board.legal_moves()
        # a pair may be written either way round (CP-SAT's lines): the legal move it is
        move = next((m for m in legal if m.kind == written.kind
                     and sorted(m.at) == sorted(written.at)), None)
        if move is None:
            raise FamilyGradeError(f"{rules.name}: move {text!r} of the line is not legal "
                                   f"at move {len(board.moves) + 1}")
        if len(legal) >= 2:
            decisions += 1
            options += len(legal)
        lost_here = 0
        for alt in legal:
            if alt == move:
                continue
            board.push_unchecked(alt)
            out = solve(rules, cards, start=tuple(board.moves), node_limit=node_limit)
            board.pop()
            lost_here += out.status == "blocked"
            unsettled += out.status == "unknown"
        traps += lost_here > 0
        losing += lost_here
        board.push_unchecked(move)  # one of ``legal``
    if not board.is_won():
        raise FamilyGradeError(f"{rules.name}: the line does not win the deal")
    return {"traps": traps, "losing_moves": losing, "unsettled": unsettled,
            "decisions": decisions,
            "branching": round(options / decisions, 4) if decisions else 1.0,
            "length": len(line)}


def grade_without(rules: Rules) -> tuple[str, ...]:
    """The search's switches left off for the line ``rules``' deals are graded along:
    :data:`GRADE_WITHOUT`, none for a game of :data:`GRADED_WITH_EVERY_SWITCH`."""
    return () if rules.name in GRADED_WITH_EVERY_SWITCH else GRADE_WITHOUT


def grade_game(rules: Rules, cards: tuple[Card, ...], line: Sequence[str] | None = None,
               *, node_limit: int = GRADE_NODE_LIMIT) -> FamilyGrading:
    """Grade a deal of ``rules`` along ``line`` (a winning line; by default the one
    :func:`~pyramids.answers.family.check_game` proves with engine ``auto``, bulk's node
    limit and every switch of the search but those of :func:`grade_without`: the
    search's, or CP-SAT's where the search stops at its limit, as the seed lists' runs
    settled a deal); :class:`FamilyGradeError` for a deal not proved winnable."""
    if line is None:
        from pyramids.engines.pairs import kernel  # numba: only when a line is needed

        prune = tuple(p for p in kernel.PRUNINGS + kernel.SEEKING
                      if p not in grade_without(rules))
        verdict = check_game(rules, cards, node_limit=GAME_NODE_LIMIT, engine="auto",
                             prune=prune)
        if verdict.status != "winnable":
            raise FamilyGradeError(f"{rules.name}: only a deal proved winnable is graded; "
                                   f"this one is {verdict.status}")
        line = verdict.line
    components = walk_line(rules, cards, line, node_limit)
    left = [playout_left(rules, cards, g) for g in range(PLAYOUTS)]
    components["playout_losses"] = sum(n > 0 for n in left)
    components["playout_left"] = round(sum(left) / PLAYOUTS, 4)
    score = combine(components)
    th = THRESHOLDS.get(rules.name)
    return FamilyGrading(score, None if th is None else grade_of(score, th), components,
                         tuple(line))
