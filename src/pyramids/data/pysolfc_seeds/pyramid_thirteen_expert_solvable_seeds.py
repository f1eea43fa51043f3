#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Pyramid Thirteen (PySolFC game 44) seeds confirmed solvable graded expert,
# for an always-solvable mode. Made by pyramids, the exact solver of the
# Pyramid family: every seed was dealt as PySolFC deals it (pysol-cards'
# shuffle, this game's dealing order), proved winnable with the whole deal
# known, and its solution replayed move by move by the rules engine, under
# these rules:
#   pysolfc-pyramid-thirteen: a pyramid of 7 rows, two cards adding up to 13; a
#     King alone, talon of 24, draw 1, 1 round, top face up, discard all 52
#     cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-pyramid-thirteen over
#   games pysolfc:32000:52000, the seeds graded expert
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 47.13, medium from 47.13,
# hard from 58.87, expert from 72.12: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# pyramid-thirteen). Of the 1471 solvable seeds of these games: easy 588,
# medium 440, hard 295, expert 148, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 148 seeds graded expert, out of 20000 games tried (0.74%): games 32000-51999.
# Seeds cover 32029-51942.

SOLVABLE_SEEDS = (
    32029, 32114, 32320, 32370, 32437, 32684, 32708, 32912,
    33597, 33666, 33792, 33833, 33851, 34149, 34154, 34178,
    34221, 34261, 34301, 34375, 34562, 34633, 34745, 34784,
    34785, 35046, 35248, 35451, 35579, 35625, 35822, 36023,
    36118, 36168, 36183, 36521, 36544, 36683, 36705, 36867,
    36892, 37056, 37384, 37431, 37510, 37674, 37701, 37878,
    37893, 37897, 37940, 38069, 38148, 38325, 38346, 38439,
    38442, 38529, 39035, 39046, 39056, 39382, 39502, 40087,
    40124, 40190, 40202, 40398, 40615, 40682, 40771, 40792,
    40872, 41177, 41233, 41366, 41557, 41645, 41799, 42072,
    42167, 42178, 42269, 42482, 42562, 42850, 43258, 43541,
    43935, 44113, 44168, 44217, 44387, 44509, 45017, 45079,
    45273, 45340, 45645, 45874, 46269, 46354, 46388, 46442,
    46531, 46659, 46676, 46861, 46881, 46892, 46913, 47089,
    47160, 47168, 47191, 47225, 47378, 47478, 47588, 47944,
    48031, 48057, 48164, 48179, 48416, 48612, 48753, 49040,
    49199, 49713, 49714, 49934, 50126, 50498, 50726, 50766,
    50777, 50871, 51064, 51066, 51205, 51287, 51501, 51548,
    51634, 51691, 51931, 51942,
)
