"""The game's core: cards, rule sets, moves, the layout, deals, the rules engine
(:class:`~pyramids.core.game.Game`), the referee that replays a line, the verdict's value
types and where each card of a position is drawn. No I/O, no solver: every other package
stands on this one, and it imports none of them."""
