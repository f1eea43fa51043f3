#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Triangle (PySolFC game 700) seeds confirmed solvable graded hard, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-triangle: an upside-down pyramid of 7 rows, two cards adding up to
#     13; a King alone, talon of 24, draw 1, 3 rounds, top face up, discard all
#     52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-triangle over games
#   pysolfc:32000:35000, the seeds graded hard
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 20.5, medium from 20.5,
# hard from 32.02, expert from 43.93: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# triangle). Of the 1977 solvable seeds of these games: easy 791, medium 593,
# hard 395, expert 198, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 395 seeds graded hard, out of 3000 games tried (13.17%): games 32000-34999.
# Seeds cover 32005-34998.

SOLVABLE_SEEDS = (
    32005, 32021, 32023, 32027, 32060, 32066, 32067, 32073,
    32075, 32080, 32094, 32106, 32107, 32112, 32130, 32149,
    32152, 32153, 32169, 32182, 32203, 32221, 32223, 32225,
    32228, 32229, 32230, 32233, 32239, 32247, 32251, 32253,
    32257, 32259, 32264, 32267, 32284, 32289, 32299, 32311,
    32343, 32358, 32373, 32380, 32384, 32386, 32393, 32401,
    32404, 32409, 32411, 32413, 32421, 32429, 32444, 32445,
    32450, 32452, 32456, 32458, 32466, 32478, 32479, 32482,
    32484, 32504, 32505, 32522, 32532, 32538, 32548, 32549,
    32552, 32555, 32594, 32615, 32617, 32622, 32629, 32630,
    32631, 32637, 32641, 32670, 32671, 32675, 32682, 32687,
    32693, 32707, 32711, 32721, 32735, 32738, 32739, 32743,
    32752, 32762, 32764, 32796, 32801, 32807, 32809, 32815,
    32818, 32822, 32823, 32830, 32838, 32844, 32851, 32857,
    32870, 32877, 32898, 32906, 32931, 32947, 32948, 32949,
    32974, 32975, 32978, 32983, 32987, 32988, 32993, 32994,
    32996, 33000, 33004, 33013, 33014, 33023, 33041, 33042,
    33078, 33085, 33091, 33099, 33108, 33113, 33115, 33120,
    33127, 33131, 33133, 33143, 33152, 33161, 33162, 33175,
    33178, 33179, 33181, 33194, 33196, 33197, 33211, 33239,
    33249, 33254, 33255, 33259, 33260, 33262, 33265, 33269,
    33275, 33276, 33277, 33294, 33316, 33325, 33351, 33352,
    33365, 33366, 33368, 33386, 33399, 33401, 33403, 33414,
    33424, 33426, 33445, 33448, 33456, 33462, 33466, 33482,
    33489, 33493, 33505, 33519, 33526, 33529, 33531, 33551,
    33553, 33566, 33590, 33602, 33606, 33618, 33619, 33625,
    33642, 33647, 33655, 33662, 33664, 33672, 33684, 33695,
    33704, 33709, 33721, 33739, 33753, 33754, 33755, 33759,
    33764, 33773, 33784, 33785, 33800, 33810, 33814, 33823,
    33840, 33846, 33867, 33873, 33898, 33911, 33915, 33922,
    33929, 33932, 33935, 33949, 33951, 33953, 33959, 33962,
    33979, 33984, 33986, 33987, 34007, 34012, 34020, 34025,
    34030, 34033, 34034, 34041, 34044, 34046, 34048, 34059,
    34060, 34063, 34067, 34069, 34087, 34088, 34091, 34093,
    34094, 34096, 34114, 34122, 34130, 34131, 34134, 34141,
    34155, 34161, 34176, 34209, 34210, 34212, 34213, 34216,
    34223, 34224, 34226, 34229, 34230, 34237, 34248, 34252,
    34258, 34269, 34272, 34293, 34305, 34309, 34312, 34324,
    34337, 34338, 34342, 34360, 34376, 34380, 34382, 34397,
    34398, 34402, 34404, 34410, 34418, 34419, 34420, 34428,
    34429, 34461, 34467, 34468, 34470, 34482, 34485, 34487,
    34490, 34494, 34496, 34497, 34499, 34501, 34521, 34530,
    34531, 34539, 34545, 34559, 34567, 34580, 34588, 34611,
    34625, 34631, 34632, 34635, 34642, 34645, 34650, 34668,
    34673, 34676, 34691, 34695, 34700, 34713, 34738, 34739,
    34744, 34749, 34750, 34755, 34758, 34770, 34773, 34775,
    34778, 34779, 34790, 34795, 34814, 34829, 34834, 34837,
    34840, 34849, 34850, 34862, 34871, 34872, 34874, 34880,
    34884, 34890, 34895, 34915, 34929, 34955, 34970, 34976,
    34981, 34983, 34998,
)
