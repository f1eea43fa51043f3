#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Pyramid Thirteen (PySolFC game 44) seeds confirmed solvable graded hard, for
# an always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-pyramid-thirteen: a pyramid of 7 rows, two cards adding up to 13; a
#     King alone, talon of 24, draw 1, 1 round, top face up, discard all 52
#     cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-pyramid-thirteen over
#   games pysolfc:32000:52000, the seeds graded hard
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
# 295 seeds graded hard, out of 20000 games tried (1.48%): games 32000-51999.
# Seeds cover 32027-51992.

SOLVABLE_SEEDS = (
    32027, 32212, 32282, 32372, 32375, 32569, 32727, 32766,
    32784, 32847, 32891, 32953, 32976, 32983, 33062, 33299,
    33404, 33416, 33451, 33541, 33572, 33663, 33768, 33887,
    33888, 34002, 34053, 34058, 34117, 34159, 34293, 34421,
    34425, 34572, 34635, 34778, 34782, 34860, 34893, 34897,
    34951, 34967, 35053, 35289, 35332, 35395, 35621, 35665,
    35666, 35681, 35714, 35742, 35863, 35875, 35962, 36103,
    36170, 36179, 36189, 36282, 36314, 36338, 36344, 36416,
    36522, 36532, 36595, 36612, 36627, 36631, 36643, 36713,
    36745, 36845, 36883, 36991, 37029, 37058, 37094, 37186,
    37208, 37236, 37462, 37620, 37681, 37685, 37703, 37966,
    38053, 38197, 38204, 38211, 38236, 38244, 38305, 38586,
    38598, 38881, 38979, 39167, 39341, 39365, 39380, 39474,
    39520, 39696, 39709, 39722, 39795, 40033, 40036, 40150,
    40433, 40580, 40594, 40601, 40613, 40654, 40716, 40735,
    40889, 41105, 41176, 41191, 41225, 41243, 41268, 41285,
    41287, 41316, 41363, 41450, 41465, 41469, 41523, 41536,
    41605, 41617, 41663, 41682, 41789, 41894, 41945, 41976,
    42348, 42642, 42666, 42668, 42804, 42816, 42901, 43011,
    43217, 43283, 43292, 43347, 43354, 43672, 43693, 43743,
    43852, 44001, 44178, 44209, 44271, 44285, 44316, 44449,
    44481, 44489, 44544, 44559, 44586, 44592, 44702, 44794,
    44871, 44956, 44961, 45034, 45090, 45114, 45232, 45313,
    45441, 45472, 45554, 45656, 45757, 45832, 45991, 46013,
    46020, 46033, 46095, 46138, 46202, 46213, 46231, 46296,
    46356, 46446, 46475, 46565, 46566, 46618, 46640, 46714,
    46749, 46783, 46842, 46983, 47057, 47078, 47114, 47188,
    47192, 47229, 47330, 47345, 47384, 47420, 47500, 47519,
    47528, 47563, 47608, 47641, 47715, 47800, 47930, 47967,
    47988, 47992, 48011, 48120, 48122, 48129, 48137, 48155,
    48336, 48355, 48420, 48475, 48495, 48596, 48667, 48670,
    48679, 48684, 48688, 48735, 48782, 48806, 48970, 49051,
    49070, 49214, 49229, 49326, 49418, 49511, 49566, 49599,
    49683, 49702, 49705, 49789, 49791, 49806, 49908, 49978,
    50054, 50064, 50098, 50163, 50483, 50663, 50677, 50683,
    50850, 51027, 51138, 51176, 51209, 51276, 51285, 51300,
    51310, 51514, 51537, 51757, 51938, 51978, 51992,
)
