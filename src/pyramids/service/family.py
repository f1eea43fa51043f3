"""PySolFC's ten other pyramid games (:data:`pyramids.core.rules.GAMES`) in the service:
what ``/v1/variants`` says of each (its layout's places, spots and covers, its talon), their
deals (PySolFC's game numbers), and positions for the web page, replayed by the general
rules engine (:mod:`pyramids.core.board`).

As for the classic presets (:mod:`pyramids.service.play`), the page decides nothing: a
position says where each card lies (``board``, placed here from the layout's spots, the
same for every game, never a picture per game), what is in play and which moves are legal,
and each card's name in a line (``tokens``: ``9H@r12`` where another copy is in play).
A card is known on the page by its ``id``: its code, with ``2`` added for a two-deck
game's second copy (in layout order), so that the two copies are two cards.
"""

from __future__ import annotations

import math
from typing import Any

from pyramids.core.board import Board, GameDeal, Play, replay
from pyramids.core.deals import Deal
from pyramids.core.rules import Rules, Talon
from pyramids.pysolfc.family import game_deal
from pyramids.pysolfc.games import PySolFCGame, parse_deal

#: The page's card (as :mod:`pyramids.core.placement`'s ``page_board``): 100 units wide,
#: 1.4 times as tall; captions and numbers 18 units.
CARD_W, CARD_H, TEXT = 100.0, 140.0, 18.0
GAP = 10.0  # between two places side by side
FAN_ROW = 12  # talon cards a fanned row
FAN_STEP = 45.0  # a talon card's step in its row
WASTE_SHOWN = 5  # a waste's top cards fanned; the ones under them lie under the first
WASTE_STEP = 30.0


def _talon_json(t: Talon, cards: int) -> dict[str, Any]:
    return {"cards": cards, "wastes": t.wastes, "draw": t.draw, "rounds": t.rounds,
            "top_face_up": t.top_face_up, "opening": t.opening, "auto_deal": t.auto_deal,
            "gather": t.gather}


def game_info(rules: Rules) -> dict[str, Any]:
    """What ``/v1/variants`` lists for a game: its names and rules in words, its decks,
    its layout (each place's name, spot in card widths and heights, the places lying on
    it, pyramid or not, dealt face down or not) and its talon (``null`` without one)."""
    lay = rules.layout
    return {
        "name": rules.name, "title": rules.title, "pysolfc": rules.pysolfc,
        "decks": rules.decks, "cards": rules.cards, "description": rules.describe(),
        "rules": rules_words(rules), "pairing": rules.pairing.words,
        "objective": rules.objective, "stock_moves": stock_moves(rules),
        "layout": {
            "words": lay.words,
            "places": [{"name": lay.names[p], "x": lay.spots[p][0], "y": lay.spots[p][1],
                        "covered_by": list(lay.covered_by[p]), "pyramid": p in lay.pyramid,
                        "face_down": p in lay.face_down} for p in range(lay.size)]},
        "talon": _talon_json(rules.talon, rules.talon_cards) if rules.talon.exists else None,
    }


def pysolfc_title(rules: Rules, tag: str) -> str:
    """The game's title followed by ``(tag)``, e.g. ``(PySolFC)`` or ``(PySolFC game
    659)``: a title that already ends with ``(PySolFC)`` (Cheops, whose classic preset
    holds the bare name) loses it first, so that the page never says PySolFC twice."""
    return f"{rules.title.removesuffix(' (PySolFC)')} ({tag})"


def rules_words(rules: Rules) -> str:
    """The game's rules in a player's words (the page's line under the form)."""
    t = rules.talon
    parts = [f"{pysolfc_title(rules, f'PySolFC game {rules.pysolfc}')}: {rules.layout.words}"
             + (", two decks" if rules.decks == 2 else "") + ".",
             f"Discard {rules.pairing.words}."]
    if t.exists:
        rounds = "as often as you like" if t.rounds is None else (
            "once" if t.rounds == 1 else f"{t.rounds} times")
        where = "one card onto each of three wastes" if t.wastes == 3 else (
            f"{t.draw} card{'s' if t.draw > 1 else ''} onto the waste")
        parts.append(f"The talon deals {where}, {rounds} through"
                     + ("; its top card is in play too" if t.top_face_up else "") + ".")
    parts.append("Clear the pyramid to win." if rules.objective == "pyramid"
                 else f"Discard all {rules.cards} cards to win.")
    return " ".join(parts)


def stock_moves(rules: Rules) -> list[str]:
    """The talon's two moves as the games' lines write them; [] without a talon."""
    return ["deal", "redeal"] if rules.talon.exists else []


