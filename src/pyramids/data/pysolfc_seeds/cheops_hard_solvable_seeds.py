#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Cheops (PySolFC) (PySolFC game 659) seeds confirmed solvable graded hard, for
# an always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-cheops: a pyramid of 7 rows, two cards of the same rank or ranks
#     one apart (no wrap); no card goes alone, talon of 24, draw 1, 1 round,
#     top face up, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-cheops over games
#   pysolfc:32000:33200, the seeds graded hard
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
# 238 seeds graded hard, out of 1200 games tried (19.83%): games 32000-33199.
# Seeds cover 32009-33196.

SOLVABLE_SEEDS = (
    32009, 32018, 32019, 32020, 32022, 32023, 32025, 32043,
    32056, 32057, 32064, 32078, 32079, 32084, 32093, 32094,
    32098, 32102, 32107, 32110, 32115, 32127, 32128, 32147,
    32148, 32171, 32173, 32182, 32190, 32192, 32195, 32218,
    32220, 32221, 32225, 32230, 32231, 32234, 32239, 32240,
    32250, 32252, 32255, 32259, 32262, 32288, 32296, 32304,
    32306, 32309, 32311, 32315, 32316, 32318, 32319, 32330,
    32333, 32334, 32339, 32342, 32345, 32346, 32348, 32354,
    32361, 32362, 32365, 32377, 32379, 32392, 32393, 32396,
    32401, 32403, 32407, 32408, 32409, 32415, 32416, 32421,
    32426, 32431, 32434, 32440, 32454, 32467, 32470, 32476,
    32480, 32488, 32490, 32494, 32497, 32510, 32512, 32514,
    32520, 32528, 32532, 32534, 32537, 32545, 32552, 32557,
    32572, 32585, 32606, 32610, 32618, 32625, 32640, 32644,
    32646, 32649, 32651, 32655, 32657, 32663, 32667, 32679,
    32683, 32684, 32688, 32698, 32699, 32703, 32704, 32705,
    32706, 32713, 32719, 32720, 32725, 32729, 32732, 32733,
    32734, 32735, 32736, 32738, 32740, 32744, 32747, 32753,
    32758, 32761, 32770, 32771, 32775, 32777, 32780, 32783,
    32784, 32786, 32789, 32794, 32795, 32806, 32814, 32816,
    32831, 32833, 32838, 32842, 32845, 32849, 32857, 32861,
    32870, 32877, 32883, 32895, 32896, 32899, 32904, 32906,
    32924, 32934, 32940, 32947, 32952, 32953, 32959, 32963,
    32973, 32989, 32991, 32994, 32996, 33002, 33003, 33005,
    33008, 33014, 33017, 33024, 33025, 33031, 33033, 33034,
    33037, 33049, 33051, 33056, 33060, 33067, 33068, 33076,
    33082, 33084, 33089, 33090, 33094, 33097, 33107, 33112,
    33113, 33118, 33121, 33128, 33134, 33138, 33140, 33142,
    33151, 33152, 33154, 33159, 33166, 33168, 33169, 33177,
    33178, 33188, 33189, 33190, 33195, 33196,
)
