"""Properties (issue 32), each over many generated cases:

- every accepted board-text form (line, pretty, JSON, a number; any case, separators,
  whitespace, 10 for T, suit symbols) parses and prints back the same deal;
- random legal lines never break the referee's invariants: the 52 cards conserved (each
  in exactly one place, or discarded), no covered card played, an illegal move refused
  naming its step with the game unchanged;
- every goal answer's line, replayed by the referee, reaches the goal with the stated
  steps and score;
- malformed JSON bodies of every shape get a 4xx with the one error body.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramids.answers.goals import Goal, answer
from pyramids.core.cards import RANKS
from pyramids.core.deals import Deal
from pyramids.core.errors import RefereeError
from pyramids.core.game import Game
from pyramids.core.layout import geometry
from pyramids.core.moves import Move
from pyramids.core.referee import play, replay
from pyramids.core.variants import PRESETS, get_variant

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
PLAYABLE = [v for name, v in PRESETS.items() if not name.startswith("pysolfc")]


# -- board text ---------------------------------------------------------------------------

def card_texts(deal: Deal, draw: st.DrawFn) -> list[str]:
    """The deal's cards as a person might type them: any case, 10 or T, symbols."""
    out = []
    for c in deal.line().split():
        rank, suit = c[0], c[1]
        if rank == "T" and draw(st.booleans()):
            rank = "10"
        if draw(st.booleans()):
            suit = SYMBOLS[suit]
        text = rank + suit
        out.append(text.lower() if draw(st.booleans()) else text)
    return out


@st.composite
def board_texts(draw: st.DrawFn) -> tuple[Deal, Any, str]:
    """A deal, its variant, and one accepted text form of it."""
    number = draw(st.integers(0, 2**64 - 1))
    deal = Deal.from_number(number)
    v = draw(st.sampled_from(PLAYABLE))
    form = draw(st.sampled_from(["line", "pretty", "json", "json-rows", "number"]))
    if form == "line":
        seps = st.sampled_from([" ", "  ", ",", ", ", "\t", " \t "])  # one line
        cards = card_texts(deal, draw)
        text = cards[0] + "".join(draw(seps) + c for c in cards[1:])
    elif form == "pretty":
        text = deal.pretty(v, symbols=draw(st.booleans()))
        gap = draw(st.sampled_from(["  ", "   ", "\t"]))
        text = re.sub(r"(?<=\S)  (?=\S)", gap, text)  # columns in any whitespace
        if draw(st.booleans()):
            text = text.replace("\n", "\r\n")
    elif form == "json":
        text = json.dumps(deal.to_json_obj(v), indent=draw(st.sampled_from([None, 1, 4])))
    elif form == "json-rows":
        obj = deal.to_json_obj(v)
        del obj["line"]  # the rows alone say the deal
        text = json.dumps(obj)
    else:
        text = draw(st.sampled_from([str(number), f"#{number}", f" {number}\n"]))
    pad = draw(st.sampled_from(["", " ", "\n", "\t "]))
    return deal, v, pad + text + pad


@settings(max_examples=300, deadline=None)
@given(board_texts())
def test_every_board_text_form_prints_back_the_same_deal(case: tuple[Deal, Any, str]) -> None:
    deal, v, text = case
    back = Deal.parse(text, v)
    assert back == deal and back.line() == deal.line()
    assert Deal.parse(back.line()) == deal
    assert Deal.parse(back.pretty(v), v) == deal
    if re.fullmatch(r"\s*#?\d+\s*", text):
        assert back.number == deal.number


# -- the referee's invariants along random legal lines ----------------------------------

def zones(game: Game) -> list[str]:
    """Every card still in play, wherever it lies."""
    cards = [str(c) for c in game.pyramid_layout if not game.is_removed(c)]
    cards += [str(c) for c in (*game.stock, *game.waste, *game.bouquet())]
    cards += [str(c) for i in range(len(game.columns)) for c in game.column_cards(i)]
    if game.hand is not None:
        cards.append(str(game.hand))
    return cards


@settings(max_examples=120, deadline=None)
@given(v=st.sampled_from(PLAYABLE), number=st.integers(0, 2**64 - 1),
       picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=120))
def test_random_legal_lines_keep_the_referees_invariants(v: Any, number: int,
                                                         picks: list[int]) -> None:
    deal = Deal.from_number(number)
    planner = Game(deal, v)
    line: list[Move] = []
    for k in picks:  # a random legal line, discards preferred so that games go deep
        legal = planner.legal_moves()
        if not legal:
            break
        discards = [m for m in legal if m.is_discard]
        m = discards[k % len(discards)] if discards and k % 4 else legal[k % len(legal)]
        planner.push(m)
        line.append(m)
    game = Game(deal, v)
    geo = geometry(v)
    gone: list[str] = []
    available = {str(c) for c in game.available()}
    on_top: dict[str, set[str]] = {}
    for step, _ in enumerate(play(game, line), 1):
        m = line[step - 1]
        if m.is_discard:
            played = [str(c) for c in m.cards]
            for c in played:  # free, or (overlap) lying under its partner alone
                partner = set(played) - {c}
                assert c in available or (v.overlap and partner and on_top.get(c) == partner
                                          and partner <= available), (step, m, "covered")
            gone += played
        in_play = zones(game)
        assert len(in_play) == len(set(in_play)), (step, "a card in two places")
        assert sorted(in_play + gone) == sorted(deal.line().split()), (step, "cards lost")
        assert game.cards_left() == len(in_play)
        available = {str(c) for c in game.available()}
        on_top = {str(card): {str(game.pyramid_layout[q]) for q in geo.covered_by(p)
                              if not game.is_removed(game.pyramid_layout[q])}
                  for p, card in enumerate(game.pyramid_layout)}
    # a move not legal where it is played: refused, naming its step
    covered = next((Move.discard(c) for c in deal.cards if c.value == 13
                    and str(c) not in available and str(c) in zones(game)), None)
    if covered is not None:
        with pytest.raises(RefereeError) as e:
            replay(deal, v, [*line, covered])
        assert e.value.step == len(line) + 1
        assert str(e.value).startswith(f"step {len(line) + 1}: {covered}: ")


