"""Bench section ``fairplay``: the cryptography of issue 13 (in-process, no network), in the
group of ``game.rules.fairplay.group`` (edwards25519 through libsodium since issue 28 item 5).
Times are this thread's CPU time (``time.thread_time``), so other programs' load on the
machine does not count.

* ``shuffle_60x6_ms``: the joint shuffle of Metro's 60 tiles by 6 peers, the six steps one
  after the other (the order the protocol imposes), each step also decoded from its wire form
  (elements checked to be in the group) and appended to a transcript — target ≤ 1000 ms with
  the network; ``..._cold_ms`` includes building the joint key's power table (once per table).
* A private draw among 6 peers, over the 60 draws of a game (p50 / p99):
  ``draw_share_ms`` one non-drawer's share (the five are computed at the same time on five
  machines); ``draw_apply_ms`` one peer decoding and appending the five shares;
  ``draw_finish_ms`` the drawer reading its card; ``draw_critical_path_ms`` = share + apply +
  finish, the crypto latency of a draw on the table (target ≤ 5 ms with the network);
  ``draw_all_peers_cpu_ms`` all of it on one machine (six peers sharing one CPU);
  ``draw_prepared_critical_path_ms`` the same latency when every peer computed its share of
  the next card ahead of time (``Peer.prepare``): publishing, applying and unmasking only.
* ``roll_6_peers_ms``: a joint roll of 6 peers (commitments, reveals, each checked, and the
  faces of 4 dice and the meteor die), all peers' work on one CPU (p50 / p99; target ≤ 5 ms).
* ``audit_6p_60_draws_ms``: the end-of-game audit of that game (keys, six shuffle steps, 300
  shares, 60 named tiles) — target ≤ 1000 ms.
* ``threshold_part_ms`` / ``threshold_combine_3_ms``: finishing a departed peer's share
  without rebuilding its key: one holder's part (one power; the holders work in
  parallel) and combining three parts.
* ``power_us`` / ``generator_power_us`` / ``mul_us`` / ``check_element_us``: one power of
  an element by a secret exponent (constant time), of the generator, one group operation,
  one check that 32 received bytes are an element (p50, microseconds); ``element_bytes``.
"""

from __future__ import annotations

import hashlib
import time

from game.benchmarks.measure import percentile
from game.rules.fairplay import PileOpened, RollOpened, Transcript, audit, from_plain, to_plain
from game.rules.fairplay.cipher import Rerandomizer
from game.rules.fairplay.group import (ELEMENT_BYTES, Q, element_from_bytes, encode_card,
                                       generator_power, mul, power)
from game.rules.fairplay.peer import Peer
from game.rules.fairplay.threshold import combine_partial_shares, partial_share, split

SECTION = "fairplay"
PEERS = 6
TILES = 60


def _bytes(*parts) -> bytes:
    return hashlib.blake2b(repr(parts).encode(), digest_size=32).digest()


def _ms(started: float) -> float:
    return (time.thread_time() - started) * 1000


def _seated(game: int):
    peers = [Peer(seat, _bytes("secret", game, seat)) for seat in range(PEERS)]
    transcript = Transcript()
    for peer in peers:
        transcript.append(peer.commit_key(_bytes("nonce", game, peer.seat)))
    for peer in peers:
        transcript.append(peer.reveal_key(_bytes("nonce", game, peer.seat)))
    transcript.append(PileOpened("tiles", 0, tuple(range(TILES)), tuple(range(PEERS))))
    return peers, transcript


def _shuffle(peers, transcript) -> float:
    started = time.thread_time()
    for peer in peers:
        step = peer.shuffle(transcript, "tiles")
        transcript.append(from_plain(to_plain(step)))   # as a receiving peer decodes it
    return _ms(started)


def _draws(peers, transcript, numbers: dict, prepared: bool = False) -> None:
    for position in range(TILES):
        drawer = position % PEERS
        if prepared:   # computed while the previous player thinks: off the draw's clock
            for peer in peers:
                peer.prepare(transcript, "tiles", [position])
        started = time.thread_time()
        shares = [peer.share(transcript, "tiles", position, drawer)
                  for peer in peers if peer.seat != drawer]
        shares_ms = _ms(started)
        wire = [to_plain(share) for share in shares]
        started = time.thread_time()
        for plain in wire:
            transcript.append(from_plain(plain))
        numbers["apply"].append(_ms(started))
        started = time.thread_time()
        card = peers[drawer].read_draw(transcript, "tiles", position)
        numbers["finish"].append(_ms(started))
        transcript.append(peers[drawer].play("tiles", position, card))
        numbers["share"].append(shares_ms / len(shares))
        numbers["all"].append(shares_ms + numbers["apply"][-1] * PEERS + numbers["finish"][-1])
        numbers["critical"].append(numbers["share"][-1] + numbers["apply"][-1]
                                   + numbers["finish"][-1])


