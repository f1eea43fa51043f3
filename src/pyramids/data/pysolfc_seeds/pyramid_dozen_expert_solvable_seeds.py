#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Pyramid Dozen (PySolFC game 846) seeds confirmed solvable graded expert, for
# an always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-pyramid-dozen: a pyramid of 7 rows and 6 piles of 4, two cards
#     adding up to 12 or 25; no card goes alone, discard all 52 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-pyramid-dozen over games
#   pysolfc:32000:52000, the seeds graded expert
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
# 199 seeds graded expert, out of 20000 games tried (0.99%): games 32000-51999.
# Seeds cover 32063-51935.

SOLVABLE_SEEDS = (
    32063, 32151, 32192, 32320, 32432, 32818, 32893, 33003,
    33104, 33484, 33506, 33574, 33643, 33806, 33938, 34015,
    34140, 34205, 34504, 34558, 34585, 34794, 35017, 35051,
    35066, 35216, 35279, 35403, 35479, 35528, 35569, 35576,
    35630, 35779, 36104, 36216, 36270, 36283, 36310, 36372,
    36397, 36604, 36674, 36751, 36753, 36853, 36893, 36909,
    37059, 37101, 37151, 37219, 37399, 37411, 37562, 37668,
    37770, 37778, 37805, 37993, 38076, 38164, 38220, 38346,
    38576, 38633, 38786, 38851, 39050, 39330, 39344, 39377,
    39449, 39716, 39759, 39848, 39886, 39897, 40033, 40099,
    40377, 40381, 40544, 40622, 40968, 41010, 41159, 41168,
    41336, 41398, 41418, 41441, 41449, 41569, 41618, 41632,
    41777, 41878, 41976, 42053, 42281, 42375, 42487, 42681,
    42703, 42756, 43302, 43600, 43636, 43700, 43731, 43803,
    43828, 43974, 44059, 44240, 44263, 44353, 44716, 44793,
    44851, 44914, 44946, 44953, 45058, 45170, 45203, 45259,
    45331, 45358, 45659, 46024, 46069, 46128, 46295, 46445,
    46469, 46866, 46892, 47154, 47294, 47469, 47542, 47588,
    47628, 47635, 47682, 47911, 48082, 48092, 48208, 48342,
    48371, 48455, 48460, 48579, 48626, 48724, 48768, 48794,
    48836, 48889, 49084, 49097, 49215, 49370, 49403, 49607,
    49800, 49807, 49892, 49924, 49926, 49988, 50081, 50156,
    50297, 50338, 50397, 50424, 50528, 50621, 50771, 50861,
    50955, 51099, 51244, 51310, 51345, 51446, 51511, 51532,
    51581, 51666, 51756, 51769, 51831, 51911, 51935,
)
