"""Daily challenges: a deal, a goal and a step limit, proven reachable, with a proven par.

A day's set (:func:`day`) holds one challenge per level, easy to expert, drawn from a
random generator seeded by the date and the preset alone, and searched with node limits
(never time limits): the same date gives the same set on every machine.

Each challenge is certified before it is kept: the optimal solver's A* finds the fewest
steps (moves) that reach the goal, the *par*, with a line the referee replays from the
deal and checks against the goal (:func:`certify`); the limit is never below the par.
The grade comes from measured evidence (:class:`Evidence`, docs/usage.md *Daily
challenges* gives the thresholds): how often the simulated players reach the goal within
the limit, the slack between par and limit, and how many first moves still reach it.
A candidate whose evidence does not give the level wanted is passed over for the next.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pyramids.answers.goals import RANK_NAMES, Goal
from pyramids.core.deals import Deal
from pyramids.core.errors import PyramidsError
from pyramids.core.game import Game
from pyramids.core.moves import Move, parse_moves
from pyramids.core.referee import play, replay
from pyramids.core.variants import Variant, get_variant

LEVELS = ("easy", "medium", "hard", "expert")
#: the presets that have daily challenges, and the goal kinds that make sense in each
#: (a score needs MSC's scoring; "moves" where winning is more than clearing the board)
KINDS: dict[str, tuple[str, ...]] = {
    "msc": ("board", "score", "cards"),
    "pyramid": ("board", "cards"),
    "cheops": ("board", "moves", "cards"),
    "tuts-tomb": ("board", "cards"),
}
PRESETS = tuple(KINDS)
MAX_DAYS = 3660
#: score targets of the score goal (MSC): below 785 a line need not clear the board
SCORE_TARGETS = (300, 400, 500, 600, 700, 900, 1000, 1200)
#: the A*'s budget for one search, in positions expanded (deterministic, unlike time)
NODE_LIMIT = 250_000
#: candidates tried for one level before the day is given up (none has come near)
MAX_TRIES = 60
#: the players whose games measure a challenge, and the games each plays
PLAYERS = ("casual", "lookahead-1", "lookahead-2", "planner-2")
GAMES = 12
#: limits tried for a candidate, loosest first: none, then par plus this slack
SLACKS = (None, 12, 8, 6, 4, 3, 2, 1, 0)
#: difficulty from which a challenge is medium, hard, expert
THRESHOLDS = (40.0, 75.0, 92.0)
#: what the evidence adds to the difficulty: a limit with at most TIGHT steps of slack,
#: and a single first move that keeps the goal within the limit
TIGHT = 2
TIGHT_POINTS = 8.0
ONE_WAY_POINTS = 8.0
#: changes whenever a change here changes the sets (cached days carry it)
VERSION = 1


class DailyError(PyramidsError):
    """A date, a day count or a preset that daily challenges cannot take."""


def parse_date(text: str) -> dt.date:
    """A calendar date written YYYY-MM-DD (2026-02-30 and "tomorrow" are refused)."""
    try:
        if len(text) != 10:
            raise ValueError
        return dt.date.fromisoformat(text)
    except ValueError:
        raise DailyError(f"date {text!r} is not a calendar date written YYYY-MM-DD "
                         "(for example 2026-03-01)") from None


def check_preset(name: str) -> Variant:
    """The preset's rules, or :class:`DailyError` naming it and those that have dailies."""
    if name not in KINDS:
        raise DailyError(f"no daily challenges for preset {name!r}: choose "
                         f"{', '.join(PRESETS)}")
    return get_variant(name)


def check_days(days: int) -> int:
    if not 1 <= days <= MAX_DAYS:
        raise DailyError.coded("days-range", most=f"{MAX_DAYS:,}", got=f"{days:,}")
    return days


@dataclass(frozen=True)
class Evidence:
    """What a challenge's grade is made of: ``reached`` of ``games`` simulated players'
    games reach the goal within the limit; ``slack`` steps between par and limit (None:
    no limit); ``first_ok`` of ``first_all`` first moves still reach it within the
    limit (without one: within par + 12 steps), exact: the solver's fewest steps after
    each."""

    games: int
    reached: int
    slack: int | None
    first_ok: int
    first_all: int

    @property
    def rate(self) -> float:
        return self.reached / self.games if self.games else 0.0

    @property
    def difficulty(self) -> float:
        """100 times the players' failure rate, plus :data:`TIGHT_POINTS` for a tight
        limit and :data:`ONE_WAY_POINTS` for a single good first move."""
        d = 100.0 * (1.0 - self.rate)
        if self.slack is not None and self.slack <= TIGHT:
            d += TIGHT_POINTS
        if self.first_ok == 1 and self.first_all > 1:
            d += ONE_WAY_POINTS
        return round(d, 2)

    @property
    def level(self) -> str:
        d = self.difficulty
        return LEVELS[sum(d >= t for t in THRESHOLDS)]

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "reached": self.reached, "rate": round(self.rate, 4),
                "slack": self.slack, "first_moves": self.first_ok,
                "of_first_moves": self.first_all, "difficulty": self.difficulty}


