"""Simulated players (pyramids.generator.players) and ``pyramids grade``.

Small: a few deals, a few dozen playouts each.
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from pyramids.bulk.stats import wilson
from pyramids.cli import main
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import REDEAL, Move
from pyramids.core.referee import replay
from pyramids.core.variants import Variant, get_variant
from pyramids.generator import collections as puzzles
from pyramids.generator.oracle import Oracle
from pyramids.generator.players import (
    LOSS,
    MAX_PLIES,
    PLANNERS,
    PLAYERS,
    Player,
    Table,
    get_player,
    play,
    players_for,
    rng_for,
    stuck_rules,
    win_rates,
)

GIZA = get_variant("giza")
PYRAMID = get_variant("pyramid")
PAR = get_variant("par-pyramid")


def shipped(name: str) -> list[dict]:
    path = puzzles.folder() / f"{name}.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


@pytest.mark.parametrize("variant", [GIZA, PYRAMID, get_variant("giza-6x4"),
                                     get_variant("king-tut"), get_variant("tuts-tomb")],
                         ids=lambda v: v.name)
@pytest.mark.parametrize("player", PLAYERS + PLANNERS, ids=lambda p: p.name)
def test_every_playout_is_legal_and_its_outcome_is_the_referees(variant: Variant,
                                                                 player: Player) -> None:
    deal = Deal.from_number(3)
    table = Table(deal, variant)
    rng = random.Random(5)
    for _ in range(3):
        p = play(table, player, rng)
        r = replay(deal, variant, p.moves, require_win=False)
        assert r.won == p.won
        game = Game(deal, variant)
        for m in p.moves:
            game.push(m)
        # played to the end, or given up after a pass without a discard
        assert game.is_won() or not game.legal_moves() or (
            REDEAL in game.legal_moves() and len(p.moves) < MAX_PLIES)


def test_casual_plays_kings_at_once_and_deals_only_when_it_cannot_discard() -> None:
    for n in range(4):
        deal = Deal.from_number(n)
        table = Table(deal, PYRAMID)
        p = play(table, get_player("casual"), random.Random(n))
        game = Game(deal, PYRAMID)
        for m in p.moves:
            legal = game.legal_moves()
            if any(x.is_discard and len(x.cards) == 1 for x in legal):
                assert m.is_discard and len(m.cards) == 1
            elif any(x.is_discard for x in legal):
                assert m.is_discard
            game.push(m)


def test_random_player_uses_every_kind_of_move() -> None:
    """Uniform over legal moves: it deals even when it could discard."""
    deal = Deal.from_number(1)
    table = Table(deal, PYRAMID)
    rng = random.Random(0)
    dealt_over_a_discard = False
    for _ in range(20):
        game = Game(deal, PYRAMID)
        for m in play(table, get_player("random"), rng).moves:
            legal = game.legal_moves()
            dealt_over_a_discard |= not m.is_discard and any(x.is_discard for x in legal)
            game.push(m)
    assert dealt_over_a_discard


def test_win_rates_are_seeded_and_more_playouts_extend_the_same_games() -> None:
    deal, v = Deal.from_number(12), get_variant("giza-6x4")
    a = win_rates(deal, v, 30, seed=4)
    assert a == win_rates(deal, v, 30, seed=4)
    assert a[-1].wins > 0  # (a deal that lookahead-3 sometimes wins, sometimes not)
    assert a[-1].wins < 30
    assert [r.player for r in a] == [p.name for p in PLAYERS]
    # one player's stream does not depend on which other players play
    la3 = get_player("lookahead-3")
    assert win_rates(deal, v, 30, [la3], seed=4) == [a[-1]]
    rng = rng_for(deal, v, la3, 4)
    table = Table(deal, v)
    first = [play(table, la3, rng).won for _ in range(60)]
    assert sum(first[:30]) == a[-1].wins
    assert win_rates(deal, v, 60, [la3], seed=4)[0].wins == sum(first)
    r = a[-1]
    assert r.interval == wilson(r.wins, r.games) and r.games == 30


def test_stuck_rule_is_sound() -> None:
    """Whenever the look-ahead calls a position lost because a card can never be discarded,
    the exact oracle proves the position lost (random positions of a few deals)."""
    rng = random.Random(3)
    fired = 0
    for variant in (GIZA, get_variant("giza-6x4"), PYRAMID):
        for n in range(3):
            deal = Deal.from_number(n)
            rules = stuck_rules(deal, variant)
            table = Table(deal, variant)
            oracle = Oracle(deal, variant, node_limit=200_000)
            for _ in range(4):
                game = Game(deal, variant)
                while (legal := game.legal_moves()):
                    game.push(legal[rng.randrange(len(legal))])
                    removed = game.removed
                    if any(not removed & bit and partners & ~removed & ~related == 0
                           for bit, partners, related in rules):
                        assert table._leaf(game, None) < LOSS / 2
                        res = oracle.status_of(game)
                        assert res.status in ("blocked", "unknown"), (variant.name, n,
                                                                      game.moves)
                        fired += res.status == "blocked"
                        break
    assert fired >= 5


@pytest.mark.parametrize("variant", [PYRAMID, get_variant("cheops"), get_variant("king-tut"),
                                     GIZA], ids=lambda v: v.name)
def test_hopeless_is_sound(variant: Variant) -> None:
    """Whenever the planner calls a position lost (a dead card, or no pairing of the cards
    left), the exact oracle proves it lost: positions of random lines of a few deals, each
    line followed to the first position called lost. On one-pass Pyramid the test also
    fires before the look-ahead's stuck rule does (the waste rule and the pairing)."""
    rng = random.Random(11)
    fired = earlier = 0
    for n in range(6):
        deal = Deal.from_number(n)
        table = Table(deal, variant)
        rules = stuck_rules(deal, variant)
        oracle = Oracle(deal, variant, node_limit=300_000)
        for _ in range(4):
            game = Game(deal, variant)
            while (legal := game.legal_moves()) and len(game.moves) < 300:
                game.push(legal[rng.randrange(len(legal))])
                if not table.hopeless(game):
                    continue
                res = oracle.status_of(game)
                assert res.status in ("blocked", "unknown"), (variant.name, n, game.moves)
                fired += res.status == "blocked"
                removed = game.removed
                earlier += not any(not removed & bit and partners & ~removed & ~related == 0
                                   for bit, partners, related in rules)
                break
    assert fired >= 8
    if variant == PYRAMID:
        assert earlier >= 3