def deal_of(spec: int | str, rules: Rules) -> GameDeal:
    """A request's deal of ``rules``: ``pysolfc:N`` (PySolFC's game N), or one deck's 52
    cards as they lie; a deal number is refused, naming ``pysolfc:N``."""
    value: Deal | PySolFCGame
    if isinstance(spec, int):
        value = Deal.from_number(spec)
    elif spec.strip().lower().startswith("pysolfc"):
        value = PySolFCGame.parse(spec)
    else:
        value = parse_deal(spec, None)
    return game_deal(value, rules)


def card_ids(deal: GameDeal) -> list[str]:
    """Each card's id on the page, in layout order: its code, ``2`` added for the second
    copy of a card in a two-deck deal."""
    seen: set[str] = set()
    out = []
    for c in deal.cards:
        code = str(c)
        out.append(code + "2" if code in seen else code)
        seen.add(code)
    return out


def _frame(rules: Rules) -> tuple[float, float, float]:
    """The board's width and height (the same at every position of every deal of the
    game) and the layout's own width."""
    lay = rules.layout
    lay_w = max(x for x, _ in lay.spots) * (CARD_W + GAP) + CARD_W
    height = max(y for _, y in lay.spots) * CARD_H + CARD_H
    width = lay_w
    t = rules.talon
    if t.exists:
        rows = math.ceil(rules.talon_cards / FAN_ROW)
        fan_w = (min(rules.talon_cards, FAN_ROW) - 1) * FAN_STEP + CARD_W
        waste_w = t.wastes * ((WASTE_SHOWN - 1) * WASTE_STEP + CARD_W) + (t.wastes - 1) * 3 * GAP
        width = max(width, fan_w, waste_w)
        height += 2 * (0.22 * CARD_H + 1.5 * TEXT) + rows * (CARD_H + 1.5 * TEXT) + CARD_H
    return round(width, 2), round(height, 2), lay_w


def board_of(board: Board, ids: list[str]) -> dict[str, Any]:
    """Where each card of ``board`` lies for the page (``pyramids.core.placement``'s
    ``page_board`` form, cards by id): the layout's places at their spots, then the
    talon fanned in dealing order (numbered, 1 dealt next) and the wastes, each with its
    top cards fanned; ``raise``: the waste cards in the order they lie (bottom first), for
    the page to paint them so."""
    rules = board.rules
    width, height, lay_w = _frame(rules)
    lay = rules.layout
    cards: dict[str, list[float]] = {}
    slots: list[list[float]] = []
    captions: list[list[Any]] = []
    numbers: list[list[Any]] = []
    x0 = (width - lay_w) / 2
    for p in range(lay.size):
        x, y = x0 + lay.spots[p][0] * (CARD_W + GAP), lay.spots[p][1] * CARD_H
        if board.removed >> p & 1:
            if not lay.covered_by[p] or p in lay.pyramid:
                slots.append([round(x, 2), round(y, 2)])
        else:
            cards[ids[p]] = [round(x, 2), round(y, 2)]
    raised: list[str] = []
    t = rules.talon
    if t.exists:
        y = max(y for _, y in lay.spots) * CARD_H + CARD_H + 0.22 * CARD_H + 1.5 * TEXT
        rounds = "unlimited rounds" if t.rounds is None else f"round {board.round} of {t.rounds}"
        captions.append([width / 2, y - 0.5 * TEXT,
                         f"Talon: {len(board.talon)} to deal ({rounds})"])
        fan_w = (min(rules.talon_cards, FAN_ROW) - 1) * FAN_STEP + CARD_W
        fx = (width - fan_w) / 2
        for k, pos in enumerate(board.talon):
            row, col = divmod(k, FAN_ROW)
            x, ty = fx + col * FAN_STEP, y + row * (CARD_H + 1.5 * TEXT)
            cards[ids[pos]] = [round(x, 2), round(ty, 2)]
            numbers.append([round(x + FAN_STEP / 2, 2), round(ty + CARD_H + 1.1 * TEXT, 2),
                            str(k + 1)])
        if not board.talon:
            slots.append([round(fx, 2), round(y, 2)])
        rows = math.ceil(rules.talon_cards / FAN_ROW)
        y += rows * (CARD_H + 1.5 * TEXT) + 0.22 * CARD_H + 1.5 * TEXT
        one = (WASTE_SHOWN - 1) * WASTE_STEP + CARD_W
        wx = (width - (t.wastes * one + (t.wastes - 1) * 3 * GAP)) / 2
        for i, w in enumerate(board.wastes):
            x = wx + i * (one + 3 * GAP)
            name = "Waste" if t.wastes == 1 else f"Waste {i + 1}"
            captions.append([round(x + one / 2, 2), round(y - 0.5 * TEXT, 2),
                             f"{name} ({len(w)})"])
            if not w:
                slots.append([round(x, 2), round(y, 2)])
            under = max(0, len(w) - WASTE_SHOWN)
            for k, pos in enumerate(w):
                cards[ids[pos]] = [round(x + max(0, k - under) * WASTE_STEP, 2), round(y, 2)]
                raised.append(ids[pos])
    return {"width": width, "height": height, "card_width": CARD_W, "card_height": CARD_H,
            "text_size": TEXT, "cards": cards, "slots": slots, "captions": captions,
            "numbers": numbers, "raise": raised}


