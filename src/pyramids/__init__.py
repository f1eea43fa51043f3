"""pyramids: rules, solvers, statistics and puzzle books for the Pyramid solitaires."""

from pyramids.core.cards import DECK, Card
from pyramids.core.deals import Deal
from pyramids.core.errors import (
    CardError,
    DealError,
    IllegalMoveError,
    MoveError,
    PyramidsError,
    RefereeError,
    VariantError,
)
from pyramids.core.game import Game
from pyramids.core.moves import DEAL, REDEAL, Move, format_moves, parse_moves
from pyramids.core.referee import Replay, replay
from pyramids.core.variants import PRESETS, Variant, get_variant
from pyramids.core.verdict import Certificate, Verdict

__all__ = [
    "DEAL", "DECK", "PRESETS", "REDEAL", "Card", "CardError", "Certificate", "Deal",
    "DealError", "Game", "IllegalMoveError", "Move", "MoveError", "PyramidsError",
    "RefereeError", "Replay", "Variant", "VariantError", "Verdict", "format_moves",
    "get_variant", "parse_moves", "replay",
]
__version__ = "0.1.0"
