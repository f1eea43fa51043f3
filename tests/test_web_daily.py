"""The page's Daily tab (issue 33), in a real headless Chromium at a phone's size against
a real ``pyramids serve``: the day's four challenges listed in a player's words; one
played to its goal by tapping its solution, the progress shown as it goes ("1 of 3
Kings, 5 of 14 moves"), a win and the par at the end; a hint towards the goal; every
control at least 44 px and no serious or critical axe-core violation on the way."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import test_web
import test_web_phone as phone
from test_web import PHONE, card, open_page, shot, text, wait

browser = test_web.browser
server = test_web.server
DATE = "2026-03-02"


def day(server: str) -> dict[str, Any]:
    """The day's set from the service (made once there, then kept: the page's request
    finds it made)."""
    with urllib.request.urlopen(f"{server}/v1/daily/{DATE}", timeout=600) as r:
        obj: dict[str, Any] = json.loads(r.read())
    return obj


def play(driver: Any, move: str) -> None:
    """Tap ``move``: its cards, or the stock's button."""
    before = text(driver, "challenge-progress")
    if move in ("draw", "deal"):
        driver.find_element("id", "deal-btn").click()
    elif move in ("recycle", "redeal"):
        driver.find_element("id", "redeal-btn").click()
    else:
        for code in move.split("+"):
            card(driver, code).click()
    wait(driver, lambda d: text(d, "challenge-progress") != before, f"{move} played")


def test_a_daily_challenge_played_to_its_goal(browser: Any, server: str) -> None:
    if not phone.AXE.is_file():
        test_web.unavailable(f"{phone.AXE} is missing (make webtools installs it with npm)")
    got = day(server)
    easy = got["challenges"][0]
    seen: dict[str, list[str]] = {}
    with phone.viewport(browser, PHONE):
        open_page(browser, f"{server}/")
        browser.execute_script(f"document.getElementById('daily-date').value = '{DATE}'")
        browser.find_element("id", "tab-daily").click()
        wait(browser, lambda d: len(d.find_elements("css selector", "#daily-list li")) == 4,
             "the day's challenges", timeout=120)
        listed = text(browser, "daily-list")
        for level in ("Easy", "Medium", "Hard", "Expert"):
            assert level in listed
        phone.assert_players_words(browser, "the Daily tab")
        assert phone.small_targets(browser) == [], "the Daily tab"
        seen["daily tab"] = phone.axe_violations(browser)
        shot(browser, "daily-list", PHONE)
        browser.find_element("css selector", "#daily-list li button").click()
        wait(browser, lambda d: d.find_element("id", "challenge").is_displayed(),
             "the challenge over the board")
        goal = text(browser, "challenge-goal")
        assert goal.startswith("Daily challenge, easy:"), goal
        limit = easy["limit"]
        assert text(browser, "challenge-progress").endswith(
            "0 moves." if limit is None else f"0 of {limit} moves."), \
            text(browser, "challenge-progress")
        browser.find_element("id", "hint").click()
        wait(browser, lambda d: "The goal is" in text(d, "hint-box"), "the hint", timeout=120)
        assert f"{easy['steps']} moves away at best" in text(browser, "hint-box")
        phone.assert_players_words(browser, "a challenge with a hint")
        seen["challenge and hint"] = phone.axe_violations(browser)
        assert phone.small_targets(browser) == [], "a challenge with a hint"
        moves = easy["solution"]
        for i, move in enumerate(moves, 1):
            play(browser, move)
            if i == len(moves) // 2:
                now = text(browser, "challenge-progress")
                assert f"{i} of {limit} moves" in now if limit else f"{i} moves" in now, now
        done = text(browser, "challenge-progress")
        assert done == (f"Challenge complete in {len(moves)} moves! Par: {easy['steps']} "
                        "moves."), done
        assert "won" in browser.find_element("id", "challenge").get_attribute("class")
        seen["challenge won"] = phone.axe_violations(browser)
        shot(browser, "daily-won", PHONE)
    assert all(v == [] for v in seen.values()), seen
