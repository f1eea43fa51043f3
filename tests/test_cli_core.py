"""The core commands through click's CliRunner: deal, replay, variants, and bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pyramids.cli import main
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move, format_moves
from pyramids.core.variants import PRESETS, get_variant


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def fails(result: Result, *words: str) -> None:
    """Exit status 2, every word in the message, and no traceback."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    for w in words:
        assert w in result.output, result.output


@pytest.fixture(scope="module")
def won_line() -> tuple[int, list[Move]]:
    """A deal of 5-row bouquet and a winning line, found by seeded random play."""
    v = get_variant("bouquet", rows=5)
    for n in range(500):
        g, rng = Game(Deal.from_number(n), v), random.Random(n)
        while moves := g.legal_moves():
            g.push(rng.choice(moves))
        if g.is_won():
            return n, list(g.moves)
    raise AssertionError("no random win found")


def test_deal_pretty_line_json() -> None:
    deal = Deal.from_number(7)
    r = run("deal", "7")
    assert r.exit_code == 0 and r.output == deal.pretty(get_variant("pyramid")) + "\n"
    r = run("deal", "7", "--format", "line")
    assert r.output.strip() == deal.line()
    r = run("deal", "7", "-V", "giza", "--format", "json")
    obj = json.loads(r.output)
    assert obj["variant"] == "giza" and len(obj["tableau"]) == 3 and Deal.from_json(obj) == deal
    pretty = run("deal", "7", "--symbols").output
    assert pretty == deal.pretty(get_variant("pyramid"), symbols=True) + "\n" and "♠" in pretty


def test_deal_options_shape_the_layout() -> None:
    r = run("deal", "3", "--variant", "bouquet", "--rows", "5")
    lines = r.output.splitlines()
    assert r.exit_code == 0 and len(lines) == 7 and lines[-1].startswith("bouquet: ")
    r = run("deal", "3", "--rest", "tableau:6x4")
    assert r.exit_code == 0 and r.output.count("\n") == 1 + 7 + 1 + 4
    r = run("deal", "3", "--draw", "3", "--passes", "unlimited", "--overlap",
            "--objective", "pyramid", "--format", "json")
    assert r.exit_code == 0 and json.loads(r.output)["number"] == 3


def test_deal_reads_a_line_a_file_and_stdin(tmp_path: Path) -> None:
    deal = Deal.from_number(11)
    assert run("deal", deal.line(), "--format", "line").output.strip() == deal.line()
    f = tmp_path / "deal.txt"
    f.write_text(deal.pretty(get_variant("giza")))
    assert run("deal", str(f), "--format", "line").output.strip() == deal.line()
    r = run("deal", "-", "--format", "line", input=deal.to_json())
    assert r.output.strip() == deal.line()


def test_replay_ok(won_line: tuple[int, list[Move]]) -> None:
    n, moves = won_line
    args = ["replay", str(n), *map(str, moves), "-V", "bouquet", "--rows", "5"]
    r = run(*args)
    assert r.exit_code == 0 and r.output == f"ok: {len(moves)} moves, won\n"
    r = run(*args, "--json")
    assert json.loads(r.output) == {"ok": True, "moves": len(moves), "won": True,
                                    "cards_left": 0, "score": None}


def test_replay_reads_numbered_moves_from_a_file_and_stdin(
        tmp_path: Path, won_line: tuple[int, list[Move]]) -> None:
    n, moves = won_line
    f = tmp_path / "solution.txt"
    f.write_text(format_moves(moves, numbered=True))
    r = run("replay", str(n), "--file", str(f), "-V", "bouquet", "--rows", "5")
    assert r.exit_code == 0 and "won" in r.output
    r = run("replay", str(n), "-V", "bouquet", "--rows", "5", input=format_moves(moves))
    assert r.exit_code == 0 and "won" in r.output


def test_replay_illegal_step_names_step_move_and_reason(won_line: tuple[int, list[Move]]) -> None:
    n, moves = won_line
    bad = [*map(str, moves[:2]), str(moves[0])]  # the first move again: already discarded
    r = run("replay", str(n), *bad, "-V", "bouquet", "--rows", "5")
    fails(r, f"step 3: {moves[0]}: ", "already discarded")
    fails(run("replay", "1", "deal", "9H+4C"), "step 2: 9H+4C: 9H is still in the stock")


def test_replay_not_won() -> None:
    fails(run("replay", "1", "deal", "deal"), "not won after 2 moves",
          "28 in the pyramid, 22 in the stock, 1 in the hand, 1 in the waste")
    r = run("replay", "1", "deal", "--variant", "par-pyramid")  # Par: any line has a score
    assert r.exit_code == 0 and r.output == "ok: 1 moves, 52 cards left, par score -52\n"


def test_variants_lists_every_preset() -> None:
    r = run("variants")
    assert r.exit_code == 0
    for v in PRESETS.values():
        assert v.describe() in r.output
    assert "great-triangle" in r.output
    listed = json.loads(run("variants", "--json").output)
    assert [o["name"] for o in listed] == list(PRESETS)


@pytest.mark.parametrize(("args", "words"), [
    (["deal", "1", "-V", "spider"], ["unknown variant 'spider'"]),
    (["deal", "1", "--draw", "3", "--stock-waste", "forbidden"],
     ["--stock-waste forbidden needs --draw 1"]),
    (["deal", "1", "-V", "giza", "--passes", "3"], ["--passes applies to stock games only"]),
    (["deal", "1", "-V", "giza", "--rows", "6"], ["8x3 tableau holds 24 cards"]),
    (["deal", "1", "--passes", "lots"], ["passes must be a whole number"]),
    (["deal", "1", "--rest", "tableau:x"], ["tableau size must look like 8x3"]),
    (["deal", "1", "--draw", "2"], ["'2' is not one of '1', '3'"]),
    (["deal", str(2**64)], ["deal number must be 0 to 2^64-1"]),
    (["deal", "AC 2C 3C"], ["a deal has 52 cards, got 3"]),
    (["deal", " ".join(["AC"] * 52)], ["duplicate card 'AC' at position 2"]),
    (["deal", "AC ZZ"], ["unknown card 'ZZ'", "at position 2"]),
    (["replay", "1", "ZZ"], ["move 1: unknown move 'ZZ'"]),
    (["replay", "1", "KC", "9H+4C+2D"], ["move 2: unknown move '9H+4C+2D'"]),
    (["replay", "1", "QH"], ["step 1: QH: QH is not a king"]),
    (["replay", "1", "KD", "--variant", "giza"], ["step 1: KD: KD is covered by 7H and 4H"]),
    (["replay", "1", "redeal"], ["step 1: redeal: the stock is not empty"]),
])
def test_bad_input_exits_2_with_the_message(args: list[str], words: list[str]) -> None:
    fails(run(*args), *words)
