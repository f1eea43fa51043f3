"""The exact engines: the compiled depth-first search (``search``), the OR-Tools CP-SAT
models (``cpsat``), the optimal solver for goals (``optimal``), the translations that let
them play MSC's face-up deck (``faceup``) and PySolFC's automatic deals (``autodeal``),
the brute-force reference for cross-checks, and the clocks that time them. Each answers
from the core alone; choosing among them is :mod:`pyramids.answers`'s work."""