def test_hopeless_never_fires_on_a_winning_line() -> None:
    """Along every shipped Pyramid solution (sampled) no position is called lost."""
    for e in shipped("pyramid")[::5]:
        deal, v = Deal.from_number(e["deal"]), Variant.from_options(e["variant"])
        table = Table(deal, v)
        game = Game(deal, v)
        for m in e["solution"]:
            assert not table.hopeless(game), (e["id"], len(game.moves))
            game.push(Move.parse(m))


def test_planner_plans_across_the_stock() -> None:
    """Right after a deal a plan's next discard must take a dealt card (the hand or the
    waste top; any other was there before the deal), so its worth is the best over those
    discards and further deals; the planner's moves begin a best plan."""
    deal = Deal.from_number(4)
    table = Table(deal, PYRAMID)
    game = Game(deal, PYRAMID)
    for _ in range(3):
        game.push(next(m for m in game.legal_moves() if m.kind == "deal"))
    fresh = {game.hand, game.waste_top()} - {None}
    worths = []
    for m in game.legal_moves():
        if m.kind == "deal" or fresh.intersection(m.cards):
            game.push(m)
            worths.append(table.plan_value(game, 2 if m.kind == "deal" else 1,
                                           m.kind == "deal"))
            game.pop()
    assert table.plan_value(game, 2, True) == max(w for w in worths if w is not None)
    best = table.planned_moves(game, 2)
    assert best and set(best) <= set(game.legal_moves())


