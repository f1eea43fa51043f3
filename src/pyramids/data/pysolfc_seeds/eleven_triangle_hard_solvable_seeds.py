#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Eleven Triangle (PySolFC game 969) seeds confirmed solvable graded hard, for
# an always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-eleven-triangle: an upside-down pyramid of 7 rows, two cards adding
#     up to 11, or two Jacks, two Queens or two Kings; no card goes alone,
#     talon of 24, 3 wastes, 1 round, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-eleven-triangle over
#   games pysolfc:32000:42000, the seeds graded hard
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
# 264 seeds graded hard, out of 10000 games tried (2.64%): games 32000-41999.
# Seeds cover 32018-41972.

SOLVABLE_SEEDS = (
    32018, 32080, 32099, 32120, 32136, 32194, 32199, 32261,
    32264, 32307, 32308, 32372, 32389, 32417, 32480, 32508,
    32516, 32694, 32748, 32756, 32759, 32778, 32781, 32789,
    32810, 32826, 32872, 32881, 32902, 32916, 32950, 32971,
    33023, 33052, 33121, 33246, 33252, 33280, 33294, 33363,
    33391, 33404, 33420, 33443, 33473, 33490, 33493, 33536,
    33540, 33552, 33564, 33602, 33606, 33618, 33633, 33684,
    33752, 33877, 33968, 33987, 34043, 34088, 34143, 34208,
    34291, 34309, 34355, 34381, 34387, 34501, 34612, 34680,
    34720, 34733, 34757, 34794, 34796, 34808, 34817, 34825,
    34860, 35083, 35093, 35138, 35292, 35326, 35373, 35399,
    35503, 35534, 35608, 35624, 35630, 35631, 35659, 35668,
    35689, 35759, 35822, 35905, 35990, 36015, 36098, 36189,
    36293, 36323, 36431, 36458, 36485, 36501, 36541, 36569,
    36591, 36614, 36643, 36815, 36823, 36848, 36939, 36981,
    37030, 37055, 37071, 37084, 37103, 37120, 37160, 37250,
    37273, 37444, 37461, 37481, 37532, 37553, 37644, 37652,
    37720, 37730, 37737, 37738, 37742, 37780, 37820, 37853,
    37869, 37923, 37947, 37965, 37969, 37998, 38026, 38251,
    38254, 38274, 38292, 38310, 38353, 38361, 38408, 38432,
    38434, 38445, 38497, 38518, 38528, 38541, 38641, 38670,
    38678, 38680, 38722, 38729, 38735, 38843, 38886, 38956,
    39030, 39035, 39151, 39160, 39164, 39171, 39193, 39238,
    39246, 39253, 39319, 39327, 39328, 39340, 39384, 39404,
    39406, 39417, 39464, 39519, 39520, 39562, 39590, 39661,
    39728, 39820, 39835, 39896, 39911, 39923, 39947, 39949,
    39980, 40015, 40022, 40026, 40048, 40086, 40161, 40277,
    40359, 40368, 40467, 40500, 40510, 40530, 40611, 40622,
    40724, 40760, 40830, 40945, 40994, 41011, 41060, 41145,
    41146, 41268, 41280, 41283, 41305, 41307, 41414, 41416,
    41417, 41448, 41481, 41483, 41514, 41550, 41572, 41574,
    41585, 41606, 41617, 41627, 41645, 41718, 41788, 41810,
    41816, 41821, 41851, 41896, 41921, 41929, 41958, 41972,
)
