#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Double Pyramid (PySolFC game 699) seeds confirmed solvable graded medium, for
# an always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-double-pyramid: a pyramid of 9 rows, two cards adding up to 13; a
#     King alone, talon of 59, draw 1, 3 rounds, top face up, 2 decks, discard
#     all 104 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-double-pyramid over
#   games pysolfc:32000:33000, the seeds graded medium
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
# 298 seeds graded medium, out of 1000 games tried (29.80%): games 32000-32999.
# Seeds cover 32003-32998.

SOLVABLE_SEEDS = (
    32003, 32010, 32012, 32021, 32026, 32029, 32032, 32037,
    32038, 32039, 32041, 32048, 32049, 32057, 32058, 32060,
    32065, 32066, 32069, 32070, 32073, 32074, 32075, 32076,
    32079, 32083, 32085, 32090, 32091, 32094, 32095, 32098,
    32100, 32104, 32105, 32106, 32107, 32109, 32110, 32112,
    32131, 32132, 32134, 32139, 32140, 32152, 32155, 32157,
    32158, 32160, 32162, 32163, 32165, 32167, 32168, 32170,
    32174, 32180, 32181, 32182, 32185, 32187, 32191, 32192,
    32193, 32195, 32200, 32201, 32203, 32207, 32210, 32213,
    32214, 32215, 32219, 32220, 32224, 32229, 32233, 32236,
    32247, 32248, 32249, 32251, 32256, 32259, 32260, 32261,
    32264, 32268, 32270, 32274, 32276, 32280, 32281, 32291,
    32294, 32295, 32296, 32302, 32304, 32305, 32309, 32313,
    32315, 32316, 32317, 32320, 32323, 32325, 32331, 32334,
    32337, 32340, 32342, 32344, 32346, 32347, 32355, 32356,
    32362, 32373, 32382, 32387, 32389, 32390, 32392, 32400,
    32407, 32409, 32412, 32414, 32417, 32418, 32419, 32425,
    32429, 32431, 32436, 32439, 32441, 32445, 32456, 32457,
    32460, 32467, 32469, 32473, 32476, 32480, 32483, 32489,
    32494, 32495, 32497, 32503, 32504, 32505, 32509, 32512,
    32517, 32520, 32521, 32527, 32528, 32529, 32535, 32542,
    32547, 32552, 32557, 32563, 32565, 32568, 32571, 32573,
    32574, 32583, 32585, 32589, 32598, 32603, 32610, 32611,
    32616, 32617, 32619, 32621, 32623, 32625, 32626, 32630,
    32642, 32646, 32647, 32650, 32651, 32654, 32657, 32664,
    32666, 32668, 32678, 32679, 32681, 32682, 32684, 32691,
    32701, 32705, 32708, 32712, 32725, 32727, 32728, 32729,
    32736, 32740, 32748, 32749, 32756, 32759, 32760, 32762,
    32766, 32772, 32776, 32779, 32781, 32782, 32786, 32787,
    32788, 32793, 32794, 32795, 32801, 32802, 32803, 32806,
    32807, 32809, 32812, 32816, 32822, 32823, 32825, 32830,
    32833, 32834, 32836, 32837, 32845, 32850, 32853, 32862,
    32863, 32864, 32869, 32876, 32879, 32880, 32893, 32898,
    32900, 32901, 32908, 32909, 32912, 32913, 32914, 32915,
    32916, 32919, 32923, 32927, 32936, 32938, 32943, 32944,
    32946, 32948, 32953, 32955, 32961, 32964, 32968, 32975,
    32976, 32978, 32981, 32985, 32986, 32989, 32990, 32991,
    32995, 32998,
)
