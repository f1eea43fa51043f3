#!/usr/bin/env python
# -*- mode: python; coding: utf-8; -*-
#
# Pyramid Thirteen (PySolFC game 44) seeds confirmed solvable, for an
# always-solvable mode. Made by pyramids, the exact solver of the Pyramid
# family: every seed was dealt as PySolFC deals it (pysol-cards' shuffle, this
# game's dealing order), proved winnable with the whole deal known, and its
# solution replayed move by move by the rules engine, under these rules:
#   pysolfc-pyramid-thirteen: a pyramid of 7 rows, two cards adding up to 13; a
#     King alone, talon of 24, draw 1, 1 round, top face up, discard all 52
#     cards
# Command: pyramids filter --deals pysolfc:32000:32500 -V
#   pysolfc-pyramid-thirteen (its winnable games; in chunks:
#   scripts/make_pysolfc_seeds.py run pysolfc-pyramid-thirteen)
# Each game was searched with a limit of 1,000,000 positions (the general
# search of engines.pairs): 47 winnable, 450 blocked (proved: a certificate or
# every position seen), 3 unknown (the limit ran out; not listed).
#
# Must all be >= 32000, or they'd deal a different game than what was solved:
# PySolFC shuffles game numbers below 32000 with its Microsoft-compatible
# generator and the others with the Mersenne Twister (construct_random() in
# pysolrandom.py); these lists keep to the second, as the Klondike one does.
#
# 47 seeds, out of 500 games tried (9.40%): games 32000-32499.
# Seeds cover 32013-32471.

SOLVABLE_SEEDS = (
    32013, 32027, 32029, 32058, 32063, 32073, 32075, 32084,
    32087, 32097, 32114, 32119, 32122, 32159, 32199, 32212,
    32213, 32218, 32240, 32243, 32255, 32261, 32262, 32272,
    32282, 32284, 32295, 32312, 32320, 32321, 32327, 32341,
    32351, 32370, 32372, 32375, 32388, 32392, 32395, 32413,
    32416, 32419, 32434, 32436, 32437, 32468, 32471,
)
