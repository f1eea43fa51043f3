"""Which games of :mod:`pyramids.core.rules` the CP-SAT model of the general rules
(:mod:`pyramids.engines.cpsat.game_model`) states, asked without loading OR-Tools."""

from __future__ import annotations

from pyramids.core.rules import Rules


def unsupported(rules: Rules) -> str | None:
    """Why the model cannot state ``rules``, or ``None`` when it can."""
    t, p = rules.talon, rules.pairing
    if rules.objective != "all":
        return "the objective 'pyramid' (the classic models answer it)"
    if p.overlap:
        return "Tut's Tomb's overlap (the classic models answer it)"
    if not t.exists:
        return None
    if t.rounds is None:
        return "unlimited rounds"
    if t.wastes == 3:
        if t.rounds > 1:
            return ("three wastes gathered for another round: PySolFC's redeal takes each "
                    "waste from its top, so the waste and deal of a card in a later round "
                    "depend on how many cards before it were discarded (and round 3's "
                    "order on those wastes), which the model does not state")
        return None if not t.top_face_up else "three wastes under a face-up talon top"
    if t.hand or t.draw != 1 or t.gather != "turn" or t.stock_waste != "allowed":
        return "a talon other than draw 1 onto one waste turned over on a redeal"
    return None
