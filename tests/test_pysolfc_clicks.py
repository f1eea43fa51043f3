"""PySolFC's games as PySolFC plays them: the project's lines replayed click by click in a
model of PySolFC's own stacks (``pyramids.pysolfc.model``, written from PySolFC's source,
independent of the rules engine). ``benchmarks/replay_pysolfc.py`` does the same on
thousands of games; these tests pin a few and a sample."""

from __future__ import annotations

import dataclasses

import pytest

from pyramids.answers.check import check
from pyramids.answers.goals import Goal, answer
from pyramids.bulk import PySolFCRangeSource, run_records
from pyramids.core.game import Game
from pyramids.core.moves import parse_moves
from pyramids.core.variants import Variant, get_variant
from pyramids.engines.search import solve
from pyramids.pysolfc.games import GAMES, PySolFCGame
from pyramids.pysolfc.model import ModelError, Table, replay
from pyramids.pysolfc.notes import step_notes

STOCK_GAMES = ("pysolfc-pyramid", "pysolfc-relaxed-pyramid", "pysolfc-king-tut")
PINNED = (32000, 32001, 32005, 32006, 32007)


def clicks(verdict_moves: tuple[object, ...]) -> list[str]:
    return [str(m) for m in verdict_moves]


def play_in_pysolfc(game: str, number: int, steps: list[str], *, ms: bool = False,
                    auto_deal: bool = True) -> int:
    """Replay ``steps`` in the model; the automatic deals PySolFC made. Fails unless won."""
    got = replay(GAMES[game][0], number, steps, ms=ms, auto_deal=auto_deal)
    assert got.won, (game, number)
    return got.automatic_deals


# -- the model deals as the project does --------------------------------------------------

@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("number", "ms"), [(1, False), (617, False), (32000, False),
                                            (32005, False), (40000, True), (10**25, False)])
def test_the_model_starts_where_the_engine_starts(game: str, number: int, ms: bool) -> None:
    """Two readings of PySolFC's start, one each: the model's stacks after ``newGame``
    hold the cards the rules engine lays out and deals at the opening."""
    v = get_variant(game)
    g = Game(PySolFCGame(number, ms).deal(v), v)
    t = Table(GAMES[game][0], number, ms=ms)
    assert [str(s.top) for s in t.rows] == [str(c) for c in g.pyramid_layout]
    if v.rest == "tableau":
        assert [[str(c) for c in s.cards] for s in t.reserves] == [
            [str(c) for c in g.column_cards(col)] for col in range(8)]
        return
    assert t.waste is not None
    assert [str(c) for c in t.waste.cards] == [str(c) for c in g.waste]
    assert [str(c) for c in reversed(t.talon.cards)] == [str(c) for c in g.stock]
    shown = t.talon.top is not None and t.talon.top.face_up
    assert shown == v.face_up and g.available()[-1] == g.waste[-1]


# -- the pinned games ---------------------------------------------------------------------

@pytest.mark.parametrize("number", PINNED)
def test_pyramid_games_the_issue_names_replay_in_pysolfc(number: int) -> None:
    """Games 32000, 32001, 32005, 32006 and 32007 of Pyramid (each winnable): the line
    the project gives (check's) plays click by click in PySolFC and wins; PySolFC deals
    by itself along it, and the line's notes say so where it does."""
    v = get_variant("pysolfc-pyramid")
    deal = PySolFCGame(number).deal(v)
    verdict = check(deal, v)
    assert verdict.status == "winnable"
    automatic = play_in_pysolfc("pysolfc-pyramid", number, clicks(verdict.moves))
    notes = step_notes(deal, v, verdict.moves)
    assert automatic == sum("by itself (Auto deal)" in n for n in notes) >= 1
    assert notes[-1].endswith("the game is won")


# the five games' verdicts under the other three (the seed lists agree: 32000 is the
# only one of them in Giza's list)
WON = {"pysolfc-relaxed-pyramid": PINNED, "pysolfc-king-tut": PINNED,
       "pysolfc-giza": (32000,)}


@pytest.mark.parametrize("game", list(WON))
def test_the_same_games_of_the_other_three_replay_in_pysolfc(game: str) -> None:
    """The same five numbers under the other games: each winnable one's line plays in
    PySolFC; the others are blocked, with a certificate."""
    v = get_variant(game)
    for number in PINNED:
        verdict = check(PySolFCGame(number).deal(v), v)
        if number in WON[game]:
            assert verdict.status == "winnable"
            play_in_pysolfc(game, number, clicks(verdict.moves))
        else:
            assert verdict.status == "blocked" and verdict.certificate is not None