@dataclass(frozen=True)
class Challenge:
    """One certified challenge: reach ``goal`` from ``deal`` within ``limit`` steps
    (None: no limit); ``solution`` reaches it in ``steps``, the proven fewest (the par)."""

    level: str
    variant: Variant
    deal: Deal
    goal: Goal
    limit: int | None
    solution: tuple[Move, ...]
    evidence: Evidence

    @property
    def steps(self) -> int:
        return len(self.solution)

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "variant": self.variant.name,
                "deal": self.deal.line(), "number": self.deal.number,
                "goal": str(self.goal), "limit": self.limit,
                "solution": [str(m) for m in self.solution], "steps": self.steps,
                "words": goal_words(self.goal, self.limit, self.variant),
                "evidence": self.evidence.to_json()}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Challenge:
        """A challenge read back, its solution replayed and checked against its goal."""
        variant = check_preset(str(obj["variant"]))
        deal = Deal.parse(str(obj["deal"]))
        goal = Goal.parse(str(obj["goal"]))
        moves = tuple(parse_moves(list(obj["solution"])))
        ev = obj["evidence"]
        ch = cls(str(obj["level"]), variant, deal, goal, obj["limit"], moves,
                 Evidence(int(ev["games"]), int(ev["reached"]), ev["slack"],
                          int(ev["first_moves"]), int(ev["of_first_moves"])))
        certify(ch)
        return ch


@dataclass(frozen=True)
class Day:
    """A day's set: one challenge per level, easy first."""

    date: dt.date
    variant: Variant
    challenges: tuple[Challenge, ...]
    tried: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"date": self.date.isoformat(), "variant": self.variant.name,
                "version": VERSION, "challenges": [c.to_json() for c in self.challenges]}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Day:
        chs = tuple(Challenge.from_json(c) for c in obj["challenges"])
        return cls(parse_date(str(obj["date"])), check_preset(str(obj["variant"])), chs)


# -- words -------------------------------------------------------------------------------

def goal_words(goal: Goal, limit: int | None, variant: Variant) -> str:
    """The challenge in a player's words: "Clear 4 Aces in 40 steps or fewer"."""
    n = goal.target or 0
    if goal.kind == "board":
        what = "Clear the board" if variant.face_up else "Clear the pyramid"
    elif goal.kind == "moves":
        what = "Win the game (discard all 52 cards)" if variant.objective == "all" \
            else "Clear the pyramid"
    elif goal.kind == "score":
        what = f"Score {n:,} points"
    else:
        name = RANK_NAMES[(goal.rank or 1) - 1]
        what = f"Clear {n} {name}{'s' if n != 1 else ''}"
    if limit is None:
        return what
    return f"{what} in {limit} {unit(variant)} or fewer"


def unit(variant: Variant) -> str:
    return "steps" if variant.face_up else "moves"


# -- certifying --------------------------------------------------------------------------

def met(game: Game, goal: Goal) -> bool:
    """Does the position reached meet ``goal``?"""
    if goal.kind == "board":
        return game.pyramid_cleared()
    if goal.kind == "moves":
        return game.is_won()
    if goal.kind == "score":
        return game.msc_score() >= (goal.target or 0)
    rank = goal.rank or 1
    gone = sum(1 for s in range(4) if game.is_removed(s * 13 + rank - 1))
    return gone >= (goal.target or 0)


def first_reach(deal: Deal, variant: Variant, goal: Goal, moves: Sequence[Move]
                ) -> int | None:
    """The step after which ``moves`` (replayed by the referee) first meet ``goal``."""
    game = Game(deal, variant)
    if met(game, goal):
        return 0
    for i, _ in enumerate(play(game, moves), 1):
        if met(game, goal):
            return i
    return None


