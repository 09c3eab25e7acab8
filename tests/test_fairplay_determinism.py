"""fairplay is deterministic across processes: the same secrets give the same transcript
bytes in two fresh interpreters (one with a different hash seed)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAME = """
import hashlib, json, sys
{block}
import msgpack
from game.rules.fairplay import PileOpened, RollOpened, Transcript, audit, to_plain
from game.rules.fairplay.peer import Peer

def secret(*parts):
    return hashlib.blake2b(repr(parts).encode(), digest_size=32).digest()

peers = [Peer(seat, secret("peer", seat)) for seat in range(3)]
transcript = Transcript()
for peer in peers:
    transcript.append(peer.commit_key(secret("nonce", peer.seat)))
for peer in peers:
    transcript.append(peer.reveal_key(secret("nonce", peer.seat)))
transcript.append(PileOpened("tiles", 0, tuple(range(6)), (0, 1, 2)))
for peer in peers:
    transcript.append(peer.shuffle(transcript, "tiles"))
transcript.append(RollOpened("r", 0, (0, 1, 2)))
for peer in peers:
    transcript.append(peer.commit_roll(transcript, "r", secret("v", peer.seat),
                                       secret("n", peer.seat)))
for peer in peers:
    transcript.append(peer.reveal_roll("r", secret("v", peer.seat), secret("n", peer.seat)))
hand = []
for position in range(6):
    drawer = position % 3
    for peer in peers:
        if peer.seat != drawer:
            transcript.append(peer.share(transcript, "tiles", position, drawer))
    hand.append(peers[drawer].read_draw(transcript, "tiles", position))
    transcript.append(peers[drawer].play("tiles", position, hand[-1]))
data = msgpack.packb([to_plain(record) for record in transcript.records])
print(json.dumps({{"hash": hashlib.blake2b(data).hexdigest(),
                  "hand": hand, "faces": transcript.roll_faces("r", [6, 6, 6, 6]),
                  "audit": audit(transcript.records, {{p.seat: p.secret for p in peers}}).ok}}))
"""


def _run(block: str, hash_seed: str) -> dict:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    out = subprocess.run([sys.executable, "-c", GAME.format(block=block)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=True, env=env)
    return json.loads(out.stdout)


def test_the_same_secrets_give_the_same_transcript_in_every_process():
    first = _run("", "1")
    assert first["audit"] is True
    assert sorted(first["hand"]) == list(range(6))
    assert _run("", "2") == first
