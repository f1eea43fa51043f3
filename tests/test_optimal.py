"""The optimal solver (pyramids.optimal) against a plain breadth-first search over the
rules engine's own positions, and against itself with each pruning switched off.

``bfs`` is written here from docs/rules.md alone: it plays ``engine.Game`` (push and
pop), keys positions with ``Game.key()``, and knows nothing of the kernel's positions,
prunings or bounds. It visits every position reachable within the first layer that
meets the goal (or all of them), so it is only run on small games: one pass, or the
5-row pyramid. The kernel answers must agree with it move for move: the fewest moves,
"no line", the best MSC score and the most cards of a rank.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pyramids import optimal
from pyramids.deals import Deal
from pyramids.engine import Game
from pyramids.moves import Move
from pyramids.referee import play
from pyramids.variants import Variant, get_variant


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


SMALL = [
    get_variant("msc", passes=1),
    get_variant("pyramid", objective="pyramid"),
    get_variant("pyramid", rows=5, passes=2, stock_top="face-up", objective="pyramid"),
    get_variant("king-tut"),
    get_variant("pyramid", rows=5, passes=2, stock_waste="forbidden"),
    get_variant("pyramid", rows=4, passes=2, draw=3, overlap=True, objective="pyramid"),
]


@pytest.mark.parametrize("variant", SMALL, ids=lambda v: v.describe())
def test_fewest_moves_agree_with_a_plain_breadth_first_search(variant: Variant) -> None:
    kind = "board" if variant.objective == "pyramid" else "all"
    agreed = found = 0
    for n in range(16):
        deal = Deal.from_number(n)
        try:
            want = bfs(deal, variant, Game.pyramid_cleared if kind == "board"
                       else (lambda g: g.cards_left() == 0))
        except TooBig:
            continue
        got = optimal.shortest(deal, variant, kind)
        assert got.status in ("found", "none")
        assert (len(got.moves) if got.status == "found" else None) == want, n
        agreed += 1
        found += got.status == "found"
    assert agreed >= 6 and found >= 1  # the sample holds wins, not only "no line"


def test_best_score_and_most_cards_agree_with_every_reachable_position() -> None:
    """MSC in one pass: the best score and the most Aces (with the pyramid cleared and
    without) over every reachable position, and the fewest moves to each."""
    v = get_variant("msc", passes=1)
    compared = 0
    for n in range(12):
        deal = Deal.from_number(n)
        try:
            seen = reachable(deal, v)
        except TooBig:
            continue
        compared += 1
        scores = {}
        for key, (d, removed) in seen.items():
            g = Game(deal, v)
            g.removed = removed  # score and rows read only the removed cards
            scores[key] = (g.msc_score(), d, removed)
        best = max(s for s, _, _ in scores.values())
        fewest = min(d for s, d, _ in scores.values() if s == best)
        got = optimal.most(deal, v, "score")
        assert got.status == "found" and got.value == best
        line = optimal.shortest(deal, v, "score", target=best)
        assert len(line.moves) == fewest
        pyr_cards = sum(1 << c for c in deal.cards[:28])
        aces = max(gone(r, 1) for _, _, r in scores.values())
        board = [gone(r, 1) for _, _, r in scores.values() if r & pyr_cards == pyr_cards]
        assert optimal.most(deal, v, "cards", rank=1).value == aces
        assert optimal.most(deal, v, "cards-board", rank=1).value == (max(board) if board
                                                                       else -1)
        if aces:
            fewest_aces = min(d for _, d, r in scores.values() if gone(r, 1) >= aces)
            assert len(optimal.shortest(deal, v, "cards", target=aces, rank=1).moves) == \
                fewest_aces
    assert compared >= 3


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
