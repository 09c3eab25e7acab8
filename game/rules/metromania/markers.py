"""Destination markers: the deals for 2, 3 and 4 players and the variants, and hiding them.

A marker is a two-letter key: its letter (the test trip A-F) and its type (R, C, E), e.g.
"AR" = the residential A. Hands are kept sorted. Variants: ``unfair`` (Unfair Municipality,
letters stay hidden until placed) and ``no-corruption`` (fixed hands, shown).
"""

from __future__ import annotations

from .board_data import LETTERS, MARKER_PAIRS, NO_CORRUPTION_HANDS, TWO_PLAYER_HANDS, TYPES

UNFAIR = "unfair"
NO_CORRUPTION = "no-corruption"
HIDDEN_LETTER = "?"

ALL_MARKERS = tuple(sorted(letter + t for letter in LETTERS for t in MARKER_PAIRS[letter]))


def markers_of_type(marker_type: str) -> list:
    return [key for key in ALL_MARKERS if key[1] == marker_type]


def deal(players: int, variants: tuple, rng) -> list:
    """The hands, one sorted list of marker keys per seat."""
    if players == 2:
        return [sorted(hand) for hand in TWO_PLAYER_HANDS]
    if NO_CORRUPTION in variants:
        return [sorted(hand) for hand in NO_CORRUPTION_HANDS[players]]
    # One marker of each type per player, all three letters different. The table redraws a
    # marker that repeats a letter; dealing whole rounds again until every hand is valid gives
    # the same valid hands without a redraw ever getting stuck on the last player.
    while True:
        piles = [markers_of_type(t) for t in TYPES]
        for pile in piles:
            rng.shuffle(pile)
        hands = [[pile[seat] for pile in piles] for seat in range(players)]
        if all(len({key[0] for key in hand}) == 3 for hand in hands):
            break
    if players == 3:
        rest = [pile[3] for pile in piles]   # one marker of each type is left
        rng.shuffle(rest)
        for seat in range(3):
            hands[seat].append(rest[seat])
    return [sorted(hand) for hand in hands]


def hide_hand(hand: list) -> list:
    """A hand with its letters face down: only the types (sorted) remain."""
    return sorted(HIDDEN_LETTER + key[1] for key in hand)


def marker_unseen(state, key: str) -> bool:
    """True if marker ``key`` is neither placed nor in a hand this state can see (a table
    peer checks a marker named from a hand it cannot see against this)."""
    if any(placed_key == key for placed_key, _ in state.placed.values()):
        return False
    return not any(key in hand for hand in state.hands)


def holder_of(state, key: str) -> int:
    """The seat holding or having placed marker ``key`` (-1 if nobody: cannot happen)."""
    for space, (placed_key, seat) in state.placed.items():
        if placed_key == key:
            return seat
    for seat, hand in enumerate(state.hands):
        if key in hand:
            return seat
    return -1


def placed_space(state, key: str) -> int:
    for space, (placed_key, _) in state.placed.items():
        if placed_key == key:
            return space
    return -1
