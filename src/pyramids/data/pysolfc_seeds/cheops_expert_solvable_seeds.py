#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Cheops (PySolFC) (PySolFC game 659) seeds confirmed solvable graded expert,
# for an always-solvable mode. Made by pyramids, the exact solver of the
# Pyramid family: every seed was dealt as PySolFC deals it (pysol-cards'
# shuffle, this game's dealing order), proved winnable with the whole deal
# known, and its solution replayed move by move by the rules engine, under
# these rules:
#   pysolfc-cheops: a pyramid of 7 rows, two cards of the same rank or ranks
#     one apart (no wrap); no card goes alone, talon of 24, draw 1, 1 round,
#     top face up, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-cheops over games
#   pysolfc:32000:33200, the seeds graded expert
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 45.04, medium from 45.04,
# hard from 54.77, expert from 64.69: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# cheops). Of the 1192 solvable seeds of these games: easy 476, medium 358,
# hard 238, expert 120, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 120 seeds graded expert, out of 1200 games tried (10.00%): games 32000-33199.
# Seeds cover 32002-33183.

SOLVABLE_SEEDS = (
    32002, 32040, 32060, 32069, 32071, 32091, 32113, 32119,
    32125, 32136, 32142, 32146, 32155, 32161, 32179, 32188,
    32189, 32205, 32206, 32241, 32248, 32253, 32258, 32275,
    32290, 32293, 32295, 32297, 32301, 32321, 32323, 32326,
    32340, 32353, 32358, 32359, 32370, 32380, 32387, 32398,
    32418, 32425, 32435, 32437, 32452, 32455, 32468, 32471,
    32485, 32486, 32491, 32516, 32519, 32526, 32538, 32543,
    32565, 32576, 32590, 32593, 32595, 32598, 32599, 32607,
    32611, 32616, 32621, 32662, 32692, 32702, 32708, 32709,
    32711, 32714, 32722, 32727, 32748, 32752, 32755, 32769,
    32774, 32782, 32821, 32828, 32834, 32835, 32837, 32850,
    32859, 32871, 32874, 32881, 32885, 32887, 32889, 32890,
    32909, 32921, 32946, 32957, 32970, 32974, 32975, 32980,
    32992, 33009, 33028, 33032, 33038, 33054, 33069, 33071,
    33072, 33101, 33110, 33120, 33147, 33156, 33172, 33183,
)