def _roll(peers, transcript, index: int) -> float:
    name = f"round {index}"
    started = time.thread_time()
    transcript.append(RollOpened(name, 0, tuple(range(PEERS))))
    for peer in peers:
        transcript.append(peer.commit_roll(transcript, name, _bytes("v", index, peer.seat),
                                           _bytes("n", index, peer.seat)))
    for peer in peers:
        transcript.append(peer.reveal_roll(name, _bytes("v", index, peer.seat),
                                           _bytes("n", index, peer.seat)))
    transcript.roll_faces(name, [6, 6, 6, 6, 6])
    return _ms(started)


def _group_us(repeat: int) -> dict:
    """p50 microseconds of the group's operations."""
    element, other = encode_card(7), encode_card(8)
    exponent = _bytes_int("exponent")
    operations = {"power_us": lambda: power(element, exponent),
                  "generator_power_us": lambda: generator_power(exponent),
                  "mul_us": lambda: mul(element, other),
                  "check_element_us": lambda: element_from_bytes(element)}
    numbers = {}
    for name, operation in operations.items():
        times = []
        for _ in range(repeat):
            started = time.thread_time()
            for _ in range(20):
                operation()
            times.append((time.thread_time() - started) * 1e6 / 20)
        numbers[name] = round(sorted(times)[len(times) // 2], 1)
    return numbers


def _threshold_ms(repeat: int) -> tuple[float, float]:
    shares = split(_bytes_int("departed"), range(5), 3, _bytes("split"))
    first = encode_card(11)
    part_times, combine_times = [], []
    for _ in range(repeat):
        started = time.thread_time()
        parts = {seat: partial_share(first, shares[seat]) for seat in (0, 2, 4)}
        part_times.append(_ms(started) / 3)
        started = time.thread_time()
        combine_partial_shares(parts, 3)
        combine_times.append(_ms(started))
    return (round(sorted(part_times)[len(part_times) // 2], 2),
            round(sorted(combine_times)[len(combine_times) // 2], 2))


def _bytes_int(*parts) -> int:
    return int.from_bytes(hashlib.blake2b(repr(parts).encode()).digest() * 4, "big") % Q


def _numbers(quick: bool) -> dict:
    games = 1 if quick else 2
    shuffle_ms, cold_ms, audit_ms, rolls = [], [], [], []
    draws = {"share": [], "apply": [], "finish": [], "all": [], "critical": []}
    ready = {"share": [], "apply": [], "finish": [], "all": [], "critical": []}
    for game in range(games):
        peers, transcript = _seated(game)
        Rerandomizer.forget_tables()
        cold_ms.append(_shuffle(peers, transcript))
        peers, transcript = _seated(game)
        shuffle_ms.append(_shuffle(peers, transcript))   # the joint key's table is warm now
        _draws(peers, transcript, draws)
        for index in range(10 if quick else 50):
            rolls.append(_roll(peers, transcript, index + 100 * game))
        ready_peers, ready_transcript = _seated(game)
        _shuffle(ready_peers, ready_transcript)
        _draws(ready_peers, ready_transcript, ready, prepared=True)
        started = time.thread_time()
        report = audit(transcript.records, {peer.seat: peer.secret for peer in peers})
        audit_ms.append(_ms(started))
        if not report.ok:
            raise RuntimeError(f"the honest bench game failed its audit: {report.first}")

    def p(values, q):
        return round(percentile(values, q), 3)

    numbers = {"shuffle_60x6_ms": round(max(shuffle_ms), 1),
               "shuffle_60x6_cold_ms": round(max(cold_ms), 1)}
    for key in ("share", "apply", "finish", "critical", "all"):
        name = {"critical": "draw_critical_path", "all": "draw_all_peers_cpu"}.get(
            key, f"draw_{key}")
        numbers[f"{name}_ms_p50"] = p(draws[key], 0.5)
        numbers[f"{name}_ms_p99"] = p(draws[key], 0.99)
    numbers["draw_prepared_critical_path_ms_p50"] = p(ready["critical"], 0.5)
    numbers["draw_prepared_critical_path_ms_p99"] = p(ready["critical"], 0.99)
    numbers["roll_6_peers_ms_p50"] = p(rolls, 0.5)
    numbers["roll_6_peers_ms_p99"] = p(rolls, 0.99)
    numbers["audit_6p_60_draws_ms"] = round(max(audit_ms), 1)
    numbers["threshold_part_ms"], numbers["threshold_combine_3_ms"] = _threshold_ms(
        3 if quick else 10)
    numbers.update(_group_us(5 if quick else 25))
    numbers["element_bytes"] = ELEMENT_BYTES
    return numbers


def run(quick: bool = False) -> dict:
    numbers = _numbers(quick)
    numbers.update({"target_shuffle_ms": 1000, "target_draw_p99_ms": 5,
                    "target_roll_p99_ms": 5, "target_audit_ms": 1000})
    return numbers
