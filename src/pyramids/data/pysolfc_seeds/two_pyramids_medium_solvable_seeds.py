#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Two Pyramids (PySolFC game 677) seeds confirmed solvable graded medium, for
# an always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-two-pyramids: a pyramid of 7 rows and a pyramid of 7 rows, two
#     cards adding up to 13; a King alone, talon of 48, draw 1, 3 rounds, top
#     face up, 2 decks, discard all 104 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-two-pyramids over games
#   pysolfc:32000:33000, the seeds graded medium
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 34.16, medium from 34.16,
# hard from 45.53, expert from 60.38: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# two-pyramids). Of the 997 solvable seeds of these games: easy 398, medium
# 300, hard 199, expert 100, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 300 seeds graded medium, out of 1000 games tried (30.00%): games 32000-32999.
# Seeds cover 32000-32992.

SOLVABLE_SEEDS = (
    32000, 32001, 32002, 32009, 32019, 32022, 32023, 32024,
    32033, 32035, 32038, 32041, 32043, 32048, 32050, 32053,
    32054, 32055, 32059, 32071, 32075, 32076, 32077, 32078,
    32080, 32081, 32082, 32088, 32096, 32101, 32105, 32109,
    32110, 32111, 32113, 32118, 32119, 32123, 32133, 32136,
    32138, 32139, 32140, 32145, 32151, 32152, 32155, 32158,
    32161, 32165, 32169, 32170, 32172, 32175, 32177, 32178,
    32180, 32181, 32183, 32186, 32191, 32196, 32209, 32211,
    32213, 32215, 32222, 32224, 32228, 32229, 32230, 32231,
    32234, 32236, 32240, 32244, 32251, 32257, 32259, 32260,
    32264, 32267, 32271, 32274, 32279, 32283, 32284, 32285,
    32286, 32290, 32305, 32306, 32309, 32310, 32314, 32316,
    32327, 32332, 32333, 32336, 32343, 32347, 32348, 32354,
    32355, 32357, 32358, 32360, 32368, 32372, 32373, 32378,
    32381, 32382, 32398, 32400, 32403, 32404, 32405, 32406,
    32407, 32408, 32416, 32417, 32418, 32426, 32429, 32435,
    32437, 32438, 32445, 32448, 32451, 32457, 32464, 32469,
    32470, 32477, 32478, 32479, 32482, 32483, 32489, 32490,
    32492, 32495, 32498, 32499, 32502, 32511, 32512, 32513,
    32514, 32519, 32523, 32527, 32529, 32533, 32534, 32538,
    32540, 32541, 32547, 32549, 32556, 32564, 32565, 32566,
    32568, 32569, 32576, 32577, 32578, 32579, 32580, 32585,
    32593, 32596, 32598, 32600, 32602, 32603, 32604, 32606,
    32607, 32609, 32619, 32623, 32626, 32628, 32630, 32631,
    32632, 32635, 32636, 32637, 32641, 32649, 32654, 32657,
    32658, 32665, 32666, 32668, 32672, 32674, 32675, 32676,
    32677, 32681, 32685, 32686, 32687, 32692, 32697, 32699,
    32700, 32701, 32703, 32704, 32705, 32710, 32714, 32717,
    32721, 32726, 32729, 32733, 32738, 32739, 32758, 32759,
    32760, 32762, 32767, 32773, 32775, 32777, 32783, 32784,
    32787, 32791, 32793, 32794, 32795, 32797, 32799, 32801,
    32803, 32810, 32811, 32814, 32818, 32820, 32821, 32830,
    32831, 32836, 32840, 32841, 32845, 32846, 32850, 32859,
    32862, 32866, 32870, 32872, 32873, 32876, 32877, 32878,
    32885, 32889, 32890, 32900, 32906, 32910, 32912, 32914,
    32919, 32921, 32924, 32928, 32930, 32932, 32937, 32941,
    32942, 32944, 32945, 32949, 32957, 32959, 32964, 32973,
    32975, 32978, 32985, 32992,
)
