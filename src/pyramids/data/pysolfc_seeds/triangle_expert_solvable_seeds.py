#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Triangle (PySolFC game 700) seeds confirmed solvable graded expert, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-triangle: an upside-down pyramid of 7 rows, two cards adding up to
#     13; a King alone, talon of 24, draw 1, 3 rounds, top face up, discard all
#     52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-triangle over games
#   pysolfc:32000:35000, the seeds graded expert
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 20.5, medium from 20.5,
# hard from 32.02, expert from 43.93: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# triangle). Of the 1977 solvable seeds of these games: easy 791, medium 593,
# hard 395, expert 198, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 198 seeds graded expert, out of 3000 games tried (6.60%): games 32000-34999.
# Seeds cover 32011-34996.

SOLVABLE_SEEDS = (
    32011, 32025, 32035, 32041, 32052, 32054, 32065, 32081,
    32085, 32124, 32151, 32160, 32161, 32187, 32188, 32212,
    32222, 32249, 32250, 32271, 32280, 32306, 32310, 32319,
    32334, 32350, 32414, 32425, 32428, 32474, 32483, 32501,
    32503, 32508, 32512, 32523, 32530, 32589, 32596, 32603,
    32607, 32610, 32616, 32621, 32643, 32663, 32665, 32742,
    32757, 32779, 32782, 32792, 32794, 32795, 32802, 32812,
    32843, 32858, 32871, 32873, 32874, 32876, 32881, 32894,
    32899, 32909, 32913, 32925, 32976, 32984, 32998, 33003,
    33006, 33018, 33022, 33030, 33045, 33063, 33098, 33130,
    33150, 33155, 33158, 33176, 33182, 33187, 33202, 33219,
    33288, 33322, 33339, 33342, 33375, 33382, 33387, 33411,
    33432, 33440, 33486, 33528, 33530, 33549, 33570, 33578,
    33621, 33632, 33638, 33640, 33660, 33671, 33676, 33682,
    33689, 33691, 33707, 33750, 33757, 33768, 33772, 33775,
    33801, 33803, 33855, 33879, 33897, 33931, 33941, 33950,
    33956, 33976, 33996, 34003, 34008, 34022, 34081, 34099,
    34102, 34120, 34139, 34145, 34149, 34169, 34170, 34182,
    34189, 34195, 34196, 34199, 34220, 34232, 34234, 34281,
    34331, 34347, 34348, 34349, 34355, 34356, 34369, 34424,
    34462, 34483, 34486, 34488, 34495, 34510, 34511, 34514,
    34565, 34581, 34597, 34601, 34612, 34675, 34683, 34708,
    34710, 34768, 34774, 34777, 34793, 34802, 34805, 34816,
    34887, 34888, 34892, 34906, 34907, 34922, 34928, 34952,
    34954, 34968, 34969, 34975, 34987, 34996,
)
