"""Layout geometry (who covers whom, tableau columns) and the Verdict contract."""

from __future__ import annotations

import pytest

from pyramids.core.cards import Card
from pyramids.core.layout import geometry, position, row_col
from pyramids.core.moves import Move
from pyramids.core.variants import get_variant, pyramid_size
from pyramids.core.verdict import Certificate, Verdict


@pytest.mark.parametrize("rows", range(1, 10))
def test_cover_relations_follow_rules_md(rows: int) -> None:
    g = geometry(get_variant("bouquet", rows=rows) if rows >= 5 else
                 get_variant("pyramid", rows=rows))
    assert g.size == pyramid_size(rows)
    for p in range(g.size):
        r, i = row_col(p)
        assert position(r, i) == p and 1 <= r <= rows and 0 <= i < r
        expected = () if r == rows else (position(r + 1, i), position(r + 1, i + 1))
        assert g.covered_by(p) == expected
        for q in g.covered_by(p):
            assert p in g.covers(q)
        # transitive cover: the triangle below p
        assert set(g.covering(p)) == {position(r2, j) for r2 in range(r + 1, rows + 1)
                                      for j in range(i, i + r2 - r + 1)}
    assert all(g.covered_by(p) == () for p in range(pyramid_size(rows - 1), g.size))


def test_tableau_columns() -> None:
    g = geometry(get_variant("giza"))
    assert g.column(0) == (0, 8, 16) and g.column(7) == (7, 15, 23)
    assert g.column_of(17) == (1, 2) and g.column_of(3) == (3, 0)
    g6 = geometry(get_variant("giza-6x4"))
    assert g6.column(5) == (5, 11, 17, 23) and g6.column_of(23) == (5, 3)


def test_verdict_contract() -> None:
    with pytest.raises(ValueError, match="certificate"):
        Verdict("blocked", "search")
    with pytest.raises(ValueError, match="solution"):
        Verdict("winnable", "search")
    cert = Certificate("four-complement", "all four 9s lie under the 4s", {"cards": ["9C"]})
    v = Verdict("blocked", "search", certificate=cert, nodes=3, seconds=0.1234567,
                deal_number=5)
    obj = v.to_json_obj()
    assert obj["certificate"]["kind"] == "four-complement" and obj["seconds"] == 0.123457
    assert not v.winnable
    w = Verdict("winnable", "cpsat", moves=(Move.discard(Card.parse("KC")),))
    assert w.winnable and w.to_json_obj()["moves"] == ["KC"] and w.to_json_obj()["reason"] is None
