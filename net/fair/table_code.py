"""The table code (issue 28): a short string every screen at a fair table shows, equal on
every machine only if every machine fixed the same verify key for every dealer.

The host relays each dealer's Ed25519 verify key (net.fair.signing); nothing but the host
joins the machines, so a hostile host could give one machine a key of its own making for a
dealer and forge that dealer's records for it with the matching signing key. The records
check on that machine, and nothing on the wire can tell. The players can: each machine
hashes the table id and the sorted (dealer, verify key) pairs it fixed into nine characters,
shown on its screen, and the players compare the codes by looking (the way messaging apps
compare safety numbers). Nothing new is sent: each machine computes its code itself.

The host's own records (dealer 0) are unsigned, so it has no key here; the table id (which
the host chose and told each machine) is in the code, so a host that told machines
different tables shows up too.
"""

from __future__ import annotations

import hashlib

import msgpack

from net.fair.signing import RELAY

DOMAIN = b"tracklayer/table-code/1"
# 25 symbols without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B): read aloud or compared
# across a table without doubt; nine of them are about 42 bits
ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
GROUPS, GROUP_LENGTH = 3, 3


def table_code(table_id: str, keys: dict[int, bytes], dealers) -> str | None:
    """The code for this machine's view: ``"K7M-4PX-9QA"``; None while a dealer other than
    the host has no key fixed here yet (the code would change when it comes)."""
    signed = sorted({int(d) for d in dealers if d != RELAY})
    if any(dealer not in keys for dealer in signed):
        return None
    packed = msgpack.packb([DOMAIN, str(table_id), [[d, bytes(keys[d])] for d in signed]],
                           use_bin_type=True)
    number = int.from_bytes(hashlib.blake2b(packed, digest_size=16).digest(), "big")
    symbols = []
    for _ in range(GROUPS * GROUP_LENGTH):
        number, digit = divmod(number, len(ALPHABET))
        symbols.append(ALPHABET[digit])
    return "-".join("".join(symbols[i:i + GROUP_LENGTH])
                    for i in range(0, len(symbols), GROUP_LENGTH))


class CodeTeller:
    """Says a table's code once, as soon as every dealer's key is fixed."""

    def __init__(self) -> None:
        self.told: str | None = None

    def news(self, table_id: str, keys: dict[int, bytes], dealers) -> str | None:
        """The code when it is known and not told yet (then it counts as told), else None."""
        if self.told is not None:
            return None
        code = table_code(table_id, keys, dealers)
        if code is not None:
            self.told = code
        return code
