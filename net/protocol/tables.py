"""Who a table is and who claims a seat of it: the table id every peer shares, what a save
keeps of a seat token, and the resume claims a joiner sends (``r:<table>:<peer>,...``).

Pure functions of their arguments (no disk): the host's endpoint checks claims with them and
the game side's LAN saves (``game.saves.lan``) write and read them.
"""

from __future__ import annotations

from game.match import Match
from game.rules.core import canonical_bytes, hash_bytes

CLAIM_PREFIX = "r:"
CLAIM_TABLE = 12          # hex digits of the table id in a claim (the hello token is short)
MAX_CLAIMS = 3


def table_id(match: Match) -> str:
    """The same short id on every peer of one table (what makes its games identical)."""
    return hash_bytes(canonical_bytes([match.game.name, match.config, match.seed]))[:16]


def token_digest(token: str) -> str:
    """What a save keeps of a seat token: enough to recognise it, not the token itself."""
    return hash_bytes(b"seat-token:" + token.encode("utf-8"))[:16] if token else ""


def resume_claim(table: str, peer: int) -> str:
    """One machine's claim on a resumed table: "this table, and I was peer ``peer``"."""
    return f"{table[:CLAIM_TABLE]}:{int(peer)}"


def claimed_groups(token: str, table: str) -> list[int]:
    """Every old peer id a hello token claims on the table ``table``, in the token's order (a
    machine may hold several saves of one table: e.g. the old host's and a guest's)."""
    if not token.startswith(CLAIM_PREFIX):
        return []
    groups = []
    for claim in token[len(CLAIM_PREFIX):].split(","):
        claimed_table, _sep, peer = claim.partition(":")
        if (claimed_table and claimed_table == table[:CLAIM_TABLE] and peer.isascii()
                and peer.isdigit() and len(peer) <= 6):
            groups.append(int(peer))
    return groups


def claimed_group(token: str, table: str) -> int | None:
    """The first old peer id a hello token claims on the table ``table`` (None: no claim)."""
    groups = claimed_groups(token, table)
    return groups[0] if groups else None


def is_claim(token: str) -> bool:
    return token.startswith(CLAIM_PREFIX)
