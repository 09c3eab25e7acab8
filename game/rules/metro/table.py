"""Metro at a LAN table: the partial-information state of one peer and its chance steps.

A table state (``table`` True) holds what its peer may know: the board, the drawn tile, the
face-up shares and the counts of everything else, plus its own seat's hand and shares once
``learn`` told it. Where local play takes the top of a shuffled pile, a table state queues a
chance step (``ChanceRequest``) that the table resolves jointly:

* setup: ``shuffle`` the tile pile (and the four share piles with companies), ``deal`` each
  seat its hand (``hand_size`` tiles in one step per seat, seat 0 first), with companies
  ``deal`` each seat one card of each share pile (seat by seat, 10 % pile first), then
  ``reveal`` the top card of each share pile (the face-up card beside it);
* a tile placed from the hand while the stack lasts: ``deal`` one tile to that seat (the
  replacement is secret);
* ``draw``: ``reveal`` one tile (it is placed face up at once, so it is public);
* a share exchange: first ``return`` (a Metro kind: ``seat``'s one card of ``pile`` goes
  face down to the bottom of that pile; the outcome carries nothing; every peer's pile gets
  one unknown card more), then for ``up`` (the face-up card went to the seat with the move)
  a ``reveal`` of the pile's top card as the new face-up card, for ``down`` a ``deal`` of the
  pile's top card to the seat (secret);
* the end of a game with companies: the players show their shares for the final valuation:
  one ``show`` per seat and share pile, seat 0 first, 10 % pile first (a Metro kind: like a
  reveal, but of the one card of ``pile`` that ``seat`` holds, not of the pile's top; the
  outcome is its card id). Every peer then sees every share, as does ``view`` of a finished
  game.

Piles and card ids (``piles``): ``tiles`` holds the 60 type codes in type order with their
copies (the order ``new_game`` shuffles); ``shares10`` .. ``shares40`` hold the cards
``(company, pct)`` in company order, so a share card's id is its company index.
"""

from __future__ import annotations

from ..core import HIDDEN, ChanceRequest, IllegalMove, bad_chance, checked_outcome
from . import companies as comp
from .data import COMPANIES, SHARE_PERCENTS, TILE_COPIES
from .tiles import TYPES

TILE_PILE = "tiles"
SHARE_PILES = tuple(f"shares{pct}" for pct in SHARE_PERCENTS)
TILE_CARDS: tuple[str, ...] = tuple(code for code in TYPES for _ in range(TILE_COPIES[code]))


def share_cards(pct: int) -> tuple[tuple[int, int], ...]:
    return tuple((company, pct) for company in range(len(COMPANIES)))


def piles(companies: bool) -> dict[str, tuple]:
    result: dict[str, tuple] = {TILE_PILE: TILE_CARDS}
    if companies:
        for name, pct in zip(SHARE_PILES, SHARE_PERCENTS):
            result[name] = share_cards(pct)
    return result


# -- setup -------------------------------------------------------------------------------------

def start(state) -> None:
    """Turn an empty state into a table state waiting on the setup's chance steps."""
    state.table = True
    steps = [ChanceRequest("shuffle", pile=TILE_PILE, cards=tuple(range(len(TILE_CARDS))))]
    if state.companies:
        state.piles = [[] for _ in SHARE_PERCENTS]
        state.face_up = [comp.HIDDEN_CARD for _ in SHARE_PERCENTS]
        state.shares = [[] for _ in range(state.players)]
        steps += [ChanceRequest("shuffle", pile=name, cards=tuple(range(len(COMPANIES))))
                  for name in SHARE_PILES]
    steps += [ChanceRequest("deal", pile=TILE_PILE, seat=seat, count=state.hand_size)
              for seat in range(state.players)]
    if state.companies:
        steps += [ChanceRequest("deal", pile=name, seat=seat, count=1)
                  for seat in range(state.players) for name in SHARE_PILES]
        steps += [ChanceRequest("reveal", pile=name, count=1) for name in SHARE_PILES]
    state.chance = [step.to_plain() for step in steps]


def queue(state, kind: str, pile: str, seat: int | None = None, count: int = 1) -> None:
    state.chance.append(ChanceRequest(kind, pile=pile, seat=seat, count=count).to_plain())


def queue_final_reveals(state) -> None:
    for seat in range(state.players):
        for pile in SHARE_PILES:
            queue(state, "show", pile, seat=seat)


def pending(state) -> ChanceRequest | None:
    return ChanceRequest.from_plain(state.chance[0]) if state.chance else None


# -- what this peer has seen -------------------------------------------------------------------

def hidden_hand(hand: list) -> bool:
    """True if this peer cannot see that hand (it holds HIDDEN tiles or cards)."""
    return any(item == HIDDEN or item == comp.HIDDEN_CARD for item in hand)


