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
#   pysolfc:32000:182000, the seeds graded expert
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
# 111 seeds graded expert, out of 150000 games tried (0.07%): games
# 32000-181999.
# Seeds cover 32058-181193.

SOLVABLE_SEEDS = (
    32058, 35494, 35881, 36139, 37739, 38618, 41128, 41815,
    45987, 46627, 48092, 49599, 50002, 55564, 55767, 56116,
    56277, 56969, 58405, 58767, 64293, 64823, 66310, 68625,
    68981, 71339, 72506, 73377, 73508, 74015, 76127, 78674,
    79857, 79907, 82510, 83392, 86963, 87336, 87950, 92041,
    92785, 93070, 93854, 95534, 96347, 96394, 96675, 99105,
    99417, 101687, 101739, 102802, 104226, 104398, 105845, 106538,
    106562, 107221, 107931, 108700, 111509, 112064, 113238, 114142,
    114733, 117538, 120542, 127995, 129534, 129688, 131330, 131910,
    131992, 132368, 134537, 134896, 136804, 137500, 137925, 139326,
    139890, 140496, 141159, 143838, 145911, 145964, 148895, 149800,
    149944, 150636, 152227, 153575, 154228, 155224, 155841, 158009,
    161613, 161941, 162127, 163445, 165684, 168272, 170793, 170946,
    173060, 174385, 174634, 175760, 179054, 180569, 181193,
)
