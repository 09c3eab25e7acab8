"""Where a fair table's bytes go: one real table on loopback (``net_wire.play_table``), every
frame the host sends a joiner tallied by message kind, and a fair record (``F``) by its record
kind and, inside it, by field (issue 28 item 5: find what to cut before cutting it).

``python -m game.benchmarks.net_wire_breakdown GAME DEALERS`` prints, per joiner on average,
the bytes of each kind (frames, bytes, largest frame) and the fields of the biggest records.
"""

from __future__ import annotations

import sys
from collections import defaultdict

import msgpack

from game.benchmarks import net_wire


def _size(value) -> int:
    return len(msgpack.packb(value, use_bin_type=True))


def tally_table(game: str, dealers: int) -> dict:
    """Per-kind byte counts of the frames the host sent in one table (all joiners summed)."""
    from net.transport import sockets
    from net.transport.wire import decode_body

    kinds: dict = defaultdict(lambda: [0, 0, 0])      # kind -> frames, bytes, largest
    fields: dict = defaultdict(int)                     # (record kind, field) -> bytes
    original = sockets.Connection.send_frame

    def counting_send(self, frame: bytes) -> None:
        message = decode_body(frame[4:])      # after the 4-byte length prefix
        kind = message.get("t", "?")
        record = message.get("r")
        if isinstance(record, dict) and "kind" in record:
            kind = f"{kind}:{record['kind']}"
            for name, value in record.items():
                fields[(record["kind"], name)] += _size(value)
        row = kinds[kind]
        row[0] += 1
        row[1] += len(frame)
        row[2] = max(row[2], len(frame))
        original(self, frame)

    sockets.Connection.send_frame = counting_send
    try:
        table = net_wire.play_table(game, dealers)
    finally:
        sockets.Connection.send_frame = original
    return {"table": table, "kinds": dict(kinds), "fields": dict(fields)}


def main(argv) -> int:
    if len(argv) != 2 or argv[0] not in net_wire.GAMES or not argv[1].isdigit():
        print("usage: python -m game.benchmarks.net_wire_breakdown GAME DEALERS", file=sys.stderr)
        return 2
    dealers = int(argv[1])
    result = tally_table(argv[0], dealers)
    joiners = dealers - 1
    total = sum(row[1] for row in result["kinds"].values())
    print(f"{argv[0]} at {dealers} dealers: {total / joiners / 1000:.1f} kB per joiner "
          f"(bench: {result['table']['joiner_kb']} kB), moves {result['table']['moves']}")
    print(f"{'kind':28} {'frames':>7} {'kB/joiner':>10} {'share':>6} {'largest B':>10}")
    for kind, (frames, size, largest) in sorted(result["kinds"].items(), key=lambda kv: -kv[1][1]):
        print(f"{kind:28} {frames / joiners:7.1f} {size / joiners / 1000:10.2f} "
              f"{100 * size / total:5.1f}% {largest:10}")
    print("fields of the fair records (kB per joiner):")
    for (kind, name), size in sorted(result["fields"].items(), key=lambda kv: -kv[1])[:12]:
        print(f"  {kind}.{name:14} {size / joiners / 1000:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
