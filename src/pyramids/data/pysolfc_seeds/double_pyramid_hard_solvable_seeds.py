#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Double Pyramid (PySolFC game 699) seeds confirmed solvable graded hard, for
# an always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-double-pyramid: a pyramid of 9 rows, two cards adding up to 13; a
#     King alone, talon of 59, draw 1, 3 rounds, top face up, 2 decks, discard
#     all 104 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-double-pyramid over
#   games pysolfc:32000:33000, the seeds graded hard
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
# 199 seeds graded hard, out of 1000 games tried (19.90%): games 32000-32999.
# Seeds cover 32004-32994.

SOLVABLE_SEEDS = (
    32004, 32005, 32023, 32031, 32040, 32044, 32050, 32056,
    32059, 32072, 32084, 32086, 32087, 32092, 32093, 32096,
    32101, 32102, 32114, 32116, 32117, 32118, 32119, 32120,
    32121, 32122, 32123, 32125, 32126, 32127, 32135, 32143,
    32146, 32151, 32153, 32159, 32164, 32172, 32173, 32178,
    32186, 32188, 32190, 32197, 32198, 32199, 32211, 32222,
    32230, 32232, 32257, 32279, 32288, 32293, 32300, 32301,
    32303, 32306, 32310, 32314, 32324, 32327, 32328, 32330,
    32333, 32336, 32339, 32341, 32348, 32353, 32359, 32364,
    32368, 32371, 32376, 32384, 32388, 32395, 32404, 32405,
    32406, 32416, 32420, 32424, 32427, 32428, 32430, 32432,
    32438, 32446, 32448, 32449, 32453, 32455, 32468, 32474,
    32478, 32479, 32485, 32491, 32492, 32496, 32506, 32508,
    32510, 32511, 32514, 32516, 32519, 32525, 32538, 32546,
    32550, 32553, 32554, 32566, 32567, 32569, 32570, 32586,
    32593, 32595, 32601, 32605, 32615, 32634, 32638, 32639,
    32640, 32649, 32658, 32669, 32670, 32697, 32707, 32719,
    32721, 32723, 32724, 32730, 32734, 32739, 32752, 32753,
    32754, 32758, 32761, 32764, 32765, 32768, 32770, 32771,
    32784, 32789, 32797, 32804, 32805, 32810, 32813, 32817,
    32821, 32831, 32835, 32844, 32848, 32849, 32852, 32855,
    32858, 32859, 32861, 32868, 32873, 32878, 32886, 32889,
    32891, 32895, 32902, 32904, 32906, 32907, 32911, 32930,
    32931, 32935, 32942, 32951, 32952, 32956, 32957, 32967,
    32972, 32973, 32977, 32979, 32980, 32987, 32994,
)
