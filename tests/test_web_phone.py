"""The page a player holds (issue 30), in a real headless Chromium at a phone's size
(390 x 844) and a desktop's (1366 x 1000), against a real ``pyramids serve``: the answer
in view after Check; the board and the step controls in view together while stepping;
two moves tapped 5 ms apart both played, in order; a second question resets the stepping
view; a busy server asked again, saying so; a failed Show leaving form and board as they
were; a picker card replaced; nothing shifting while the page loads; every control at
least 44 px; no flag, no goal syntax and no card code anywhere a player reads; no serious
or critical axe-core violation in any state. Screenshots go to ``output/web-*.png``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import test_web
from pyramids.answers import goals
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.variants import get_variant
from test_web import (
    APP_BOARD,
    DESKTOP,
    PHONE,
    card,
    code_of,
    open_page,
    open_picker,
    query,
    shot,
    text,
    wait,
)

browser = test_web.browser
server = test_web.server
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
AXE = Path(__file__).resolve().parents[1] / "tools" / "web" / "node_modules" / "axe-core" / \
    "axe.min.js"


@contextmanager
def viewport(driver: Any, size: tuple[int, int]) -> Iterator[None]:
    """The page at ``size`` (a phone's viewport when narrow: mobile, with touch)."""
    mobile = size[0] < 600
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile})
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def in_view(driver: Any, element_id: str) -> bool:
    """Is the element shown and wholly inside the window (1 px of rounding allowed)?"""
    return bool(driver.execute_script("""
        const r = document.getElementById(arguments[0]).getBoundingClientRect();
        return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1
          && r.left >= -1 && r.right <= innerWidth + 1;""", element_id))


def answered(driver: Any) -> bool:
    """Has an answer (not a wait) come to the headline over the board?"""
    el = driver.find_element("id", "answer")
    return el.is_displayed() and "busy" not in el.get_attribute("class") and bool(
        text(driver, "answer-text"))


def ask(driver: Any, goal: str = "win") -> str:
    """Choose ``goal`` in the form (``board``, ``cards:A:4``, ``score:1000``...), press
    Check, wait for the answer; its headline."""
    from selenium.webdriver.support.ui import Select

    kind, *rest = goal.split(":")
    Select(driver.find_element("id", "goal-kind")).select_by_value(
        "score:N" if kind == "score" and rest else kind)
    if kind == "cards":
        Select(driver.find_element("id", "goal-rank")).select_by_value(rest[0])
    if rest:
        n = driver.find_element("id", "goal-n")
        n.clear()
        n.send_keys(rest[-1])
    before = text(driver, "answer-text")
    driver.find_element("id", "check").click()
    wait(driver, lambda d: answered(d) and (text(d, "answer-text") != before
                                            or d.find_element("id", "stepper").is_displayed()),
         f"the answer to {goal}", 60)
    return text(driver, "answer-text")


@SIZES
def test_the_answer_comes_into_view_with_the_board(browser: Any, server: str,
                                                   size: tuple[int, int]) -> None:
    """Check pressed at the top of the page: the answer, the board and the step
    controls are then all in view, without the player scrolling."""
    with viewport(browser, size):
        open_page(browser, f"{server}/?deal=2&variant=msc")
        browser.execute_script("window.scrollTo(0, 0)")
        assert in_view(browser, "check")
        said = ask(browser, "cards:A:4")
        assert said.startswith("4 Aces can go in "), said
        for part in ("answer", "board", "stepper"):
            assert in_view(browser, part), part
        shot(browser, f"phone-1-answer-{size[0]}", size)


