"""docs/pysolfc-games.md, the catalogue of PySolFC's 32 pairing games, is true: its ids,
names and decks are PySolFC's own, in PySolFC's order, its pyramid games are the ones
``pyramids.pysolfc`` deals, and every game it calls solved names a preset the project has,
for that very PySolFC game."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from pyramids.core.variants import PRESETS
from pyramids.pysolfc.family import PRESETS as FAMILY_PRESETS
from pyramids.pysolfc.games import GAMES as FOUR_GAMES

PAGE = Path(__file__).resolve().parents[1] / "docs" / "pysolfc-games.md"
ROW = re.compile(r"^\| (\d+) \| ([^|]+?) \| ([12]) \| (yes|no) \| (.+?) \|$", re.M)

# PySolFC's pairing games as pysollib/games/pyramid.py registers them (shlomif/PySolFC at
# 7a3d146, lines 1914-1996: ``registerGame(GameInfo(id, Class, name, type, decks, ...))``),
# in that order: (id, name, decks)
REGISTERED = (
    (38, "Pyramid", 1), (193, "Relaxed Pyramid", 1), (44, "Pyramid Thirteen", 1),
    (592, "Giza", 1), (593, "Thirteens", 1), (594, "Elevens", 1), (595, "Elevens Too", 1),
    (596, "Suit Elevens", 1), (597, "Fifteens", 1), (619, "Triple Alliance", 1),
    (655, "Pharaohs", 1), (657, "Baroness", 1), (658, "Apophis", 1), (659, "Cheops", 1),
    (674, "Relaxed Exit", 1), (677, "Two Pyramids", 2), (681, "King Tut", 1),
    (699, "Double Pyramid", 2), (700, "Triangle", 1), (701, "Up and Down", 2),
    (735, "Hurricane", 1), (796, "Exit", 1), (802, "Triple Alliance (2 Decks)", 2),
    (846, "Pyramid Dozen", 1), (854, "Neptune", 1), (916, "Tens", 1),
    (929, "Eight Cards", 1), (937, "The Lucky Number", 2), (950, "Eighteens", 2),
    (961, "Nines", 1), (969, "Eleven Triangle", 1), (974, "Ides of March", 1),
)


def rows() -> list[tuple[int, str, int, bool, str]]:
    got = [(int(i), name, int(d), p == "yes", what)
           for i, name, d, p, what in ROW.findall(PAGE.read_text(encoding="utf-8"))]
    assert got, "no table rows found in docs/pysolfc-games.md"
    return got


def preset_of(what: str) -> str | None:
    m = re.fullmatch(r"solved: `(pysolfc-[a-z-]+)`", what)
    return None if m is None else m.group(1)


def test_the_32_games_are_pysolfcs() -> None:
    assert len(REGISTERED) == 32 and len({g[0] for g in REGISTERED}) == 32
    assert [(i, name, d) for i, name, d, _, _ in rows()] == list(REGISTERED)


def test_the_pyramid_games_are_the_fourteen_dealt_here() -> None:
    pyramid_ids = {i for i, _, _, pyramid, _ in rows() if pyramid}
    dealt = {gid for gid, _ in FOUR_GAMES.values()} | set(FAMILY_PRESETS.values())
    assert pyramid_ids == dealt and len(dealt) == 14


def test_every_row_says_solved_with_a_preset_or_what_it_would_take() -> None:
    for i, name, _, pyramid, what in rows():
        if pyramid:
            assert preset_of(what) is not None, (i, name, what)
        else:
            assert what.startswith("not yet: ") and len(what.split()) >= 12, (i, what)


def test_each_solved_preset_is_that_pysolfc_game() -> None:
    by_preset = {p: gid for p, (gid, _) in FOUR_GAMES.items()} | FAMILY_PRESETS
    for i, _, _, _, what in rows():
        preset = preset_of(what)
        if preset is not None:
            assert by_preset.get(preset) == i, (i, preset)


def test_the_four_older_presets_exist() -> None:
    for _, _, _, _, what in rows():
        preset = preset_of(what)
        if preset is not None and preset in FOUR_GAMES:
            assert preset in PRESETS, preset


def test_the_ten_new_presets_exist_in_the_rules() -> None:
    """The ten games of issue 41 are presets of ``pyramids.core.rules.GAMES`` (the data
    model the engines read), keyed by the names the catalogue gives."""
    try:
        rules = importlib.import_module("pyramids.core.rules")
    except ImportError:  # pragma: no cover - until the data model lands
        pytest.fail("pyramids.core.rules does not exist yet: the ten presets have no rules")
    games = rules.GAMES
    for _, _, _, _, what in rows():
        preset = preset_of(what)
        if preset is not None and preset in FAMILY_PRESETS:
            assert preset in games, preset
