#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Pyramid Dozen (PySolFC game 846) seeds confirmed solvable graded hard, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-pyramid-dozen: a pyramid of 7 rows and 6 piles of 4, two cards
#     adding up to 12 or 25; no card goes alone, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-pyramid-dozen over games
#   pysolfc:32000:52000, the seeds graded hard
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 44.56, medium from 44.56,
# hard from 56.29, expert from 66.22: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# pyramid-dozen). Of the 1985 solvable seeds of these games: easy 794, medium
# 595, hard 397, expert 199, ungraded 0.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 397 seeds graded hard, out of 20000 games tried (1.99%): games 32000-51999.
# Seeds cover 32085-51929.

SOLVABLE_SEEDS = (
    32085, 32109, 32226, 32254, 32319, 32413, 32435, 32438,
    32461, 32536, 32549, 32619, 32622, 32721, 32768, 32780,
    32781, 32796, 32831, 32837, 32843, 32869, 32889, 32913,
    33016, 33026, 33030, 33064, 33067, 33109, 33200, 33202,
    33215, 33227, 33270, 33277, 33305, 33361, 33379, 33406,
    33446, 33485, 33527, 33650, 33671, 33691, 33855, 33858,
    33922, 33925, 33991, 34013, 34022, 34056, 34114, 34161,
    34171, 34172, 34270, 34292, 34305, 34308, 34313, 34518,
    34564, 34569, 34752, 34824, 34841, 34925, 34977, 34999,
    35030, 35147, 35239, 35264, 35271, 35273, 35288, 35366,
    35496, 35546, 35551, 35578, 35724, 35753, 35805, 35814,
    35857, 35859, 35866, 35949, 35961, 35997, 36000, 36034,
    36053, 36091, 36099, 36236, 36277, 36398, 36403, 36422,
    36474, 36521, 36648, 36679, 36821, 36828, 36833, 36912,
    36920, 36951, 36999, 37009, 37031, 37118, 37250, 37272,
    37448, 37451, 37453, 37482, 37489, 37539, 37561, 37572,
    37581, 37644, 37647, 37688, 37709, 37722, 37724, 37749,
    37802, 37803, 37831, 37865, 37954, 38002, 38058, 38060,
    38067, 38265, 38331, 38335, 38343, 38352, 38460, 38515,
    38545, 38572, 38582, 38616, 38822, 38826, 38884, 38900,
    38973, 39061, 39095, 39155, 39322, 39398, 39480, 39487,
    39539, 39545, 39603, 39640, 39669, 39813, 39824, 39831,
    39845, 39867, 40049, 40137, 40141, 40264, 40301, 40369,
    40547, 40557, 40711, 40718, 40742, 40806, 40810, 40943,
    40979, 41011, 41062, 41124, 41158, 41170, 41275, 41384,
    41394, 41500, 41518, 41573, 41602, 41610, 41681, 41746,
    41823, 41891, 41929, 41932, 41975, 42012, 42043, 42114,
    42239, 42270, 42422, 42446, 42457, 42480, 42484, 42504,
    42567, 42671, 42676, 42687, 42713, 42726, 42744, 42856,
    42863, 42880, 42903, 42956, 42969, 42990, 43135, 43186,
    43217, 43227, 43235, 43273, 43283, 43288, 43300, 43399,
    43413, 43415, 43429, 43496, 43504, 43523, 43616, 43766,
    43783, 43832, 43920, 43940, 43941, 44067, 44077, 44217,
    44323, 44457, 44495, 44522, 44529, 44577, 44610, 44615,
    44637, 44706, 44756, 44776, 44878, 44933, 45001, 45007,
    45049, 45080, 45184, 45207, 45212, 45336, 45409, 45436,
    45490, 45570, 45575, 45578, 45749, 45771, 45916, 46075,
    46157, 46171, 46236, 46319, 46398, 46400, 46415, 46467,
    46573, 46614, 46741, 46768, 46817, 46926, 46951, 47033,
    47045, 47046, 47434, 47452, 47500, 47537, 47576, 47592,
    47600, 47618, 47627, 47735, 47851, 47855, 48402, 48403,
    48436, 48617, 48678, 48805, 48874, 49011, 49187, 49221,
    49250, 49252, 49330, 49331, 49367, 49429, 49458, 49465,
    49575, 49648, 49718, 49726, 49735, 49893, 49984, 50127,
    50158, 50170, 50235, 50330, 50388, 50395, 50407, 50470,
    50515, 50520, 50549, 50624, 50644, 50663, 50681, 50831,
    50945, 50967, 50987, 51005, 51041, 51112, 51115, 51162,
    51210, 51319, 51440, 51450, 51451, 51505, 51510, 51529,
    51533, 51535, 51550, 51624, 51692, 51696, 51709, 51742,
    51791, 51880, 51918, 51925, 51929,
)
