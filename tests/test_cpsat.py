"""The CP-SAT engine: verdicts checked against the brute-force reference and the referee."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from pyramids import Deal, get_variant, replay
from pyramids.core.variants import Variant
from pyramids.engines.cpsat import solve
from pyramids.engines.cpsat.stock_model import horizon

reference = pytest.importorskip("pyramids.engines.reference",
                                reason="pyramids.engines.reference not built yet")


def agree_with_reference(variant: Variant, numbers: Iterable[int], node_limit: int = 12000) -> int:
    """Assert CP-SAT agrees with the brute force wherever the latter finishes; count them."""
    compared = 0
    for n in numbers:
        deal = Deal.from_number(n)
        ref = reference.solve(deal, variant, node_limit=node_limit)
        if ref.status == "unknown":
            continue
        got = solve(deal, variant)
        assert got.status == ref.status, (variant.describe(), n)
        if variant.scoring == "par":
            assert got.score == ref.score, (variant.describe(), n)
        compared += 1
    return compared


@pytest.mark.parametrize("overlap", [False, True])
@pytest.mark.parametrize("name, options", [
    ("bouquet", {"rows": 9}),
    ("giza", {"rows": 9, "rest": "tableau:7x1"}),
])
def test_open_games_agree_with_the_reference(name: str, options: dict[str, object],
                                             overlap: bool) -> None:
    assert agree_with_reference(get_variant(name, overlap=overlap, **options), range(2)) >= 1


STOCK_OPTIONS = [  # one pass: the brute force finishes; redeals are checked against search
    {"draw": 1, "stock_waste": "allowed"},
    {"draw": 1, "stock_waste": "forbidden", "overlap": True},
    {"draw": 1, "stock_waste": "automatic", "objective": "pyramid"},
    {"draw": 3, "objective": "pyramid"},
    {"draw": 3, "overlap": True},
]


@pytest.mark.parametrize("options", STOCK_OPTIONS)
def test_stock_games_agree_with_the_reference_on_short_stocks(options: dict[str, object]) -> None:
    # 9 rows leave a 7-card stock: small enough for the brute force to finish.
    variant = get_variant("pyramid", rows=9, passes=1, **options)
    assert agree_with_reference(variant, range(3)) >= 1


def test_par_agrees_with_the_reference_on_a_short_stock() -> None:
    assert agree_with_reference(get_variant("par-pyramid", rows=9, passes=1), range(2)) >= 1


@pytest.mark.parametrize("name", ["bouquet", "giza", "giza-6x4", "pyramid", "king-tut",
                                  "cheops", "par-pyramid"])
def test_every_line_is_replayed_and_wins(name: str) -> None:
    variant = get_variant(name)
    seen = set()
    for n in range(6):
        deal = Deal.from_number(n)
        v = solve(deal, variant)
        seen.add(v.status)
        assert v.engine == "cpsat" and v.deal_number == n
        assert v.status in ("winnable", "blocked")
        if v.status == "winnable":
            r = replay(deal, variant, v.moves, require_win=variant.scoring != "par")
            assert r.moves == len(v.moves)
        else:
            assert v.certificate is not None and v.certificate.kind in ("exhaustive",
                                                                          "structural")
        if variant.scoring == "par":
            assert v.score is not None
            assert replay(deal, variant, v.moves).score == v.score
    assert seen  # something was decided


def test_same_input_same_answer() -> None:
    deal, variant = Deal.from_number(7), get_variant("cheops")
    a, b = solve(deal, variant), solve(deal, variant)
    assert (a.status, a.moves) == (b.status, b.moves)


def test_a_time_limit_gives_unknown_never_blocked() -> None:
    variant = get_variant("tuts-tomb")
    unknown = 0
    for n in range(3):
        v = solve(Deal.from_number(n), variant, time_limit=0.002)
        if v.status == "unknown":
            unknown += 1
            assert "time limit" in v.reason
            assert v.certificate is None
    assert unknown >= 1


def test_horizon_covers_unlimited_passes() -> None:
    assert horizon(get_variant("tuts-tomb")) == 25  # 24 stock cards + 1
    assert horizon(get_variant("cheops")) == 3
    assert horizon(get_variant("pyramid", rows=9, passes=20)) == 8


def test_overlap_discards_only_add_choices() -> None:
    for n in range(10):
        deal = Deal.from_number(n)
        plain = solve(deal, get_variant("giza"))
        wide = solve(deal, get_variant("giza", overlap=True))
        if plain.status == "winnable":
            assert wide.status == "winnable", n


def test_draw3_redeal_can_reach_the_last_stock_card() -> None:
    """Regression (deal 358, Tut's Tomb without overlap): in a later pass the last stock
    card is a deal pointer even when the survivors do not number a multiple of 3. The
    model used to demand a multiple of 3 there and called this winnable deal blocked."""
    deal, variant = Deal.from_number(358), get_variant("tuts-tomb", overlap=False)
    v = solve(deal, variant)
    assert v.status == "winnable"
    assert replay(deal, variant, v.moves, require_win=True).won


@pytest.mark.parametrize("overlap", [False, True])
@pytest.mark.parametrize("name", ["giza", "giza-6x4", "bouquet"])
def test_open_games_objective_pyramid_line_stops_when_won(name: str, overlap: bool) -> None:
    """Regression: optional tableau removals timed after the last pyramid card were
    appended to the line, which the referee rejects ("the game is already won")."""
    variant = get_variant(name, overlap=overlap, objective="pyramid")
    won = 0
    for n in range(8):
        deal = Deal.from_number(n)
        v = solve(deal, variant)
        assert v.status in ("winnable", "blocked"), (n, v.reason)
        if v.status == "winnable":
            won += 1
            assert replay(deal, variant, v.moves, require_win=True).won
    assert won > 0


def test_one_worker_by_default() -> None:
    """Deterministic by default: the engine asks CP-SAT for a single worker."""
    import inspect

    from ortools.sat.python import cp_model

    from pyramids.engines.cpsat import verdicts as engine
    from pyramids.engines.cpsat.open_model import solver_params

    assert inspect.signature(solve).parameters["workers"].default == 1
    assert inspect.signature(engine.solve).parameters["workers"].default == 1
    solver = cp_model.CpSolver()
    solver_params(solver, None, False)
    assert solver.parameters.num_workers == 1


def test_automatic_a_card_between_that_goes_with_one_of_the_pair() -> None:
    """Regression (deal 40, pyramid with stock_waste=automatic): a stock pair s_j + s_k
    never shows when the card between them leaves in the same move as s_k (TD+3C over
    3S). The model demanded that card go strictly later and called the deal blocked."""
    deal = Deal.from_number(40)
    variant = get_variant("pyramid", stock_waste="automatic")
    v = solve(deal, variant)
    assert v.status == "winnable"
    assert replay(deal, variant, v.moves, require_win=True).won


def test_automatic_par_agrees_with_the_reference() -> None:
    """Regression (9 rows, deals 38 and 132): the same, and a line that stops early never
    deals the later phases, where forced pairs were still required (best Par score too
    low)."""
    variant = get_variant("par-pyramid", rows=9, stock_waste="automatic")
    assert agree_with_reference(variant, [38, 132], node_limit=30000) == 2


def test_a_deterministic_budget_gives_the_same_answer_every_run() -> None:
    """``deterministic=``: CP-SAT's own work units, so the same deal, position and
    budget give the same verdict and line; a budget too small gives ``unknown`` naming
    that limit, never ``blocked``; a generous one gives the unlimited answer."""
    variant = get_variant("tuts-tomb")
    cut = 0
    for n in range(4):
        deal = Deal.from_number(n)
        runs = [solve(deal, variant, deterministic=0.01) for _ in range(2)]
        assert (runs[0].status, runs[0].moves) == (runs[1].status, runs[1].moves)
        if runs[0].status == "unknown":
            cut += 1
            assert "deterministic limit 0.01" in runs[0].reason
        free = solve(deal, variant)
        assert solve(deal, variant, deterministic=100.0).status == free.status
    assert cut >= 1
    par = solve(Deal.from_number(3), get_variant("par-pyramid"), deterministic=1e-4)
    assert par.status == "unknown" and "deterministic limit" in par.reason


@pytest.mark.parametrize("passes", [3, 2])
def test_par_blocked_below_the_lowest_win_score_agrees_with_the_win_model(passes: int) -> None:
    """A proven best Par score below what any win scores settles ``blocked`` without the
    second model; on every deal where that shortcut fires, the win model (Par scoring
    off) must be infeasible, and the certificate says why."""
    from pyramids.engines.cpsat import stock_model
    from pyramids.engines.cpsat.verdicts import lowest_win_score

    variant = get_variant("par-pyramid", passes=passes)
    assert lowest_win_score(variant) == {3: 20, 2: 35}[passes]
    fired = 0
    for n in range(40):
        deal = Deal.from_number(n)
        v = solve(deal, variant)
        assert v.score is not None
        if v.score >= lowest_win_score(variant):
            continue
        fired += 1
        assert v.status == "blocked" and v.certificate is not None
        assert v.certificate.data["best_score"] == v.score
        assert "would score at least" in v.certificate.detail
        win = stock_model.solve_stock(deal, variant.with_options(scoring="none"))
        assert win.status == "infeasible", n
    assert fired >= 5


def test_msc_scores_are_decided_as_breadth_first_search_finds_them() -> None:
    """CP-SAT's MSC score questions (``msc_reaches``: a clear with so many removals by
    then above 785 points, every card optional below) against the best score breadth-
    first search finds (MSC in one pass): the best is reachable, with a line that
    scores it when replayed, and 5 points more is not; with the board proven out of
    reach the same with ``uncleared``."""
    from pyramids.core.game import Game
    from pyramids.core.referee import play
    from pyramids.engines import cpsat
    from pyramids.engines.faceup import face_down
    from pyramids.engines.optimal import bfs as bfs_route

    v = get_variant("msc", passes=1)
    compared = cleared = uncleared = 0
    for n in range(80):
        deal = Deal.from_number(n)
        ref = bfs_route.explore(deal, v, rank=1, limit=400_000)
        if ref.truncated:
            continue
        best = ref.score[0]
        can, line = cpsat.msc_reaches(deal, v, best)
        assert can is True, n
        game = Game(deal, face_down(v))
        for _ in play(game, line):
            pass
        assert game.msc_score() >= best, n
        if best < 1290:
            assert cpsat.msc_reaches(deal, v, best + 5)[0] is False, n
        if ref.board is None:
            assert cpsat.msc_reaches(deal, v, best, uncleared=True)[0] is True, n
            assert cpsat.msc_reaches(deal, v, best + 5, uncleared=True)[0] is False, n
            uncleared += 1
        else:
            every = cpsat.clears_with(deal, v, 28)[0]
            assert every is (best == 1290), n
            cleared += 1
        compared += 1
        if compared == 16:
            break
    assert compared == 16 and cleared >= 1 and uncleared >= 2


def test_the_most_cards_of_a_rank_are_decided_as_breadth_first_search_finds_them() -> None:
    """CP-SAT's question "can a line discard N cards of a rank (with the pyramid cleared
    too)?" (``discards``) against the most Aces breadth-first search finds (MSC in one
    pass): the most can go, with a line that discards them when replayed, one more
    cannot; with the pyramid cleared the same, and no line when none clears it."""
    from pyramids.core.cards import Card
    from pyramids.core.game import Game
    from pyramids.core.referee import play
    from pyramids.engines import cpsat
    from pyramids.engines.faceup import face_down
    from pyramids.engines.optimal import bfs as bfs_route

    v = get_variant("msc", passes=1)
    compared = boards = 0
    for n in range(80):
        deal = Deal.from_number(n)
        ref = bfs_route.explore(deal, v, rank=1, limit=400_000)
        if ref.truncated:
            continue
        aces = sum(1 << s for s, c in enumerate(deal.cards) if c % 13 == 0)
        most = ref.most[0]
        if most:
            can, line = cpsat.discards(deal, v, aces, most)
            assert can is True, n
            game = Game(deal, face_down(v))
            for _ in play(game, line):
                pass
            assert sum(game.is_removed(Card(13 * s)) for s in range(4)) >= most, n
        if most < 4:
            assert cpsat.discards(deal, v, aces, most + 1)[0] is False, n
        if ref.most_board is None:
            assert cpsat.discards(deal, v, aces, 0, board=True)[0] is False, n
        else:
            board = ref.most_board[0]
            assert cpsat.discards(deal, v, aces, board, board=True)[0] is True, n
            if board < 4:
                assert cpsat.discards(deal, v, aces, board + 1, board=True)[0] is False, n
            boards += 1
        compared += 1
        if compared == 16:
            break
    assert compared == 16 and boards >= 1
