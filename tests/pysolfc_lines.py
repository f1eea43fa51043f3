"""Lines that win PySolFC's ten other pyramid games, shared by the tests that replay them
in the model of PySolFC's stacks (``test_pysolfc_family_model.py``) and on the project's
rules engine (``test_pysolfc_family_rules.py``)."""

# (game id, number, line): won in the model; found by a depth-first search over its clicks
# (all but Pharaohs', below), one line for each of the ten games
WON = [
    (44, 3, "KS 7C+6D QD+AD TC+3D 9D+4H QH+AS KH deal deal JS+2S TD+3C deal KD deal "
            "TH+3S deal JD+2C TS+3H 5D+8D 9S+4C QS+AH 6H+7S 4D+9C deal 2H+JC deal 5H+8C "
            "9H+4S 8S+5S 7D+6C 7H+6S 2D+JH 8H+5C QC+AC KC"),
    (658, 3, "KS 7C+6D QD+AD TC+3D 9D+4H QH+AS deal KH deal JS+2S TH+3C deal TS+3S KD "
             "QS+AC 4D+9H deal JD+2C 5D+8D 7H+6H deal 9C+4C deal 8S+5H deal redeal JH+2H "
             "TD+3H deal 7D+6C 8H+5C deal 6S+7S QC+AH 8C+5S deal 2D+JC KC 9S+4S"),
    (659, 1, "AS+AH 3H+3C 2S+AC 9S+TS 4C+5C KS+QD 5S+4H 7C+7S 4D+3S 9D+TD QC+QH JS+TH "
             "deal AD+2C KD+KH deal deal 5H+6D 7D+8S JC+JH 8H+8D KC+QS 5D+6C 4S+3D 7H+8C "
             "deal 9H+9C 2D+2H 6S+6H JD+TC"),
    (700, 1, "QH+AC deal deal TS+3S deal deal deal 5C+8H 3C+TH deal 2C+JH deal 7D+6D deal "
             "deal AH+QS 9D+4C QC+AS 5H+8D KS AD+QD 7C+6C KH KD 2D+JS JD+2S 5S+8S deal "
             "deal 3H+TC KC deal deal deal deal redeal 9H+4H deal deal 9S+4S TD+3D 5D+8C "
             "7S+6S 4D+9C JC+2H 7H+6H"),
    (846, 5, "6C+6S QC+KC AC+JS 2H+TS 8C+4D 9S+3H TC+2S 9D+3S JC+AD TH+2C 7C+5H 6D+6H "
             "KS+QD 7D+5S 8H+4H QH+KD JH+AH 3D+9C 8S+4S JD+AS 4C+8D 7H+5D QS+KH 3C+9H "
             "7S+5C TD+2D"),
    (969, 1, "deal deal deal deal deal QH+QS 5C+6C AH+TS 8S+3D 3C+8D 4C+7D JS+JH AS+TH "
             "2S+9D QC+QD 5H+6D KH+KS 3H+8H KD+KC 2D+9H 9S+2C JD+JC deal 5S+6S AD+TC "
             "8C+3S 7H+4S AC+TD 7S+4D 7C+4H deal 5D+6H 9C+2H"),
    (701, 2,
             "AD+QH deal deal 5H+8C 3S+TC deal deal TS+3H deal KH deal 6C+7D 4H+9H deal deal "
             "deal 2C+JS TH+3C KC 5S+8H QC+AH 5C@r17+8S KH JC+2H 9H+4C KS deal deal deal 5C+8S "
             "deal deal JH+2D 8D+5D 7S+6H deal deal deal 9D+4H KD deal 7S+6D 4C+9D TC+3H 7C+6S "
             "9C@r13+4D deal deal JD+2S 7H+6D KC AS+QD deal deal deal KD deal deal deal deal "
             "9C+4S 5D+8H 3S+TS KS deal redeal JS+2D TH+3D QS+AC deal deal deal JH+2S TD@r5+3D "
             "deal deal QS+AD deal deal deal deal deal 7D+6C AS+QD 7H+6S deal deal deal deal "
             "deal 7C+6H redeal 4S+9S@t deal deal deal 9S+4D QH+AC deal deal 8D+5S 2H+JD 2C+JC "
             "TD+3C AH+QC 5H+8C"),
    (677, 6,
             "2H+JH 8C+5H 7S+6D 2D+JC 8H+5C deal deal deal deal deal deal deal deal deal 2D+JS "
             "deal KD QH+AH TS+3D 6S+7S deal KC deal deal JD+2S AH+QC 7H+6D TS+3C AC+QS KS "
             "deal TD+3S KS deal TC+3C KC deal 9S+4S 3H+TC 9H@r38+4D deal deal deal deal deal "
             "KH JD+2C deal deal deal 8S+5C 5H+8D KD 9C+4S AC+QD 3H+TD deal deal 9H+4C 3S+TH "
             "9S+4C redeal JS+2C KH 7C+6H deal deal deal deal deal 4H@r1+9D deal 6S+7H 4H+9C "
             "QC+AS deal QD+AS QS+AD deal deal deal 4D+9D deal 7C+6H deal 2H+JC redeal 7D+6C "
             "AD+QH deal 5D+8S deal deal 3D+TH 5D+8H 5S+8C 6C+7D JH+2S 5S+8D"),
    (699, 60,
             "2D+JH 7S+6S JS+2C deal 5D+8H KC deal deal KC 5C+8H TC+3D 6H+7C 9C+4H 2D+JS KH "
             "5H+8D 6C+7S 9S+4S QC+AS deal deal deal 6S+7D deal deal 4D+9C 5S+8D deal JH+2S "
             "3C@r18+TH KD deal 3C+TS 4H+9D deal deal KH deal 7D+6D 3D+TC deal 3S+TD deal deal "
             "4C+9H deal deal AD+QS 8C+5C deal deal JC+2H KS deal deal 8S+5H AS+QD 6H+7H deal "
             "KS deal deal AD+QH deal 3H+TH deal KD deal redeal deal 2C+JD deal deal deal deal "
             "2H+JD 6C+7H deal deal 5D+8S 9S+4S TS+3S 9H+4D QH+AH deal deal deal deal deal "
             "8C+5S 2S+JC redeal deal deal deal TD+3H 4C+9D QD+AC QC+AC 7C+6D AH+QS"),
    # Pharaohs: the first game from 1 that can be won (216), found by a search written
    # apart from the model, on family.family_cards and family.covers
    (655, 216, "KD JH+2S 7D+6D 4S+9H 3C+TS TC+3S JS+2D AD+QH 3H+TH 5H+8H 4H+9D 7C+6C KC "
               "8C+5D AS+QC TD+3D 7S+6H 5S+8D 6S+7H QD+AC 8S+5C JD+2C AH+QS KH KS 2H+JC "
               "9S+4C 9C+4D"),
]
