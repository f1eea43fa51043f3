#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Up and Down (PySolFC game 701) seeds confirmed solvable graded hard, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-up-and-down: a pyramid of 7 rows and an upside-down pyramid of 7
#     rows, two cards adding up to 13; a King alone, talon of 48, draw 1, 3
#     rounds, top face up, 2 decks, discard all 104 cards
# Command: scripts/make_pysolfc_seeds.py grade pysolfc-up-and-down over games
#   pysolfc:32000:33500, the seeds graded hard
# Grades as pyramids.generator.family_grading gives them (deterministic): a
# score of the traps on the proved winning line (moves the search proves
# losing), the losing moves, the branching, the line's length and a sensible
# random player's losses and cards left; easy below 31.0, medium from 31.0,
# hard from 43.75, expert from 58.69: the 40th, 70th and 90th percentiles of
# the scores of these seeds (scripts/make_pysolfc_seeds.py thresholds pysolfc-
# up-and-down). Of the 1499 solvable seeds of these games: easy 599, medium
# 448, hard 301, expert 150, ungraded 1.
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 301 seeds graded hard, out of 1500 games tried (20.07%): games 32000-33499.
# Seeds cover 32000-33499.

SOLVABLE_SEEDS = (
    32000, 32010, 32022, 32036, 32040, 32047, 32051, 32054,
    32055, 32060, 32072, 32091, 32093, 32098, 32101, 32103,
    32106, 32113, 32121, 32123, 32124, 32125, 32132, 32139,
    32142, 32145, 32146, 32148, 32151, 32154, 32155, 32159,
    32160, 32162, 32165, 32178, 32184, 32185, 32187, 32195,
    32198, 32202, 32208, 32210, 32211, 32212, 32216, 32230,
    32234, 32238, 32240, 32247, 32250, 32257, 32259, 32261,
    32264, 32265, 32269, 32271, 32277, 32278, 32281, 32286,
    32287, 32290, 32296, 32297, 32321, 32323, 32328, 32341,
    32348, 32352, 32368, 32369, 32372, 32378, 32379, 32387,
    32392, 32396, 32397, 32398, 32404, 32407, 32412, 32422,
    32431, 32434, 32441, 32448, 32449, 32453, 32457, 32470,
    32482, 32491, 32495, 32498, 32504, 32507, 32508, 32514,
    32515, 32518, 32533, 32536, 32541, 32545, 32550, 32553,
    32570, 32573, 32575, 32577, 32592, 32593, 32594, 32597,
    32599, 32607, 32608, 32615, 32616, 32621, 32622, 32628,
    32630, 32635, 32639, 32654, 32660, 32669, 32677, 32679,
    32687, 32691, 32710, 32711, 32718, 32721, 32725, 32727,
    32728, 32733, 32744, 32745, 32750, 32761, 32763, 32766,
    32771, 32772, 32784, 32788, 32790, 32791, 32796, 32799,
    32800, 32805, 32808, 32814, 32821, 32824, 32833, 32834,
    32839, 32850, 32852, 32856, 32860, 32864, 32877, 32878,
    32879, 32883, 32884, 32887, 32895, 32914, 32915, 32922,
    32933, 32946, 32953, 32957, 32962, 32963, 32966, 32969,
    32970, 32974, 32975, 32976, 32978, 32983, 32989, 32991,
    32997, 32999, 33001, 33002, 33003, 33004, 33008, 33009,
    33010, 33013, 33017, 33018, 33024, 33028, 33046, 33056,
    33062, 33067, 33070, 33081, 33084, 33086, 33087, 33104,
    33111, 33113, 33116, 33117, 33119, 33121, 33137, 33140,
    33142, 33154, 33156, 33170, 33171, 33172, 33177, 33199,
    33203, 33204, 33205, 33207, 33208, 33213, 33216, 33219,
    33232, 33236, 33238, 33240, 33243, 33244, 33250, 33257,
    33259, 33261, 33265, 33277, 33283, 33286, 33287, 33306,
    33311, 33312, 33329, 33331, 33339, 33342, 33360, 33361,
    33365, 33368, 33375, 33377, 33385, 33389, 33393, 33397,
    33399, 33401, 33407, 33416, 33418, 33428, 33429, 33431,
    33452, 33454, 33459, 33478, 33483, 33486, 33490, 33491,
    33492, 33493, 33494, 33496, 33499,
)