@SIZES
def test_board_and_step_controls_stay_in_view_while_stepping(browser: Any, server: str,
                                                             size: tuple[int, int]) -> None:
    with viewport(browser, size):
        open_page(browser, f"{server}/?deal=2&variant=msc")
        ask(browser, "board")
        n = len(browser.find_elements("css selector", "#sol-moves button"))
        for k in range(1, 4):
            browser.find_element("id", "sol-next").click()
            wait(browser, lambda d, k=k: text(d, "step-text").startswith(f"Move {k} of {n}"),
                 f"move {k}")
            assert in_view(browser, "board") and in_view(browser, "stepper"), k
        # a move picked in the list (below the board on a phone): the board comes back
        pick = browser.find_element("css selector", '#sol-moves button[data-step="10"]')
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", pick)
        pick.click()
        wait(browser, lambda d: text(d, "step-text").startswith(f"Move 10 of {n}"), "move 10")
        assert in_view(browser, "board") and in_view(browser, "stepper")
        shot(browser, f"phone-2-stepping-{size[0]}", size)


def two_kings(variant: str = "msc") -> tuple[int, str, str]:
    """The first deal with two Kings that can go at the start (MSC's deal 1: KC, KH)."""
    v = get_variant(variant)
    for n in range(1000):
        kings = [str(m) for m in Game(Deal.from_number(n), v).legal_moves()
                 if len(m.cards) == 1 and m.cards[0].is_king]
        if len(kings) >= 2:
            return n, kings[0], kings[1]
    raise AssertionError("no deal with two Kings free at the start")


def tap_apart(driver: Any, codes: list[str], ms: int) -> None:
    """Tap the cards ``codes`` ``ms`` milliseconds apart, whatever the page is doing."""
    driver.execute_script("""
        const [codes, ms] = arguments;
        codes.forEach((c, i) => setTimeout(() => document.querySelector(
          `#board g.card[data-card="${c}"]`).dispatchEvent(
          new MouseEvent("click", {bubbles: true})), i * ms));""", codes, ms)


def test_taps_made_while_an_answer_is_on_its_way_are_played_in_order(
        browser: Any, server: str) -> None:
    n, k1, k2 = two_kings()
    with viewport(browser, PHONE):
        open_page(browser, f"{server}/?deal={n}&variant=msc")
        tap_apart(browser, [k1, k2], 5)
        wait(browser, lambda d: "2 moves" in text(d, "status"), "both Kings played")
        assert query(browser)["moves"] == [f"{k1} {k2}"]
        # a King, then the two cards of a pair, 5 ms apart: three taps, two moves, in order
        g = Game(Deal.from_number(n), get_variant("msc"))
        for m in (k1, k2):
            g.push(next(x for x in g.legal_moves() if str(x) == m))
        pair = next(m for m in g.legal_moves() if len(m.cards) == 2)
        g.push(pair)
        king = next((m for m in g.legal_moves() if len(m.cards) == 1 and m.cards[0].is_king),
                    None)
        taps = [str(c) for c in pair.cards] + ([str(king)] if king else [])
        tap_apart(browser, taps, 5)
        want = 4 if king else 3
        wait(browser, lambda d: f"{want} moves" in text(d, "status"), "the pair (and a King)")
        played = query(browser)["moves"][0].split()
        assert played[2] in (str(pair), "+".join(reversed(str(pair).split("+"))))
        if king:
            assert played[3] == str(king)


def test_a_second_question_resets_the_stepping_view(browser: Any, server: str) -> None:
    with viewport(browser, PHONE):
        open_page(browser, f"{server}/?deal=2&variant=msc")
        ask(browser, "board")
        browser.find_element("id", "sol-last").click()
        wait(browser, lambda d: "Won" in text(d, "status"), "the end of the first answer")
        said = ask(browser, "cards:A:4")
        want = goals.answer(Deal.from_number(2), get_variant("msc"), goals.Goal.parse("cards:A:4"))
        assert said == f"4 Aces can go in {want.steps} moves (the fewest).", said
        assert text(browser, "step-text") == f"Start: {want.steps} moves to go"
        assert "0 moves" in text(browser, "status") and "moves" not in query(browser)
        assert len(browser.find_elements("css selector", "#sol-moves button")) == want.steps
        browser.find_element("id", "sol-next").click()
        wait(browser, lambda d: text(d, "step-text").startswith(f"Move 1 of {want.steps}: "),
             "the first move of the new line")
        assert code_of(text(browser, "step-text").split(": ", 1)[1]) == str(want.moves[0])