def describe(board: Board, ids: list[str]) -> dict[str, Any]:
    """The position for the page: each layout place's card id (``null``: discarded), the
    talon (next card first) and wastes (top last) by id, the cards in play and their names
    in a line (``tokens``), the legal moves as a line writes them, won or lost."""
    legal = board.legal_moves()
    won = board.is_won()
    lay = board.rules.layout
    avail = board.in_play()
    return {
        "layout": [None if board.removed >> p & 1 else ids[p] for p in range(lay.size)],
        "stock": [ids[p] for p in board.talon],
        "wastes": [[ids[p] for p in w] for w in board.wastes],
        "available": [ids[p] for p in avail],
        "tokens": {ids[p]: board.format(Play("alone", (p,))) for p in avail},
        "down": [ids[p] for p in sorted(lay.face_down)
                 if not board.removed >> p & 1 and not board.exposed(p)],
        "legal": [board.format(m) for m in legal],
        "forced": None,
        "automatic": bool(board.automatic and board.automatic[-1]),
        "won": won, "lost": not won and not legal,
        "cards_left": board.cards_left(), "score": None, "pass": board.round,
        "steps": len(board.moves),
        "board": board_of(board, ids),
    }


def position(rules: Rules, deal: GameDeal, moves: list[str],
             steps: bool = False) -> dict[str, Any]:
    """``/v1/position`` for a game: the position after ``moves`` (replayed by the rules
    engine: an illegal one is a :class:`~pyramids.core.errors.RefereeError` naming its
    step), with ``steps`` every position on the way."""
    ids = card_ids(deal)
    end = replay(rules, deal.cards, moves)  # the referee's reasons, by step
    trail = []
    if steps:
        walk = Board(rules, deal.cards)
        trail.append(describe(walk, ids))
        for move in end.moves:
            walk.push(move)
            trail.append(describe(walk, ids))
    out: dict[str, Any] = {
        "deal": None, "pysolfc": deal.pysolfc, "line": deal.line(), "ids": ids,
        "variant": variant_json(rules), "description": rules.describe(),
        "title": rules.title, "rules": rules_words(rules), "stock_moves": stock_moves(rules),
        "moves": list(moves), "position": trail[-1] if steps else describe(end, ids),
    }
    if steps:
        out["positions"] = trail
    return out


def variant_json(rules: Rules) -> dict[str, Any]:
    """A game's ``variant`` in the service's answers: its name, that it is one of the
    ten games, its decks and its talon (``rest`` ``talon``, or ``null`` without one); no
    score is kept."""
    t = rules.talon
    return {"name": rules.name, "game": True, "decks": rules.decks,
            "rest": "talon" if t.exists else None,
            "passes": t.rounds if t.exists else None, "wastes": t.wastes,
            "scoring": "none"}



def deal_json(rules: Rules, deal: GameDeal) -> dict[str, Any]:
    """``/v1/deals/{number}`` of a game: PySolFC's game number, the cards in layout order
    (``line``), a text picture (the layout row by row, then the talon in dealing order)
    and a JSON form (each place's name and card, the talon)."""
    lay = rules.layout
    rows: dict[float, list[str]] = {}
    for p in range(lay.size):
        rows.setdefault(lay.spots[p][1], []).append(str(deal.cards[p]))
    talon = [str(c) for c in deal.cards[lay.size:]]
    pretty = [" ".join(cards) for _, cards in sorted(rows.items())]
    if talon:
        pretty.append("talon: " + " ".join(talon))
    return {"number": deal.pysolfc, "variant": variant_json(rules), "line": deal.line(),
            "pretty": "\n".join(pretty),
            "json": {"game": rules.name, "pysolfc": deal.pysolfc,
                     "layout": [{"place": lay.names[p], "card": str(deal.cards[p])}
                                for p in range(lay.size)],
                     "talon": talon}}
