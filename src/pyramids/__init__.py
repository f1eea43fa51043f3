"""pyramids: rules, solvers, statistics and puzzle books for the Pyramid solitaires."""

from .cards import DECK, Card
from .deals import Deal
from .engine import Game
from .errors import (
    CardError,
    DealError,
    IllegalMoveError,
    MoveError,
    PyramidsError,
    RefereeError,
    VariantError,
)
from .moves import DEAL, REDEAL, Move, format_moves, parse_moves
from .referee import Replay, replay
from .variants import PRESETS, Variant, get_variant
from .verdict import Certificate, Verdict

__all__ = [
    "DEAL", "DECK", "PRESETS", "REDEAL", "Card", "CardError", "Certificate", "Deal",
    "DealError", "Game", "IllegalMoveError", "Move", "MoveError", "PyramidsError",
    "RefereeError", "Replay", "Variant", "VariantError", "Verdict", "format_moves",
    "get_variant", "parse_moves", "replay",
]
__version__ = "0.1.0"
