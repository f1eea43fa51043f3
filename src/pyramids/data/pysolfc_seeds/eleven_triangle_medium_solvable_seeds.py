#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Eleven Triangle (PySolFC game 969) seeds confirmed solvable graded medium,
# for an always-solvable mode. Made by pyramids, the exact solver of the
# Pyramid family: every seed was dealt as PySolFC deals it (pysol-cards'
# shuffle, this game's dealing order), proved winnable with the whole deal
# known, and its solution replayed move by move by the rules engine, under
# these rules:
#   pysolfc-eleven-triangle: an upside-down pyramid of 7 rows, two cards adding
#     up to 11, or two Jacks, two Queens or two Kings; no card goes alone,
#     talon of 24, 3 wastes, 1 round, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-eleven-triangle over
#   games pysolfc:32000:42000, the seeds graded medium
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 40.38, medium from 40.38,
# hard from 52.04, expert from 62.29: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# eleven-triangle). Of the 1315 solvable seeds of these games: easy 526, medium
# 393, hard 264, expert 132, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 393 seeds graded medium, out of 10000 games tried (3.93%): games 32000-41999.
# Seeds cover 32043-41994.

SOLVABLE_SEEDS = (
    32043, 32124, 32139, 32168, 32179, 32186, 32207, 32209,
    32227, 32230, 32250, 32259, 32271, 32272, 32348, 32349,
    32355, 32378, 32385, 32425, 32465, 32484, 32515, 32543,
    32551, 32554, 32595, 32609, 32636, 32687, 32697, 32728,
    32736, 32741, 32772, 32812, 32831, 32848, 32871, 32901,
    32908, 32918, 32930, 32938, 32940, 32942, 32946, 32954,
    32958, 32978, 32984, 32993, 32996, 33061, 33089, 33209,
    33219, 33238, 33270, 33305, 33306, 33311, 33329, 33337,
    33360, 33400, 33403, 33436, 33455, 33485, 33529, 33592,
    33593, 33641, 33665, 33680, 33698, 33733, 33746, 33769,
    33834, 33850, 33882, 33889, 33949, 33961, 33985, 34008,
    34031, 34036, 34062, 34066, 34083, 34134, 34153, 34161,
    34168, 34178, 34203, 34230, 34245, 34297, 34317, 34422,
    34440, 34469, 34494, 34539, 34544, 34559, 34562, 34568,
    34643, 34649, 34697, 34704, 34705, 34737, 34743, 34781,
    34783, 34785, 34858, 34869, 34875, 34936, 34938, 34941,
    34960, 34968, 34969, 34998, 35006, 35062, 35103, 35144,
    35154, 35156, 35198, 35209, 35228, 35235, 35242, 35246,
    35255, 35264, 35304, 35324, 35330, 35355, 35423, 35433,
    35455, 35471, 35472, 35480, 35481, 35506, 35551, 35573,
    35600, 35604, 35663, 35704, 35770, 35771, 35781, 35794,
    35820, 35847, 35852, 35860, 35868, 35878, 35880, 35888,
    35928, 36002, 36020, 36037, 36086, 36094, 36132, 36187,
    36193, 36201, 36208, 36233, 36276, 36289, 36338, 36364,
    36380, 36401, 36436, 36444, 36447, 36448, 36459, 36468,
    36478, 36533, 36553, 36570, 36654, 36666, 36678, 36693,
    36749, 36757, 36784, 36786, 36840, 36967, 37003, 37056,
    37076, 37091, 37209, 37212, 37216, 37229, 37237, 37307,
    37312, 37325, 37355, 37359, 37370, 37375, 37388, 37396,
    37420, 37421, 37430, 37455, 37467, 37510, 37512, 37552,
    37606, 37639, 37661, 37665, 37682, 37701, 37731, 37747,
    37782, 37841, 37894, 37927, 37934, 37940, 38003, 38072,
    38084, 38091, 38104, 38107, 38120, 38138, 38147, 38162,
    38242, 38275, 38331, 38377, 38419, 38461, 38474, 38475,
    38574, 38579, 38609, 38645, 38660, 38709, 38716, 38726,
    38733, 38751, 38811, 38815, 38913, 38941, 39022, 39069,
    39071, 39072, 39093, 39100, 39142, 39146, 39150, 39165,
    39177, 39189, 39205, 39225, 39268, 39295, 39356, 39360,
    39362, 39412, 39418, 39431, 39466, 39508, 39528, 39552,
    39566, 39634, 39660, 39673, 39696, 39722, 39723, 39788,
    39863, 39914, 39922, 39924, 39953, 39991, 40021, 40046,
    40049, 40103, 40123, 40164, 40193, 40235, 40260, 40294,
    40315, 40372, 40403, 40441, 40454, 40567, 40580, 40581,
    40627, 40754, 40790, 40813, 40839, 40846, 40850, 40852,
    40884, 40889, 40928, 40941, 40946, 40972, 40996, 41013,
    41034, 41036, 41039, 41047, 41075, 41077, 41095, 41121,
    41245, 41287, 41291, 41293, 41313, 41322, 41370, 41396,
    41441, 41450, 41456, 41467, 41515, 41533, 41650, 41660,
    41678, 41782, 41807, 41868, 41894, 41949, 41977, 41978,
    41994,
)
