"""The web page with PySolFC's numbered games, in a real headless Chromium (the browser and
server fixtures of ``test_web``): ``?deal=pysolfc:N`` shows the layout PySolFC deals for
the variant's game, from the position where PySolFC's play starts; the game keeps its
number in the address and the status line; check, step and hint work as for any deal;
a bad number or a layout PySolFC does not deal shows the service's message. Screenshots
go to ``output/web-pysolfc-*.png`` (not committed).
"""

from __future__ import annotations

from typing import Any

import test_web
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.variants import get_variant
from pyramids.pysolfc import seeds as pysolfc_seeds
from pyramids.pysolfc.games import PySolFCGame
from test_web import PHONE, card, code_of, open_page, page_errors, query, shot, text, wait

# the browser and the server of test_web, one of each for this module
browser = test_web.browser
server = test_web.server


def shown(driver: Any) -> list[str]:
    return [g.get_attribute("data-card")
            for g in driver.find_elements("css selector", "#board g.card:not(.gone)")]


def test_a_pysolfc_game_is_dealt_checked_and_won(browser: Any, server: str) -> None:
    v = get_variant("pysolfc-pyramid")
    n = pysolfc_seeds.seeds("pysolfc-pyramid")[0]  # a game the shipped list says is winnable
    deal = PySolFCGame(n).deal(v)
    open_page(browser, f"{server}/?deal=pysolfc:{n}&variant=pysolfc-pyramid")
    assert text(browser, "status").startswith(f"PySolFC game {n} · {v.title} · 0 moves")
    assert query(browser)["deal"] == [f"pysolfc:{n}"]
    assert browser.find_element("id", "deal-input").get_attribute("value") == f"pysolfc:{n}"
    assert "Play starts after 1 deal" in text(browser, "variant-text")
    # PySolFC's layout, in the project's order; its opening made: a card on the waste, the
    # next face up on the talon (both available), the other 22 face down under it
    assert sorted(shown(browser)) == sorted(str(c) for c in deal.cards)
    game = Game(deal, v)
    top = game.stock_top()
    assert top is not None and len(game.waste) == 1 and len(game.stock) == 23
    for c in (top, game.waste[0]):
        assert "avail" in card(browser, str(c)).get_attribute("class"), c
    stock = browser.find_elements("css selector", "#board g.card.stock")
    assert sorted(g.get_attribute("data-card") for g in stock) == sorted(
        str(c) for c in game.stock)
    # the 23 on the talon numbered in dealing order, its face-up top first (the caption
    # is the face-up deck's, MSC's words); the pass in the status
    labels = browser.find_element("css selector", "#board g.labels").text.splitlines()
    assert any("in this order" in t and "(1)" in t for t in labels), labels
    assert [t for t in labels if t.isdigit()] == [str(i) for i in range(1, 24)]
    assert "pass 1 of 3" in text(browser, "status")
    # the pyramid cards where PySolFC lays them: row by row, left to right
    apex = card(browser, str(deal.cards[0])).rect
    row2 = [card(browser, str(c)).rect for c in deal.cards[1:3]]
    assert row2[0]["x"] < apex["x"] < row2[1]["x"] and row2[0]["y"] > apex["y"]
    assert not page_errors(browser)
    shot(browser, "pysolfc-1-deal")
    # check: a solution from the opening, stepped to the won end
    browser.find_element("id", "check").click()
    wait(browser, lambda d: d.find_elements("css selector", "#sol-moves button"),
         "the solution")
    assert text(browser, "answer-text").startswith("This deal can be won")
    steps = len(browser.find_elements("css selector", "#sol-moves button"))
    browser.find_element("id", "sol-last").click()
    wait(browser, lambda d: "Won" in text(d, "status"), "the won position")
    line = query(browser)["moves"][0].split()
    assert len(line) == steps and query(browser)["deal"] == [f"pysolfc:{n}"]
    for m in line:  # the page's line is legal from PySolFC's start
        game.push(Move.parse(m))
    assert game.is_won()
    shot(browser, "pysolfc-2-won")
    # a hint from the start, legal there
    browser.find_element("id", "sol-first").click()
    wait(browser, lambda d: f"PySolFC game {n} · {v.title} · 0 moves" in text(
        d, "status"), "the start again")
    browser.find_element("id", "hint").click()
    wait(browser, lambda d: "Next move" in text(d, "hint-box"), "the hint")
    nxt = code_of(text(browser, "hint-box").split("Next move of a winning line: ")[1]
                  .splitlines()[0])
    assert Game(deal, v).why_illegal(Move.parse(nxt)) is None
    shot(browser, "pysolfc-2-hint-phone", PHONE)