def test_planner_games_do_not_depend_on_the_other_players() -> None:
    """The planners' caches (plans, play-outs, lost positions) are functions of the
    position, so sharing a table with other players changes no game."""
    deal = Deal.from_number(shipped("pyramid")[0]["deal"])
    p1, p2 = get_player("planner-1"), get_player("planner-2")
    both = win_rates(deal, PYRAMID, 6, [p1, p2], seed=3)
    assert win_rates(deal, PYRAMID, 6, [p2], seed=3) == both[1:]
    assert win_rates(deal, PYRAMID, 6, [p1], seed=3) == both[:1]


def test_lookahead_avoids_a_move_it_can_see_loses() -> None:
    """Wherever a one-move look-ahead sees, after the next move, a card that can never be
    discarded and also a move after which it sees none, it never chooses the former."""
    deal = Deal.from_number(7)
    table = Table(deal, GIZA)
    la1 = get_player("lookahead-1")
    rng = random.Random(1)
    checked = 0
    for _ in range(10):
        game = Game(deal, GIZA)
        for m in play(table, la1, rng).moves:
            worth = {}
            for alt in game.legal_moves():
                game.push(alt)
                worth[alt] = table._leaf(game, None)  # at the horizon: no move generation
                game.pop()
            if min(worth.values()) < LOSS / 2 < max(worth.values()):
                checked += 1
                assert worth[m] > LOSS / 2
            game.push(m)
    assert checked > 0


def test_par_win_means_reaching_the_best_score() -> None:
    e = shipped("par-pyramid")[0]
    deal, v = Deal.from_number(e["deal"]), Variant.from_options(e["variant"])
    best = e["components"]["best_score"]
    table = Table(deal, v)
    rng = random.Random(2)
    for _ in range(5):
        p = play(table, get_player("lookahead-2"), rng, best)
        r = replay(deal, v, p.moves, require_win=False)
        assert p.score is not None and p.score >= r.score
        assert p.won == (p.score >= best)
    with pytest.raises(ValueError, match="best"):
        win_rates(deal, v, 3)


def test_par_shortfall_comes_from_the_same_games_as_the_losses() -> None:
    from pyramids.generator.grading import lookahead_losses, lookahead_par

    for e in shipped("par-pyramid")[:3]:
        deal, v = Deal.from_number(e["deal"]), Variant.from_options(e["variant"])
        best = e["components"]["best_score"]
        losses, shortfall = lookahead_par(deal, v, 12, best)
        assert losses == lookahead_losses(deal, v, 12, best)
        # every lost game ends at least one point below the best score, a won one at it
        # (Par scores go below zero, so there is no upper bound worth stating)
        assert losses <= shortfall * 12
        assert (shortfall == 0) == (losses == 0)


def test_the_planners_measure_stock_games_without_par() -> None:
    assert players_for(PYRAMID) == PLAYERS + PLANNERS
    assert players_for(get_variant("king-tut")) == PLAYERS + PLANNERS
    assert players_for(GIZA) == PLAYERS and players_for(PAR) == PLAYERS
    assert [p.name for p in PLANNERS] == ["planner-1", "planner-2", "planner-3"]
    assert get_player("planner-5") == Player("planner-5", "planner", 5)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown player 'genius'"):
        get_player("genius")
    with pytest.raises(ValueError, match="unknown player 'lookahead-0'"):
        get_player("lookahead-0")
    with pytest.raises(ValueError, match="unknown player 'planner-0'"):
        get_player("planner-0")
    assert get_player("lookahead-5") == Player("lookahead-5", "lookahead", 5)
    with pytest.raises(ValueError, match="playouts"):
        win_rates(Deal.from_number(1), GIZA, 0)
    with pytest.raises(ValueError, match="depth"):
        Player("odd", "lookahead", 0)


