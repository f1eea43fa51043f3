#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Pharaohs (PySolFC game 655) seeds confirmed solvable graded hard, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-pharaohs: a pyramid of 2 rows and a pyramid of 7 rows and a pyramid
#     of 6 rows, two cards adding up to 13; a King alone, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-pharaohs over games
#   pysolfc:32000:182000, the seeds graded hard
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
# 221 seeds graded hard, out of 150000 games tried (0.15%): games 32000-181999.
# Seeds cover 32441-180947.

SOLVABLE_SEEDS = (
    32441, 32447, 32948, 33317, 33657, 35768, 38019, 38160,
    38363, 38489, 39161, 39699, 40138, 40392, 41032, 41247,
    42025, 42489, 43244, 44027, 45015, 45351, 46330, 47120,
    48782, 50276, 50431, 51388, 51457, 51565, 51972, 52575,
    53130, 53909, 54699, 54879, 55959, 56155, 56386, 56558,
    57213, 58994, 59770, 59982, 60028, 60056, 60462, 61463,
    64782, 65168, 65206, 65786, 66019, 66112, 66190, 66200,
    66277, 66858, 67023, 68085, 68325, 68760, 69553, 71966,
    72000, 72291, 73193, 73439, 74759, 75609, 76652, 77686,
    79423, 80390, 80566, 80569, 81249, 82047, 82488, 83580,
    85640, 89637, 92479, 93937, 93946, 94691, 95278, 95442,
    95482, 97008, 97235, 97285, 97523, 98208, 98691, 99949,
    100733, 100859, 101172, 101959, 101978, 102099, 103293, 103865,
    106877, 106928, 106998, 107816, 107914, 108947, 109218, 110356,
    110472, 110724, 111936, 112730, 112865, 113391, 115148, 115188,
    115498, 115800, 115937, 116465, 116857, 117130, 117500, 117768,
    119245, 119252, 119663, 120498, 121474, 121612, 121892, 122910,
    124229, 127184, 127633, 128276, 128763, 130228, 130771, 130788,
    130973, 131292, 131413, 131993, 132361, 133006, 133053, 133151,
    133697, 134864, 135441, 135450, 137944, 138385, 139453, 140008,
    140348, 140606, 141561, 141855, 142940, 144207, 145232, 145900,
    146545, 146553, 147207, 147957, 149043, 149789, 149949, 150306,
    152193, 152636, 152709, 153092, 153830, 154650, 155006, 155103,
    156753, 157070, 157565, 159534, 160248, 162956, 163123, 163165,
    163370, 163769, 164082, 164340, 164781, 166112, 166250, 167452,
    168193, 168662, 168667, 168679, 168906, 170267, 170539, 172071,
    174185, 175288, 175415, 176154, 176492, 178322, 179418, 179755,
    179842, 180011, 180581, 180903, 180947,
)
