#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Apophis (PySolFC game 658) seeds confirmed solvable graded expert, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-apophis: a pyramid of 7 rows, two cards adding up to 13; a King
#     alone, talon of 24, 3 wastes, 3 rounds, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-apophis over games
#   pysolfc:32000:34500, the seeds graded expert
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
# 166 seeds graded expert, out of 2500 games tried (6.64%): games 32000-34499.
# Seeds cover 32006-34499.

SOLVABLE_SEEDS = (
    32006, 32015, 32030, 32056, 32057, 32070, 32079, 32094,
    32111, 32158, 32160, 32170, 32176, 32197, 32201, 32206,
    32216, 32220, 32222, 32243, 32249, 32254, 32286, 32289,
    32307, 32349, 32362, 32390, 32397, 32400, 32405, 32417,
    32435, 32457, 32479, 32490, 32544, 32556, 32594, 32604,
    32606, 32610, 32647, 32673, 32694, 32695, 32707, 32711,
    32712, 32765, 32797, 32823, 32829, 32849, 32858, 32883,
    32895, 32896, 32899, 32932, 32979, 32984, 32986, 32989,
    33007, 33030, 33050, 33068, 33075, 33078, 33086, 33095,
    33124, 33157, 33158, 33190, 33223, 33228, 33251, 33252,
    33264, 33282, 33316, 33317, 33337, 33340, 33348, 33349,
    33359, 33362, 33367, 33384, 33386, 33428, 33436, 33456,
    33466, 33474, 33483, 33487, 33489, 33506, 33515, 33527,
    33548, 33552, 33579, 33580, 33581, 33586, 33595, 33612,
    33616, 33630, 33649, 33688, 33772, 33774, 33815, 33816,
    33819, 33830, 33864, 33882, 33893, 33907, 33908, 33914,
    33978, 33986, 34000, 34034, 34038, 34045, 34051, 34060,
    34073, 34085, 34099, 34110, 34113, 34121, 34124, 34141,
    34181, 34196, 34197, 34221, 34224, 34244, 34249, 34253,
    34255, 34271, 34276, 34294, 34310, 34314, 34348, 34352,
    34356, 34418, 34450, 34453, 34467, 34499,
)