def test_cli_grade_a_puzzle_id_and_a_deal() -> None:
    e = shipped("giza")[0]
    r = CliRunner().invoke(main, ["grade", e["id"], "--playouts", "10", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert (out["grade"], out["score"], out["deal"]) == (e["grade"], e["score"], e["deal"])
    assert set(out["players"]) == {p.name for p in PLAYERS}
    assert all(p["games"] == 10 and 0 <= p["ci95"][0] <= p["rate"] <= p["ci95"][1] <= 1
               for p in out["players"].values())

    r = CliRunner().invoke(main, ["grade", str(e["deal"]), "-V", "giza", "-n", "10",
                                  "--player", "casual"])
    assert r.exit_code == 0, r.output
    assert f"deal {e['deal']}" in r.output and "casual" in r.output
    assert "lookahead-2" not in r.output
    for key in ("traps", "lookahead_losses", "grade:"):
        assert key in r.output


def test_cli_grade_errors() -> None:
    r = CliRunner().invoke(main, ["grade", "giza-nothing-001"])
    assert r.exit_code == 2 and "no puzzle id" in r.output
    # a blocked Pyramid deal is no puzzle
    blocked = next(n for n in range(50) if not _winnable(n))
    r = CliRunner().invoke(main, ["grade", str(blocked), "-n", "5"])
    assert r.exit_code == 2 and "is not a puzzle" in r.output


def _winnable(n: int) -> bool:
    from pyramids.engines.search import solve

    return solve(Deal.from_number(n), PYRAMID, node_limit=1_000_000).status == "winnable"


FAST_VARIANTS = [GIZA, PYRAMID, PAR, get_variant("giza-6x4"), get_variant("king-tut"),
                 get_variant("tuts-tomb"), get_variant("cheops", stock_waste="automatic"),
                 get_variant("pyramid", stock_waste="forbidden"), get_variant("giza", overlap=True),
                 get_variant("bouquet", rows=8)]


@pytest.mark.parametrize("variant", FAST_VARIANTS,
                         ids=[f"{v.name}-{i}" for i, v in enumerate(FAST_VARIANTS)])
def test_the_numba_players_play_the_reference_games(variant: Variant) -> None:
    """FastTable (the numba kernels the grading uses) plays move for move the games of
    the reference Table, for every player, one table shared by all of them (the caches
    carry over from player to player as in the grading), and leaves the generator in
    the same state."""
    from pyramids.generator.fastplay import FastTable, available
    from pyramids.generator.players import make_table, play_each, play_many

    assert available()
    best = -20 if variant.scoring == "par" else None
    for number in (4, 11):
        deal = Deal.from_number(number)
        ref, fast = Table(deal, variant), make_table(deal, variant)
        assert isinstance(fast, FastTable)
        for player in players_for(variant) if variant.scoring == "par" else PLAYERS + PLANNERS:
            seed = f"{number}{player.name}"
            r1, r2 = random.Random(seed), random.Random(seed)
            for _ in range(2):
                assert play(ref, player, r1, best) == play(fast, player, r2, best)
            many = play_many(fast, player, r2, 3, best)
            assert many == play_many(ref, player, r1, 3, best)
            each = play_each(fast, player, r2, 3, best)
            assert each == play_each(ref, player, r1, 3, best)
            assert r1.getstate() == r2.getstate()


def test_games_played_in_one_call_are_the_games_played_one_by_one() -> None:
    """``play_each`` (a day's players' games, one kernel call a player) gives, move for
    move, the games as many calls of ``play`` give on a table of their own, and leaves the
    generator where they leave it: MSC's face-down game, as the daily plays it."""
    from pyramids.engines.faceup import face_down
    from pyramids.generator.players import make_table, play_each

    rules = face_down(get_variant("msc"))
    for number in (2, 7):
        deal = Deal.from_number(number)
        for player in PLAYERS:
            r1, r2 = rng_for(deal, rules, player, 0), rng_for(deal, rules, player, 0)
            one_by_one = make_table(deal, rules)
            singles = [play(one_by_one, player, r1) for _ in range(12)]
            batch = play_each(make_table(deal, rules), player, r2, 12)
            assert batch == singles
            assert len({p.moves for p in batch}) > 1  # the games differ: the draws go on
            assert r1.getstate() == r2.getstate()
