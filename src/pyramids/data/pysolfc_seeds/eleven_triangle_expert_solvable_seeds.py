#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Eleven Triangle (PySolFC game 969) seeds confirmed solvable graded expert,
# for an always-solvable mode. Made by pyramids, the exact solver of the
# Pyramid family: every seed was dealt as PySolFC deals it (pysol-cards'
# shuffle, this game's dealing order), proved winnable with the whole deal
# known, and its solution replayed move by move by the rules engine, under
# these rules:
#   pysolfc-eleven-triangle: an upside-down pyramid of 7 rows, two cards adding
#     up to 11, or two Jacks, two Queens or two Kings; no card goes alone,
#     talon of 24, 3 wastes, 1 round, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-eleven-triangle over
#   games pysolfc:32000:42000, the seeds graded expert
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 40.38, medium from 40.38,
# hard from 52.04, expert from 62.29: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# eleven-triangle). Of the 1315 solvable seeds of these games: easy 526, medium
# 393, hard 264, expert 132, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 132 seeds graded expert, out of 10000 games tried (1.32%): games 32000-41999.
# Seeds cover 32017-41959.

SOLVABLE_SEEDS = (
    32017, 32083, 32208, 32243, 32351, 32384, 32398, 32496,
    32586, 32589, 32594, 32618, 32767, 32808, 32822, 32861,
    32878, 33034, 33096, 33119, 33173, 33202, 33229, 33350,
    33362, 33451, 33530, 33687, 33779, 33789, 33951, 33991,
    34038, 34039, 34105, 34116, 34123, 34236, 34337, 34341,
    34413, 34602, 34939, 34976, 35007, 35013, 35017, 35034,
    35098, 35205, 35287, 35408, 35417, 35476, 35562, 35908,
    35984, 36228, 36235, 36306, 36355, 36370, 36412, 36415,
    36451, 36676, 36755, 36796, 36934, 36942, 36953, 37016,
    37125, 37168, 37178, 37394, 37425, 37434, 37474, 37657,
    37771, 37812, 37868, 37895, 37915, 37931, 38018, 38020,
    38024, 38067, 38080, 38117, 38213, 38299, 38345, 38540,
    38593, 38640, 38642, 38653, 38749, 38784, 38881, 39046,
    39270, 39549, 39654, 39659, 39712, 39770, 39982, 39988,
    40180, 40223, 40324, 40376, 40476, 40555, 40689, 40734,
    40896, 40938, 40971, 41044, 41205, 41259, 41469, 41578,
    41621, 41779, 41842, 41959,
)
