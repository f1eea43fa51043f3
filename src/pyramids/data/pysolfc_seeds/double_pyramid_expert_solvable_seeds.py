#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Double Pyramid (PySolFC game 699) seeds confirmed solvable graded expert, for
# an always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-double-pyramid: a pyramid of 9 rows, two cards adding up to 13; a
#     King alone, talon of 59, draw 1, 3 rounds, top face up, 2 decks, discard
#     all 104 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-double-pyramid over
#   games pysolfc:32000:33000, the seeds graded expert
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 34.43, medium from 34.43,
# hard from 47.99, expert from 63.72: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# double-pyramid). Of the 994 solvable seeds of these games: easy 397, medium
# 298, hard 199, expert 100, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 100 seeds graded expert, out of 1000 games tried (10.00%): games 32000-32999.
# Seeds cover 32000-32974.

SOLVABLE_SEEDS = (
    32000, 32002, 32007, 32035, 32042, 32045, 32082, 32089,
    32108, 32113, 32130, 32133, 32137, 32148, 32175, 32189,
    32196, 32208, 32212, 32216, 32221, 32226, 32228, 32231,
    32241, 32242, 32262, 32266, 32267, 32269, 32277, 32284,
    32286, 32297, 32298, 32322, 32357, 32370, 32397, 32402,
    32411, 32415, 32422, 32423, 32434, 32440, 32450, 32452,
    32461, 32472, 32481, 32493, 32545, 32549, 32551, 32556,
    32558, 32581, 32582, 32612, 32624, 32627, 32652, 32655,
    32660, 32662, 32686, 32700, 32702, 32711, 32718, 32726,
    32735, 32751, 32773, 32791, 32792, 32796, 32798, 32808,
    32832, 32839, 32841, 32842, 32847, 32851, 32867, 32871,
    32872, 32882, 32899, 32921, 32929, 32937, 32940, 32950,
    32959, 32962, 32969, 32974,
)
