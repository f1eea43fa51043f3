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
#   pysolfc:32000:92000, the seeds graded hard
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 50.92, medium from 50.92,
# hard from 62.74, expert from 74.24: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# pharaohs). Of the 430 solvable seeds of these games: easy 172, medium 129,
# hard 86, expert 43, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 86 seeds graded hard, out of 60000 games tried (0.14%): games 32000-91999.
# Seeds cover 32441-89949.

SOLVABLE_SEEDS = (
    32441, 32447, 32948, 33317, 33657, 38019, 38363, 38489,
    39161, 39699, 40138, 40392, 41032, 41247, 42025, 42073,
    42489, 43169, 43244, 44027, 45351, 46330, 47120, 48782,
    49265, 50276, 50431, 51388, 51457, 51565, 51972, 52575,
    53130, 53909, 54699, 54879, 55959, 56155, 56386, 56558,
    57213, 58994, 59770, 59982, 60028, 60056, 60462, 60758,
    60883, 61463, 64782, 65168, 65206, 65786, 66019, 66112,
    66190, 66200, 66277, 66858, 67023, 68085, 68325, 68760,
    69553, 71966, 72000, 72291, 73193, 73439, 74759, 75609,
    76652, 76688, 77686, 79905, 80390, 80566, 80569, 81249,
    82047, 82488, 83580, 85640, 89637, 89949,
)
