"""Exceptions. Every error a user can cause is a ``ValueError`` that quotes the bad input."""

from __future__ import annotations


class PyramidsError(ValueError):
    """Base class of every error caused by bad input or an illegal request."""


class CardError(PyramidsError):
    """A card that cannot be parsed."""


class DealError(PyramidsError):
    """A deal with unknown, duplicate or missing cards, or the wrong shape."""


class VariantError(PyramidsError):
    """An unknown variant, an unknown option, or options that do not go together."""


class MoveError(PyramidsError):
    """A move that cannot be parsed."""


class IllegalMoveError(PyramidsError):
    """A move that the rules do not allow in the current position."""


class RefereeError(PyramidsError):
    """A solution that fails: an illegal step, or a game that is not won at the end."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step