def certify(ch: Challenge) -> None:
    """Replay the solution with the referee and check it meets the goal at its last step
    and within the limit; raise :class:`DailyError` if not."""
    replay(ch.deal, ch.variant, ch.solution, require_win=False)
    at = first_reach(ch.deal, ch.variant, ch.goal, ch.solution)
    if at != len(ch.solution):
        raise DailyError(f"challenge {ch.goal} on deal {ch.deal.label()}: the solution "
                         f"meets the goal at step {at}, not at its last, {len(ch.solution)}")
    if ch.limit is not None and ch.limit < len(ch.solution):
        raise DailyError(f"challenge {ch.goal}: par {len(ch.solution)} over the limit "
                         f"{ch.limit}")


def _solver_goal(goal: Goal) -> tuple[str, int, int]:
    """The optimal solver's goal for ``goal``: (kind, target, rank)."""
    if goal.kind == "board":
        return "board", 0, 0
    if goal.kind == "moves":
        return "all", 0, 0
    if goal.kind == "score":
        return "score", goal.target or 0, 0
    return "cards", goal.target or 0, goal.rank or 0


def par(deal: Deal, variant: Variant, goal: Goal, start: Sequence[Move] = (),
        node_limit: int = NODE_LIMIT, most: int | None = None) -> tuple[Move, ...] | None:
    """The fewest steps from the position after ``start`` to one meeting ``goal`` (the
    optimal solver's A*, its line replayed), or None: no line (of at most ``most``
    steps), or the node limit hit."""
    from pyramids.engines import optimal

    kind, target, rank = _solver_goal(goal)
    if kind == "all" and variant.objective == "pyramid":
        kind = "board"
    found = optimal.shortest(deal, variant, kind, target=target,  # type: ignore[arg-type]
                             rank=rank, start=start, node_limit=node_limit,
                             max_moves=most)
    return found.moves if found.status == "found" else None


# -- evidence ----------------------------------------------------------------------------

def player_reaches(deal: Deal, variant: Variant, goal: Goal, games: int = GAMES,
                   players: Sequence[str] = PLAYERS) -> list[int | None]:
    """For each game of each player (seeded: the same games everywhere), the step at
    which it first meets ``goal`` (None: never). The players play to win, as a person
    would; with MSC's face-up deck they play the face-down game that is the same game
    (:mod:`pyramids.engines.faceup`), and their moves are counted as MSC's steps."""
    from pyramids.engines.faceup import face_down
    from pyramids.generator.players import get_player, make_table, play_each, rng_for

    rules = face_down(variant) if variant.face_up else variant
    table = make_table(deal, rules)
    out: list[int | None] = []
    for name in players:
        player = get_player(name)
        for game in play_each(table, player, rng_for(deal, rules, player, 0), games):
            out.append(_reach_steps(deal, rules, goal, game.moves, variant.face_up))
    return out


def _reach_steps(deal: Deal, rules: Variant, goal: Goal, line: Sequence[Move],
                 face_up: bool) -> int | None:
    """The step of ``line`` (legal moves of ``rules``) after which ``goal`` is first
    met. ``face_up``: ``rules`` is the face-down game of MSC's, and steps count as
    :func:`pyramids.engines.faceup.to_face_up` translates: a deal is a draw when a card is
    showing (else no step: it only turns up the card already showing), a redeal is a
    recycle, and a draw first when a card is showing."""
    game = Game(deal, rules)
    game.why_illegal = lambda move: None  # type: ignore[method-assign]
    steps = 0
    for m in line:
        showing = game.hand is not None
        game.push(m)
        if m.is_deal:
            steps += 1 if showing or not face_up else 0
        elif m.is_redeal:
            steps += 2 if showing and face_up else 1
        else:
            steps += 1
        if not (m.is_deal or m.is_redeal) and met(game, goal):
            return steps
    return None


@dataclass(frozen=True)
class Measured:
    """A candidate's facts, from which the evidence under any limit follows."""

    solution: tuple[Move, ...]
    reaches: tuple[int | None, ...]  # the players' games
    firsts: tuple[int | None, ...]  # each first move's par after it (None: never)

    def could_be(self, level: str) -> bool:
        """Can some limit of :data:`SLACKS` grade ``level``, whatever the first moves
        (measured last: they add :data:`ONE_WAY_POINTS` or nothing)?"""
        for slack in SLACKS:
            ev = self.evidence(None if slack is None else len(self.solution) + slack)
            one_way = Evidence(ev.games, ev.reached, ev.slack, 1, 2)
            if level in (ev.level, one_way.level):
                return True
        return False

    def evidence(self, limit: int | None) -> Evidence:
        def within(s: int | None, extra: int = 0) -> bool:
            return s is not None and (limit is None or s + extra <= limit)

        return Evidence(len(self.reaches), sum(within(s) for s in self.reaches),
                        None if limit is None else limit - len(self.solution),
                        sum(within(s, 1) for s in self.firsts), len(self.firsts))