def unseen_tile_copies(state) -> dict[str, int]:
    """Copies of each type not visible anywhere in this state (board, drawn tile, hands)."""
    left = dict(TILE_COPIES)
    for cell in state.board:
        if cell is not None:
            left[cell[0]] -= 1
    if state.pending is not None and state.pending in left:
        left[state.pending] -= 1
    for hand in state.hands:
        for tile in hand:
            if tile in left:
                left[tile] -= 1
    return left


def visible_shares(state) -> set:
    seen = {card for cards in state.shares for card in cards if card != comp.HIDDEN_CARD}
    seen.update(card for card in state.face_up if card != comp.HIDDEN_CARD)
    return seen


def tile_unseen(state, tile: str) -> bool:
    return unseen_tile_copies(state).get(tile, 0) > 0


def share_unseen(state, card: tuple[int, int]) -> bool:
    return card not in visible_shares(state)


# -- chance outcomes ---------------------------------------------------------------------------

def apply_chance(state, request: ChanceRequest, outcome) -> list[dict]:
    """Apply the public outcome of the pending step (see the module docstring)."""
    outcome = checked_outcome(pending(state), request, outcome)
    if request.kind in ("shuffle", "deal", "return") and outcome:
        raise bad_chance("A {kind} outcome carries nothing", kind=request.kind)
    cards = reveal_values(state, request, outcome) if request.kind in ("reveal", "show") \
        else ()
    state.chance.pop(0)
    pile = request.pile
    if request.kind == "shuffle":
        if pile == TILE_PILE:
            state.stack = [HIDDEN] * len(request.cards)
        else:
            state.piles[SHARE_PILES.index(pile)] = [comp.HIDDEN_CARD] * len(request.cards)
        return [{"kind": "shuffled", "pile": pile}]
    if request.kind == "deal":
        return deal(state, request)
    if request.kind == "return":
        state.piles[SHARE_PILES.index(pile)].append(comp.HIDDEN_CARD)
        return [{"kind": "returned_share", "seat": request.seat, "pile": pile}]
    return reveal(state, request, cards)


def pile_count(state, pile: str) -> int:
    if pile == TILE_PILE:
        return len(state.stack)
    return len(state.piles[SHARE_PILES.index(pile)])


def reveal_values(state, request: ChanceRequest, outcome: tuple) -> list:
    """The cards of a reveal outcome, checked: the right number of distinct card ids of
    the pile, each a card this peer has not seen elsewhere."""
    values = piles(state.companies)[request.pile]
    if len(outcome) != request.count or len(set(outcome)) != len(outcome):
        raise bad_chance("A reveal of {count} needs {count} distinct card ids",
                         count=request.count)
    if any(type(card) is not int or not 0 <= card < len(values) for card in outcome):
        raise bad_chance("{outcome} are not card ids of pile {pile}", outcome=repr(outcome),
                         pile=request.pile)
    cards = [values[card] for card in outcome]
    if request.kind == "show":
        return [held_share(state, request, cards[0])]
    if request.pile == TILE_PILE:
        left = unseen_tile_copies(state)
        for tile in cards:
            left[tile] -= 1
            if left[tile] < 0:
                raise bad_chance("Every copy of tile {tile} is already in sight", tile=tile)
    else:
        seen = visible_shares(state)
        for card in cards:
            if card in seen:
                raise bad_chance("Share {card} is already in sight", card=repr(card))
    return cards


def held_share(state, request: ChanceRequest, card: tuple[int, int]) -> tuple[int, int]:
    """The share a seat shows at the end: its own peer knows it already (it must match);
    elsewhere it must be a card not in sight."""
    shares = state.shares[request.seat]
    known = [held for held in shares if held != comp.HIDDEN_CARD and held[1] == card[1]]
    if known:
        if known[0] != card:
            raise bad_chance("Seat {seat} holds {held}, not {card}", seat=request.seat + 1,
                             held=repr(known[0]), card=repr(card))
    elif card in visible_shares(state) or comp.HIDDEN_CARD not in shares:
        raise bad_chance("Share {card} is already in sight", card=repr(card))
    return card


def deal(state, request: ChanceRequest) -> list[dict]:
    if request.pile == TILE_PILE:
        for _ in range(request.count):
            state.stack.pop()
            state.hands[request.seat].append(HIDDEN)
        return [{"kind": "drew", "seat": request.seat, "tile": HIDDEN, "to": "hand",
                 "stack": len(state.stack), "count": request.count}]
    pile = state.piles[SHARE_PILES.index(request.pile)]
    for _ in range(request.count):
        pile.pop(0)
        state.shares[request.seat].append(comp.HIDDEN_CARD)
    state.shares[request.seat].sort()
    return [{"kind": "dealt_share", "seat": request.seat, "pile": request.pile}]


