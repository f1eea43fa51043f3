#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Two Pyramids (PySolFC game 677) seeds confirmed solvable graded hard, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-two-pyramids: a pyramid of 7 rows and a pyramid of 7 rows, two
#     cards adding up to 13; a King alone, talon of 48, draw 1, 3 rounds, top
#     face up, 2 decks, discard all 104 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-two-pyramids over games
#   pysolfc:32000:33000, the seeds graded hard
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
# 199 seeds graded hard, out of 1000 games tried (19.90%): games 32000-32999.
# Seeds cover 32010-32999.

SOLVABLE_SEEDS = (
    32010, 32012, 32013, 32014, 32017, 32018, 32020, 32021,
    32034, 32037, 32042, 32044, 32051, 32056, 32057, 32058,
    32061, 32065, 32066, 32068, 32079, 32086, 32091, 32093,
    32094, 32100, 32108, 32121, 32128, 32129, 32141, 32142,
    32143, 32149, 32154, 32166, 32174, 32176, 32184, 32189,
    32190, 32195, 32198, 32210, 32214, 32217, 32218, 32219,
    32242, 32255, 32256, 32258, 32262, 32266, 32269, 32270,
    32277, 32278, 32299, 32302, 32303, 32311, 32318, 32323,
    32328, 32330, 32331, 32337, 32339, 32346, 32364, 32367,
    32370, 32380, 32387, 32388, 32391, 32392, 32409, 32413,
    32419, 32423, 32424, 32440, 32441, 32443, 32452, 32455,
    32458, 32472, 32474, 32484, 32486, 32487, 32493, 32505,
    32506, 32508, 32515, 32516, 32518, 32522, 32528, 32532,
    32536, 32537, 32539, 32543, 32546, 32558, 32560, 32563,
    32567, 32574, 32575, 32581, 32582, 32588, 32592, 32594,
    32595, 32612, 32615, 32629, 32634, 32643, 32644, 32647,
    32661, 32669, 32673, 32678, 32679, 32680, 32690, 32691,
    32694, 32698, 32702, 32708, 32709, 32719, 32727, 32732,
    32734, 32740, 32746, 32748, 32753, 32754, 32757, 32766,
    32769, 32770, 32774, 32780, 32782, 32785, 32786, 32788,
    32812, 32815, 32816, 32822, 32834, 32849, 32852, 32856,
    32858, 32875, 32879, 32881, 32882, 32893, 32915, 32922,
    32926, 32929, 32931, 32939, 32943, 32947, 32955, 32956,
    32958, 32962, 32963, 32965, 32967, 32969, 32974, 32976,
    32980, 32981, 32982, 32987, 32990, 32998, 32999,
)