def test_king_tut_32000_replays_with_auto_deal_on() -> None:
    """King Tut 32000 failed at step 17 in PySolFC with Auto deal on: PySolFC dealt by
    itself where the line dealt again. Its line now plays, and PySolFC deals along it."""
    v = get_variant("pysolfc-king-tut")
    verdict = check(PySolFCGame(32000).deal(v), v)
    assert play_in_pysolfc("pysolfc-king-tut", 32000, clicks(verdict.moves)) >= 1


def test_lines_written_before_these_presets_fail_in_pysolfc() -> None:
    """The model is no rubber stamp: the lines the presets gave before (a face-down stock
    dealt into a hand, no automatic deals) fail in PySolFC where a player got stuck:
    Pyramid 32005 deals a King off the talon (a click discards it instead), King Tut
    32000 at step 17 (PySolFC had dealt by itself)."""
    old_pyramid = dataclasses.replace(get_variant("pysolfc-pyramid"), stock_top="face-down",
                                      opening=2, auto_deal=False)
    old_tut = dataclasses.replace(get_variant("pysolfc-king-tut"), auto_deal=False)
    for game, v, number, where in (("pysolfc-pyramid", old_pyramid, 32005, "step 7: deal"),
                                   ("pysolfc-king-tut", old_tut, 32000, "step 17:")):
        line = clicks(solve(PySolFCGame(number).deal(v), v).moves)
        with pytest.raises(ModelError, match=where):
            play_in_pysolfc(game, number, line)
    # with Auto deal switched off, the old King Tut line plays: only the automatic deals
    line = clicks(solve(PySolFCGame(32000).deal(old_tut), old_tut).moves)
    play_in_pysolfc("pysolfc-king-tut", 32000, line, auto_deal=False)


@pytest.mark.parametrize("game", STOCK_GAMES)
def test_lines_with_auto_deal_off_replay_with_it_off(game: str) -> None:
    v = get_variant(game, auto_deal=False)
    assert not v.auto_deal
    for number in PINNED:
        verdict = solve(PySolFCGame(number).deal(v), v)
        if verdict.status == "winnable":
            assert play_in_pysolfc(game, number, clicks(verdict.moves), auto_deal=False) == 0


@pytest.mark.parametrize("game", list(GAMES))
def test_fewest_clicks_are_clicks(game: str) -> None:
    """--goal moves counts PySolFC's clicks: the line found plays in PySolFC in as many
    clicks as the answer says, no fewer than the verdict's line."""
    v = get_variant(game)
    for number in (32000, 32001, 32005):
        deal = PySolFCGame(number).deal(v)
        got = answer(deal, v, Goal.parse("moves"), time_limit=60)
        if got.status != "winnable":
            continue
        assert got.optimal and got.steps == len(got.moves)
        play_in_pysolfc(game, number, clicks(got.moves))
        assert got.steps <= len(check(deal, v).moves)


def test_microsoft_numbers_replay_as_pysolfc_deals_them() -> None:
    """ms40000 (Microsoft's generator past 32000) and 617 (below 32000) in PySolFC."""
    v = get_variant("pysolfc-relaxed-pyramid")
    for game in (PySolFCGame(40000, ms=True), PySolFCGame(617), PySolFCGame(40003, ms=True)):
        verdict = check(game.deal(v), v)
        if verdict.status == "winnable":
            play_in_pysolfc("pysolfc-relaxed-pyramid", game.number, clicks(verdict.moves),
                            ms=game.ms)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_sample_of_the_seed_lists_lines_replays_in_pysolfc(game: str) -> None:
    """The seed lists' path (bulk runs) on 120 games: every winning line plays (Giza wins
    about a third of its games, the others half or more)."""
    v = get_variant(game)
    lines = 0
    for rec in run_records(PySolFCRangeSource(33000, 33120), v, workers=1):
        assert rec["status"] != "unknown"
        if rec["status"] == "winnable":
            play_in_pysolfc(game, int(rec["pysolfc"]),
                            [str(m) for m in parse_moves(rec["moves"])])
            lines += 1
    assert lines >= 25


# -- the model's own rules ----------------------------------------------------------------

def _variant_line(v: Variant, number: int) -> list[str]:
    return clicks(solve(PySolFCGame(number).deal(v), v).moves)


def test_the_model_refuses_what_pysolfc_would_not_do() -> None:
    t = Table(38, 32005)
    with pytest.raises(ModelError, match="the talon holds 23 cards"):
        t.click("redeal")
    with pytest.raises(ModelError, match="not the top card of any stack"):
        t.click("7S+6H")  # 7S is covered (and 6H still in the talon)
    with pytest.raises(ModelError, match="is not one"):
        t.click("QC")
    line = _variant_line(get_variant("pysolfc-pyramid"), 32005)
    for step in line[:4]:  # QC+AC QD+AS JH+2C deal: KD shows on the talon next
        t.click(step)
    t.click("deal")
    assert str(t.talon.top) == "KD"
    with pytest.raises(ModelError, match="discards its top card KD, a King"):
        t.click("deal")
    # the rules engine deals it (PySolFC's D key does): the line's note says how
    v = get_variant("pysolfc-pyramid")
    notes = step_notes(PySolFCGame(32005).deal(v), v, parse_moves(" ".join(
        [*line[:4], "deal", "deal"])))
    assert "with the D key (Game, Deal cards): a click on the talon would discard KD" \
        in notes[-1]
    t.click("KD")  # the King goes, the next card shows
    assert t.talon.top is not None and t.talon.top.face_up and str(t.talon.top) == "6H"


