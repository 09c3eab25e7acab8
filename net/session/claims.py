"""Resume claims that cannot be forged: each machine proves it holds its own secret key.

Before, a joiner claimed its old seats on a resumed table with ``r:<table>:<old peer id>``,
which every participant can compute, so a former player could take another machine's seats.
Now every machine at a LAN table (host and joiners) makes a random *claim secret* when it
joins. Only the machine itself keeps it (in its own save, ``lan.claim``); it sends the
matching public key (``G ** x`` in the fair table's group, ``game.rules.fairplay.group``) in
its hello, and the host hands every seat's public key to everybody in START, so every peer's
save knows them (``lan.claimkeys``, per seat) and any of them can resume the table later.

A claim on a resumed table is answered by a CHALLENGE carrying a fresh random nonce; the
joiner answers with a Schnorr proof of knowledge of its secret bound to that nonce, the table
id and the old peer id (Fiat–Shamir over BLAKE2b). Only the public key is needed to check it,
so neither the saves nor the wire ever hold anything that lets another machine prove the
claim, and a recorded proof is useless against any other nonce.

A name is no secret either: a seat whose old machine left its claim key (or its seat token's
digest) in the save goes back to that machine only, and nobody else ever sits in it meanwhile
(``net.table.seating``: a name asking for it is refused with ``R_SEAT_OWNED``), so its owner
always finds it free. A forged claim is refused outright (``R_BAD_CLAIM``).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Callable, Protocol

from game.rules.fairplay.cipher import private_key, public_key
from game.rules.fairplay.group import (ELEMENT_BYTES, Q, SCALAR_BYTES, divide, element_from_bytes,
                                       element_to_bytes, generator_power, power)
from net.protocol import messages as ids
from net.protocol.tables import claimed_groups, table_id

SECRET_BYTES = 32
PUBLIC_BYTES = ELEMENT_BYTES
NONCE_BYTES = 16
CHALLENGE_BITS = 128
RESPONSE_BYTES = SCALAR_BYTES             # the response, an exponent mod Q
TABLE_CHARS = 12                          # as many hex digits of the table id as a claim has


def new_claim_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def claim_public(secret: bytes) -> bytes:
    """The public key (32 bytes) of a claim secret."""
    return element_to_bytes(public_key(private_key(secret)))


def new_nonce() -> bytes:
    return secrets.token_bytes(NONCE_BYTES)


def _challenge(nonce: bytes, table: str, group: int, public: bytes, commitment: bytes) -> int:
    digest = hashlib.blake2b(digest_size=CHALLENGE_BITS // 8, person=b"tl-resume-claim")
    for part in (nonce, table[:TABLE_CHARS].encode("ascii", "replace"),
                 int(group).to_bytes(4, "big", signed=True), public, commitment):
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return int.from_bytes(digest.digest(), "big")


def prove(secret: bytes, nonce: bytes, table: str, group: int) -> tuple[bytes, bytes]:
    """(commitment, response): proof that we know ``secret`` for this nonce, table and peer."""
    private = private_key(secret)
    public = element_to_bytes(public_key(private))
    mask = 1 + secrets.randbelow(Q - 1)
    commitment = element_to_bytes(generator_power(mask))
    response = (mask + _challenge(nonce, table, group, public, commitment) * private) % Q
    return commitment, response.to_bytes(RESPONSE_BYTES, "big")


def verify(public: bytes, nonce: bytes, table: str, group: int, commitment: bytes,
           response: bytes) -> bool:
    """Whether the proof shows knowledge of the secret behind ``public``. Never raises."""
    try:
        key = element_from_bytes(public)
        point = element_from_bytes(commitment)
    except (ValueError, TypeError):
        return False
    if not isinstance(response, bytes) or len(response) != RESPONSE_BYTES:
        return False
    answer = int.from_bytes(response, "big")
    if answer >= Q:
        return False
    challenge = _challenge(nonce, table, group, public, commitment)
    return divide(generator_power(answer), power(key, challenge)) == point


# ------------------------------------------------------------------ what saves keep
def keys_to_header(keys: list[bytes]) -> list[str]:
    return [key.hex() for key in keys]


def keys_from_header(header: dict) -> list[bytes]:
    """Per seat, the claim public key saved with the table (b"" where none)."""
    block = header.get("lan") if isinstance(header, dict) else None
    players = header.get("config", {}).get("players", 0) if isinstance(header, dict) else 0
    raw = block.get("claimkeys") if isinstance(block, dict) else None
    if not (isinstance(raw, list) and len(raw) == players):
        return [b""] * players
    out = []
    for item in raw:
        try:
            key = bytes.fromhex(item) if isinstance(item, str) else b""
        except ValueError:
            key = b""
        out.append(key if len(key) == PUBLIC_BYTES else b"")
    return out


def own_secret(header: dict) -> bytes:
    """The claim secret a machine kept in its own save (b"" if none)."""
    block = header.get("lan") if isinstance(header, dict) else None
    raw = block.get("claim") if isinstance(block, dict) else None
    try:
        secret = bytes.fromhex(raw) if isinstance(raw, str) else b""
    except ValueError:
        return b""
    return secret if len(secret) == SECRET_BYTES else b""


# ------------------------------------------------------------------ the host's side
class ClaimTable(Protocol):
    """What ``ClaimGuard`` reads of the table it guards (``HostEndpoint`` is one)."""

    resumed: Any        # the resumed match (None: a new table, where nobody claims)
    phase: str          # claims are made in the lobby only
    slots: list         # net.protocol.lobby.Slot per seat


class ClaimGuard:
    """A part of ``HostEndpoint`` (``claims``) with its own state: the host's own claim
    secret, every peer's public key, the old machines' keys of a resumed table, the
    challenges sent and the claims proven, per connection. It sends nothing itself: it
    answers with the CHALLENGE to send, or the hello a proof lets through."""

    def __init__(self, table: ClaimTable) -> None:
        self.table = table
        self.secret = new_claim_secret()           # the host's own (peer 0 on a resume)
        self.publics: dict[int, bytes] = {}        # peer id -> its public key (this table)
        self.old_keys: list[bytes] = []            # resumed table: per seat, from the save
        self._challenges: dict[Any, tuple[dict, int, bytes]] = {}   # conn -> hello, group, n
        self._proven: dict[Any, int] = {}          # conn -> old group it proved

    def joined(self, pid: int, public: bytes) -> None:
        """A new peer's public key, from its hello (b"" when it sent none)."""
        self.publics[pid] = public

    def seat_keys(self) -> list[bytes]:
        """Per seat, the public key of the machine holding it now (the host's for its own)."""
        own = claim_public(self.secret)
        out = []
        for slot in self.table.slots:
            if slot.kind == ids.KIND_REMOTE:
                out.append(self.publics.get(slot.peer, b""))
            elif slot.kind == ids.KIND_OPEN:
                out.append(b"")
            else:
                out.append(own)
        return out

    def keyed_group(self, group: int | None) -> bytes:
        """The saved public key of old machine ``group`` (b"" when it had none)."""
        if group is None or not self.old_keys:
            return b""
        for index, slot in enumerate(self.table.slots):
            if (slot.kind in (ids.KIND_OPEN, ids.KIND_REMOTE) and slot.reserved
                    and slot.group == group
                    and index < len(self.old_keys) and self.old_keys[index]):
                return self.old_keys[index]
        return b""

    def challenge(self, conn: Any, hello: dict) -> dict | None:
        """When the hello claims a keyed old machine of this resumed table: the CHALLENGE to
        send, the hello held until the proof. None: the hello goes on as it is."""
        resumed = self.table.resumed
        if resumed is None or self.table.phase != "lobby" or conn in self._proven:
            return None
        table = table_id(resumed)
        # the first claimed old machine whose seats wait for their key here: a machine that
        # holds several saves of this table (the old host's too) claims each of them
        group = next((g for g in claimed_groups(hello["tok"], table) if self.keyed_group(g)),
                     None)
        if group is None:
            return None
        nonce = new_nonce()
        self._challenges[conn] = (hello, group, nonce)
        return {"t": ids.CHALLENGE, "n": nonce, "tb": table[:TABLE_CHARS], "p": group}

    def proof(self, conn: Any, msg: dict) -> dict | None:
        """A joiner's answer to our challenge: the hello it held, now proven to come from its
        old machine; None when no challenge waits or the proof is false (refuse it)."""
        held = self._challenges.pop(conn, None)
        resumed = self.table.resumed
        if held is None or resumed is None:
            return None
        hello, group, nonce = held
        public = self.keyed_group(group)
        if not public or not verify(public, nonce, table_id(resumed), group, msg["pt"],
                                    msg["ps"]):
            return None
        self._proven[conn] = group
        return hello

    def proven_group(self, conn: Any) -> int | None:
        """The old machine ``conn`` proved to be by its claim (resumed table, lobby)."""
        if self.table.resumed is None or self.table.phase != "lobby":
            return None
        return self._proven.get(conn)

    def forget(self, conn: Any) -> None:
        """The connection is gone: its challenge and its proof with it."""
        self._challenges.pop(conn, None)
        self._proven.pop(conn, None)


