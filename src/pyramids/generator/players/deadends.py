"""Proving a position lost, for the players' look-ahead: a card that can never be
discarded (:func:`stuck_rules`, the trap ``lookahead-k`` sees) and the planner's fuller
prover (:class:`Blocking`: dead cards and, objective all, no pairing of the cards left).
No overlap discards, no Par scoring: there the rules are not worked out."""

from __future__ import annotations

from dataclasses import dataclass, field

from pyramids.core.cards import DECK
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.variants import Variant


def stuck_rules(deal: Deal, variant: Variant) -> list[tuple[int, int, int]]:
    """For each card other than a King: (its bit, its partners' bits, the bits of the cards
    lying on it or under it). A card whose remaining partners all lie on it or under it
    can never be discarded (a partner on it must go before it is exposed, one under it
    cannot be exposed while it stays). Stock cards lie on nothing; with overlap discards a
    card may go with the one lying on it, so the rule is off."""
    if variant.overlap:
        return []
    game = Game(deal, variant)
    geo = game.geo
    n = variant.pyramid_cards
    pyr = deal.cards[:n]
    rest = deal.cards[n:]
    related = dict.fromkeys(range(52), 0)
    for p in range(n):
        for q in geo.covering(p):  # q lies (transitively) on p
            related[pyr[p]] |= 1 << pyr[q]
            related[pyr[q]] |= 1 << pyr[p]
    if variant.rest == "tableau":
        for c in range(variant.columns or 0):
            col = [rest[t] for t in geo.column(c)]
            mask = sum(1 << x for x in col)
            for x in col:
                related[x] |= mask & ~(1 << x)
    out = []
    for card in deal.cards:
        if card.is_king:
            continue
        partners = sum(1 << x for x in card.complements())
        out.append((1 << card, partners, related[card]))
    return out


# the cards of each pair of ranks that sum to 13: Ace and Queen, ..., six and seven
RANK_PAIRS: tuple[int, ...] = tuple(
    sum(1 << (suit * 13 + v) | 1 << (suit * 13 + 11 - v) for suit in range(4))
    for v in range(6))


@dataclass(frozen=True)
class Blocking:
    """What lies on what, to prove a position lost (no overlap discards, no Par).

    ``over[c]``: the cards that must go before card ``c`` can be discarded (lying on it,
    transitively, in the pyramid; after it in its tableau column); ``related[c]``: those
    and the cards ``c`` lies on: a pair of related cards can never be discarded together.
    """

    variant: Variant
    over: tuple[int, ...]
    related: tuple[int, ...]
    partners: tuple[int, ...]
    pyramid: int
    # (rank pair, its cards left, those in the waste) -> (dead cards, no pairing):
    # what :meth:`_rank_pair` finds depends on nothing else, and positions share it
    _memo: dict[tuple[int, int, int], tuple[int, bool]] = field(
        default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, deal: Deal, variant: Variant) -> Blocking:
        geo = Game(deal, variant).geo
        n = variant.pyramid_cards
        pyr = deal.cards[:n]
        rest = deal.cards[n:]
        over = [0] * 52
        for p in range(n):
            for q in geo.covering(p):
                over[pyr[p]] |= 1 << pyr[q]
        if variant.rest == "tableau":
            for c in range(variant.columns or 0):
                col = [rest[t] for t in geo.column(c)]  # deepest first
                for i, x in enumerate(col):
                    over[x] |= sum(1 << y for y in col[i + 1:])
        under = [0] * 52
        for c in range(52):
            for d in range(52):
                if over[c] >> d & 1:
                    under[d] |= 1 << c
        partners = tuple(sum(1 << x for x in card.complements()) for card in DECK)
        return cls(variant, tuple(over), tuple(o | u for o, u in zip(over, under, strict=True)),
                   partners, sum(1 << c for c in pyr))

    def _rank_pair(self, v: int, left: int, wmask: int) -> tuple[int, bool]:
        """For the cards ``left`` of rank pair ``v`` (those in ``wmask`` in the waste, no
        redeal left): the cards with no partner left they can go with, and whether the
        cards left cannot all be paired along the pairs still possible (Hall's
        condition: every set of low cards reaches as many partners)."""
        key = (v, left, wmask)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        related, partners = self.related, self.partners
        dead = 0
        reach = []
        for c in range(52):
            if left >> c & 1:
                free = partners[c] & left & ~related[c]
                if wmask >> c & 1:
                    free &= ~wmask
                if not free:
                    dead |= 1 << c
                if c % 13 == v:
                    reach.append(free)
        unpaired = False
        union = [0] * (1 << len(reach))
        for group in range(1, len(union)):
            low = group & -group
            union[group] = union[group ^ low] | reach[low.bit_length() - 1]
            if union[group].bit_count() < group.bit_count():
                unpaired = True
                break
        self._memo[key] = (dead, unpaired)
        return dead, unpaired

    def hopeless(self, game: Game) -> bool:
        """Proved: ``game`` can no longer be won. A card is *dead* when no partner is left
        that it can ever be discarded with (not related to it, not dead, and, once no
        redeal is left, not with both in the waste: the upper one must go before the
        lower one is free), or when a dead card must go before it. Lost: a dead card the
        objective needs; objective all: also no pairing of the cards left along the
        pairs still possible (Hall's condition, rank pair by rank pair)."""
        v = self.variant
        rem = ((1 << 52) - 1) & ~game.removed
        waste = game.waste
        fixed = v.passes is not None and game.pass_no >= v.passes
        wmask = sum(1 << c for c in waste) if fixed else 0
        dead = 0
        for r, cards in enumerate(RANK_PAIRS):
            d, unpaired = self._rank_pair(r, rem & cards, wmask & cards)
            if unpaired and v.objective == "all":
                return True
            dead |= d
        if not dead:
            return False
        over = list(self.over)
        if fixed:
            above = 0
            for w in reversed(waste):
                over[w] |= above
                above |= 1 << w
        related, partners = self.related, self.partners
        changed = True
        while changed:  # what must go after a dead card dies too, and so on
            changed = False
            for c in range(52):
                bit = 1 << c
                if not rem & bit or dead & bit:
                    continue
                rel = related[c] | (wmask if wmask & bit else 0)
                if over[c] & dead or (partners[c] and not partners[c] & rem & ~dead & ~rel):
                    dead |= bit
                    changed = True
        need = rem if v.objective == "all" else rem & self.pyramid
        return bool(dead & need)