def measure(deal: Deal, variant: Variant, goal: Goal, level: str | None = None
            ) -> Measured | None:
    """The par, the players' games and each first move's par; None when the goal
    cannot be reached (or not within the node limit), or, with ``level``, when no limit
    can give that grade (told as early as the facts measured so far tell it: the
    players' games first, then the par, the first moves last)."""
    if goal.kind == "score":
        from pyramids.engines.optimal import score_ceiling

        if score_ceiling(deal, variant) < (goal.target or 0):
            return None  # out of reach by the solver's own bound: no search
    reaches = tuple(player_reaches(deal, variant, goal))
    if level is not None and LEVELS.index(Measured((), reaches, ()).evidence(None).level) \
            > LEVELS.index(level):
        return None  # harder than ``level`` even without a limit
    line = par(deal, variant, goal)
    if not line:  # unreachable, or met before any move: no challenge
        return None
    if level is not None and not Measured(line, reaches, ()).could_be(level):
        return None
    firsts: list[int | None] = []
    most = len(line) + max(s for s in SLACKS if s is not None) - 1
    for m in Game(deal, variant).legal_moves():
        if m == line[0]:
            firsts.append(len(line) - 1)
            continue
        after = () if met(_after(deal, variant, m), goal) else \
            par(deal, variant, goal, start=(m,), most=most)
        firsts.append(None if after is None else len(after))
    return Measured(line, reaches, tuple(firsts))


def _after(deal: Deal, variant: Variant, m: Move) -> Game:
    game = Game(deal, variant)
    game.push(m)
    return game


def fit(measured: Measured, level: str) -> tuple[int | None, Evidence] | None:
    """The loosest limit of :data:`SLACKS` under which the evidence grades ``level``."""
    p = len(measured.solution)
    for slack in SLACKS:
        limit = None if slack is None else p + slack
        ev = measured.evidence(limit)
        if ev.level == level:
            return limit, ev
    return None


# -- the day's set -----------------------------------------------------------------------

def _rng(date: dt.date, variant: Variant, what: str) -> random.Random:
    """A generator seeded by the date, the preset and ``what`` (the same everywhere)."""
    seed = hashlib.sha256(f"pyramids daily|{VERSION}|{variant.name}|{date.isoformat()}|"
                          f"{what}".encode()).digest()
    return random.Random(int.from_bytes(seed[:16], "big"))


def _goal(kind: str, rng: random.Random, level: str) -> Goal:
    if kind == "score":
        return Goal("score", rng.choice(SCORE_TARGETS))
    if kind == "cards":
        harder = LEVELS.index(level)
        n = rng.choice((2, 3, 3, 4, 4) if harder < 2 else (3, 4, 4))
        return Goal("cards", n, rng.randrange(1, 14))
    return Goal(kind)  # type: ignore[arg-type]


def plan(date: dt.date, variant: Variant) -> list[str]:
    """The goal kind of each level that day: every kind of the preset at least once
    (when there are four or fewer), in an order drawn from the date."""
    kinds = list(KINDS[variant.name])
    rng = _rng(date, variant, "plan")
    rng.shuffle(kinds)
    out = (kinds * 4)[:len(LEVELS)]
    rng.shuffle(out)
    return out


def candidates(date: dt.date, variant: Variant, level: str, kind: str
               ) -> Iterator[tuple[Deal, Goal]]:
    """The candidates for one level, in the order tried: the planned kind first, the
    preset's other kinds after half the tries."""
    rng = _rng(date, variant, level)
    others = [k for k in KINDS[variant.name] if k != kind]
    for i in range(MAX_TRIES):
        k = kind if i < MAX_TRIES // 2 or not others else others[i % len(others)]
        yield Deal.from_number(rng.randrange(2**64)), _goal(k, rng, level)


def challenge(date: dt.date, variant: Variant, level: str, kind: str) -> tuple[Challenge, int]:
    """The day's challenge of ``level`` and how many candidates were tried."""
    for tried, (deal, goal) in enumerate(candidates(date, variant, level, kind), 1):
        measured = measure(deal, variant, goal, level)
        if measured is None:
            continue
        got = fit(measured, level)
        if got is None:
            continue
        limit, ev = got
        ch = Challenge(level, variant, deal, goal, limit, measured.solution, ev)
        certify(ch)
        return ch, tried
    raise DailyError(f"{date.isoformat()}: no {level} challenge for {variant.name} among "
                     f"{MAX_TRIES} candidates")