# ------------------------------------------------------------------ the joiner's side
def answer_challenge(msg: dict, token: str,
                     lookup: Callable[[str, int], bytes]) -> dict | None:
    """The PROOF for a host's CHALLENGE, if our hello claimed that table and peer and we
    hold its secret; None otherwise (we then refuse: it is not our claim)."""
    table, group = msg["tb"], msg["p"]
    if group not in claimed_groups(token, table):
        return None
    secret = lookup(table, group)
    if not secret:
        return None
    commitment, response = prove(secret, msg["n"], table, group)
    return {"t": ids.PROOF, "pt": commitment, "ps": response}


class ClaimAnswers:
    """A part of ``ClientEndpoint`` (``claims``) with its own state: our claim secret, where
    the secrets of our old tables are found, the public key our hellos carry and every seat's
    key as START named them. It sends nothing itself: it adds our key to a hello and answers
    a CHALLENGE with the PROOF to send, or None (not our claim: the endpoint refuses)."""

    def __init__(self, secret: bytes, lookup: Callable[[str, int], bytes]) -> None:
        """``secret``: our key for this table (b"": a new one); ``lookup(table, group)``:
        the claim secret this machine kept in its save of that old table (b"" if none)."""
        self.secret = secret or new_claim_secret()
        self.lookup = lookup
        self.keys: list[bytes] | None = None     # every seat's key, from START
        self._public = b""

    def hello_fields(self, hello: dict) -> dict:
        """``hello`` with our public key (the host hands it to every peer in START)."""
        if not self._public:
            self._public = claim_public(self.secret)
        hello["ck"] = self._public
        return hello

    def learn_keys(self, keys: list | None, seats: int) -> None:
        """Every seat's key from START: kept only when there is one per seat (None: none)."""
        self.keys = list(keys) if keys is not None and len(keys) == seats else None

    def answer(self, challenge: dict, token: str) -> dict | None:
        """The PROOF for the host's CHALLENGE to the hello that claimed ``token``; None when
        it is not a claim we made or we do not hold its secret."""
        return answer_challenge(challenge, token, self.lookup)