@pytest.mark.parametrize(("status", "kind"), [(503, "Saturated"), (429, "OverShare")])
def test_a_busy_server_is_asked_again_saying_so(browser: Any, server: str, status: int,
                                                kind: str) -> None:
    """503 (or 429: this client's share in use) with Retry-After: "busy, trying again in
    1 s", then the answer; and a player who stops waiting gets the page back, with no
    error. The busy answers are staged in the page's fetch (filling the real pool would be
    slow)."""
    open_page(browser, f"{server}/?deal=2&variant=msc")
    browser.execute_script(f"window.busyStatus = {status}; window.busyKind = {kind!r};")
    browser.execute_script("""
        const real = window.fetch;
        window.busyLeft = 2; window.seen = [];
        new MutationObserver(() => window.seen.push(
            document.getElementById("answer-text").textContent)).observe(
            document.getElementById("answer-text"), {childList: true, characterData: true,
                                                     subtree: true});
        window.fetch = (url, init) => String(url).startsWith("/v1/check") && window.busyLeft-- > 0
          ? Promise.resolve(new Response(JSON.stringify({error: "server busy", kind:
              window.busyKind, status: window.busyStatus}), {status: window.busyStatus,
              headers: {"Retry-After": "1",
              "content-type": "application/json"}}))
          : real(url, init);""")
    said = ask(browser, "board")
    assert said.startswith("The board can be cleared in "), said
    seen = browser.execute_script("return window.seen")
    assert seen.count("The server is busy: trying again in 1 s.") == 2, seen
    assert not browser.find_element("id", "error").is_displayed()
    # busy for good: the player stops waiting; the answer shown before comes back
    browser.execute_script("window.busyLeft = 1e9")
    browser.find_element("id", "check").click()
    wait(browser, lambda d: "busy" in text(d, "answer-text"), "the busy notice")
    browser.find_element("id", "answer-stop").click()
    wait(browser, lambda d: text(d, "answer-text") == said, "the answer before")
    assert not browser.find_element("id", "error").is_displayed()


def test_a_failed_show_leaves_form_and_board_as_they_were(browser: Any, server: str) -> None:
    from selenium.webdriver.support.ui import Select

    open_page(browser, f"{server}/?deal=2&variant=msc")
    status = text(browser, "status")
    box = browser.find_element("id", "deal-input")
    box.clear()
    box.send_keys("KC QC 9H")
    Select(browser.find_element("id", "opt-variant")).select_by_value("giza")
    browser.find_element("id", "show").click()
    wait(browser, lambda d: d.find_element("id", "error").is_displayed(), "the error")
    assert "52 cards" in text(browser, "error-text")
    assert box.get_attribute("value") == "2"
    assert browser.find_element("id", "opt-variant").get_attribute("value") == "msc"
    assert text(browser, "status") == status and query(browser)["variant"] == ["msc"]
    assert text(browser, "variant-text") == get_variant("msc").in_words()
    browser.find_element("id", "error-edit").click()  # what was typed, back to correct it
    assert box.get_attribute("value") == "KC QC 9H"
    assert browser.find_element("id", "opt-variant").get_attribute("value") == "giza"
    assert not browser.find_element("id", "error").is_displayed()


def slot(driver: Any, i: int) -> Any:
    return driver.find_element("css selector", f'#picker-slots button[data-slot="{i}"]')


def pick(driver: Any, code: str) -> None:
    driver.find_element("css selector", f'#picker-cards button[data-card="{code}"]').click()


