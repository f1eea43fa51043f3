#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Cheops (PySolFC) (PySolFC game 659) seeds confirmed solvable graded medium,
# for an always-solvable mode. Made by pyramids, the exact solver of the
# Pyramid family: every seed was dealt as PySolFC deals it (pysol-cards'
# shuffle, this game's dealing order), proved winnable with the whole deal
# known, and its solution replayed move by move by the rules engine, under
# these rules:
#   pysolfc-cheops: a pyramid of 7 rows, two cards of the same rank or ranks
#     one apart (no wrap); no card goes alone, talon of 24, draw 1, 1 round,
#     top face up, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-cheops over games
#   pysolfc:32000:33200, the seeds graded medium
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
# 358 seeds graded medium, out of 1200 games tried (29.83%): games 32000-33199.
# Seeds cover 32001-33194.

SOLVABLE_SEEDS = (
    32001, 32007, 32011, 32012, 32014, 32017, 32028, 32029,
    32030, 32031, 32033, 32035, 32038, 32041, 32052, 32054,
    32058, 32059, 32065, 32076, 32082, 32085, 32088, 32090,
    32092, 32095, 32096, 32100, 32101, 32103, 32104, 32108,
    32109, 32112, 32114, 32116, 32117, 32121, 32124, 32130,
    32133, 32137, 32139, 32144, 32145, 32150, 32151, 32154,
    32156, 32158, 32160, 32162, 32164, 32167, 32184, 32185,
    32186, 32187, 32200, 32207, 32209, 32210, 32211, 32212,
    32213, 32215, 32217, 32226, 32228, 32229, 32236, 32237,
    32238, 32242, 32243, 32244, 32246, 32247, 32254, 32256,
    32257, 32261, 32265, 32266, 32276, 32277, 32280, 32281,
    32283, 32300, 32303, 32305, 32312, 32314, 32317, 32322,
    32324, 32325, 32328, 32331, 32336, 32337, 32344, 32349,
    32351, 32355, 32356, 32360, 32363, 32371, 32373, 32374,
    32383, 32384, 32389, 32394, 32395, 32397, 32399, 32400,
    32402, 32411, 32420, 32441, 32442, 32445, 32447, 32450,
    32453, 32456, 32457, 32458, 32460, 32463, 32464, 32465,
    32469, 32477, 32479, 32482, 32483, 32484, 32487, 32492,
    32496, 32498, 32499, 32502, 32503, 32505, 32509, 32517,
    32518, 32522, 32527, 32531, 32539, 32544, 32546, 32549,
    32550, 32555, 32559, 32560, 32561, 32562, 32567, 32569,
    32574, 32579, 32580, 32581, 32588, 32594, 32596, 32600,
    32603, 32604, 32608, 32609, 32612, 32617, 32620, 32622,
    32624, 32629, 32631, 32633, 32634, 32637, 32639, 32643,
    32647, 32648, 32652, 32653, 32656, 32658, 32659, 32660,
    32664, 32665, 32668, 32671, 32672, 32675, 32676, 32678,
    32680, 32682, 32685, 32686, 32691, 32693, 32695, 32700,
    32701, 32707, 32715, 32716, 32718, 32721, 32724, 32726,
    32728, 32737, 32745, 32746, 32750, 32751, 32756, 32760,
    32762, 32767, 32773, 32776, 32779, 32781, 32785, 32788,
    32793, 32797, 32799, 32801, 32803, 32807, 32808, 32809,
    32810, 32819, 32820, 32822, 32825, 32827, 32829, 32830,
    32836, 32839, 32843, 32844, 32848, 32860, 32863, 32865,
    32867, 32868, 32873, 32878, 32884, 32891, 32893, 32897,
    32901, 32910, 32913, 32914, 32920, 32922, 32923, 32925,
    32926, 32928, 32930, 32933, 32936, 32937, 32944, 32948,
    32950, 32951, 32955, 32958, 32967, 32971, 32972, 32977,
    32979, 32981, 32995, 32999, 33000, 33011, 33015, 33016,
    33019, 33035, 33036, 33039, 33040, 33041, 33042, 33043,
    33045, 33047, 33048, 33050, 33055, 33057, 33061, 33063,
    33074, 33077, 33079, 33085, 33086, 33087, 33092, 33095,
    33100, 33104, 33106, 33108, 33119, 33122, 33124, 33126,
    33129, 33130, 33131, 33139, 33141, 33143, 33144, 33146,
    33150, 33157, 33160, 33162, 33163, 33170, 33173, 33175,
    33182, 33185, 33186, 33187, 33193, 33194,
)
