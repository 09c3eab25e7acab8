"""One peer's step of the joint shuffle, and its checks at the audit.

In turn, each seated peer takes the deck as the previous peer left it, permutes it and
re-randomises every card under the joint key (``Rerandomizer``); permutation and re-randomisers
come from the peer's secret bytes and the pile's label, so the step is reproducible at the
audit. After the last peer nobody knows the order unless every peer colludes.

* ``shuffle_step``: the deck a peer publishes.
* ``step_matches_secret``: redo the step from the revealed secret, compare (the normal audit).
* ``unshuffle_step``: the deck a step started from, given its output and its secret (the
  step is a bijection once the secret is known): the audit rebuilds an intermediate deck
  that travelled only as its digest from the deck after it.
* ``step_keeps_cards``: with every private key known (e.g. one recovered from Shamir shares
  for a peer that left and revealed nothing), check only that the output holds exactly the
  cards of the input: no card substituted, dropped or duplicated.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from .cipher import Ciphertext, Rerandomizer, decrypt
from .derive import Stream
from .group import divide, generator_power, power, random_exponent


def shuffle_stream(secret: bytes, pile: str, attempt: int) -> Stream:
    """The stream a peer's shuffle of ``pile`` (its ``attempt``-th opening) is drawn from."""
    return Stream(secret, "shuffle", pile, attempt)


def shuffle_step(deck: Sequence[Ciphertext], secret: bytes, pile: str, attempt: int,
                 joint_key: bytes) -> tuple[Ciphertext, ...]:
    """The deck after this peer's step: ``out[k] = rerandomize(deck[order[k]], r_k)``."""
    stream = shuffle_stream(secret, pile, attempt)
    order = stream.permutation(len(deck))
    rerandomizer = Rerandomizer.for_key(joint_key)
    return tuple(rerandomizer.rerandomize(deck[source], random_exponent(stream))
                 for source in order)


def unshuffle_step(after: Sequence[Ciphertext], secret: bytes, pile: str, attempt: int,
                   joint_key: bytes) -> tuple[Ciphertext, ...]:
    """The deck ``before`` with ``shuffle_step(before, ...) == after``."""
    stream = shuffle_stream(secret, pile, attempt)
    order = stream.permutation(len(after))
    before: list = [None] * len(after)
    for card, source in zip(after, order):
        randomizer = random_exponent(stream)
        before[source] = (divide(card[0], generator_power(randomizer)),
                          divide(card[1], power(joint_key, randomizer)))
    return tuple(before)


def step_matches_secret(before: Sequence[Ciphertext], after: Sequence[Ciphertext],
                        secret: bytes, pile: str, attempt: int, joint_key: bytes) -> bool:
    """Whether ``after`` is exactly the step this secret makes from ``before``."""
    return tuple(after) == shuffle_step(before, secret, pile, attempt, joint_key)


def step_keeps_cards(before: Sequence[Ciphertext], after: Sequence[Ciphertext],
                     privates: Sequence[int]) -> bool:
    """Whether ``after`` decrypts (under all of ``privates``) to the same multiset of cards
    as ``before``: the weaker check when the step's secret is unknown."""
    if len(before) != len(after):
        return False
    return (Counter(decrypt(card, privates) for card in before)
            == Counter(decrypt(card, privates) for card in after))
