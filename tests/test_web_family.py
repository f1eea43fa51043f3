"""PySolFC's ten other pyramid games on the web page, in a real headless Chromium (the
browser and server fixtures of ``test_web``): a game of each layout kind (three pyramids,
two side by side with two decks, an inverted pyramid, reserve piles, three wastes, face-down
cards) picked from the menu, drawn from the service's layout data, checked, stepped through
to its won end, a hint, a legal pair played by clicking its two cards, and the board inside
the window at a phone's and a desktop's size. Screenshots of the layouts at both sizes go
to ``output/web-family-*.png`` (``docs/figures/web-family-*.png`` are copies of them).
"""

from __future__ import annotations

from typing import Any

import pytest

import test_web
from pyramids.core.board import replay
from pyramids.core.rules import GAMES
from pyramids.service import family
from test_web import DESKTOP, PHONE, open_page, page_errors, query, shot, text, wait

browser = test_web.browser
server = test_web.server

#: each of the ten games and a PySolFC game number it wins (the search in well under a
#: second: benchmarks/crosscheck_family) with a pair in play at the start: three pyramids
#: (no talon), two side by side on two decks, an inverted pyramid, reserve piles, three
#: wastes, face-down cards; Cheops's ranks equal or one apart, a 9-row pyramid on two
#: decks, a pyramid beside an inverted one on two decks, and sums of 11 with J+J/Q+Q/K+K
#: (Eleven Triangle's game 1471 starts with K+K in play)
KINDS = [("pysolfc-pharaohs", 216), ("pysolfc-two-pyramids", 1), ("pysolfc-triangle", 1),
         ("pysolfc-pyramid-dozen", 5), ("pysolfc-apophis", 3),
         ("pysolfc-pyramid-thirteen", 3), ("pysolfc-cheops", 248),
         ("pysolfc-double-pyramid", 3), ("pysolfc-up-and-down", 3),
         ("pysolfc-eleven-triangle", 1471)]


def drawn(driver: Any) -> list[str]:
    return [g.get_attribute("data-card")
            for g in driver.find_elements("css selector", "#board g.card:not(.gone)")]


def click_card(driver: Any, card_id: str) -> None:
    """Click a card of the board by id, as a player taps it (an event on the card)."""
    driver.execute_script(
        "document.querySelector(`#board g.card[data-card=\"${arguments[0]}\"]`)"
        ".dispatchEvent(new MouseEvent('click', {bubbles: true}))", card_id)


def fits(driver: Any) -> bool:
    """No horizontal scrolling, and the board no wider than the window."""
    return bool(driver.execute_script("""
        const b = document.getElementById('board').getBoundingClientRect();
        return document.documentElement.scrollWidth <= innerWidth
          && b.left >= 0 && b.right <= innerWidth + 1;"""))


def pick(driver: Any, server: str, name: str, number: int) -> None:
    """Choose the game in the menu, type its game number, press Show."""
    from selenium.webdriver.support.ui import Select

    open_page(driver, f"{server}/")
    Select(driver.find_element("id", "opt-variant")).select_by_value(name)
    box = driver.find_element("id", "deal-input")
    box.clear()
    box.send_keys(str(number))
    driver.find_element("id", "show").click()
    title = GAMES[name].title
    wait(driver, lambda d: f"PySolFC game {number} · {title} · 0 moves" in text(d, "status"),
         f"{name} {number} drawn")