def test_the_picker_takes_back_and_replaces_any_card(browser: Any, server: str) -> None:
    codes = [str(c) for c in Deal.parse_line(APP_BOARD).cards]
    with viewport(browser, PHONE):
        open_page(browser, f"{server}/?deal=1&variant=msc")
        open_picker(browser)
        for c in codes[:10]:
            pick(browser, c)
        # a mistake at card 5: tap its place, then the right card; the wrong one goes back
        wrong = codes[30]
        slot(browser, 4).click()
        pick(browser, wrong)
        assert slot(browser, 4).text == test_web.label(wrong)
        assert test_web.label(codes[4]) in text(browser, "picker-left")
        slot(browser, 4).click()
        assert "take the" in text(browser, "picker-focus")
        pick(browser, codes[4])
        assert slot(browser, 4).text == test_web.label(codes[4])
        assert test_web.label(wrong) in text(browser, "picker-left").split(": ")[1]
        # taken back: the place is empty, and the next card tapped fills it
        slot(browser, 2).click()
        browser.find_element("id", "picker-take").click()
        assert slot(browser, 2).text == ""
        pick(browser, codes[2])
        # two placed cards swapped, then swapped back
        slot(browser, 0).click()
        pick(browser, codes[1])
        assert [slot(browser, i).text for i in (0, 1)] == [
            test_web.label(codes[1]), test_web.label(codes[0])]
        slot(browser, 0).click()
        pick(browser, codes[0])
        use = browser.find_element("id", "picker-use")
        assert not use.is_enabled() and use.text == "Use this board (42 missing)"
        shot(browser, "phone-3-picker", PHONE)
        for c in codes[10:]:
            pick(browser, c)
        assert use.is_enabled() and text(browser, "picker-left") == "All 52 cards placed."
        use.click()
        wait(browser, lambda d: "Your board" in text(d, "status"), "the board built")
        shown = [g.get_attribute("data-card") for g in
                 browser.find_elements("css selector", "#board g.card:not(.gone)")]
        assert shown == codes


#: What a player should never read: command-line flags, the API's goal syntax, card codes
#: (T for 10), the engines' "steps" (MSC's steps are moves on the page).
NOT_PLAYERS_WORDS = re.compile(
    r"--[a-z]|(?<![\w-])-V\b|\b(?:win|board|moves|score|cards):|\b[A2-9TJQK][CDHS]\b|\bsteps?\b"
    r"|\bstock-waste\b|\bobjective\b|\bmsc\b")


def players_text(driver: Any) -> str:
    return str(driver.execute_script("return document.body.innerText"))


def assert_players_words(driver: Any, where: str) -> None:
    seen = players_text(driver)
    bad = sorted({m[0] for m in NOT_PLAYERS_WORDS.finditer(seen)})
    assert not bad, f"{where}: {bad} in {seen!r}"


def test_the_page_speaks_a_players_words(browser: Any, server: str) -> None:
    """No flag, no goal syntax, no card code, in every state a player reaches: the goals'
    menu and answers, stepping, a hint, a refused move, the rule options, the picker, the
    puzzles; and the answers' headlines as the issue words them."""
    from selenium.webdriver.support.ui import Select

    with viewport(browser, PHONE):
        open_page(browser, f"{server}/?deal=2&variant=msc")
        browser.find_element("id", "options").click()
        assert_players_words(browser, "the start, rule options open")
        menu = [o.text for o in Select(browser.find_element("id", "goal-kind")).options]
        assert menu == ["Can it be won?", "Clear the board", "Fewest moves", "Best score",
                        "Score … points", "Clear … cards of a rank"]
        for goal in ("win", "board", "moves", "score", "score:1000", "cards:A:4", "cards:T:4"):
            said = ask(browser, goal)
            assert_players_words(browser, goal)
            assert said and not said[0].islower() and said.endswith("."), (goal, said)
        assert text(browser, "verdict") == "Asked: Clear 4 10s"
        browser.find_element("id", "sol-next").click()
        wait(browser, lambda d: text(d, "step-text").startswith("Move 1 of"), "a step")
        assert_players_words(browser, "stepping")
        browser.find_element("id", "hint").click()
        wait(browser, lambda d: "Next move" in text(d, "hint-box"), "the hint")
        assert_players_words(browser, "a hint")
        # a deal that cannot be won, a card goal reached: the goal's answer is the headline
        n, deal = next((n, Deal.from_number(n)) for n in range(3, 40)
                       if goals.answer(Deal.from_number(n), get_variant("msc"),
                                       goals.Goal.parse("cards:K:4")).status == "blocked"
                       and goals.answer(Deal.from_number(n), get_variant("msc"),
                                        goals.Goal.parse("cards:K:4")).reached)
        open_page(browser, f"{server}/?deal={n}&variant=msc")
        said = ask(browser, "cards:K:4")
        assert re.fullmatch(r"This deal can't be won, but 4 Kings can go in \d+ moves "
                            r"\(the fewest\)\.", said), said
        assert "winnable" in browser.find_element("id", "answer").get_attribute("class")
        # a refused move in words
        g = Game(deal, get_variant("msc"))
        a, b = next((a, b) for a in deal.pyramid(g.variant) for b in deal.pyramid(g.variant)
                    if a.value + b.value == 13 and a != b and not a.is_king)
        card(browser, str(a)).click()
        card(browser, str(b)).click()
        wait(browser, lambda d: "Illegal move" in text(d, "message") or "Played" in text(
            d, "message"), "the move's outcome")
        assert_players_words(browser, "a refused move")
        open_picker(browser)
        assert_players_words(browser, "the picker")
        browser.find_element("id", "tab-puzzles").click()
        wait(browser, lambda d: d.find_elements("css selector", "#pz-table tbody tr"),
             "the puzzles")
        assert_players_words(browser, "the puzzles")