def test_redeals_as_pysolfc_counts_them() -> None:
    """Pyramid's talon turns the waste over twice (max_rounds 3), King Tut's forever; the
    first card of a new pass is dealt by PySolFC itself (Auto deal)."""
    t = Table(38, 32002)
    for _ in range(2):
        while t.talon.cards:
            if t.talon.top is not None and t.talon.top.rank == 12:
                t.click(str(t.talon.top))
            else:
                t.click("deal")
        t.click("redeal")
        assert t.waste is not None and len(t.waste.cards) == 1 and t.round in (2, 3)
    while t.talon.cards:
        t.click(str(t.talon.top) if t.talon.top is not None and t.talon.top.rank == 12
                else "deal")
    with pytest.raises(ModelError, match="no redeal left"):
        t.click("redeal")
    k = Table(681, 32002)
    for _ in range(5):
        while k.talon.cards:
            k.click("deal")
        k.click("redeal")
    assert k.round == 6 and k.automatic_deals == 5


def _fewest_by_the_engine(deal: object, v: Variant, start: list[str], depth: int) -> int | None:
    """The fewest moves from the position after ``start`` to a win, by breadth-first
    search over the rules engine's own positions (automatic deals made by the engine);
    ``None`` beyond ``depth``."""
    from pyramids.core.deals import Deal
    from pyramids.core.moves import Move

    assert isinstance(deal, Deal)
    root = Game(deal, v)
    for m in start:
        root.push(Move.parse(m))
    layer = [list(root.moves)]
    seen = {root.key()}
    for d in range(depth + 1):
        nxt = []
        for line in layer:
            g = Game(deal, v)
            for m in line:
                g.push(m)
            if g.is_won():
                return d
            for m in g.legal_moves():
                g.push(m)
                if g.key() not in seen:
                    seen.add(g.key())
                    nxt.append(list(g.moves))
                g.pop()
        layer = nxt
    return None


@pytest.mark.parametrize("game", STOCK_GAMES)
def test_fewest_clicks_near_the_end_agree_with_the_engine(game: str) -> None:
    """The optimal solver's click count, which makes automatic deals itself, against a
    breadth-first search over the rules engine's positions, from 9 clicks before the end
    of a won line (and with every pruning of the solver switched off)."""
    from pyramids.engines import optimal

    v = get_variant(game)
    kind = "board" if v.objective == "pyramid" else "all"
    for number in (32001, 32006):
        deal = PySolFCGame(number).deal(v)
        line = clicks(check(deal, v).moves)
        start = line[:-9]
        want = _fewest_by_the_engine(deal, v, start, 9)
        assert want is not None
        for prunings in (optimal.PRUNINGS, ()):
            got = optimal.shortest(deal, v, kind, start=parse_moves(" ".join(start)),
                                   prunings=prunings)
            assert got.status == "found" and len(got.moves) == want, (number, prunings)


def test_the_command_line_gives_clicks_with_their_notes() -> None:
    """solve --json carries one note a click; --no-auto-deal gives the lines for a player
    who switched Auto deal off; the text output numbers the clicks beside their notes."""
    import json

    from click.testing import CliRunner

    from pyramids.cli import main

    run = CliRunner()
    on = json.loads(run.invoke(main, ["solve", "pysolfc:32005", "-V", "pysolfc-pyramid",
                                      "--json"]).output)
    off = json.loads(run.invoke(main, ["solve", "pysolfc:32005", "-V", "pysolfc-pyramid",
                                       "--no-auto-deal", "--json"]).output)
    assert on["variant"]["auto_deal"] and "auto_deal" not in off["variant"]
    assert len(on["notes"]) == len(on["moves"]) > 0 and len(off["notes"]) == len(off["moves"])
    play_in_pysolfc("pysolfc-pyramid", 32005, on["moves"])
    play_in_pysolfc("pysolfc-pyramid", 32005, off["moves"], auto_deal=False)
    assert len(off["moves"]) > len(on["moves"])  # every deal a click
    assert not any("Auto deal" in n for n in off["notes"])
    text = run.invoke(main, ["check", "pysolfc:32005", "-V", "pysolfc-pyramid"]).output
    assert f"solution ({len(on['moves'])} clicks):" in text
    assert "deal     2D to the waste; 4D turns face up on the talon" in text