@pytest.mark.parametrize(("name", "number"), KINDS, ids=[k[0] for k in KINDS])
def test_pick_check_step_hint_and_play(browser: Any, server: str, name: str,
                                       number: int) -> None:
    rules = GAMES[name]
    pick(browser, server, name, number)
    assert query(browser)["variant"] == [name]
    assert query(browser)["deal"] == [f"pysolfc:{number}"]
    deal = family.deal_of(f"pysolfc:{number}", rules)
    start = family.position(rules, deal, [])
    # every card drawn, by id (a two-deck game's copies apart), where the service put it
    assert sorted(drawn(browser)) == sorted(start["ids"])
    # the rules in words, the game named once (Cheops's title already says PySolFC)
    assert text(browser, "variant-text").startswith(
        family.pysolfc_title(rules, f"PySolFC game {rules.pysolfc}") + ": ")
    assert not browser.find_element("id", "options").is_displayed()  # PySolFC's rules
    for size in (PHONE, DESKTOP):
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1,
            "mobile": size[0] < 600})
        try:
            wait(browser, fits, f"the board inside {size}")
        finally:
            browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    # check: a winning line, stepped one move on, then to its won end
    browser.find_element("id", "check").click()
    wait(browser, lambda d: d.find_elements("css selector", "#sol-moves button"), "the line")
    assert text(browser, "answer-text").startswith("This deal can be won")
    browser.find_element("id", "sol-next").click()
    wait(browser, lambda d: " · 1 move · " in text(d, "status"), "one step")
    short = name.removeprefix("pysolfc-")
    shot(browser, f"family-{short}-step-phone", PHONE)
    shot(browser, f"family-{short}-step-desktop", DESKTOP)
    browser.find_element("id", "sol-last").click()
    wait(browser, lambda d: "Won" in text(d, "status"), "the won end")
    line = query(browser)["moves"][0].split()
    assert replay(rules, deal.cards, line).is_won()
    # a hint from the start: the next move of a winning line, its cards lit
    browser.find_element("id", "sol-first").click()
    wait(browser, lambda d: " · 0 moves · " in text(d, "status"), "the start again")
    browser.find_element("id", "hint").click()
    wait(browser, lambda d: "Next move of a winning line" in text(d, "hint-box"), "a hint")
    assert "Still winnable" in text(browser, "hint-box")
    # a legal pair of the referee's, played by clicking its two cards
    pos = start["position"]
    pair = next(m for m in pos["legal"] if "+" in m)
    ids = {tok: cid for cid, tok in pos["tokens"].items()}
    a, b = (ids[t] for t in pair.split("+"))
    click_card(browser, a)
    wait(browser, lambda d: "picked" in text(d, "message"), "the first card picked")
    click_card(browser, b)
    wait(browser, lambda d: " · 1 move · " in text(d, "status"), "the pair played")
    assert query(browser)["moves"] == [pair]
    assert a not in drawn(browser) and b not in drawn(browser)
    assert not page_errors(browser)


def test_an_illegal_pair_says_why(browser: Any, server: str) -> None:
    name = "pysolfc-triangle"
    pick(browser, server, name, 1)
    rules = GAMES[name]
    deal = family.deal_of("pysolfc:1", rules)
    # the apex of the inverted pyramid lies under the row below: never in play at the start
    covered = str(deal.cards[0])
    free = family.position(rules, deal, [])["position"]["available"][0]
    click_card(browser, free)
    wait(browser, lambda d: "picked" in text(d, "message"), "a card picked")
    click_card(browser, covered)
    wait(browser, lambda d: "Illegal move" in text(d, "message"), "the referee's reason")
    assert " · 0 moves · " in text(browser, "status")


LAYOUTS = ["pysolfc-pharaohs", "pysolfc-two-pyramids", "pysolfc-up-and-down",
           "pysolfc-pyramid-dozen", "pysolfc-apophis", "pysolfc-pyramid-thirteen"]


@pytest.mark.parametrize("name", LAYOUTS)
def test_layouts_at_both_sizes(browser: Any, server: str, name: str) -> None:
    """Each layout kind drawn at the start (its screenshots: docs/figures)."""
    rules = GAMES[name]
    open_page(browser, f"{server}/?variant={name}&deal=pysolfc:7")
    deal = family.deal_of("pysolfc:7", rules)
    assert sorted(drawn(browser)) == sorted(family.card_ids(deal))
    down = browser.find_elements("css selector", "#board g.card.down")
    assert len(down) == len(rules.layout.face_down)
    short = name.removeprefix("pysolfc-")
    for size, tag in ((PHONE, "phone"), (DESKTOP, "desktop")):
        shot(browser, f"family-{short}-{tag}", size)
    assert not page_errors(browser)


#: games axe-core looks at, each with a game number the search wins at once: the two-deck
#: games (Up and Down, Double Pyramid), Cheops's near ranks, Eleven Triangle's three wastes
AXE_GAMES = [("pysolfc-up-and-down", 2), ("pysolfc-double-pyramid", 3),
             ("pysolfc-cheops", 248), ("pysolfc-eleven-triangle", 1471)]


@pytest.mark.parametrize(("name", "number"), AXE_GAMES, ids=[g[0] for g in AXE_GAMES])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_serious_accessibility_violation(browser: Any, server: str,
                                            size: tuple[int, int], name: str,
                                            number: int) -> None:
    """axe-core on the game, as dealt and with its answer shown."""
    import test_web_phone

    if not test_web_phone.AXE.is_file():
        test_web.unavailable(f"{test_web_phone.AXE} is missing (make webtools installs it)")
    with test_web_phone.viewport(browser, size):
        open_page(browser, f"{server}/?variant={name}&deal=pysolfc:{number}")
        assert test_web_phone.axe_violations(browser) == []
        browser.find_element("id", "check").click()
        wait(browser, lambda d: d.find_elements("css selector", "#sol-moves button"),
             "the line")
        assert test_web_phone.axe_violations(browser) == []
