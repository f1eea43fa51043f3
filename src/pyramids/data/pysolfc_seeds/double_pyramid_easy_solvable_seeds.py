#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Double Pyramid (PySolFC game 699) seeds confirmed solvable graded easy, for
# an always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-double-pyramid: a pyramid of 9 rows, two cards adding up to 13; a
#     King alone, talon of 59, draw 1, 3 rounds, top face up, 2 decks, discard
#     all 104 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-double-pyramid over
#   games pysolfc:32000:33000, the seeds graded easy
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
# 397 seeds graded easy, out of 1000 games tried (39.70%): games 32000-32999.
# Seeds cover 32001-32997.

SOLVABLE_SEEDS = (
    32001, 32006, 32008, 32009, 32011, 32013, 32014, 32015,
    32016, 32017, 32018, 32019, 32020, 32022, 32024, 32025,
    32027, 32028, 32030, 32033, 32034, 32036, 32043, 32046,
    32047, 32051, 32052, 32053, 32054, 32055, 32061, 32062,
    32063, 32064, 32067, 32068, 32071, 32077, 32078, 32080,
    32081, 32088, 32097, 32099, 32111, 32115, 32124, 32128,
    32129, 32136, 32138, 32141, 32142, 32144, 32145, 32147,
    32149, 32150, 32154, 32156, 32161, 32166, 32169, 32171,
    32176, 32177, 32179, 32183, 32184, 32194, 32202, 32204,
    32205, 32206, 32209, 32217, 32218, 32223, 32225, 32227,
    32234, 32235, 32237, 32238, 32239, 32240, 32243, 32244,
    32245, 32246, 32250, 32252, 32253, 32254, 32255, 32258,
    32263, 32265, 32271, 32272, 32273, 32275, 32278, 32282,
    32283, 32285, 32287, 32289, 32290, 32292, 32299, 32307,
    32308, 32311, 32312, 32318, 32319, 32321, 32326, 32329,
    32332, 32335, 32338, 32343, 32345, 32349, 32350, 32351,
    32352, 32354, 32358, 32360, 32361, 32363, 32365, 32366,
    32367, 32369, 32372, 32374, 32375, 32377, 32378, 32379,
    32380, 32381, 32383, 32385, 32386, 32391, 32393, 32394,
    32396, 32398, 32399, 32401, 32403, 32408, 32410, 32421,
    32426, 32433, 32435, 32437, 32442, 32443, 32444, 32447,
    32451, 32454, 32458, 32459, 32462, 32463, 32464, 32465,
    32466, 32470, 32471, 32475, 32477, 32482, 32484, 32486,
    32487, 32488, 32490, 32498, 32499, 32500, 32501, 32502,
    32507, 32513, 32515, 32518, 32522, 32523, 32524, 32526,
    32530, 32531, 32532, 32533, 32534, 32536, 32537, 32539,
    32540, 32541, 32543, 32544, 32548, 32555, 32559, 32560,
    32561, 32562, 32564, 32572, 32575, 32576, 32577, 32578,
    32579, 32580, 32584, 32587, 32588, 32590, 32591, 32592,
    32594, 32596, 32597, 32599, 32600, 32602, 32604, 32606,
    32607, 32608, 32609, 32613, 32614, 32618, 32620, 32622,
    32628, 32629, 32631, 32632, 32633, 32635, 32636, 32637,
    32641, 32643, 32644, 32645, 32648, 32653, 32659, 32661,
    32663, 32665, 32667, 32671, 32672, 32673, 32674, 32675,
    32676, 32677, 32680, 32683, 32685, 32687, 32688, 32689,
    32690, 32692, 32693, 32694, 32695, 32696, 32698, 32699,
    32703, 32704, 32706, 32709, 32710, 32713, 32714, 32715,
    32716, 32717, 32720, 32722, 32731, 32732, 32733, 32737,
    32738, 32741, 32742, 32743, 32744, 32745, 32746, 32747,
    32750, 32755, 32757, 32763, 32767, 32769, 32774, 32775,
    32777, 32778, 32780, 32783, 32785, 32790, 32799, 32800,
    32811, 32814, 32815, 32818, 32819, 32820, 32824, 32826,
    32827, 32828, 32829, 32838, 32840, 32843, 32846, 32854,
    32856, 32857, 32860, 32865, 32866, 32870, 32874, 32875,
    32877, 32881, 32883, 32884, 32885, 32887, 32888, 32890,
    32892, 32894, 32896, 32897, 32903, 32905, 32910, 32917,
    32918, 32920, 32922, 32924, 32925, 32926, 32928, 32932,
    32933, 32934, 32939, 32941, 32945, 32947, 32949, 32954,
    32958, 32963, 32965, 32970, 32971, 32982, 32983, 32984,
    32988, 32992, 32993, 32996, 32997,
)
