"""What a PySolFC player sees happen at each step of a line (``notes`` in the JSON
answers): kept apart from :mod:`pyramids.pysolfc.games`, which the deals import, because it
replays the line with the rules engine, which imports the deals."""

from __future__ import annotations

from collections.abc import Sequence

from pyramids.core.cards import format_cards
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.variants import Variant


def step_notes(deal: Deal, variant: Variant, moves: Sequence[Move]) -> tuple[str, ...]:
    """What a PySolFC player sees happen at each step of a line under a ``pysolfc-*``
    preset with a talon, beyond the cards the step discards ("" where nothing more
    happens): the cards a deal turns over, the talon's next card turning face up, what
    PySolFC deals by itself (Auto deal), a redeal's pass, the win. Empty for other
    variants. The line is replayed by the rules engine (an illegal step raises)."""
    if not variant.pysolfc_talon:
        return ()
    game = Game(deal, variant)
    passes = "" if variant.passes is None else f" of {variant.passes}"
    out: list[str] = []
    for move in moves:
        top, waste = game.stock_top(), game.waste
        game.push(move)
        auto = game.automatic[-1]
        dealt = game.waste if auto else ()  # an automatic deal fills an empty waste
        parts: list[str] = []
        if move.is_deal:
            turned = game.waste[len(waste):]
            parts.append(f"{format_cards(turned)} to the waste"
                         + (f" ({turned[-1]} on top)" if len(turned) > 1 else ""))
            if variant.face_up and turned[0].is_king:  # (the project's lines never do)
                parts.append("with the D key (Game, Deal cards): a click on the talon "
                             f"would discard {turned[0]}")
        elif move.is_redeal:
            parts.append(f"the waste turns over onto the talon (pass {game.pass_no}{passes})")
        elif waste and waste[-1] in move.cards and not auto:
            parts.append(f"{game.waste[-1]} is the waste's top card" if game.waste
                         else "the waste is empty")
        shown = dealt[0] if auto and variant.face_up else game.stock_top()
        if variant.face_up and shown != top and not move.is_redeal:
            parts.append(f"{shown} turns face up on the talon" if shown is not None
                         else "the talon is empty")
        if auto:
            parts.append(f"PySolFC deals {format_cards(dealt)} to the waste by itself "
                         "(Auto deal)")
            if variant.face_up:
                now = game.stock_top()
                parts.append(f"{now} turns face up on the talon" if now is not None
                             else "the talon is empty")
        if game.is_won():
            parts.append("the game is won")
        out.append("; ".join(p for p in parts if p))
    return tuple(out)


def notes_json(deal: Deal, variant: Variant, moves: Sequence[Move]) -> dict[str, list[str]]:
    """The JSON field that explains a line, ``notes``: :func:`step_notes`, one a move
    (``{}`` for a variant without PySolFC's talon, or no line)."""
    notes = step_notes(deal, variant, moves)
    return {"notes": list(notes)} if notes else {}
