"""Who plays: the kinds of simulated player, the rosters that measure a deal, and a
player by name (see :mod:`pyramids.generator.players` for how each plays)."""

from __future__ import annotations

from dataclasses import dataclass

from pyramids.core.variants import Variant

KINDS = ("random", "casual", "lookahead", "planner")


@dataclass(frozen=True)
class Player:
    """A way of playing: ``kind`` is ``random``, ``casual``, ``lookahead`` or ``planner``
    (those two with a ``depth``)."""

    name: str
    kind: str
    depth: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown player kind {self.kind!r}")
        if (self.kind in ("lookahead", "planner")) != (self.depth >= 1):
            raise ValueError(f"player {self.name!r}: depth {self.depth} for kind {self.kind}")


PLAYERS: tuple[Player, ...] = (
    Player("random", "random"),
    Player("casual", "casual"),
    Player("lookahead-1", "lookahead", 1),
    Player("lookahead-2", "lookahead", 2),
    Player("lookahead-3", "lookahead", 3),
)
# the stock-aware players, for games whose stock order is shown (not Par scoring)
PLANNERS: tuple[Player, ...] = tuple(Player(f"planner-{k}", "planner", k) for k in (1, 2, 3))
PLAYER_NAMES = tuple(p.name for p in PLAYERS + PLANNERS)


def players_for(variant: Variant) -> tuple[Player, ...]:
    """The players who measure a deal of ``variant``: :data:`PLAYERS`, and in stock games
    without Par scoring also the :data:`PLANNERS`."""
    if variant.is_stock and variant.scoring != "par":
        return PLAYERS + PLANNERS
    return PLAYERS


def get_player(name: str) -> Player:
    """A player of :data:`PLAYERS` or :data:`PLANNERS` by name, or ``lookahead-K`` /
    ``planner-K`` for any depth K >= 1."""
    for p in PLAYERS + PLANNERS:
        if p.name == name:
            return p
    kind, _, depth = name.partition("-")
    if kind in ("lookahead", "planner") and depth.isdigit() and int(depth) >= 1:
        return Player(name, kind, int(depth))
    raise ValueError(f"unknown player {name!r}: one of {', '.join(PLAYER_NAMES)} "
                     "(or lookahead-K / planner-K for another depth K)")
