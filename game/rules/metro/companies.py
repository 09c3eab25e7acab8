"""The companies expansion: dealing shares, the share exchange and the final valuation.

A share card is a tuple ``(company, pct)``: company index into data.COMPANIES, pct one of
10/20/30/40. Piles are kept per percentage (index into SHARE_PERCENTS), face-down top first.
Every player always holds exactly one card of each pile (an exchange gives and takes from
the same pile), so each pile keeps 8 - players cards: one face up, the rest face down.
"""

from __future__ import annotations

from ..core import Rng
from .data import COMPANIES, EXCHANGE_CUTOFF, SHARE_PERCENTS

HIDDEN_CARD = (-1, 0)


def deal(state, rng: Rng) -> None:
    """Shuffle the four piles, give each player one card of each, turn each top card up."""
    piles = []
    for pct in SHARE_PERCENTS:
        pile = [(company, pct) for company in range(len(COMPANIES))]
        rng.shuffle(pile)
        piles.append(pile)
    state.shares = [[] for _ in range(state.players)]
    for seat in range(state.players):
        for pile in piles:
            state.shares[seat].append(pile.pop(0))
        state.shares[seat].sort()
    state.face_up = [pile.pop(0) for pile in piles]
    state.piles = piles
    state.profits = [0] * len(COMPANIES)
    state.exchanges_open = True


def exchange(state, seat: int, card: tuple[int, int], take_up: bool) -> tuple[int, int]:
    """Give ``card`` face down under its pile, take the face-up or the top face-down card
    (turning the next card up after taking the face-up one). Returns the card taken."""
    p = SHARE_PERCENTS.index(card[1])
    state.shares[seat].remove(card)
    pile = state.piles[p]
    pile.append(card)
    if take_up:
        taken = state.face_up[p]
        state.face_up[p] = pile.pop(0)
    else:
        taken = pile.pop(0)
    state.shares[seat].append(taken)
    state.shares[seat].sort()
    return taken


def reached_cutoff(profits: list[int]) -> bool:
    return any(profit >= EXCHANGE_CUTOFF for profit in profits)


def company_worth(profits: list[int]) -> list[int]:
    """8 for the highest profit, 7 for the next distinct profit, ... (ties share a value)."""
    distinct = sorted(set(profits), reverse=True)
    value = {profit: len(COMPANIES) - rank for rank, profit in enumerate(distinct)}
    return [value[profit] for profit in profits]


def valuation(profits: list[int], shares: list[list[tuple[int, int]]]) -> dict:
    """Final scores from company profits and the players' shares.

    Each share earns (pct / 10) x its company's worth; the player(s) holding the highest
    total percentage of a company each get profit // 10 as a majority bonus.
    """
    worth = company_worth(profits)
    share_points = []
    holdings = []
    for cards in shares:
        share_points.append(sum(pct // 10 * worth[company] for company, pct in cards
                                if company >= 0))
        held = [0] * len(COMPANIES)
        for company, pct in cards:
            if company >= 0:
                held[company] += pct
        holdings.append(held)
    bonus = [0] * len(shares)
    majority = []
    for company in range(len(COMPANIES)):
        best = max((held[company] for held in holdings), default=0)
        owners = [seat for seat, held in enumerate(holdings) if best and held[company] == best]
        majority.append(owners)
        for seat in owners:
            bonus[seat] += profits[company] // 10
    return {"scores": [a + b for a, b in zip(share_points, bonus)], "share_points": share_points,
            "bonus": bonus, "worth": worth, "majority": majority}
