"""PySolFC, the free solitaire collection: its numbered games as deals (``games``; its ten
other pyramid games, ``family``), a model of its stacks that replays a line click by
click (``model``; for the ten, ``family_model``), what its player sees
at each step (``notes``), and its solvable-seed lists (``seedlists`` writes and reads the
shape, ``seeds`` finds the shipped ones in ``pyramids/data/pysolfc_seeds/``)."""

from pyramids.pysolfc.games import parse_deal

__all__ = ["parse_deal"]
