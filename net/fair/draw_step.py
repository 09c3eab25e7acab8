"""A draw of the fair table (``deal`` to a seat, ``reveal`` face up): its opening, its
completion, reading a card, and a departed dealer's shares done by every machine.

* ``deal`` to a seat: every dealer but the drawer's machine shares the next positions of the
  pile (a cursor per pile, ``net.fair.positions``), the drawer reads its cards and its match
  ``learn``s them; a seat whose machine left for good before the pile was shuffled without it
  is read by every machine (drawer ``PUBLIC``);
* ``reveal``: every dealer shares the next positions face up, every machine reads them.

The step is the tuple ``(kind, pile, positions, drawer, key)`` the deal's machine holds
(``net.fair.phases.DealMachine``); the functions take the ``FairTable`` whose step it is.
"""

from __future__ import annotations

from game.rules.core import IllegalMove
from game.rules.fairplay import PUBLIC
from game.rules.fairplay.draw import finish_draw, share_for_draw
from game.rules.fairplay.records import DrawShared
from net.fair.errors import FairError


def open_draw(table, request, key) -> tuple:
    """The step of a deal or reveal request: its positions and who reads them."""
    pile = request.pile
    positions = table.positions.next_positions(pile, request.count, len(table.piles[pile]))
    drawer = table.positions.deal_drawer(request.seat, pile) if request.kind == "deal" \
        else PUBLIC
    return (request.kind, pile, positions, drawer, key)


def complete_draw(table, step, request):
    """(outcome, learned) once every share of the draw is in, else None."""
    kind, name, positions, drawer, _ = step
    t = table.transcript
    book = table.positions
    others = [d for d in t.piles[name].opening.seats if d != drawer]
    if others and not all(t.draw_complete(name, p) for p in positions):
        return None
    learned = []
    if kind == "reveal":
        outcome = tuple(t.public_card(name, p) for p in positions)
        if None in outcome:
            raise FairError("fair_bad_share", dealer=-1, pile=name)
        book.after_reveal(name, positions)
    else:
        outcome = ()
        if drawer == PUBLIC:     # dealt to a departed machine's seat: read by all
            cards = tuple(t.public_card(name, p) for p in positions)
            if None in cards:
                raise FairError("fair_bad_share", dealer=-1, pile=name)
            for p, card in zip(positions, cards):
                book.known[(name, p)] = card
            learned = [(request.seat, name, cards)]
        elif (drawer == table.me and table.peer is not None) or drawer in table.recovered:
            cards = tuple(read_card(table, name, p, drawer) for p in positions)
            for p, card in zip(positions, cards):
                book.known[(name, p)] = card
            learned = [(request.seat, name, cards)]
        book.dealt(name, request.seat, positions)
    book.consume_positions(name, positions)
    return outcome, learned


def read_card(table, pile: str, position: int, drawer: int | None = None) -> int:
    """The card at a drawn position, read by this machine (its own draw, a one-seat pile, or
    a departed drawer's with its rebuilt key)."""
    t = table.transcript
    recovered = table.recovered
    if drawer is not None and drawer in recovered and drawer != table.me:
        ciphertext = t.card_at(pile, position)
        draw = t.piles[pile].draws.get(position)
        others = list(draw.shares.values()) if draw is not None else []
        card = finish_draw(ciphertext, share_for_draw(ciphertext, recovered[drawer]),
                           others, t.piles[pile].cards)
    elif len(t.piles[pile].opening.seats) == 1:
        ciphertext = t.card_at(pile, position)
        card = finish_draw(ciphertext, share_for_draw(ciphertext, table.peer.private), (),
                           t.piles[pile].cards)
    else:
        card = table.peer.read_draw(t, pile, position)
    if card is None:     # a share was wrong: the audit names who; we cannot play on
        raise FairError("fair_bad_share", dealer=-1, pile=pile, position=position)
    return card


def stand_in_shares(table, step) -> None:
    """Every machine gives a departed dealer's shares of the draw, from its rebuilt key."""
    _, name, positions, drawer, _ = step
    t = table.transcript
    pile = t.piles.get(name)
    if pile is None:
        return
    for gone in sorted(table.recovered):
        if gone == drawer or gone not in pile.opening.seats:
            continue
        for position in positions:
            draw = pile.draws.get(position)
            if draw is not None and gone in draw.shares:
                continue
            ciphertext = t.card_at(name, position)
            table.append_derived(DrawShared(name, position, drawer, gone,
                                            share_for_draw(ciphertext, table.recovered[gone]),
                                            pile.returns.get(position, 0),
                                            pile.opening.attempt))


def learn_departed_hands(table, gone: int) -> None:
    """Every machine reads the cards the departed dealer's seats hold (its bot needs them),
    but those it knows already (shown at the end, or read by everyone when dealt)."""
    if table.match is None or gone == table.me:
        return
    book = table.positions
    for pile, seat, positions in book.unknown_of(gone):
        cards = []
        for position in positions:
            public = table.transcript.public_card(pile, position)   # taken face up
            card = public if public is not None else read_card(table, pile, position, gone)
            book.known[(pile, position)] = card
            cards.append(card)
        try:
            table.match.learn_cards(seat, pile, tuple(cards))
        except IllegalMove as error:   # cards its hand cannot hold: a false deck
            raise FairError("fair_bad_outcome", dealer=gone, detail=error.code) from None
