"""MSC's face-up deck played through the face-down game (pyramids.engines.faceup): the lines
translate both ways and replay, the verdicts from any position are those of the optimal
solver, which plays the face-up game itself, and the one position the face-down game
cannot hold (the stock's last card just drawn) is answered by the goals, not guessed."""

from __future__ import annotations

import random

from pyramids.answers.check import check
from pyramids.answers.goals import Goal, answer
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.referee import replay
from pyramids.core.variants import get_variant
from pyramids.engines import faceup, optimal
from pyramids.engines.search import solve


def random_start(deal: Deal, variant: object, seed: int, most: int) -> list[Move]:
    g = Game(deal, variant)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(rng.randrange(most)):
        moves = g.legal_moves()
        if not moves:
            break
        g.push(rng.choice(moves))
    return list(g.moves)


def test_lines_translate_both_ways_and_replay() -> None:
    v = get_variant("msc", passes=2, stock_waste="forbidden")
    for n in range(40):
        deal = Deal.from_number(n)
        start = random_start(deal, v, n, 60)
        down, exact = faceup.to_face_down(deal, v, start)
        replay(deal, faceup.face_down(v), down, require_win=False)
        back = faceup.to_face_up(deal, v, down)
        end_up, end_back = Game(deal, v), Game(deal, v)
        for m in start:
            end_up.push(m)
        for m in back:
            end_back.push(m)
        # the same cards gone, the same pass; the face-up line may save a draw
        assert (end_up.removed, end_up.pass_no) == (end_back.removed, end_back.pass_no)
        assert len(back) <= len(start)
        if exact:
            assert end_up.stock == end_back.stock and end_up.waste == end_back.waste


def test_verdicts_from_positions_agree_with_the_face_up_solver() -> None:
    for options in ({}, {"stock_waste": "forbidden", "passes": 2}, {"objective": "all"}):
        v = get_variant("msc", **options)  # type: ignore[arg-type]
        compared = 0
        for n in range(30):
            deal = Deal.from_number(n)
            start = random_start(deal, v, 1000 + n, 40)
            got = faceup.solve_face_down(solve, deal, v, start, "search")
            native = optimal.shortest(deal, v, "board" if v.objective == "pyramid" else "all",
                                      start=start, node_limit=1_500_000)
            if got.status == "unknown" or native.status == "limit":
                continue
            assert got.winnable == (native.status == "found"), (options, n)
            if got.winnable:
                assert list(got.moves[:len(start)]) == start
                replay(deal, v, got.moves, require_win=True)
            compared += 1
        assert compared >= 20


def test_after_drawing_the_last_card_the_face_up_solver_answers() -> None:
    v = get_variant("msc")
    deal = Deal.from_number(2)
    start = [Move.parse("draw")] * 24  # the whole deck, its last card on the waste
    g = Game(deal, v)
    for m in start:
        g.push(m)
    assert not g.stock and g.waste
    assert not faceup.to_face_down(deal, v, start)[1]
    engines = faceup.solve_face_down(solve, deal, v, start, "search")
    assert engines.status == "unknown" and "last card" in engines.reason
    plain = check(deal, v, start=start)  # the optimal solver plays that position
    assert plain.status == "winnable" and plain.engine == "optimal"
    replay(deal, v, plain.moves, require_win=True)
    v_goal = answer(deal, v, Goal.parse("board"), start=start)
    assert v_goal.status == "winnable" and v_goal.optimal
    replay(deal, v, v_goal.moves, require_win=True)


def test_a_won_position_translates() -> None:
    """MSC deal 1's winning line ends by pairing the deck's shown top card with the last
    pyramid card, cards still in the deck: the face-down game is won there too and deals
    no more (it raised "the game is already won" before), and a question asked from the
    won position is answered (the puzzle grader asks such questions)."""
    v = get_variant("msc")
    deal = Deal.from_number(1)
    line = solve(deal, v).moves
    before = Game(deal, v)
    for m in line[:-1]:
        before.push(m)
    assert before.stock_top() in line[-1].cards and len(before.stock) > 1
    down, exact = faceup.to_face_down(deal, v, line)
    assert exact and replay(deal, faceup.face_down(v), down).won
    assert solve(deal, v, start=line).status == "winnable"


def test_the_face_down_root_is_the_translated_start() -> None:
    """``face_down_root``: its opening deals end where ``to_face_down`` of the empty
    face-up line does (MSC: one deal more than ``face_down``; PySolFC's Pyramid's manual
    game, which opens with a deal: none), and its lines translate back from there."""
    from pyramids.engines.autodeal import manual

    deal = Deal.from_number(13)
    for v in (get_variant("msc"), get_variant("msc", passes=2, stock_waste="forbidden"),
              manual(get_variant("pysolfc-pyramid"))):
        root, start = faceup.face_down_root(v)
        down, exact = faceup.to_face_down(deal, v, [])
        assert exact and tuple(down) == start, v.name
        plain = faceup.face_down(v)
        assert root.opening == plain.opening + len(start), v.name
        assert root.with_options(opening=plain.opening) == plain, v.name
        after = Game(deal, plain)
        for m in start:
            after.push(m)
        begun = Game(deal, root)
        assert (begun.hand, begun.stock, begun.waste) == (after.hand, after.stock,
                                                          after.waste), v.name
    v = get_variant("msc")
    root, start = faceup.face_down_root(v)
    assert start
    got = solve(deal, root)
    assert got.status == "winnable"
    line = faceup.to_face_up(deal, v, got.moves, ((), start))
    assert line == list(solve(deal, v).moves)
