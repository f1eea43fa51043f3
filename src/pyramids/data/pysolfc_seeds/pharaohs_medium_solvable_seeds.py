#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Pharaohs (PySolFC game 655) seeds confirmed solvable graded medium, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-pharaohs: a pyramid of 2 rows and a pyramid of 7 rows and a pyramid
#     of 6 rows, two cards adding up to 13; a King alone, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-pharaohs over games
#   pysolfc:32000:92000, the seeds graded medium
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
# 129 seeds graded medium, out of 60000 games tried (0.21%): games 32000-91999.
# Seeds cover 32009-91919.

SOLVABLE_SEEDS = (
    32009, 32073, 32339, 32588, 33584, 33944, 34060, 34156,
    34209, 34333, 34688, 34826, 34853, 35904, 36309, 36315,
    36903, 37673, 37875, 38132, 39341, 39466, 39923, 42902,
    43016, 43330, 43418, 43966, 44464, 45399, 45895, 46055,
    46215, 46722, 47745, 47757, 47898, 48101, 48208, 48348,
    48562, 48794, 49886, 50270, 50687, 51008, 51661, 53589,
    53668, 53708, 56047, 56337, 56853, 56932, 57740, 58468,
    58613, 58715, 59080, 59196, 59481, 60800, 61092, 61411,
    62147, 62823, 63585, 63711, 64168, 64346, 65184, 66851,
    67407, 67481, 67916, 68232, 68271, 68446, 68750, 69273,
    69508, 69684, 70372, 70397, 70925, 71190, 71193, 72165,
    72183, 73847, 73937, 74001, 74038, 74083, 74119, 74866,
    74867, 75817, 76352, 76504, 76674, 77592, 78053, 78260,
    78637, 78874, 79131, 79858, 79887, 80079, 82456, 82528,
    82713, 83682, 84631, 85037, 85557, 86232, 86362, 86518,
    86996, 87577, 88322, 88554, 88645, 89914, 91006, 91843,
    91919,
)