# -- goal answers replayed ---------------------------------------------------------------

GOALS = st.sampled_from(["board", "moves", "score", "score:600", "score:1290",
                         *(f"cards:{r}:{n}" for r in "A5K" for n in (2, 4))])


@settings(max_examples=25, deadline=None)
@given(number=st.integers(0, 400), goal=GOALS, start_len=st.integers(0, 6),
       seed=st.integers(0, 2**16))
def test_every_goal_answer_replays_to_the_goal(number: int, goal: str, start_len: int,
                                               seed: int) -> None:
    """MSC's rules (every goal applies), from the deal or from a random legal start: a
    line the answer gives reaches what it says, in the steps it says, at the score it
    says."""
    v, deal, g = get_variant("msc"), Deal.from_number(number), Goal.parse(goal)
    rng = random.Random(seed)
    game = Game(deal, v)
    for _ in range(start_len):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(rng.choice(legal))
    start = tuple(game.moves)
    verdict = answer(deal, v, g, start=start, time_limit=4.0)
    if not verdict.moves:
        return  # nothing to replay: blocked, or a limit ran out before any line
    assert tuple(verdict.moves[:len(start)]) == start
    end = Game(deal, v)
    for _ in play(end, verdict.moves):
        pass
    assert verdict.steps == len(verdict.moves) - len(start)
    assert verdict.score == end.msc_score()
    if g.kind == "board" and verdict.reached is not False:
        assert not end.pyramid_left()
    if g.kind == "moves" and verdict.reached is not False:
        assert end.is_won()
    if g.kind == "score" and g.target is not None and verdict.reached:
        assert end.msc_score() >= g.target
    if g.kind == "cards":
        rank = RANKS[(g.rank or 1) - 1]
        gone = 4 - sum(c.startswith(rank) for c in zones(end))
        assert verdict.count is None or verdict.count == gone
        if verdict.reached:
            assert gone >= (g.target or 0)


# -- malformed JSON --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from pyramids.service import ServiceConfig, create_app

    cfg = ServiceConfig(workers=1, default_time_limit=0.05, max_time_limit=0.05,
                        max_body_bytes=16_384, puzzles_dir=tmp_path_factory.mktemp("none"))
    with TestClient(create_app(cfg)) as c:
        yield c


VALID = [b'{"deal": 1}', b'{"deals": [1, 2]}', b'{"deal": 45, "moves": ["KC"]}',
         b'{"count": 1}', b'{"deal": "7C 3H", "variant": "giza"}']


@st.composite
def malformed(draw: st.DrawFn) -> bytes:
    """A body that is not JSON, of one of many shapes."""
    base = draw(st.sampled_from(VALID))
    shape = draw(st.sampled_from(["cut", "garbage", "token", "nest", "utf8", "nan",
                                  "empty", "trailing", "quote", "control", "bytes"]))
    if shape == "cut":
        return base[:draw(st.integers(1, len(base) - 1))]
    if shape == "garbage":
        return base + draw(st.sampled_from([b"}", b"]", b"x", b",", b"{}", b" 1"]))
    if shape == "token":
        return base.replace(b":", draw(st.sampled_from([b"=", b"", b"::"])), 1)
    if shape == "nest":
        depth = draw(st.integers(500, 5000))
        return b'{"deal": ' + b"[" * depth + b"1" + b"]" * (depth - 1) + b"}"
    if shape == "utf8":
        return b'{"deal": "' + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])) + b'"}'
    if shape == "nan":
        return b'{"deal": 1, "time_limit": ' + draw(st.sampled_from(
            [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"01", b"+1", b".5"])) + b"}"
    if shape == "empty":
        return draw(st.sampled_from([b"", b" ", b"\n", b"\xef\xbb\xbf"]))
    if shape == "trailing":
        return base[:-1] + b",}"
    if shape == "quote":
        return base.replace(b'"', b"'")
    if shape == "control":
        return b'{"deal": "a\x00b\x1f"}'
    return draw(st.binary(min_size=1, max_size=40)).replace(b"{", b"")


@settings(max_examples=300, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(path=st.sampled_from(["/v1/check", "/v1/position", "/v1/filter", "/v1/books"]),
       body=malformed(),
       ctype=st.sampled_from(["application/json", "application/json; charset=utf-8",
                              "text/plain", ""]))
def test_malformed_json_gets_a_4xx(client: Any, path: str, body: bytes, ctype: str) -> None:
    r = client.post(path, content=body, headers={"content-type": ctype} if ctype else {})
    assert 400 <= r.status_code < 500, (body[:80], r.status_code, r.text[:300])
    err = r.json()
    assert err["status"] == r.status_code and err["error"] and err["kind"]