LAYOUT_SHIFT = """
    const done = arguments[arguments.length - 1];
    let total = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;
    }).observe({type: "layout-shift", buffered: true});
    setTimeout(() => done(total), 300);"""


@SIZES
def test_nothing_shifts_while_the_page_loads(browser: Any, server: str,
                                            size: tuple[int, int]) -> None:
    """The board's place is kept from the first paint (its size comes with the page, for
    the game in the address) and nothing else moves when the cards arrive."""
    with viewport(browser, size):
        for query_ in ("", "?deal=2&variant=msc&goal=cards:A:4", "?deal=9&variant=giza",
                       "?deal=5&variant=tuts-tomb&goal=board", "?deal=3&goal=score:1000",
                       "?deal=3&variant=msc&goal=score:1000&moves=draw"):
            open_page(browser, f"{server}/{query_}")
            shift = browser.execute_async_script(LAYOUT_SHIFT)
            assert shift < 0.01, (query_, shift)


#: The page's controls a finger presses: each at least this many CSS pixels each way.
TAP = 44


def small_targets(driver: Any) -> list[str]:
    """The shown controls (buttons, menus, fields, links, summaries; a checkbox counts
    with its label) smaller than TAP px either way."""
    found = driver.execute_script("""
        const small = [];
        for (const e of document.querySelectorAll(
            "button, select, input, textarea, a[href], summary")) {
          const t = e.type === "checkbox" && e.closest("label") ? e.closest("label") : e;
          const r = t.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;   // not shown
          if (r.width < arguments[0] - 0.5 || r.height < arguments[0] - 0.5)
            small.push(`${e.id || e.textContent.trim().slice(0, 20) || e.tagName}: `
                       + `${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
        }
        return small;""", TAP)
    return list(found)


def test_every_control_is_big_enough_for_a_finger(browser: Any, server: str) -> None:
    with viewport(browser, PHONE):
        open_page(browser, f"{server}/?deal=2&variant=msc&goal=cards:A:4")
        browser.find_element("id", "options").click()
        assert small_targets(browser) == [], "the form and the board"
        ask(browser, "cards:A:4")
        browser.find_element("id", "details").click()
        browser.find_element("id", "hint").click()
        wait(browser, lambda d: "Next move" in text(d, "hint-box"), "the hint")
        assert small_targets(browser) == [], "an answer, its moves and a hint"
        open_picker(browser)
        assert small_targets(browser) == [], "the picker"
        browser.find_element("id", "picker-close").click()
        browser.find_element("id", "tab-puzzles").click()
        wait(browser, lambda d: d.find_elements("css selector", "#pz-table tbody tr"),
             "the puzzles")
        assert small_targets(browser) == [], "the puzzles"
        # the picker's buttons hold their labels (10♣ did not fit in 23 px)
        browser.find_element("id", "tab-play").click()
        open_picker(browser)
        overflow = browser.execute_script("""
            return [...document.querySelectorAll('#picker-cards button')]
              .filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent);""")
        assert overflow == []


