"""A private draw: only the drawer learns the card.

The card at a position of the shuffled deck is ``(c1, c2) = (G**r, m * H**r)`` with
``H**r = c1 ** (x_1 + ... + x_n)``. Every peer except the drawer publishes its share
``c1 ** x_j`` (all at once: the shares do not depend on each other, so the draw costs one
short power per peer in parallel, not a chain of removals). The drawer multiplies in its own
share, which it never publishes, and reads ``m``. Everybody else holds ``m * c1 ** x_drawer``,
which without ``x_drawer`` says nothing about ``m`` (DDH in the group). Peers may compute
their shares for the next positions ahead of time (``Peer.prepare``) and publish them once the
drawer is known; the drawer then only multiplies and inverts.

When the card is played the move names it; the audit checks the name against the deck.
"""

from __future__ import annotations

from typing import Iterable

from .cipher import Ciphertext, decryption_share, unmask
from .group import CardTable, is_element


def share_for_draw(ciphertext: Ciphertext, private: int) -> bytes:
    """A peer's share ``c1 ** x`` of a card; ValueError if ``c1`` is not in the group (raising
    an element outside it to the key would leak a bit of the key)."""
    if not is_element(ciphertext[0]):
        raise ValueError("the card's first component is not in the group")
    return decryption_share(ciphertext, private)


def finish_draw(ciphertext: Ciphertext, own_share: bytes, other_shares: Iterable[bytes],
                cards: CardTable) -> int | None:
    """The drawer's card from its own share and every other peer's; None if the result is no
    card of the pile (a peer published a wrong share: the audit will name it)."""
    return cards.card_of(unmask(ciphertext, [own_share, *other_shares]))
