"""Fair chance for a LAN table without a trusted dealer: joint shuffles, private draws,
joint rolls and an end-of-game audit (issue 13). Pure and deterministic: every random choice
comes from bytes the caller passes in (a peer's secret, nonces, roll values), so the same
inputs give the same transcript in every process. Not wired into the games or the network yet.

The scheme, and why it is not SRA
---------------------------------
The classic mental-poker cipher is SRA / Pohlig-Hellman: every peer raises each card to its
key ``e`` in turn, and a draw removes the layers one after the other with ``d = e^-1 mod Q``.
In a 2048-bit group ``d`` is a full 2047-bit exponent, and the removals are a chain (each
peer needs the previous peer's output): a 6-peer draw is six full powers in a row, about
six times 15 ms = 90 ms with Python's ``pow`` and six times 2 ms = 13 ms with gmpy2, plus five network
hops. That misses the 5 ms target for a draw even before the network.

So the table uses ElGamal under a joint key instead (as in Barnett-Smart mental poker):
``H = G ** (x_1 + ... + x_n)``. A shuffle step permutes and re-randomises every card under
``H`` (powers of the two fixed bases ``G`` and ``H``, from precomputed tables); a draw needs
one share ``c1 ** x_j`` from each non-drawer, all computed at the same time, with 256-bit
private keys: a 6-peer draw costs one short power per peer in parallel plus the drawer's own
(about 4 ms in Python, under half a millisecond with gmpy2; see ``run.py bench --only fairplay``). The
group is the same (RFC 3526's safe prime, cards as quadratic residues), the commitments to
public keys stop a peer from choosing its key after seeing the others', and the audit works
the same way (secrets revealed, every step redone).

Modules
-------
``arithmetic`` gmpy2-or-Python modular arithmetic and fixed-base tables; ``group`` the prime
and card encoding; ``derive`` deterministic streams from a secret; ``cipher`` keys and
ElGamal; ``shuffle`` a shuffle step and its checks; ``draw`` a private draw; ``commit``
commit-reveal and dice; ``threshold`` Shamir sharing of a key; ``records`` what is published;
``transcript`` the checked sequence of records; ``peer`` one peer's records from its secret;
``audit`` the end-of-game check.

What is left to the caller (the net layer): timing out a peer that withholds a step (its seat
goes to a bot, the pile or roll re-opens as the next attempt without it), sending the Shamir
shares encrypted to their holders, and keeping each peer's secret in its own save.
"""

from .audit import AuditReport, Finding, audit
from .peer import Peer
from .records import PUBLIC, FairplayError, PileOpened, RollOpened, from_plain, to_plain
from .transcript import Transcript

__all__ = ["AuditReport", "FairplayError", "Finding", "PUBLIC", "Peer", "PileOpened",
           "RollOpened", "Transcript", "audit", "from_plain", "to_plain"]
