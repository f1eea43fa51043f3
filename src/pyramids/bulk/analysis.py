"""Per-deal analysis: what a bulk run does with each deal, one by one or a chunk at once.

:func:`analyse` gives one deal's :class:`~pyramids.core.verdict.Verdict` (or, for a goal, its
:class:`~pyramids.answers.goals.GoalAnswer`) under a :class:`Job` (variant, mode, engine,
time limit, goal); :func:`analyse_item` turns it into a record and never
raises for the deal's sake. :func:`analyse_chunk` gives the records of a whole chunk, by
compiled calls where it can (the batch path: the same verdicts, a fraction of the Python
per deal). The engines are imported lazily.

A record is a plain dict: ``i`` (source key), ``deal`` (number or null), ``line`` (only
for deals given as cards), then the verdict's fields (``status``, ``engine``,
``certificate``, ``moves``, ``score``, ``nodes``, ``seconds``, ``reason``). ``status`` is
``winnable``, ``blocked``, ``unknown`` (a limit was hit, or the engine failed), or, in
quick mode only, ``passed`` (no instant certificate: not proven either way).
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pyramids.answers import portfolio
from pyramids.answers.goals import WIN, Goal, GoalAnswer
from pyramids.answers.portfolio import ENGINES, EngineName, Stage
from pyramids.bulk.errors import BulkError
from pyramids.bulk.sources import DealSource, SourceItem
from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.rules import Rules
from pyramids.core.variants import Variant, build_variant
from pyramids.core.verdict import Certificate, EngineRun, Verdict

Mode = Literal["exact", "quick"]
Engine = EngineName
Record = dict[str, Any]
Analyser = Callable[[Deal, "Job"], "Verdict | GoalAnswer"]
#: grades a game's winnable deal along its line: the keys its record gains
Grader = Callable[[Rules, tuple[Card, ...], Sequence[str]], Record]

MODES = ("exact", "quick")
STATUSES = ("winnable", "blocked", "unknown", "passed")
FORMAT_VERSION = 1
QUICK_PASS = "no instant certificate"


@dataclass(frozen=True)
class Job:
    """What to do with each deal. ``analyser`` replaces :func:`analyse` (tests only); it
    must be a module-level function so that it can be sent to the workers. ``slim``:
    records carry only what statistics read (:func:`slim_record`: no solution, no
    certificate detail, no engine runs), for runs that keep no out file: less to word
    and to send back from the workers. ``goal``: the question asked of each deal
    (:mod:`pyramids.answers.goals`; ``None`` or ``win``: the verdict), whose answer's steps,
    score and optimality the records carry. ``game``: one of PySolFC's games of
    :data:`pyramids.core.rules.GAMES` (made by :func:`game_job`), answered by
    :func:`~pyramids.answers.family.check_game` with ``node_limit`` and ``time_limit``
    (``goal`` moves: :func:`~pyramids.answers.family.fewest_moves`); ``variant`` is then
    unused (the classic engines never run). ``grader``: a game job's grading of each
    winnable deal along the line its record proves (a module-level function, such as
    :func:`pyramids.generator.family_grading.grade_record`, sent to the workers with the
    job, so that the grading runs in the pool); the record gains the keys it returns, or
    ``grade`` ``"ungraded (error: ...)"`` where it fails."""

    variant: Variant
    mode: Mode = "exact"
    engine: Engine = "auto"
    time_limit: float | None = None
    analyser: Analyser | None = None
    slim: bool = False
    goal: Goal | None = None
    game: Rules | None = None
    node_limit: int | None = None
    grader: Grader | None = None

    def __post_init__(self) -> None:
        if self.grader is not None and (self.game is None or self.asks_goal):
            raise BulkError("only a job over one of PySolFC's games of core.rules, asked "
                            "for the verdict (goal win), grades its deals")
        if self.game is not None:
            if self.mode != "exact" or self.engine != "auto" or (
                    self.asks_goal and self.goal is not None and self.goal.kind != "moves"):
                raise BulkError(f"{self.game.name} is answered by the exact search alone: "
                                "mode exact, engine auto, goal win or moves")
        elif self.node_limit is not None:
            raise BulkError("a node limit bounds the search of PySolFC's games of "
                            "core.rules (pysolfc-pharaohs...); the classic engines take a "
                            "time limit")
        if self.node_limit is not None and self.node_limit < 1:
            raise BulkError(f"node limit must be >= 1, got {self.node_limit}")
        if self.mode not in MODES:
            raise BulkError(f"mode must be one of {', '.join(MODES)}, got {self.mode!r}")
        if self.engine not in ENGINES:
            raise BulkError(f"engine must be one of {', '.join(ENGINES)}, got {self.engine!r}")
        if self.time_limit is not None and self.time_limit <= 0:
            raise BulkError(f"time limit must be > 0 seconds, got {self.time_limit}")
        if self.asks_goal:
            if self.mode != "exact":
                raise BulkError.coded("goal-needs-exact", goal=str(self.goal))
            assert self.goal is not None
            self.goal.validate(self.variant)

    @property
    def asks_goal(self) -> bool:
        """Is each deal asked a goal beyond the verdict?"""
        return self.goal is not None and self.goal.kind != "win"

    def header(self, source: DealSource) -> Record:
        """The first line of an out file: what the records mean."""
        variant = self.variant.options() if self.game is None else {"game": self.game.name}
        head = {"pyramids_bulk": FORMAT_VERSION, "variant": variant,
                "mode": self.mode, "engine": self.engine, "time_limit": self.time_limit,
                "source_kind": source.kind, "source": source.description}
        if self.game is not None:
            head["game"] = self.game.name
            head["pysolfc_game_id"] = self.game.pysolfc
            head["node_limit"] = self.node_limit
        if self.grader is not None:
            head["graded"] = True
        if self.asks_goal:
            head["goal"] = str(self.goal)
        return head


#: nodes per deal of a PySolFC game's search when no limit is given (deterministic,
#: unlike a time limit): a deal that needs more is counted unknown
GAME_NODE_LIMIT = 1_000_000


def game_job(rules: Rules, node_limit: int | None = GAME_NODE_LIMIT,
             time_limit: float | None = None, slim: bool = False,
             goal: Goal | None = None, grader: Grader | None = None) -> Job:
    """A job over PySolFC's game ``rules`` (``-V pysolfc-pharaohs``...): each deal answered
    by :func:`~pyramids.answers.family.check_game`, its winning line replayed; with
    ``goal`` moves, by :func:`~pyramids.answers.family.fewest_moves` (the fewest moves,
    each search bounded by ``node_limit``); with ``grader``, each winnable deal graded
    in the workers (:attr:`Job.grader`)."""
    if rules.pysolfc is None:
        raise BulkError(f"{rules.name} is not one of PySolFC's numbered games")
    return Job(build_variant(), time_limit=time_limit, slim=slim, game=rules,
               node_limit=node_limit, goal=goal, grader=grader)


def check_game_source(source: DealSource, rules: Rules) -> None:
    """PySolFC's games are dealt by PySolFC's game numbers: only ``pysolfc:A:B`` ranges."""
    if source.kind != "pysolfc":
        raise BulkError(f"{rules.name} is dealt by PySolFC's game numbers: give a range "
                        f"pysolfc:A:B (or pysolfc:A:+N), not {source.description}")


#: times a game's deal is answered again after a SystemError, which says the interpreter
#: was left with an exception set around a compiled call (numba), not that the deal is
#: hard: 2 of some 300,000 deals in the 2026-12-05 runs (rehash, beam_run), each won when
#: answered again
SYSTEM_ERROR_RETRIES = 1


def _game_record(item: SourceItem, job: Job) -> Record:
    """One deal of a game job: the game's verdict (status, moves, certificate, nodes...)
    after the source key, or with ``goal`` moves the fewest moves' answer (its verdict,
    then steps, optimal, steps_bound); an engine failure is ``unknown`` with the reason."""
    from pyramids.answers.family import check_game, fewest_moves
    from pyramids.pysolfc.family import family_cards
    from pyramids.pysolfc.games import game_of

    rules = job.game
    assert rules is not None and rules.pysolfc is not None
    start = time.perf_counter()
    for attempt in range(1 + SYSTEM_ERROR_RETRIES):
        try:
            if item.pysolfc is None:
                raise BulkError(f"{rules.name} is dealt by PySolFC's game numbers, "
                                f"not {item.label()}")
            cards = family_cards(rules.pysolfc, game_of(item.pysolfc))
            if job.asks_goal:
                obj = fewest_moves(rules, cards, node_limit=job.node_limit,
                                   time_limit=job.time_limit).to_json_obj()
            else:  # the search, then CP-SAT on a deal left at the node limit
                verdict = check_game(rules, cards, node_limit=job.node_limit,
                                     time_limit=job.time_limit, engine="auto")
                obj = verdict.to_json_obj()
                if job.grader is not None and verdict.status == "winnable":
                    obj.update(_graded(job.grader, rules, cards, verdict.line))
        except SystemError as e:  # the interpreter's, not the deal's: once more
            obj = _unknown(f"error: {type(e).__name__}: {e}", start)
            if attempt < SYSTEM_ERROR_RETRIES:
                print(f"{item.label()}: {type(e).__name__} in the engine ({e}); "
                      "answering it again", file=sys.stderr, flush=True)
                continue
        except Exception as e:  # an engine bug must not sink a long run
            obj = _unknown(f"error: {type(e).__name__}: {e}", start)
        break
    record = _record(item, obj)
    return slim_record(record) if job.slim else record


def _graded(grader: Grader, rules: Rules, cards: tuple[Card, ...],
            line: Sequence[str]) -> Record:
    """The keys ``grader`` adds to a winnable deal's record; where it fails, the verdict
    stands and ``grade`` says why it has none."""
    try:
        return grader(rules, cards, line)
    except Exception as e:  # a grading bug must not sink the verdict, nor a long run
        return {"grade": f"ungraded (error: {type(e).__name__}: {e})"}


def analyse(deal: Deal, job: Job) -> Verdict | GoalAnswer:
    """The instant certificates first; then, in exact mode, the answer to the job's
    goal (:func:`pyramids.answers.ask.ask`: the verdict of the exact engine chosen, or
    the goal's answer; the goal checked when the job was made)."""
    from pyramids.answers.certificates import quick_certificate

    # under Par scoring the engines run even on a blocked deal (as in check): its best
    # score is wanted; so does a goal (a blocked deal still has a best score, cards...)
    cert = (quick_certificate(deal, job.variant)
            if (job.variant.scoring != "par" and not job.asks_goal) or job.mode == "quick"
            else None)
    if cert is not None:
        return Verdict("blocked", "certificate", certificate=cert, deal_number=deal.number)
    if job.mode == "quick":
        return Verdict("unknown", "certificate", reason=QUICK_PASS, deal_number=deal.number)
    from pyramids.answers.ask import ask

    return ask(deal, job.variant, job.goal or WIN, time_limit=job.time_limit,
               engine=job.engine)


class _HardLimit(Exception):
    pass


@contextlib.contextmanager
def _hard_limit(seconds: float | None) -> Iterator[None]:
    """A backstop for an engine that overruns its own time limit: SIGALRM after
    ``seconds`` raises in Python code (main thread only; a no-op elsewhere)."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise _HardLimit()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


_WARM: set[tuple[Any, ...]] = set()  # jobs this process has run once (imports and JIT done)


def _item_record(item: SourceItem) -> Record:
    """A record's first keys: the deal's source key and deal number, then its PySolFC
    game, or its line when it has no number."""
    record: Record = {"i": item.key, "deal": item.number}
    if item.pysolfc is not None:
        record["pysolfc"] = item.pysolfc
    elif item.number is None:
        record["line"] = item.line
    return record


def _record(item: SourceItem, obj: Record) -> Record:
    record = _item_record(item)
    obj.pop("deal", None)
    record.update(obj)
    return record


SLIM_KEYS = ("i", "deal", "pysolfc", "line", "status", "engine", "score", "nodes", "seconds",
             "reason", "steps", "optimal", "reached", "count")


def slim_record(record: Record) -> Record:
    """``record`` with only what :class:`~pyramids.bulk.stats.Tally` and the deal's label read:
    its source key, deal (or line), status, engine, score, nodes, seconds, reason, and the
    certificate's kind alone (``{"kind": ...}``)."""
    out = {k: record[k] for k in SLIM_KEYS if k in record}
    cert = record.get("certificate")
    out["certificate"] = {"kind": cert["kind"]} if isinstance(cert, dict) else cert
    return out


def _slim(item: SourceItem, v: Verdict) -> Record:
    """``slim_record(_record(item, json_obj(v)))`` without wording the rest."""
    record = _item_record(item)
    record.update(status=v.status, engine=v.engine, score=v.score, nodes=v.nodes,
                  seconds=round(v.seconds, 6), reason=v.reason or None,
                  certificate=None if v.certificate is None else {"kind": v.certificate.kind})
    return record


def analyse_item(item: SourceItem, job: Job) -> Record:
    """One deal's record. Never raises for the deal's sake: an engine failure or an
    overrun becomes ``unknown`` with the reason, reported apart by the statistics.

    The engines get the time limit themselves; a SIGALRM backstop at 3 x limit + 10 s
    catches one that overruns it, except on a process's first deal of a job, which may
    spend seconds on imports and JIT compilation (interrupting those would break them)."""
    if job.game is not None:
        return _game_record(item, job)
    start = time.perf_counter()
    fn = job.analyser or analyse
    warm = (job.variant, job.mode, job.engine, job.goal, fn) in _WARM
    hard = None if job.time_limit is None or not warm else 3 * job.time_limit + 10
    try:
        deal = item.deal(job.variant)
        with _hard_limit(hard):
            verdict = fn(deal, job)
        _WARM.add((job.variant, job.mode, job.engine, job.goal, fn))
        obj = verdict.to_json_obj()
        if verdict.status == "unknown" and verdict.reason == QUICK_PASS:
            obj["status"] = "passed"
    except _HardLimit:
        obj = _unknown(f"time limit (hard stop at {hard:g} s)", start)
    except Exception as e:  # an engine bug must not sink a million-deal run
        obj = _unknown(f"error: {type(e).__name__}: {e}", start)
    record = _record(item, obj)
    return slim_record(record) if job.slim else record


def _unknown(reason: str, start: float) -> Record:
    return {"status": "unknown", "engine": None, "moves": [], "certificate": None,
            "score": None, "nodes": 0, "seconds": round(time.perf_counter() - start, 6),
            "reason": reason}


# -- many deals at once ---------------------------------------------------------------

TIMED_BUDGET = 1 << 15  # nodes per deal in a batch with a time limit (then one by one)


def batch_applies(job: Job) -> bool:
    """Does :func:`analyse_chunk` take the batch path for ``job``? Exact mode, no Par
    scoring (the best score is searched one deal at a time), no test analyser, no goal,
    and the search first among the engines (:func:`_search_stage`)."""
    if (job.game is not None or job.analyser is not None or job.mode != "exact"
            or job.variant.scoring == "par" or job.asks_goal):
        return False
    return _search_stage(job) is not None


def _search_stage(job: Job) -> Stage | None:
    """How :func:`analyse` runs the search first: the portfolio's first stage when it is
    a search without a time budget; ``None`` when the search does not come first
    (CP-SAT first, or a stage timed in seconds)."""
    policy = portfolio.policy_for(job.variant) if job.engine == "auto" else \
        portfolio.single(job.engine)
    first = policy.stages[0]
    return first if first.engine == "search" and first.seconds is None else None


def analyse_chunk(items: Sequence[SourceItem], job: Job) -> list[Record]:
    """The records of ``items`` in order, as :func:`analyse_item` gives them one by one.

    Where :func:`batch_applies`, the chunk goes through the same stages as :func:`analyse`
    (instant certificates, then, when ``check`` would run it, the structural certificate,
    then the search) with one compiled call per stage for the whole chunk (see
    ``pyramids.engines.search.batch``); each solution is replayed by the referee as ``solve``
    does. Any deal a stage leaves undecided (a node budget, a deal given as a bad line)
    goes through :func:`analyse_item`, so the verdicts (status, certificate, solution,
    nodes, engine runs) are those of the one-by-one path; only the times differ (the
    chunk's time shared out by nodes, see ``Searcher.solve_many``)."""
    if not batch_applies(job):
        return [analyse_item(item, job) for item in items]
    verdicts = _batch_verdicts(items, job)
    _WARM.add((job.variant, job.mode, job.engine, job.goal, analyse_chunk))
    if job.slim:
        return [analyse_item(item, job) if v is None else _slim(item, v)
                for item, v in zip(items, verdicts, strict=True)]
    return [analyse_item(item, job) if v is None else _record(item, json_obj(v))
            for item, v in zip(items, verdicts, strict=True)]


_NAMES: dict[Any, str] = {}  # Move -> str(Move), filled as moves come


def json_obj(v: Verdict) -> Record:
    """``v.to_json_obj()``, with the names of the moves remembered: ``str`` of a bouquet
    solution's ~30 moves costs about what its search does (the tests compare the two).
    Every other field is worded by ``Verdict.to_json_obj`` itself (on a copy without the
    moves, which only an undecided verdict may lack)."""
    if not v.moves:
        return v.to_json_obj()
    names = _NAMES
    moves = []
    for m in v.moves:
        name = names.get(m)
        if name is None:
            name = names[m] = str(m)
        moves.append(name)
    obj = replace(v, status="unknown", moves=()).to_json_obj()
    obj["status"] = v.status
    obj["moves"] = moves
    return obj


def _batch_verdicts(items: Sequence[SourceItem], job: Job) -> list[Verdict | None]:
    import numpy as np

    from pyramids.answers.certificates import quick_certificate
    from pyramids.engines.search import CARDS, core, default_searcher, relaxation
    from pyramids.engines.search import batch as kernels

    t0 = time.perf_counter()
    v = job.variant
    n = len(items)
    cards = np.zeros((n, 52), np.int64)
    todo: list[int] = []
    numbered = [i for i, it in enumerate(items) if it.number is not None]
    if numbered:
        nums = np.array([items[i].number for i in numbered], np.uint64)
        rows = np.empty((len(numbered), 52), np.int64)
        kernels.shuffle_numbers(nums, rows)
        cards[numbered] = rows
        todo = numbered
    for i, it in enumerate(items):
        if it.number is None:
            try:
                cards[i] = it.card_ids(v)
            except Exception:  # the one-by-one path words the error
                continue
            todo.append(i)
    todo.sort()
    certs: dict[int, Certificate] = {}

    def deal(i: int) -> Deal:
        return Deal(tuple(CARDS[c] for c in cards[i]), items[i].number, items[i].pysolfc)

    # 1. instant certificates (analyse and check both run them first)
    flags = np.zeros(len(todo), np.int64)
    kernels.quick_flags(cards[todo], *kernels.quick_masks(v), flags)
    left = []
    for j, i in enumerate(todo):
        if flags[j]:
            cert = quick_certificate(deal(i), v)
            if cert is not None:
                certs[i] = cert
        else:
            left.append(i)
    # 2. the structural certificate, where check() runs it (not on a bouquet)
    searcher = default_searcher()
    stage = _search_stage(job)
    assert stage is not None  # batch_applies
    if v.rest != "bouquet":
        from pyramids.answers.certificates import STRUCTURAL_BUDGET, structural_from

        res = searcher.run_many(cards, np.array(left, np.int64), relaxation(v),
                                STRUCTURAL_BUDGET)
        still = []
        for j, i in enumerate(left):
            status = int(res.status[j])
            if status == core.S_EXHAUSTED:
                certs[i] = structural_from(deal(i), v)
            elif status == core.S_FOUND:
                still.append(i)
        left = still
    share = (time.perf_counter() - t0) / max(1, n)  # the screening's time, per deal
    verdicts: list[Verdict | None] = [None] * n
    for i, cert in certs.items():
        verdicts[i] = Verdict("blocked", "certificate", certificate=cert, seconds=share,
                              deal_number=items[i].number)
    # 3. the search, with the node budget of the portfolio's first stage (solutions
    # replayed); a deal it leaves undecided goes one by one, to the next stages
    budget = stage.nodes
    if job.time_limit is not None:
        budget = TIMED_BUDGET if budget is None else min(budget, TIMED_BUDGET)
    found = searcher.solve_many(cards[left], [items[i].number for i in left], v, budget,
                                overhead=share, stage=stage.budget())
    for i, verdict in zip(left, found, strict=True):
        if verdict is not None and verdict.status == "unknown":
            # the first stage's budget ran out: the next stages, as the portfolio runs them
            # (no time limit; the structural certificate is known not to apply)
            verdict = _next_stages(deal(i), job, stage, verdict) \
                if job.time_limit is None else None
        verdicts[i] = verdict
    return verdicts


def _next_stages(deal: Deal, job: Job, stage: Stage, first: Verdict) -> Verdict | None:
    """What ``check`` answers for a deal whose first portfolio stage (the search, with
    node budget ``stage``) gave ``first`` (unknown): the later stages of the policy, by
    ``portfolio.run``, with the first stage's run listed first, as ``portfolio.run``
    lists an unknown stage (``reached``: the verdict's reason). ``None`` (one by one)
    when no later stage settles it: ``portfolio.run`` words that case from every run."""
    policy = portfolio.policy_for(job.variant) if job.engine == "auto" else \
        portfolio.single(job.engine)
    if len(policy.stages) < 2:
        return None
    t0 = time.perf_counter()
    got = portfolio.run(deal, job.variant, portfolio.Policy(policy.stages[1:], policy.why))
    if got.status == "unknown":
        return None
    run = EngineRun(stage.engine, "unknown", first.seconds, first.nodes, stage.budget(),
                    first.reason or "gave up")
    return replace(got, engines=(run, *got.engines), deal_number=deal.number,
                   seconds=first.seconds + time.perf_counter() - t0)
