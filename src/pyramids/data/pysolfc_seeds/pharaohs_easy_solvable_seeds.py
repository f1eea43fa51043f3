#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Pharaohs (PySolFC game 655) seeds confirmed solvable graded easy, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-pharaohs: a pyramid of 2 rows and a pyramid of 7 rows and a pyramid
#     of 6 rows, two cards adding up to 13; a King alone, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-pharaohs over games
#   pysolfc:32000:92000, the seeds graded easy
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
# 172 seeds graded easy, out of 60000 games tried (0.29%): games 32000-91999.
# Seeds cover 32496-91970.

SOLVABLE_SEEDS = (
    32496, 32646, 32679, 33019, 33121, 33236, 33419, 33514,
    34529, 34640, 34809, 34882, 35235, 36442, 36731, 37788,
    37998, 38036, 38374, 39369, 40166, 40311, 40624, 40878,
    41357, 41605, 41809, 42518, 42548, 43174, 43314, 43915,
    44383, 44711, 45174, 45254, 45278, 45457, 45836, 47157,
    47292, 47413, 47525, 48683, 49086, 50332, 50343, 51035,
    51223, 51405, 52412, 52678, 53066, 54328, 54332, 55216,
    55232, 55415, 55446, 56420, 56625, 56741, 57028, 57325,
    57388, 58100, 59003, 59504, 60015, 60155, 60172, 60374,
    60778, 61029, 61499, 61610, 61789, 61910, 61974, 62022,
    62786, 63430, 63532, 64919, 65214, 65917, 66055, 66152,
    66217, 66266, 66455, 66462, 66882, 67179, 67267, 67648,
    67694, 67926, 68394, 68762, 68848, 68924, 70051, 70087,
    70271, 70305, 70467, 70809, 70816, 71151, 71877, 71958,
    72298, 74025, 74168, 74865, 75069, 75079, 75146, 75461,
    75751, 75869, 76399, 77031, 77115, 77758, 77837, 79034,
    79068, 79228, 79273, 79322, 79350, 79392, 79968, 80331,
    81046, 81055, 81424, 81723, 81861, 81892, 82071, 82102,
    82416, 82613, 82775, 83878, 84792, 85872, 86341, 86516,
    86551, 86962, 87350, 87618, 87652, 88421, 88459, 88683,
    89651, 89968, 90057, 90106, 90937, 91202, 91263, 91435,
    91674, 91851, 91863, 91970,
)