def day(date: dt.date, preset: str = "msc") -> Day:
    """The day's set: a certified challenge for each level, easy to expert."""
    variant = check_preset(preset)
    kinds = plan(date, variant)
    out = []
    tried = 0
    for level, kind in zip(LEVELS, kinds, strict=True):
        ch, n = challenge(date, variant, level, kind)
        out.append(ch)
        tried += n
    return Day(date, variant, tuple(out), tried)


def dates(first: dt.date, days: int) -> list[dt.date]:
    return [first + dt.timedelta(days=i) for i in range(check_days(days))]


def _day_json(args: tuple[str, str]) -> dict[str, Any]:
    date, preset = args
    return day(parse_date(date), preset).to_json()


def load_kernels(preset: str = "msc") -> None:
    """Have this process load the compiled code making a day runs (the simulated
    players, the optimal solver's A* and score bound, its table's growth), on small
    cases: a pool forked after this shares it, so its workers need not each load it from
    numba's cache (~1 s of CPU a process, once per worker and per run). Only a
    warm-up: it never raises (a day that cannot be made reports that itself)."""
    import numpy as np

    from pyramids.engines.optimal import kernel, score_ceiling

    variant = check_preset(preset)
    deal = Deal.from_number(2)
    with contextlib.suppress(Exception):
        player_reaches(deal, variant, Goal("board"), games=1)
        par(deal, variant, Goal("board"), node_limit=2000)
        score_ceiling(deal, variant)
        kernel.rehash(np.zeros(1, np.int64), 0, np.full(2, -1, np.int32))


def days(first: dt.date, count: int, preset: str = "msc", jobs: int = 1,
         done: dict[str, dict[str, Any]] | None = None,
         progress: Callable[[int, int, dict[str, Any]], None] | None = None,
         ) -> Iterable[dict[str, Any]]:
    """The sets of ``count`` days from ``first`` as JSON, in date order, on ``jobs``
    processes; ``done``: sets already made, by date (reused, not made again);
    ``progress(i, count, day)`` after each.

    The pool is the bulk runs' (:func:`pyramids.bulk.pool.process_pool`): forked, where
    that is safe, after this process has loaded the compiled code (:func:`load_kernels`),
    so that each worker starts with it instead of importing and loading it anew."""
    check_preset(preset)
    wanted = [d.isoformat() for d in dates(first, count)]
    done = done or {}
    todo = [(d, preset) for d in wanted if d not in done]
    made: Iterator[dict[str, Any]]
    pool = None
    if jobs > 1 and len(todo) > 1:
        from pyramids.bulk.pool import process_pool

        load_kernels(preset)
        pool = process_pool(min(jobs, len(todo)))
        made = pool.map(_day_json, todo)
    else:
        made = map(_day_json, todo)
    try:
        for i, date in enumerate(wanted, 1):
            obj = done[date] if date in done else next(made)
            if progress is not None:
                progress(i, len(wanted), obj)
            yield obj
    finally:
        if pool is not None:
            from pyramids.bulk.pool import stop_pool

            stop_pool(pool)


# -- print -------------------------------------------------------------------------------

def puzzles(sets: Iterable[Day]) -> list[Any]:
    """The challenges of ``sets`` as book puzzles (:class:`pyramids.book.Puzzle`): each
    drawn with its goal and limit; the solutions, the pars, at the back."""
    from pyramids.book.puzzles import Puzzle

    out = []
    for d in sets:
        when = f"{d.date.day} {d.date:%B %Y}"
        for c in d.challenges:
            out.append(Puzzle(f"daily-{d.date.isoformat()}-{c.level}", "daily", c.deal,
                              c.variant, c.level, c.solution, shortest=True,
                              goal=goal_words(c.goal, c.limit, c.variant) + ".",
                              title=f"{when}, {c.level}"))
    return out


def book_title(sets: Sequence[Day]) -> str:
    """The title of a book of ``sets``."""
    return f"Daily Pyramid Challenges ({sets[0].variant.title})"


def write_book(sets: Sequence[Day], out: str, opts: Any = None) -> Any:
    """A PDF of ``sets`` (the same bytes for the same sets), with the page, large print
    and density of ``opts`` (a :class:`pyramids.book.BookOptions`; A4 by default)."""
    from dataclasses import replace

    from pyramids.book import BookOptions
    from pyramids.book import write_book as write

    first, last = sets[0].date, sets[-1].date
    span = first.isoformat() if first == last else f"{first.isoformat()} to {last.isoformat()}"
    return write(puzzles(sets), out, replace(opts or BookOptions(), title=book_title(sets),
                                             subtitle=span))