def test_giza_and_king_tut_deal_their_own_way(browser: Any, server: str) -> None:
    for game_name, n in (("pysolfc-giza", 40000), ("pysolfc-king-tut", 1)):
        v = get_variant(game_name)
        deal = PySolFCGame(n).deal(v)
        open_page(browser, f"{server}/?deal=pysolfc:{n}&variant={game_name}")
        assert f"PySolFC game {n} · {v.title}" in text(browser, "status")
        assert sorted(shown(browser)) == sorted(str(c) for c in deal.cards)
        g = Game(deal, v)
        if v.rest == "tableau":  # Giza: reserves dealt first, shown as the tableau
            for c in range(v.columns or 0):
                top = g.column_cards(c)[-1]
                assert "avail" in card(browser, str(top)).get_attribute("class"), top
        else:  # King Tut: three cards on the waste, only its top available
            assert len(g.waste) == 3
            classes = [card(browser, str(c)).get_attribute("class") for c in g.waste]
            assert ["avail" in c for c in classes] == [False, False, True]
            labels = browser.find_element("css selector", "#board g.labels").text.splitlines()
            assert "Stock, dealt in this order (1 first), three at a time" in labels, labels
            assert [t for t in labels if t.isdigit()] == [str(i) for i in range(1, 22)]
            assert "pass 1 of unlimited" in text(browser, "status")
        assert not page_errors(browser)
        shot(browser, f"pysolfc-3-{game_name.removeprefix('pysolfc-')}")
    # the same game number under another game deals that game's layout
    open_page(browser, f"{server}/?deal=pysolfc:40000&variant=pysolfc-pyramid")
    assert sorted(shown(browser)) == sorted(
        str(c) for c in PySolFCGame(40000).deal(get_variant("pysolfc-pyramid")).cards)


def test_bad_pysolfc_games_show_the_services_message(browser: Any, server: str) -> None:
    for spec, variant, why in (("pysolfc:0", "pysolfc-giza", "PySolFC's numbers start at 1"),
                               ("pysolfc:abc", "pysolfc-giza", "'abc' is not a number"),
                               ("pysolfc:ms0", "pysolfc-giza", "'ms0' is 0"),
                               ("pysolfc:5", "bouquet", "PySolFC does not deal")):
        browser.get(f"{server}/?deal={spec}&variant={variant}")
        wait(browser, lambda d: d.find_element("id", "error").is_displayed(), "the error")
        assert why in text(browser, "error-text"), text(browser, "error-text")
    shot(browser, "pysolfc-4-error")


def test_pysolfc_numbers_as_typed_clicks_and_their_notes(browser: Any, server: str) -> None:
    """Under a PySolFC preset the deal box takes PySolFC's number as PySolFC shows or
    takes it; the talon's stock moves are PySolFC's clicks (Deal, not Draw, its top face
    up); stepping a line says what the player sees happen at each click; Auto deal is a
    rule option like the others."""
    open_page(browser, f"{server}/?deal=1&variant=pysolfc-pyramid")
    box = browser.find_element("id", "deal-input")
    assert "PySolFC" in (box.get_attribute("placeholder") or "")
    for typed, n in (("#00000000000000032005", "32005"), ("#ms40003", "ms40003"),
                     ("32 001", "32001")):
        box.clear()
        box.send_keys(typed)
        browser.find_element("id", "show").click()
        wait(browser, lambda d, n=n: text(d, "status").startswith(f"PySolFC game {n} · "),
             f"PySolFC game {n}")
        assert query(browser)["deal"] == [f"pysolfc:{n}"]
    deal = PySolFCGame(32001).deal(get_variant("pysolfc-pyramid"))
    assert sorted(shown(browser)) == sorted(str(c) for c in deal.cards)
    labels = browser.find_element("css selector", "#board g.labels").text
    assert "Talon, face up, in this order" in labels, labels
    rules = text(browser, "variant-text")
    assert "talon" in rules and "Auto deal" in rules, rules
    # the talon's click is a deal, as PySolFC's lines write it
    deal_btn = browser.find_element("id", "deal-btn")
    assert deal_btn.text == "Deal" and deal_btn.is_enabled()
    deal_btn.click()
    wait(browser, lambda d: query(d).get("moves") == ["deal"], "the deal in the address")
    # a line's notes: a deal click says which card turns face up on the talon
    browser.find_element("id", "check").click()
    wait(browser, lambda d: d.find_elements("css selector", "#sol-moves button"), "the line")
    moves = [b.get_attribute("aria-label") for b in
             browser.find_elements("css selector", "#sol-moves button")]
    k = next(i for i, m in enumerate(moves, 1) if m.endswith(": Deal"))
    browser.find_elements("css selector", "#sol-moves button")[k - 1].click()
    wait(browser, lambda d: text(d, "step-text").startswith(f"Move {k} of"), "the step")
    step = text(browser, "step-text")
    # "Move 4 of 41: Deal. 2♦ to the waste; 4♦ turns face up on the talon"
    assert ": Deal. " in step and any(s in step.split(": Deal. ")[1] for s in "♣♦♥♠"), step
    # Auto deal switched off, from the address, is shown in the form and the rules
    open_page(browser, f"{server}/?deal=pysolfc:32001&variant=pysolfc-pyramid&auto_deal=false")
    select = browser.find_element("css selector", "select[name=auto_deal]")
    assert select.get_attribute("value") == "false"
    assert "Auto deal" not in text(browser, "variant-text")
    assert not page_errors(browser)
