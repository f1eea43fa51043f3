"""The CP-SAT model of the general rules (engines/cpsat/game_model.py) against the general
search (engines/pairs), the games it states and refuses, a hand-made blocked deal, its
lines replayed, and ``check --engine cpsat`` for PySolFC's games.

The long comparison (thousands of deals per game) is benchmarks/crosscheck_family.py;
here the deals are the fast ones: whole deals of the games CP-SAT answers in milliseconds,
and positions deep into a game (most cards gone) for the others."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramids.answers.family import check_game, cpsat_unsupported
from pyramids.cli import main
from pyramids.core.board import Board, Play, line_of, replay
from pyramids.core.cards import Card
from pyramids.core.errors import VariantError
from pyramids.core.rules import GAMES, Rules, rules_of
from pyramids.core.variants import get_variant
from pyramids.engines.cpsat.game_model import BASELINE, GameOptions, greedy_line, solve_game
from pyramids.engines.pairs import solve
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame

STATED = [g for g, r in GAMES.items() if cpsat_unsupported(r) is None]
#: CP-SAT answers a whole deal of these in tens of milliseconds (crosscheck_family_results)
FAST = ["pysolfc-pharaohs", "pysolfc-pyramid-dozen", "pysolfc-eleven-triangle"]


def _cards(game: str, n: int) -> tuple[Card, ...]:
    rules = GAMES[game]
    return family_cards(rules.pysolfc or 0, PySolFCGame(n))


def _both(rules: Rules, cards: tuple[Card, ...], start: tuple[str, ...] = ()) -> tuple[str, str]:
    """The search's and CP-SAT's statuses (each line replayed by check_game)."""
    s = check_game(rules, cards, start=start, node_limit=1_000_000)
    c = check_game(rules, cards, start=start, engine="cpsat", time_limit=60)
    assert c.engine in ("cpsat", "certificate")
    if c.status == "winnable":
        assert replay(rules, cards, list(c.line)).is_won()
    return s.status, c.status


def _deep_position(rules: Rules, cards: tuple[Card, ...], seed: int,
                   left: int) -> tuple[str, ...]:
    """A random legal line from the deal (discards preferred) until at most ``left``
    cards are left or nothing can be played."""
    rng = random.Random(seed)
    board = Board(rules, cards)
    moves: list[Play] = []
    while board.cards_left() > left:
        legal = board.legal_moves()
        if not legal:
            break
        discards = [m for m in legal if not m.is_stock]
        m = rng.choice(discards) if discards and rng.random() < 0.85 else rng.choice(legal)
        board.push_unchecked(m)
        moves.append(m)
    return tuple(line_of(rules, cards, moves))


def test_the_games_it_states_and_why_not_apophis() -> None:
    assert set(GAMES) - set(STATED) == {"pysolfc-apophis"}
    why = cpsat_unsupported(GAMES["pysolfc-apophis"])
    assert why is not None and "three wastes" in why
    # the classic presets' own rules are the classic models' (Tut's Tomb, clear the pyramid)
    assert cpsat_unsupported(rules_of(get_variant("tuts-tomb"))) is not None
    with pytest.raises(VariantError, match="CP-SAT does not model pysolfc-apophis"):
        check_game(GAMES["pysolfc-apophis"], _cards("pysolfc-apophis", 1), engine="cpsat")
    with pytest.raises(VariantError, match="unknown engine"):
        check_game(GAMES["pysolfc-triangle"], _cards("pysolfc-triangle", 1),
                   engine="optimal")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", FAST)
def test_whole_deals_agree_with_the_search(game: str) -> None:
    rules = GAMES[game]
    seen = set()
    for n in range(1, 31):
        s, c = _both(rules, _cards(game, n))
        assert s == c, f"{game} pysolfc:{n}: search {s}, cpsat {c}"
        seen.add(c)
    assert seen == {"winnable", "blocked"} or game == "pysolfc-pharaohs"


@pytest.mark.parametrize("game", STATED)
def test_deep_positions_agree_with_the_search(game: str) -> None:
    """Thirty positions per game (at most a fifth of the cards left, two decks included),
    each from a random legal line of pysolfc:1..30; both engines settle them all, alike."""
    rules = GAMES[game]
    settled = 0
    for n in range(1, 31):
        cards = _cards(game, n)
        start = _deep_position(rules, cards, n, rules.cards // 5)
        s, c = _both(rules, cards, start)
        if "unknown" not in (s, c):
            settled += 1
            assert s == c, f"{game} pysolfc:{n} after {' '.join(start)}: search {s}, cpsat {c}"
    assert settled == 30


def test_the_kernel_agrees_with_the_python_search_from_a_two_deck_position() -> None:
    """From a deep position of a two-deck game (the kernel's twin key used to come back
    from numba as a Python int and overflow its table's int64 argument from such
    positions: test_deep_positions_agree_with_the_search[pysolfc-two-pyramids] raised
    OverflowError before the fix; this one did not reproduce it alone)."""
    rules = GAMES["pysolfc-two-pyramids"]
    cards = _cards("pysolfc-two-pyramids", 21)
    board = replay(rules, cards, list(_deep_position(rules, cards, 21, rules.cards // 3)))
    plays = tuple(board.moves)
    got = solve(rules, cards, start=plays, engine="kernel", node_limit=20_000)
    ref = solve(rules, cards, start=plays, engine="python", node_limit=20_000)
    assert got.status == ref.status or "unknown" in (got.status, ref.status)


def test_whole_deals_of_a_slower_game_agree() -> None:
    for game, n in (("pysolfc-triangle", 3), ("pysolfc-pyramid-thirteen", 2),
                    ("pysolfc-cheops", 2)):
        s, c = _both(GAMES[game], _cards(game, n))
        assert s == c != "unknown", (game, n, s, c)


def _swap_to(cards: list[Card], at: dict[int, str]) -> tuple[Card, ...]:
    for pos, name in at.items():
        card = Card.parse(name)
        other = cards.index(card)
        cards[pos], cards[other] = cards[other], cards[pos]
    return tuple(cards)


def test_a_hand_made_blocked_deal() -> None:
    """Pharaohs: 6S under 7S and 7H (the small pyramid), 6H 6D 6C at the top of the big
    one, under 7D and 7C of its bottom row. Every 7 needs a 6 first and every 6 a 7 first,
    yet no card has all its partners on top of it: no certificate, the model proves it."""
    rules = GAMES["pysolfc-pharaohs"]
    cov = rules.layout.covering
    assert {1, 2} <= cov[0] and all({25, 26} <= cov[p] for p in (3, 4, 5))
    cards = _swap_to(list(_cards("pysolfc-pharaohs", 1)), {
        0: "6S", 1: "7S", 2: "7H", 3: "6H", 4: "6D", 5: "6C", 25: "7D", 26: "7C"})
    out = solve_game(rules, cards, Board(rules, cards))
    assert out.status == "blocked"
    v = check_game(rules, cards, engine="cpsat")
    assert (v.status, v.engine) == ("blocked", "cpsat")
    assert v.certificate is not None and v.certificate.kind == "exhaustive"
    assert solve(rules, cards).status == "blocked"
    # one 7 moved from the bottom row to a free corner: a 6 can go, and so can the rest
    freed = _swap_to(list(cards), {26: "7C", 51: "7C"})
    assert solve_game(rules, freed, Board(rules, freed)).status == \
        solve(rules, freed).status


def test_a_line_replays_and_says_its_engine() -> None:
    rules = GAMES["pysolfc-triangle"]
    cards = _cards("pysolfc-triangle", 3)
    v = check_game(rules, cards, engine="cpsat")
    assert (v.status, v.engine) == ("winnable", "cpsat")
    board = replay(rules, cards, list(v.line))
    assert board.is_won() and board.cards_left() == 0
    assert "redeal" in v.line or "deal" in v.line
    obj = v.to_json_obj()
    assert obj["engine"] == "cpsat" and obj["moves"] == list(v.line)
    # from a position: the start's moves, then the model's
    start = tuple(v.line[:10])
    w = check_game(rules, cards, start=start, engine="cpsat")
    assert w.status == "winnable" and w.line[:10] == start
    assert replay(rules, cards, list(w.line)).is_won()


def test_check_engine_cpsat_in_the_cli() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["check", "-V", "pysolfc-eleven-triangle", "pysolfc:1",
                               "--engine", "cpsat"])
    assert res.exit_code == 0, res.output
    assert "(engine cpsat" in res.output or "(engine certificate" in res.output
    res = runner.invoke(main, ["check", "-V", "pysolfc-triangle", "pysolfc:3",
                               "--engine", "cpsat"])
    assert res.exit_code == 0 and "verdict: winnable (engine cpsat" in res.output
    res = runner.invoke(main, ["check", "-V", "pysolfc-triangle", "pysolfc:3"])
    assert "verdict: winnable (engine pairs" in res.output  # auto keeps the search
    res = runner.invoke(main, ["check", "-V", "pysolfc-apophis", "pysolfc:1",
                               "--engine", "cpsat"])
    assert res.exit_code == 2
    assert "CP-SAT does not model pysolfc-apophis (three wastes" in res.output
    res = runner.invoke(main, ["solve", "-V", "pysolfc-triangle", "pysolfc:3",
                               "--engine", "cpsat", "--node-limit", "100"])
    assert res.exit_code == 2 and "--node-limit is the search's limit" in res.output
    res = runner.invoke(main, ["check", "-V", "pysolfc-triangle", "pysolfc:3",
                               "--engine", "cpsat", "--goal", "moves"])
    assert res.exit_code == 2 and "the fewest moves come from the general search" in res.output


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from([*FAST, "pysolfc-triangle", "pysolfc-pyramid-thirteen"]),
       seed=st.integers(0, 10**6), left=st.integers(8, 30))
def test_property_any_position_the_engines_agree(game: str, seed: int, left: int) -> None:
    """Any shuffled deal (not only PySolFC's numbers), from a random position."""
    rules = GAMES[game]
    cards = [Card(i % 52) for i in range(rules.cards)]
    random.Random(seed).shuffle(cards)
    deal = tuple(cards)
    start = _deep_position(rules, deal, seed, left)
    s, c = _both(rules, deal, start)
    assert "unknown" in (s, c) or s == c


def _twin_positions(game: str, count: int) -> list[tuple[tuple[Card, ...], tuple[str, ...]]]:
    """Deep positions of ``game`` (pysolfc:1..) whose live talon holds two cards of one
    rank next to each other: the positions the model's twin rule speaks about."""
    rules = GAMES[game]
    n = rules.layout.size
    out = []
    for deal in range(1, 200):
        cards = _cards(game, deal)
        start = _deep_position(rules, cards, deal, rules.cards // 4)
        board = replay(rules, cards, list(start))
        live = [a for a in range(n, rules.cards) if not board.removed >> a & 1]
        if any(cards[a].rank == cards[b].rank for a, b in pairwise(live)):
            out.append((cards, start))
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("game", ["pysolfc-pyramid-thirteen", "pysolfc-cheops",
                                  "pysolfc-two-pyramids", "pysolfc-double-pyramid"])
def test_the_twin_rule_and_the_hint_change_no_answer(game: str) -> None:
    """Positions with twins next to each other in the talon: the model with the twin rule
    and a greedy hint (and with the redundant "between" too) answers as the model first
    stated (no such rule, no hint) and as the search."""
    rules = GAMES[game]
    settled = 0
    for cards, start in _twin_positions(game, 8):
        got = {}
        for name, options in (("new", GameOptions(hint=20)), ("base", BASELINE),
                              ("between", GameOptions(hint=20, between=True))):
            board = replay(rules, cards, list(start))
            out = solve_game(rules, cards, board, options=options, time_limit=60)
            if out.status == "winnable":
                assert board.is_won()
            got[name] = out.status
        s = check_game(rules, cards, start=start, node_limit=1_000_000).status
        assert got["new"] == got["base"] == got["between"], (game, start)
        if "unknown" not in (s, got["new"]):
            settled += 1
            assert s == got["new"], (game, start)
    assert settled >= 6


def test_the_greedy_hint_line_is_legal_and_leaves_the_board() -> None:
    """greedy_line plays on the board and takes its moves back; its line replays (on
    Two Pyramids pysolfc:5, which a greedy playout wins, to the end)."""
    rules = GAMES["pysolfc-two-pyramids"]
    cards = _cards("pysolfc-two-pyramids", 5)
    board = Board(rules, cards)
    line = greedy_line(board, 20)
    assert board.moves == [] and board.cards_left() == rules.cards
    assert replay(rules, cards, line_of(rules, cards, line)).is_won()
    # a position already played into: the line goes on from it, the board is kept
    start = list(line[:10])
    for move in start:
        board.push(move)
    more = greedy_line(board, 1)
    assert board.moves == start
    assert replay(rules, cards, line_of(rules, cards, [*start, *more])).cards_left() < \
        board.cards_left()
