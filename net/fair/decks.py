"""Intermediate decks relayed as their digests (issue 28 item 5: a lighter wire).

Each dealer shuffles a pile in turn, working on the deck the dealer before it published. Only
the dealer that shuffles next needs that deck whole; the draws read only the pile's last deck.
So the host relays a ``Shuffled`` record whole to the dealer after its author (and the last
one of a pile to everyone), and to every other machine in its digest form: the same record
with the deck replaced by ``deck_digest`` (``records.digest_form``). Every machine's
transcript digest covers a deck by its digest, so the state hashes agree whichever form a
machine received, and the end's audit rebuilds the decks it lacks from the dealers' secrets
and checks them against those digests (``fairplay.deckchain``): a shuffler that cheated is
named on every machine as before.

``DeckRoutes`` is the host's note, per stream index, of who gets a deck whole; a stream
resumed from a save has no note and is sent whole (as before this existed).
"""

from __future__ import annotations

from game.rules.fairplay.records import deck_digest

EVERYONE = None


def relay_form(plain: dict) -> dict:
    """The digest form of a plain ``Shuffled`` that carries its deck; any other plain record
    as it is."""
    if not isinstance(plain, dict) or plain.get("kind") != "Shuffled" or "k" not in plain:
        return plain
    short = {key: value for key, value in plain.items() if key != "k"}
    short["h"] = deck_digest(plain["k"])
    return short


class DeckRoutes:
    """Stream index -> (the dealer that gets that deck whole, its digest form)."""

    def __init__(self) -> None:
        self.routes: dict[int, tuple] = {}

    def note(self, index: int, plain: dict, transcript) -> bool:
        """Note the route of the record at ``index`` (just consumed by the host's driver,
        whose ``transcript`` holds its pile); True if it is a deck that only one dealer gets
        whole."""
        if not isinstance(plain, dict) or plain.get("kind") != "Shuffled" or "k" not in plain:
            return False
        pile = transcript.piles.get(plain.get("p"))
        seats = pile.opening.seats if pile is not None else ()
        if plain.get("s") not in seats or seats.index(plain["s"]) == len(seats) - 1:
            return False              # the pile's last deck: the draws read it, everyone
        nxt = seats[seats.index(plain["s"]) + 1]
        self.routes[index] = (nxt, relay_form(plain))
        return True

    def form_for(self, index: int, plain: dict, dealer: int) -> dict:
        """What the machine of ``dealer`` (a peer id; a spectator's never matches) receives
        of the record at ``index``."""
        route = self.routes.get(index)
        if route is None or route[0] == dealer:
            return plain
        return route[1]
