"""What each game hides, for the conformance suite's ``view`` checks.

``PERTURB[game.name](state, viewer, rng)`` returns a copy of ``state`` that differs from it
only in what ``viewer`` (a seat, or None for a spectator) may not see: other seats' secret
cards re-dealt among themselves, the face-down piles reordered, another future for the Rng.
Two such states must give identical views. Every registered game needs an entry here (the
suite fails otherwise), so a new game has to say what it hides; a game that hides nothing
returns None.
"""

from __future__ import annotations

from game.rules.core import Rng
from game.rules.metro.data import SHARE_PERCENTS


def _redeal(cards_by_holder: list[list], rng: Rng) -> list[list]:
    """The same number of cards per holder, drawn from all of them shuffled together."""
    pool = [card for cards in cards_by_holder for card in cards]
    rng.shuffle(pool)
    dealt = []
    for cards in cards_by_holder:
        dealt.append(pool[:len(cards)])
        pool = pool[len(cards):]
    return dealt


def metro(state, viewer, rng: Rng):
    other = state.copy()
    others = [seat for seat in range(state.players) if seat != viewer]
    # the stack and the hands of the other seats hold any of their tiles in any order
    holders = [other.stack] + [other.hands[seat] for seat in others]
    dealt = _redeal(holders, rng)
    other.stack = dealt[0]
    for seat, hand in zip(others, dealt[1:]):
        other.hands[seat] = hand
    if state.companies:
        # face-down share piles, and the other seats' shares until they are shown at the end
        for index, pile in enumerate(other.piles):
            pct = SHARE_PERCENTS[index]
            holders = [pile]
            if not state.over:
                holders += [[card for card in other.shares[seat] if card[1] == pct]
                            for seat in others]
            dealt = _redeal(holders, rng)
            other.piles[index] = dealt[0]
            if not state.over:
                for seat, cards in zip(others, dealt[1:]):
                    kept = [card for card in other.shares[seat] if card[1] != pct]
                    other.shares[seat] = sorted(kept + cards)
    if other.rng is not None:
        other.rng = Rng(rng.next_u32())
    return other


def railroad_ink(state, viewer, rng: Rng):
    other = state.copy()
    other.rng = Rng(rng.next_u32())          # the future rolls: nothing else is secret
    return other


def metromania(state, viewer, rng: Rng):
    other = state.clone()
    other.rng = Rng(rng.next_u32())
    if "unfair" in state.variants and state.phase != "over":
        # the letters of the other seats' markers: swap letters between markers of one type
        others = [seat for seat in range(len(state.hands)) if seat != viewer]
        for marker_type in sorted({key[1] for seat in others for key in state.hands[seat]}):
            holders = [[key for key in other.hands[seat] if key[1] == marker_type]
                       for seat in others]
            dealt = _redeal(holders, rng)
            for seat, keys in zip(others, dealt):
                kept = [key for key in other.hands[seat] if key[1] != marker_type]
                other.hands[seat] = sorted(kept + keys)
    return other


PERTURB = {"metro": metro, "railroad-ink": railroad_ink, "metromania": metromania}
