#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Apophis (PySolFC game 658) seeds confirmed solvable graded hard, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-apophis: a pyramid of 7 rows, two cards adding up to 13; a King
#     alone, talon of 24, 3 wastes, 3 rounds, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-apophis over games
#   pysolfc:32000:34500, the seeds graded hard
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 17.84, medium from 17.84,
# hard from 27.05, expert from 38.59: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# apophis). Of the 1656 solvable seeds of these games: easy 662, medium 497,
# hard 331, expert 166, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 331 seeds graded hard, out of 2500 games tried (13.24%): games 32000-34499.
# Seeds cover 32000-34496.

SOLVABLE_SEEDS = (
    32000, 32001, 32007, 32008, 32012, 32037, 32049, 32050,
    32051, 32052, 32055, 32061, 32062, 32064, 32066, 32081,
    32088, 32090, 32093, 32101, 32106, 32118, 32131, 32144,
    32152, 32168, 32173, 32190, 32194, 32198, 32202, 32207,
    32218, 32225, 32229, 32231, 32245, 32250, 32256, 32257,
    32264, 32267, 32275, 32295, 32297, 32300, 32345, 32347,
    32357, 32358, 32363, 32372, 32384, 32409, 32419, 32432,
    32434, 32447, 32487, 32494, 32501, 32502, 32508, 32509,
    32516, 32518, 32543, 32552, 32569, 32587, 32589, 32595,
    32598, 32603, 32615, 32622, 32624, 32638, 32642, 32653,
    32660, 32676, 32689, 32710, 32716, 32724, 32729, 32730,
    32752, 32758, 32764, 32767, 32769, 32775, 32780, 32783,
    32787, 32791, 32804, 32810, 32812, 32826, 32827, 32835,
    32836, 32853, 32870, 32881, 32884, 32885, 32886, 32893,
    32894, 32897, 32900, 32901, 32907, 32920, 32924, 32927,
    32944, 32955, 32967, 32978, 32980, 32981, 33001, 33003,
    33010, 33013, 33016, 33023, 33024, 33033, 33036, 33044,
    33058, 33059, 33064, 33069, 33081, 33099, 33106, 33136,
    33142, 33151, 33155, 33160, 33182, 33189, 33193, 33195,
    33196, 33200, 33207, 33217, 33221, 33222, 33224, 33225,
    33242, 33248, 33256, 33257, 33261, 33266, 33267, 33274,
    33287, 33291, 33301, 33306, 33309, 33321, 33341, 33354,
    33356, 33364, 33373, 33381, 33387, 33397, 33403, 33408,
    33410, 33413, 33414, 33432, 33433, 33437, 33448, 33453,
    33454, 33468, 33469, 33482, 33490, 33493, 33494, 33499,
    33501, 33502, 33517, 33519, 33522, 33531, 33542, 33549,
    33553, 33575, 33578, 33589, 33603, 33604, 33607, 33620,
    33625, 33626, 33629, 33633, 33638, 33640, 33644, 33646,
    33648, 33659, 33678, 33694, 33699, 33702, 33708, 33709,
    33723, 33731, 33740, 33743, 33744, 33752, 33769, 33790,
    33805, 33807, 33809, 33827, 33847, 33862, 33872, 33876,
    33885, 33892, 33906, 33916, 33917, 33920, 33925, 33930,
    33968, 33970, 33976, 33979, 33993, 33999, 34003, 34018,
    34019, 34021, 34025, 34029, 34049, 34054, 34069, 34082,
    34094, 34125, 34136, 34140, 34144, 34155, 34163, 34172,
    34175, 34178, 34179, 34190, 34204, 34205, 34210, 34211,
    34229, 34232, 34234, 34242, 34247, 34254, 34263, 34264,
    34279, 34281, 34295, 34303, 34317, 34320, 34336, 34338,
    34341, 34350, 34360, 34363, 34367, 34375, 34376, 34387,
    34396, 34397, 34401, 34402, 34403, 34404, 34412, 34424,
    34427, 34431, 34432, 34433, 34440, 34448, 34458, 34463,
    34486, 34495, 34496,
)
