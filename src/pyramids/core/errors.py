"""Exceptions. Every error a user can cause is a ``ValueError`` that quotes the bad input."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import Self

    from pyramids.core.messages import Words


class PyramidsError(ValueError):
    """Base class of every error caused by bad input or an illegal request.

    An error made with :meth:`coded` names options: it carries the code of its message in
    :data:`pyramids.core.messages.MESSAGES` and the values, so that each front end renders it
    in its own words (:meth:`said`); ``str()`` gives the JSON fields' words."""

    code: str | None = None
    values: Mapping[str, object] = {}

    @classmethod
    def coded(cls, code: str, *args: Any, **values: object) -> Self:
        """The error of message ``code`` with ``values`` (``args``: the class's own)."""
        from pyramids.core.messages import FIELDS, render

        err = cls(render(code, values, FIELDS), *args)
        err.code, err.values = code, values
        return err

    def said(self, words: Words) -> str:
        """The message in ``words`` (:data:`~pyramids.core.messages.FLAGS` for the CLI)."""
        if self.code is None:
            return str(self)
        from pyramids.core.messages import render

        return render(self.code, self.values, words)


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