def axe_violations(driver: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    found = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ["violations"]}).then((r) => done(r.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}): `
                      + v.nodes.map((n) => n.target.join(" ")).join(", "))))
          .catch((e) => done([`axe failed: ${e}`]));""")
    return list(found)


@SIZES
def test_no_serious_accessibility_violation_in_any_state(browser: Any, server: str,
                                                        size: tuple[int, int]) -> None:
    if not AXE.is_file():
        test_web.unavailable(f"{AXE} is missing (make webtools installs it with npm)")
    seen: dict[str, list[str]] = {}
    with viewport(browser, size):
        open_page(browser, f"{server}/?deal=2&variant=msc")
        seen["start"] = axe_violations(browser)
        ask(browser, "cards:A:4")
        seen["answer shown"] = axe_violations(browser)
        browser.find_element("id", "sol-next").click()
        wait(browser, lambda d: text(d, "step-text").startswith("Move 1 of"), "a step")
        browser.find_element("id", "details").click()
        seen["stepping"] = axe_violations(browser)
        open_picker(browser)
        browser.find_element("css selector", '#picker-cards button[data-card="TC"]').click()
        seen["picker open"] = axe_violations(browser)
        browser.find_element("id", "tab-puzzles").click()
        wait(browser, lambda d: d.find_elements("css selector", "#pz-table tbody tr"),
             "the puzzles")
        seen["puzzles tab"] = axe_violations(browser)
    out = test_web.SHOTS / f"axe-{size[0]}x{size[1]}.json"
    out.write_text(json.dumps(seen, indent=1) + "\n")
    assert all(v == [] for v in seen.values()), seen


def test_the_queue_mark_goes_once_played(browser: Any, server: str) -> None:
    """A card tapped while a move is on its way is marked as waiting, then played."""
    n, k1, k2 = two_kings()
    open_page(browser, f"{server}/?deal={n}&variant=msc")
    browser.execute_script("""
        const real = window.fetch;
        window.fetch = (url, init) => new Promise(
          (r) => setTimeout(() => r(real(url, init)), 400));""")
    tap_apart(browser, [k1, k2], 5)
    wait(browser, lambda d: "queued" in card(d, k2).get_attribute("class"), "the waiting mark")
    wait(browser, lambda d: "2 moves" in text(d, "status"), "both played")
    time.sleep(0.1)
    assert browser.find_elements("css selector", "#board g.card.queued") == []


def test_messages_and_hints_show_next_to_the_board(browser: Any, server: str) -> None:
    """On a phone, a refused move's reason and a hint come into view with the board (they
    sat below the fold before)."""
    with viewport(browser, PHONE):
        open_page(browser, f"{server}/?deal={test_web.PUZZLE['deal']}")
        deal, v = Deal.from_number(test_web.PUZZLE["deal"]), get_variant("pyramid")
        game = Game(deal, v)
        a, b = next((a, b) for a in deal.pyramid(v) for b in deal.pyramid(v)
                    if a.value + b.value == 13 and a != b and not a.is_king
                    and game.why_illegal(Move.discard(a, b)) is not None)
        browser.execute_script("document.getElementById('board').scrollIntoView()")
        card(browser, str(a)).click()
        card(browser, str(b)).click()
        wait(browser, lambda d: "Illegal move" in text(d, "message"), "the refusal")
        assert in_view(browser, "message") and in_view(browser, "board")
        browser.find_element("id", "hint").click()
        wait(browser, lambda d: "Next move" in text(d, "hint-box"), "the hint")
        assert in_view(browser, "hint-box")
