"""The optimal solver (pyramids.engines.optimal) against a plain breadth-first search over the
rules engine's own positions, and against itself with each pruning switched off.

``bfs`` is written here from docs/rules.md alone: it plays ``engine.Game`` (push and
pop), keys positions with ``Game.key()``, and knows nothing of the kernel's positions,
prunings or bounds. It visits every position reachable within the first layer that
meets the goal (or all of them), so it is only run on small games: one pass, or the
5-row pyramid. The kernel answers must agree with it move for move: the fewest moves,
"no line", the best MSC score and the most cards of a rank.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.referee import play
from pyramids.core.variants import Variant, get_variant
from pyramids.engines import optimal
from pyramids.engines.optimal import bfs as bfs_route


def _load(game: Game, key: tuple[object, ...]) -> None:
    """Set ``game`` (a stock game) to the position ``key`` (``Game.key()``) describes."""
    removed, stock, hand, waste, pass_no, cleared = key
    game.removed, game.stock, game.hand, game.waste = removed, stock, hand, waste  # type: ignore[assignment]
    game.pass_no, game.cleared_pass = pass_no, cleared  # type: ignore[assignment]


class TooBig(Exception):
    """More positions than a test affords."""


def layers(deal: Deal, variant: Variant, limit: int = 60_000
           ) -> list[list[tuple[object, ...]]]:
    """Every position reachable from the deal, by the fewest moves that reach it
    (``layers[d]``: the positions first reached after ``d`` moves); :class:`TooBig`
    past ``limit`` positions."""
    game = Game(deal, variant)
    seen = {game.key()}
    out = [[game.key()]]
    while out[-1]:
        if len(seen) > limit:
            raise TooBig(f"more than {limit} positions")
        nxt = []
        for key in out[-1]:
            _load(game, key)
            for m in game.legal_moves():
                game.push(m)
                k = game.key()
                if k not in seen:
                    seen.add(k)
                    nxt.append(k)
                game.pop()
        out.append(nxt)
    return out[:-1]


def bfs(deal: Deal, variant: Variant, done: Callable[[Game], bool]) -> int | None:
    """Fewest moves from the deal to a position where ``done`` holds (None: never)."""
    game = Game(deal, variant)
    for depth, layer in enumerate(layers(deal, variant)):
        for key in layer:
            _load(game, key)
            if done(game):
                return depth
    return None


def reachable(deal: Deal, variant: Variant) -> dict[tuple[object, ...], tuple[int, int]]:
    """Every reachable position: key -> (fewest moves to it, removed-card mask)."""
    return {key: (d, int(key[0]))  # type: ignore[call-overload]
            for d, layer in enumerate(layers(deal, variant)) for key in layer}


def gone(removed: int, rank: int) -> int:
    return sum(removed >> (s * 13 + rank - 1) & 1 for s in range(4))


def test_the_breadth_first_route_agrees_with_the_rules_engine() -> None:
    """pyramids.engines.optimal.bfs (numba, its own move generation) against ``layers`` (the
    rules engine itself), on games small enough for the engine: the fewest moves to a
    clear pyramid, the best MSC score and the most Aces, and how many positions."""
    cases = [(get_variant("king-tut", passes=2), n) for n in range(8)]
    cases += [(get_variant("msc", passes=1), 1),
              (get_variant("msc", passes=1, stock_waste="forbidden"), 1)]
    compared = 0
    for v, n in cases:
        deal = Deal.from_number(n)
        try:
            seen = reachable(deal, v)
        except TooBig:
            continue
        compared += 1
        ref = bfs_route.explore(deal, v, rank=1)
        assert ref.board == bfs(deal, v, Game.pyramid_cleared), (v.name, n)
        g = Game(deal, v)
        scores = []
        for d, removed in seen.values():
            g.removed = removed  # the score reads only the cards gone
            scores.append((g.msc_score(), -d))
        best, neg = max(scores)
        assert ref.score == (best, -neg)
        aces = max(gone(r, 1) for _, r in seen.values())
        assert ref.most == (aces, min(d for d, r in seen.values() if gone(r, 1) == aces))
    assert compared >= 7


SMALL = [
    (get_variant("msc", passes=1), "board"),
    (get_variant("msc", passes=1, objective="all"), "all"),
    (get_variant("tuts-tomb"), "board"),
    (get_variant("king-tut", passes=3, overlap=True), "board"),
    (get_variant("pyramid", objective="pyramid"), "board"),
    (get_variant("msc", passes=1, stock_waste="forbidden"), "board"),
]


@pytest.mark.parametrize(("variant", "kind"), SMALL,
                         ids=[f"{v.describe()}-{k}" for v, k in SMALL])
def test_fewest_moves_agree_with_breadth_first_search(variant: Variant, kind: str) -> None:
    compared = found = 0
    for n in range(120):
        deal = Deal.from_number(n)
        ref = bfs_route.explore(deal, variant, stop_at_board=kind == "board",
                                limit=400_000)
        if ref.truncated:
            continue
        want = ref.board if kind == "board" else ref.all
        got = optimal.shortest(deal, variant, kind)  # type: ignore[arg-type]
        assert got.status in ("found", "none")
        assert (len(got.moves) if got.status == "found" else None) == want, n
        compared += 1
        found += got.status == "found"
        if compared >= 10 and found >= 1:
            break
    assert compared >= 10 and found >= 1  # wins too, not only "no line"


def test_best_score_and_most_cards_agree_with_breadth_first_search() -> None:
    """MSC in one pass: the best score and the most Aces (with the pyramid cleared and
    without) over every reachable position, and the fewest moves to each."""
    v = get_variant("msc", passes=1)
    compared = 0
    for n in range(30):
        deal = Deal.from_number(n)
        ref = bfs_route.explore(deal, v, rank=1, limit=400_000)
        if ref.truncated:
            continue
        best = optimal.most(deal, v, "score")
        assert best.status == "found" and best.value == ref.score[0]
        line = optimal.shortest(deal, v, "score", target=ref.score[0])
        assert len(line.moves) == ref.score[1]
        most = optimal.most(deal, v, "cards", rank=1)
        assert most.value == ref.most[0]
        if ref.most[0]:
            got = optimal.shortest(deal, v, "cards", target=ref.most[0], rank=1)
            assert len(got.moves) == ref.most[1]
        board = optimal.most(deal, v, "cards-board", rank=1)
        assert board.value == (-1 if ref.most_board is None else ref.most_board[0])
        compared += 1
        if compared == 10:
            break
    assert compared == 10


def test_the_open_relaxation_bounds_the_best_score_and_its_rows() -> None:
    """relaxed_score never falls below the best score breadth-first search finds (MSC in
    one pass), nor its rows below those the best line clears; with its ceilings the
    searches answer as breadth-first search does."""
    v = get_variant("msc", passes=1)
    compared = sharper = 0
    for n in range(40):
        deal = Deal.from_number(n)
        ref = bfs_route.explore(deal, v, rank=1, limit=400_000)
        if ref.truncated:
            continue
        relaxed = optimal.relaxed_score(deal, v)
        assert relaxed is not None and relaxed.score >= ref.score[0]
        best = optimal.most(deal, v, "score", ceiling=relaxed.score, rows=relaxed.rows)
        assert best.status == "found" and best.value == ref.score[0]
        end = Game(deal, v)
        for _ in play(end, best.moves):
            pass
        assert end.rows_cleared() <= relaxed.rows
        line = optimal.shortest(deal, v, "score", target=ref.score[0], ceiling=relaxed.score,
                                rows=relaxed.rows)
        assert len(line.moves) == ref.score[1]
        sharper += relaxed.score < optimal.score_ceiling(deal, v)
        compared += 1
        if compared == 10:
            break
    assert compared == 10 and sharper >= 1  # it tells the searches more than their bound


def test_a_score_bounds_the_rows_cleared() -> None:
    """Along random lines of MSC deals, no position clears more rows than its score allows
    (the rule the relaxation's row ceiling is drawn with)."""
    v = get_variant("msc")
    rng = random.Random(7)
    seen = set()
    for n in range(200):
        game = Game(Deal.from_number(n), v)
        while moves := game.legal_moves():
            game.push(rng.choice(moves))
            assert game.rows_cleared() <= optimal._rows_within(v, game.msc_score())
            seen.add(game.rows_cleared())
    assert max(seen) == 7  # lines that clear the board were among them


@pytest.mark.parametrize(("preset", "goal", "options"), [
    ("msc", "board", {"passes": 2}),
    ("cheops", "all", {}),
    ("tuts-tomb", "board", {}),
    ("king-tut", "board", {"passes": 3}),
    ("giza", "board", {"objective": "pyramid"}),
    ("pyramid", "board", {"stock_waste": "automatic", "objective": "pyramid"}),
])
def test_no_pruning_changes_an_answer(preset: str, goal: str, options: dict[str, object]
                                      ) -> None:
    """Each pruning (and the bound) switched off alone, and all of them: the same
    fewest number of moves, or the same "no line"."""
    v = get_variant(preset, **options)
    compared = 0
    for n in range(8):
        deal = Deal.from_number(n)
        full = optimal.shortest(deal, v, goal, node_limit=400_000)  # type: ignore[arg-type]
        if full.status == "limit":
            continue
        for off in (*optimal.PRUNINGS, "all"):
            kept = () if off == "all" else tuple(p for p in optimal.PRUNINGS if p != off)
            other = optimal.shortest(deal, v, goal, node_limit=400_000,  # type: ignore[arg-type]
                                     prunings=kept)
            if other.status == "limit":
                continue
            assert (other.status, len(other.moves)) == (full.status, len(full.moves)), \
                (n, off)
            compared += 1
    assert compared >= 20


def test_a_limit_gives_a_proven_lower_bound_never_an_answer() -> None:
    v = get_variant("msc")
    deal = Deal.from_number(5)
    full = optimal.shortest(deal, v, "board")
    cut = optimal.shortest(deal, v, "board", node_limit=50)
    assert full.status == "found" and cut.status == "limit" and not cut.moves
    assert 0 < cut.lower <= len(full.moves)
    assert "node limit 50" in cut.reason


def test_from_a_position_the_line_continues_the_start() -> None:
    """``start`` (a line already played): the answer counts from there, and the line
    found plays on from it, replayed by the referee from the deal."""
    v = get_variant("msc")
    deal = Deal.from_number(2)
    whole = optimal.shortest(deal, v, "board")
    start = whole.moves[:10]
    rest = optimal.shortest(deal, v, "board", start=start)
    assert len(rest.moves) == len(whole.moves) - 10
    g = Game(deal, v)
    for _ in play(g, (*start, *rest.moves)):
        pass
    assert g.is_won()


def test_the_kernels_share_their_move_codes() -> None:
    """The optimal kernel's lines are decoded by the search's ``to_moves``: its deal and
    redeal codes must be the search kernel's."""
    from pyramids.engines.optimal import kernel
    from pyramids.engines.search import core

    assert (kernel.MOVE_DEAL, kernel.MOVE_REDEAL) == (core.MOVE_DEAL, core.MOVE_REDEAL)


#: (variant, rank, N, deals): deals on which breadth-first search without the bound ends
#: within the node limit for one kind at least (most deals pass it, and are skipped), so
#: that each case compares at least four answers
CARDS_CASES = [
    (get_variant("msc"), 1, 4, (1, 4, 15)), (get_variant("msc"), 12, 3, (4, 12, 15)),
    (get_variant("tuts-tomb"), 1, 4, (3, 4, 8)),
    (get_variant("pyramid", objective="pyramid"), 12, 3, (1, 4, 5)),
    (get_variant("cheops"), 1, 2, (0, 1, 2, 4)),
]


@pytest.mark.parametrize(("variant", "rank", "n", "deals"), CARDS_CASES,
                         ids=[f"{v.name}-{r}-{n}" for v, r, n, _ in CARDS_CASES])
def test_cards_bound_keeps_the_fewest_moves(variant: Variant, rank: int, n: int,
                                            deals: tuple[int, ...]) -> None:
    """The cards goals' bound (each card and a partner made available first) against
    the same search without a bound (breadth-first), with and without the pyramid
    cleared. Pyramid deal 5 (three Queens: 29 moves) once failed: a waste card whose one
    partner was the hand was taken for a card that can never go."""
    plain = tuple(p for p in optimal.PRUNINGS if p != "bound")
    compared = 0
    for number in deals:
        deal = Deal.from_number(number)
        for kind in ("cards", "cards-board"):
            got = optimal.shortest(deal, variant, kind, target=n, rank=rank,
                                   node_limit=300_000)
            ref = optimal.shortest(deal, variant, kind, target=n, rank=rank,
                                   prunings=plain, node_limit=300_000)
            if "limit" in (got.status, ref.status):
                continue
            assert (got.status, len(got.moves)) == (ref.status, len(ref.moves)), \
                (number, kind)
            compared += 1
    assert compared >= 4


def test_three_queens_of_pyramid_deal_5_take_29_moves() -> None:
    """Pyramid deal 5, three Queens, the pyramid not cleared: 29 moves (32 were given when
    a waste card whose one partner was the hand was taken for one that can never go)."""
    v = get_variant("pyramid", objective="pyramid")
    got = optimal.shortest(Deal.from_number(5), v, "cards", target=3, rank=12)
    assert (got.status, len(got.moves)) == ("found", 29)


def _covers_required(lows: list[int], highs: list[int], edges: set[tuple[int, int]],
                     required: set[int]) -> bool:
    """Brute force: some set of disjoint pairs (low, high) among ``edges`` leaves no card
    of ``required`` unpaired (every subset of the edges tried)."""
    pairs = sorted(edges)
    for size in range(len(pairs) + 1):
        for chosen in __import__("itertools").combinations(pairs, size):
            used = [c for pair in chosen for c in pair]
            if len(used) == len(set(used)) and required <= set(used):
                return True
    return False


def test_what_cards_need_is_matched_as_brute_force_pairs_them() -> None:
    """The kernel's check that every card of a set can still have a partner of its own
    (``_matchable``: Hall's condition per rank pair, both sides) against trying every set
    of disjoint pairs, over random deals, cards gone and required sets."""
    import numpy as np

    from pyramids.engines.optimal import kernel as K

    rng = random.Random(33)
    v = get_variant("msc")
    checked = failing = 0
    for number in range(40):
        deal = Deal.from_number(number)
        val, canpair, _cov, _zone, byval, _bq, _rows = optimal._deal_arrays(deal, v)
        gad = np.zeros(K.GAD, np.int64)
        K.group_table(byval, canpair, v.pyramid_cards, optimal._anc(v), gad)
        for _ in range(25):
            gone = sum(1 << s for s in rng.sample(range(52), rng.randrange(0, 30)))
            present = [s for s in range(52) if not (gone >> s) & 1]
            required = {s for s in present if val[s] != 13 and rng.random() < 0.5}
            want = True
            for low in range(1, 7):
                lows = [s for s in present if val[s] == low]
                highs = [s for s in present if val[s] == 13 - low]
                edges = {(a, b) for a in lows for b in highs if (canpair[a] >> b) & 1}
                need = required & set(lows + highs)
                if need and not _covers_required(lows, highs, edges, need):
                    want = False
            got = K._matchable(np.int64(gone), byval, gad,
                               np.int64(sum(1 << s for s in required)))
            assert bool(got) == want, (number, gone, sorted(required))
            checked += 1
            failing += not want
    assert checked == 1000 and 50 < failing < 950  # both answers well represented


def test_an_ace_whose_covers_cannot_all_be_paired_is_out_of_reach_at_once() -> None:
    """MSC deal 1847056785848954625: the Ace of diamonds lies under all four 3s, and one
    10 (the top card) lies under it, so only three 10s can take the 3s: the Ace can never
    go, and A* proves at its root that four Aces cannot (it once took 3.5 million
    positions of the search for the most Aces to say 3)."""
    deal = Deal.from_number(1847056785848954625)
    v = get_variant("msc")
    four = optimal.shortest(deal, v, "cards", target=4, rank=1)
    assert (four.status, four.nodes) == ("none", 1)
    three = optimal.shortest(deal, v, "cards", target=3, rank=1)
    assert three.status == "found" and len(three.moves) == 31


def test_the_open_relaxation_bounds_the_most_cards() -> None:
    """relaxed_cards never falls below the most Aces breadth-first search finds (MSC in
    one pass), with the pyramid cleared (-1: it cannot be) and without; ``stop_at``
    answers at least that many only when that many can go in the relaxation."""
    v = get_variant("msc", passes=1)
    compared = sharper = 0
    for n in range(60):
        deal = Deal.from_number(n)
        ref = bfs_route.explore(deal, v, rank=1, limit=400_000)
        if ref.truncated:
            continue
        most = optimal.relaxed_cards(deal, v, 1)
        assert most is not None and most >= ref.most[0]
        board = optimal.relaxed_cards(deal, v, 1, board=True)
        assert board is not None and board >= (-1 if ref.most_board is None
                                               else ref.most_board[0])
        assert board <= most
        stopped = optimal.relaxed_cards(deal, v, 1, stop_at=most)
        assert stopped is not None and stopped >= most
        sharper += most < 4 or board < most
        compared += 1
        if compared == 12:
            break
    assert compared == 12 and sharper >= 1  # it proves something the goal needs


def test_the_pyramid_cards_the_relaxation_never_removes_no_line_removes() -> None:
    """relaxed_never against every position the rules engine reaches (King Tut in two
    passes, MSC in one): no reachable position has removed a card it names."""
    cases = [(get_variant("king-tut", passes=2), n) for n in range(12)]
    cases += [(get_variant("msc", passes=1), n) for n in range(1, 4)]
    named = compared = 0
    for v, n in cases:
        deal = Deal.from_number(n)
        try:
            seen = reachable(deal, v)
        except TooBig:
            continue
        never = optimal.relaxed_never(deal, v)
        ever = 0
        for _, removed in seen.values():
            ever |= removed
        slots = [s for s in range(v.pyramid_cards) if (never >> s) & 1]
        assert not any(ever >> deal.cards[s] & 1 for s in slots), (v.name, n)
        named += never != 0
        compared += 1
    assert compared >= 8 and named >= 1
