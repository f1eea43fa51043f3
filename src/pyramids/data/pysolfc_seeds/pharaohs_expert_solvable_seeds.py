#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Pharaohs (PySolFC game 655) seeds confirmed solvable graded expert, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-pharaohs: a pyramid of 2 rows and a pyramid of 7 rows and a pyramid
#     of 6 rows, two cards adding up to 13; a King alone, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-pharaohs over games
#   pysolfc:32000:92000, the seeds graded expert
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 50.92, medium from 50.92,
# hard from 62.74, expert from 74.24: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# pharaohs). Of the 430 solvable seeds of these games: easy 172, medium 129,
# hard 86, expert 43, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 43 seeds graded expert, out of 60000 games tried (0.07%): games 32000-91999.
# Seeds cover 32058-87950.

SOLVABLE_SEEDS = (
    32058, 35494, 35768, 35881, 36139, 37739, 38160, 38618,
    41128, 41815, 45015, 45987, 46627, 48092, 49599, 50002,
    55564, 55767, 56116, 56277, 56969, 58405, 58767, 64293,
    64823, 66310, 68625, 68981, 71339, 72506, 73377, 73508,
    74015, 76127, 78674, 79423, 79857, 79907, 82510, 83392,
    86963, 87336, 87950,
)
