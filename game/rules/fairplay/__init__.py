"""Fair chance for a LAN table without a trusted dealer: joint shuffles, private draws,
joint rolls and an end-of-game audit (issue 13). Pure and deterministic: every random choice
comes from bytes the caller passes in (a peer's secret, nonces, roll values), so the same
inputs give the same transcript in every process. Not wired into the games or the network yet.

The scheme, and why it is not SRA
---------------------------------
The classic mental-poker cipher is SRA / Pohlig-Hellman: every peer raises each card to its
key ``e`` in turn, and a draw removes the layers one after the other with ``d = e^-1 mod Q``.
In a 2048-bit group ``d`` is a full 2047-bit exponent, and the removals are a chain (each peer
needs the previous peer's output): a 6-peer draw is six full powers in a row, measured at
103 ms with Python's ``pow`` and 13 ms with gmpy2, plus five network hops. That misses the
5 ms target for a draw even before the network.

So the table uses ElGamal under a joint key instead (as in Barnett-Smart mental poker):
``H = G ** (x_1 + ... + x_n)``, each ``x_i`` a peer's private key, the public keys
committed before any is revealed. A shuffle step permutes and re-randomises every card under
``H``. A draw needs one share ``c1 ** x_j`` from each non-drawer, all computed at the same
time, and the drawer adds its own, which it never publishes.

The group (issue 28 item 5) is the prime-order subgroup of edwards25519 through libsodium
(PyNaCl): 32-byte elements, powers constant time in the secret exponent. It replaced RFC
3526's 2048-bit group (256-byte elements, gmpy2), which made a Metro joiner receive up to
309 kB a game; ``group.py`` says why, and ``run.py bench --only fairplay`` /
``--only net.wire`` give the numbers (CPU time): a joint shuffle of 60 tiles by 6 peers
about 100 ms with every received element checked (target 1 s), a 6-peer draw's critical path
about 1 ms p99 (target 5 ms), the audit of a 6-player, 60-draw game under 100 ms.

The audit works as for SRA: secrets revealed, every step redone, the first cheat named.

Modules
-------
``group`` the group's operations and the card encoding; ``derive`` deterministic streams
from a secret; ``cipher`` keys and ElGamal; ``shuffle`` a shuffle step and its checks; ``draw`` a private draw; ``commit``
commit-reveal and dice; ``threshold`` Shamir sharing of a key; ``vss`` its Feldman commitments, proofs of equal
logarithms and roll parts fixed by the keys (a missing one rebuilt from the escrow, never
rolled again); ``records`` what is published;
``transcript`` the checked sequence of records; ``peer`` one peer's records from its secret;
``audit`` the end-of-game check.

What is left to the caller (the net layer): timing out a peer that withholds a step (its seat
goes to a bot, a pile re-opens as the next attempt without it; a roll part is rebuilt), sending the Shamir
shares encrypted to their holders, and keeping each peer's secret in its own save.
"""

from .audit import AuditReport, Finding, audit
from .peer import Peer
from .records import PUBLIC, FairplayError, PileOpened, RollOpened, from_plain, to_plain
from .transcript import Transcript

__all__ = ["AuditReport", "FairplayError", "Finding", "PUBLIC", "Peer", "PileOpened",
           "RollOpened", "Transcript", "audit", "from_plain", "to_plain"]
