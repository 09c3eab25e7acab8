"""A private draw: only the drawer learns the card.

The card at a position of the shuffled deck is ``(c1, c2) = (G**r, m * H**r)`` with
``H**r = c1 ** (x_1 + ... + x_n)``. Every peer except the drawer publishes its share
``c1 ** x_j`` (all at once: the shares do not depend on each other, so the draw costs one
short power per peer in parallel, not a chain of removals). The drawer multiplies in its own
share, which it never publishes, and reads ``m``. Everybody else holds ``m * c1 ** x_drawer``,
which without ``x_drawer`` says nothing about ``m`` (DDH in the group). Peers may compute
their shares for the next positions ahead of time; they publish them once the drawer is known.

When the card is played the move names it; the audit checks the name against the deck.
"""

from __future__ import annotations

from typing import Iterable

from .cipher import Ciphertext, decryption_share, private_key, unmask
from .group import CardTable


def share_for_draw(ciphertext: Ciphertext, secret: bytes) -> int:
    """The share a non-drawing peer publishes for the card ``ciphertext``."""
    return decryption_share(ciphertext, private_key(secret))


def finish_draw(ciphertext: Ciphertext, other_shares: Iterable[int], secret: bytes,
                cards: CardTable) -> int | None:
    """The drawer's card: its own share with every other peer's; None if the result is no
    card of the pile (a peer published a wrong share: the audit will name it)."""
    own = decryption_share(ciphertext, private_key(secret))
    return cards.card_of(unmask(ciphertext, [own, *other_shares]))
