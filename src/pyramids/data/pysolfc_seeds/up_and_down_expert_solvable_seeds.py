#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Up and Down (PySolFC game 701) seeds confirmed solvable graded expert, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-up-and-down: a pyramid of 7 rows and an upside-down pyramid of 7
#     rows, two cards adding up to 13; a King alone, talon of 48, draw 1, 3
#     rounds, top face up, 2 decks, discard all 104 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-up-and-down over games
#   pysolfc:32000:33500, the seeds graded expert
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 31.0, medium from 31.0,
# hard from 43.75, expert from 58.69: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# up-and-down). Of the 1499 solvable seeds of these games: easy 599, medium
# 448, hard 301, expert 150, ungraded 1.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 150 seeds graded expert, out of 1500 games tried (10.00%): games 32000-33499.
# Seeds cover 32008-33495.

SOLVABLE_SEEDS = (
    32008, 32014, 32025, 32034, 32038, 32080, 32082, 32092,
    32094, 32112, 32114, 32128, 32131, 32133, 32135, 32144,
    32164, 32167, 32170, 32192, 32197, 32213, 32246, 32254,
    32258, 32284, 32289, 32306, 32319, 32327, 32345, 32347,
    32363, 32386, 32402, 32408, 32418, 32420, 32423, 32427,
    32437, 32446, 32463, 32465, 32468, 32474, 32481, 32485,
    32500, 32503, 32505, 32525, 32534, 32542, 32543, 32556,
    32565, 32568, 32569, 32571, 32579, 32582, 32585, 32595,
    32604, 32617, 32619, 32625, 32641, 32645, 32649, 32658,
    32696, 32706, 32707, 32729, 32736, 32739, 32742, 32751,
    32773, 32776, 32779, 32780, 32783, 32793, 32797, 32810,
    32812, 32813, 32827, 32840, 32848, 32851, 32871, 32872,
    32876, 32904, 32905, 32907, 32911, 32924, 32937, 32938,
    32949, 32955, 32967, 32980, 33015, 33016, 33026, 33036,
    33049, 33050, 33054, 33060, 33089, 33093, 33136, 33144,
    33160, 33165, 33166, 33206, 33239, 33242, 33255, 33258,
    33264, 33281, 33289, 33304, 33309, 33330, 33346, 33350,
    33356, 33370, 33372, 33391, 33403, 33410, 33426, 33439,
    33450, 33463, 33475, 33488, 33489, 33495,
)
