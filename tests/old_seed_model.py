"""A tiny test-side model of the old single-seed LAN protocol (protocol version 1, removed in
issue 13): START carried every participant's reveal and every peer derived the one game seed
from them. The curious-joiner tests use it to show that their attack works against that
protocol (so they can fail), and fails against the fair table."""

import hashlib

_DOMAIN = b"tracklayer-seed-v1"


def derive_seed(reveals: dict[int, bytes]) -> int:
    """The old 64-bit game seed from every participant's secret (keyed by peer id)."""
    digest = hashlib.blake2b(_DOMAIN + b"/seed", digest_size=8)
    for peer_id in sorted(reveals):
        digest.update(peer_id.to_bytes(4, "big") + reveals[peer_id])
    return int.from_bytes(digest.digest(), "big")
