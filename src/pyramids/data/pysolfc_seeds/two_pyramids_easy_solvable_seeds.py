#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Two Pyramids (PySolFC game 677) seeds confirmed solvable graded easy, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-two-pyramids: a pyramid of 7 rows and a pyramid of 7 rows, two
#     cards adding up to 13; a King alone, talon of 48, draw 1, 3 rounds, top
#     face up, 2 decks, discard all 104 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-two-pyramids over games
#   pysolfc:32000:33000, the seeds graded easy
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
# 398 seeds graded easy, out of 1000 games tried (39.80%): games 32000-32999.
# Seeds cover 32003-32997.

SOLVABLE_SEEDS = (
    32003, 32004, 32005, 32006, 32007, 32011, 32015, 32016,
    32025, 32026, 32027, 32028, 32029, 32030, 32031, 32032,
    32036, 32039, 32040, 32047, 32049, 32062, 32063, 32064,
    32067, 32069, 32070, 32072, 32073, 32074, 32083, 32085,
    32087, 32089, 32095, 32097, 32098, 32102, 32104, 32106,
    32107, 32112, 32116, 32120, 32122, 32124, 32126, 32127,
    32130, 32131, 32134, 32137, 32144, 32146, 32147, 32148,
    32150, 32153, 32156, 32157, 32159, 32160, 32162, 32163,
    32164, 32168, 32171, 32173, 32179, 32182, 32185, 32188,
    32192, 32193, 32194, 32197, 32199, 32200, 32201, 32203,
    32204, 32205, 32206, 32208, 32212, 32216, 32223, 32225,
    32226, 32227, 32235, 32237, 32238, 32239, 32241, 32243,
    32245, 32247, 32248, 32249, 32252, 32253, 32261, 32263,
    32265, 32268, 32272, 32273, 32275, 32276, 32280, 32282,
    32287, 32288, 32289, 32291, 32293, 32294, 32295, 32296,
    32298, 32300, 32301, 32304, 32307, 32308, 32313, 32315,
    32317, 32319, 32320, 32321, 32322, 32324, 32329, 32335,
    32338, 32340, 32341, 32342, 32344, 32345, 32349, 32350,
    32351, 32353, 32356, 32359, 32361, 32363, 32366, 32369,
    32371, 32375, 32377, 32383, 32384, 32385, 32386, 32389,
    32390, 32393, 32394, 32395, 32396, 32397, 32399, 32401,
    32410, 32412, 32414, 32415, 32420, 32421, 32422, 32425,
    32427, 32428, 32430, 32431, 32432, 32433, 32434, 32436,
    32439, 32442, 32444, 32446, 32447, 32453, 32454, 32456,
    32459, 32460, 32461, 32462, 32463, 32465, 32466, 32467,
    32471, 32473, 32475, 32476, 32480, 32481, 32485, 32491,
    32494, 32496, 32497, 32500, 32501, 32503, 32507, 32509,
    32510, 32517, 32521, 32524, 32526, 32530, 32531, 32535,
    32544, 32550, 32551, 32552, 32553, 32554, 32555, 32557,
    32559, 32561, 32572, 32573, 32583, 32584, 32586, 32587,
    32589, 32590, 32597, 32599, 32601, 32605, 32608, 32610,
    32611, 32613, 32614, 32617, 32618, 32621, 32622, 32624,
    32625, 32633, 32639, 32640, 32642, 32645, 32646, 32648,
    32652, 32653, 32655, 32656, 32659, 32660, 32662, 32663,
    32664, 32667, 32670, 32671, 32682, 32683, 32684, 32688,
    32695, 32707, 32711, 32712, 32713, 32715, 32716, 32720,
    32722, 32723, 32724, 32725, 32728, 32730, 32731, 32735,
    32736, 32737, 32741, 32742, 32743, 32744, 32745, 32747,
    32749, 32750, 32752, 32755, 32761, 32764, 32765, 32768,
    32771, 32772, 32776, 32778, 32779, 32781, 32789, 32792,
    32796, 32800, 32802, 32804, 32805, 32806, 32808, 32813,
    32817, 32819, 32823, 32825, 32826, 32827, 32828, 32829,
    32832, 32833, 32837, 32838, 32842, 32843, 32844, 32847,
    32848, 32853, 32854, 32857, 32860, 32861, 32864, 32868,
    32869, 32880, 32883, 32886, 32887, 32888, 32892, 32894,
    32895, 32897, 32899, 32902, 32903, 32904, 32908, 32909,
    32911, 32913, 32916, 32917, 32918, 32920, 32923, 32925,
    32927, 32934, 32936, 32940, 32946, 32948, 32951, 32952,
    32953, 32954, 32961, 32966, 32968, 32970, 32971, 32972,
    32977, 32986, 32993, 32995, 32996, 32997,
)
