"""Puzzle generator: graded winnable deals for the shipped collections in ``puzzles/``.

* :mod:`.greedy`: simple human strategies (does a casual player win?);
* :mod:`.oracle`: "is the position after these moves winnable?" (exact or unknown);
* :mod:`.lines`: essentially different winning lines, counted up to 2;
* :mod:`.grading`: components, score and grade (easy, medium, hard, expert);
* :mod:`.generate`: scan deals in order, grade, keep, write JSON lines atomically.
"""
