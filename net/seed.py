"""The game seed by commit–reveal, so no peer (host included) chooses the shuffle or the dice.

Every participant draws a secret, sends ``commitment(secret)``, and reveals the secret only
after it has seen every commitment. A reveal that does not match its commitment is refused.
The seed is a hash of all secrets in peer-id order: changing it needs every secret at once.
"""

from __future__ import annotations

import hashlib
import secrets

SECRET_BYTES = 16
_DOMAIN = b"tracklayer-seed-v1"


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def commitment(secret: bytes) -> bytes:
    return hashlib.blake2b(_DOMAIN + secret, digest_size=32).digest()


def matches(commit: bytes, secret: bytes) -> bool:
    return len(secret) == SECRET_BYTES and secrets.compare_digest(commitment(secret), commit)


def derive_seed(reveals: dict[int, bytes]) -> int:
    """A 64-bit game seed from every participant's secret (keyed by peer id)."""
    digest = hashlib.blake2b(_DOMAIN + b"/seed", digest_size=8)
    for peer_id in sorted(reveals):
        digest.update(peer_id.to_bytes(4, "big") + reveals[peer_id])
    return int.from_bytes(digest.digest(), "big")


def new_token() -> str:
    """A seat token: what a returning player shows to take its seats back."""
    return secrets.token_hex(12)