def reveal(state, request: ChanceRequest, cards: list) -> list[dict]:
    if request.pile == TILE_PILE:
        state.stack.pop()
        state.pending = cards[0]
        return [{"kind": "drew", "seat": state.current, "tile": state.pending, "to": "play",
                 "stack": len(state.stack)}]
    if request.kind == "show":
        shares = state.shares[request.seat]
        if cards[0] not in shares:
            shares.remove(comp.HIDDEN_CARD)
            shares.append(cards[0])
            shares.sort()
        return [{"kind": "showed_share", "seat": request.seat, "card": list(cards[0])}]
    p = SHARE_PILES.index(request.pile)
    state.piles[p].pop(0)
    state.face_up[p] = cards[0]
    return [{"kind": "turned_up", "card": list(cards[0])}]


def learn(state, seat: int, pile: str, cards) -> None:
    """Replace the HIDDEN tiles or share cards last dealt to ``seat`` by the real ones."""
    known = piles(state.companies)
    if pile not in known:
        raise bad_chance("Metro has no pile {pile}", pile=repr(pile))
    if type(seat) is not int or not 0 <= seat < state.players:
        raise bad_chance("There is no seat {seat}", seat=repr(seat))
    if not isinstance(cards, (tuple, list)) or any(
            type(card) is not int or not 0 <= card < len(known[pile]) for card in cards):
        raise bad_chance("{cards} are not card ids of pile {pile}", cards=repr(cards), pile=pile)
    values = [known[pile][card] for card in cards]
    if pile == TILE_PILE:
        learn_tiles(state, seat, values)
    else:
        learn_share(state, seat, values)


def learn_tiles(state, seat: int, tiles: list) -> None:
    hand = state.hands[seat]
    slots = [i for i, tile in enumerate(hand) if tile == HIDDEN]
    if len(slots) < len(tiles):
        raise bad_chance("Seat {seat} was not dealt {count} unknown tiles", seat=seat + 1,
                         count=len(tiles))
    left = unseen_tile_copies(state)
    for tile in tiles:
        left[tile] -= 1
        if left[tile] < 0:
            raise bad_chance("Every copy of tile {tile} is already in sight", tile=tile)
    for i, tile in zip(slots, tiles):
        hand[i] = tile


def learn_share(state, seat: int, cards: list) -> None:
    shares = state.shares[seat]
    pct = cards[0][1] if cards else 0
    if len(cards) != 1 or comp.HIDDEN_CARD not in shares \
            or any(card[1] == pct for card in shares):
        raise bad_chance("Seat {seat} was not dealt one unknown share of that pile",
                         seat=seat + 1)
    if not share_unseen(state, cards[0]):
        raise bad_chance("Share {card} is already in sight", card=repr(cards[0]))
    shares.remove(comp.HIDDEN_CARD)
    shares.append(cards[0])
    shares.sort()


# -- moves that name a card this peer cannot see -----------------------------------------------

def check_hidden_tile(state, seat: int, tile: str) -> None:
    """A tile played from a hand this peer cannot see: it must be a type with an unseen
    copy (whether it really was in that hand is for the cipher transcript's audit)."""
    if not tile_unseen(state, tile):
        raise IllegalMove("not_in_hand", "Tile {tile} is not in your hand", tile=tile)


def check_hidden_share(state, seat: int, card: tuple[int, int]) -> None:
    if not share_unseen(state, card):
        raise IllegalMove("no_such_share", "You hold no {pct}% share of {company}",
                          pct=card[1], company=COMPANIES[card[0]])


def exchange(state, seat: int, card: tuple[int, int], take_up: bool) -> list[dict]:
    """A share exchange on a table state: the given card leaves the hand and waits on a
    ``return`` under its pile (face down: unknown to every peer, its giver's included, as
    the state keeps no face-down card); the taken card comes from the face-up place (seen
    by the seat's own peer, HIDDEN elsewhere, like a view) or waits on a deal; the next
    face-up card waits on a reveal."""
    p = SHARE_PERCENTS.index(card[1])
    shares = state.shares[seat]
    hidden = hidden_hand(shares)
    shares.remove(comp.HIDDEN_CARD if hidden else card)
    pile = SHARE_PILES[p]
    queue(state, "return", pile, seat=seat)
    if take_up:
        shares.append(comp.HIDDEN_CARD if hidden else state.face_up[p])
        taken = list(state.face_up[p])
        state.face_up[p] = comp.HIDDEN_CARD
        queue(state, "reveal", pile)
    else:
        taken = list(comp.HIDDEN_CARD)
        queue(state, "deal", pile, seat=seat)
    shares.sort()
    return [{"kind": "swapped", "seat": seat, "gave": [-1 if hidden else card[0], card[1]],
             "took": taken, "face_up": take_up}]
