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
#   pysolfc:32000:182000, the seeds graded medium
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 52.03, medium from 52.03,
# hard from 63.73, expert from 74.36: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# pharaohs). Of the 1104 solvable seeds of these games: easy 441, medium 331,
# hard 221, expert 111, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 331 seeds graded medium, out of 150000 games tried (0.22%): games
# 32000-181999.
# Seeds cover 32009-181757.

SOLVABLE_SEEDS = (
    32009, 32073, 32339, 32588, 33584, 33944, 34060, 34156,
    34209, 34333, 34688, 34826, 34853, 36315, 36903, 37673,
    38132, 39341, 39923, 42073, 42902, 43016, 43169, 43330,
    43418, 44464, 45399, 45895, 46055, 46215, 46722, 47745,
    47757, 47898, 48208, 48348, 48562, 48794, 49265, 49886,
    50270, 50687, 51008, 51661, 53589, 53668, 53708, 56337,
    56932, 57740, 58468, 58613, 58715, 59080, 59196, 59481,
    60758, 60800, 60883, 61092, 61411, 62147, 62823, 63585,
    63711, 64168, 64346, 65184, 66851, 67916, 68232, 68271,
    68446, 69273, 69508, 69684, 70372, 70397, 71190, 71193,
    72165, 72183, 73847, 73937, 74001, 74038, 74083, 74119,
    74866, 74867, 75817, 76352, 76504, 76674, 76688, 77592,
    78053, 78260, 78637, 78874, 79131, 79858, 79887, 79905,
    80079, 82456, 82528, 82713, 83682, 84631, 85037, 85557,
    86232, 86362, 86518, 86996, 88322, 88554, 88645, 89914,
    89949, 91006, 91843, 91919, 92114, 92126, 92138, 92164,
    92608, 92647, 93237, 93252, 93827, 94166, 94545, 94567,
    94984, 95565, 95630, 95642, 95833, 96001, 96752, 96894,
    97221, 97412, 97510, 97761, 98034, 98184, 98371, 98500,
    98628, 99402, 99555, 99814, 99904, 101523, 101891, 101993,
    102238, 102428, 103149, 103923, 104365, 104956, 104977, 105306,
    105325, 105463, 105580, 105904, 106021, 106257, 106644, 106672,
    106900, 106962, 107619, 109344, 110162, 110855, 111326, 111348,
    112394, 112989, 113128, 113884, 114718, 114747, 116133, 116439,
    116471, 117352, 117777, 118222, 118964, 120320, 120552, 120924,
    120976, 122198, 122566, 122807, 123117, 123427, 123902, 124169,
    125696, 126159, 127012, 127064, 127287, 127737, 128625, 128684,
    131212, 131587, 133231, 133254, 134141, 134291, 134355, 134980,
    135743, 136099, 136213, 136739, 136876, 138285, 138606, 139801,
    140144, 140343, 140668, 141094, 141979, 142627, 143147, 143785,
    144197, 144294, 144612, 145083, 148367, 149158, 149407, 150577,
    150688, 150909, 151188, 151201, 151525, 151782, 151811, 153186,
    153677, 153763, 154325, 154667, 155161, 155476, 155688, 155748,
    155940, 156427, 156806, 157079, 157792, 157877, 158139, 159023,
    159244, 159398, 160335, 160640, 160652, 161466, 161726, 161771,
    162786, 162888, 163238, 163522, 163956, 164173, 165907, 166546,
    167154, 167305, 168103, 168353, 168954, 169618, 169833, 170525,
    170768, 171143, 171181, 172100, 172354, 172815, 173462, 173598,
    173650, 174273, 174296, 174552, 174661, 175057, 175516, 175611,
    175617, 175907, 176359, 176660, 176971, 177151, 177694, 177975,
    179109, 179751, 179820, 180045, 180293, 180531, 180655, 180841,
    180859, 181226, 181757,
)
