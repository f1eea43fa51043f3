"""Static arrays describing a variant's layout for the search kernels (cached per variant)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from pyramids.core.layout import geometry
from pyramids.core.variants import Variant
from pyramids.engines.search import core

# With unlimited passes the pass number is not part of the state. A limited number of
# passes above this behaves exactly like unlimited passes: a winning line never needs
# a pass without a discard (the position after it repeats the one a pass earlier, so
# the pass can be cut out), and there are at most 52 discards.
UNLIMITED_FROM = 53

I64 = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Layout:
    """What the kernels need to know about a variant, independent of the deal."""

    npyr: int
    cov: I64  # slots directly covering each slot (pyramid: up to 2; tableau: the next one)
    zone: I64  # core.Z_* per slot
    blocked: I64  # slots a slot can never be discarded with, whatever its value
    params: I64  # core.P_* values except the per-call budget
    anc: I64  # pyramid slots lying (transitively) on each pyramid slot


def _params(v: Variant) -> I64:
    p = np.zeros(core.NPARAMS, np.int64)
    p[core.P_NPYR] = v.pyramid_cards
    p[core.P_REST] = {"stock": core.R_STOCK, "tableau": core.R_TABLEAU,
                      "bouquet": core.R_BOUQUET}[v.rest]
    p[core.P_DRAW] = v.draw or 0
    passes = v.passes or 0
    if passes >= UNLIMITED_FROM and v.scoring != "par":
        passes = 0
    p[core.P_PASSES] = passes if v.is_stock else 0
    p[core.P_SW] = {None: 0, "allowed": core.SW_ALLOWED, "forbidden": core.SW_FORBIDDEN,
                    "automatic": core.SW_AUTOMATIC}[v.stock_waste]
    p[core.P_OVERLAP] = int(v.overlap)
    p[core.P_OBJ] = int(v.objective == "pyramid")
    p[core.P_PAR] = int(v.scoring == "par")
    p[core.P_KING] = 1
    p[core.P_MATCH] = 1
    p[core.P_K0] = v.opening_dealt
    return p


@cache
def layout(v: Variant) -> Layout:
    """Cover masks, zones and structural blocks of ``v`` (see ``core._matchable``)."""
    geo = geometry(v)
    n = v.pyramid_cards
    cov = np.zeros(52, np.int64)
    zone = np.zeros(52, np.int64)
    blocked = np.zeros(52, np.int64)
    anc = np.zeros(52, np.int64)
    for p in range(n):
        for q in geo.covering(p):
            anc[p] |= 1 << q
        for q in geo.covered_by(p):
            cov[p] |= 1 << q
        # a pyramid card never pairs with a card above or below it (transitively),
        # except with a direct neighbour through an overlap discard
        for q in geo.covering(p):
            direct = q in geo.covered_by(p)
            if not (v.overlap and direct):
                blocked[p] |= 1 << q
                blocked[q] |= 1 << p
    zone_code = {"stock": core.Z_STOCK, "tableau": core.Z_TABLEAU,
                 "bouquet": core.Z_BOUQUET}[v.rest]
    for t in range(52 - n):
        zone[n + t] = zone_code
    if v.rest == "tableau":
        cols = v.columns or 0
        for c in range(cols):
            idx = [n + t for t in geo.column(c)]  # deepest first
            for i, s in enumerate(idx):
                if i + 1 < len(idx):
                    cov[s] = 1 << idx[i + 1]
                for j, s2 in enumerate(idx):
                    if s2 != s and not (v.overlap and abs(i - j) == 1):
                        blocked[s] |= 1 << s2
    if v.rest == "stock" and (v.draw == 3 or v.stock_waste == "forbidden"):
        # only one stock card is ever available for a pair (the waste top; with
        # forbidden, hand and waste top may not be matched), so two stock cards never pair
        restmask = ((1 << 52) - 1) & ~((1 << n) - 1)
        for t in range(n, 52):
            blocked[t] |= restmask
    for s in range(52):
        blocked[s] |= 1 << s
    return Layout(n, cov, zone, blocked, _params(v), anc)
