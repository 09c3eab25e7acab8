"""LAN discovery over UDP: hosts answer "find" queries, clients send them to a list of targets.

The default targets are the broadcast address of every network interface (plus
255.255.255.255); a player may add typed addresses, and tests pass ``[("127.0.0.1", port)]``
so nothing is ever broadcast from a test. Datagrams are small msgpack maps decoded with the
same strict rules as frames.
"""

from __future__ import annotations

import socket
import struct
import time
from typing import Callable, Iterable

import msgpack

from net import messages as ids
from net.wire import WireError, decode_body

DISCOVERY_PORT = 5056
MAX_DATAGRAM = 512
_FIND = "find"
_TABLE = "table"


class DiscoveryResponder:
    """Answers discovery queries with ``describe()`` (a small plain dict about the table)."""

    def __init__(self, describe: Callable[[], dict], port: int = DISCOVERY_PORT,
                 bind: str = "0.0.0.0") -> None:
        self.describe = describe
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((bind, port))
        self.sock.setblocking(False)
        self.port = self.sock.getsockname()[1]

    def answer_pending(self) -> int:
        """Answer every query waiting on the socket; returns how many were answered."""
        answered = 0
        while True:
            try:
                data, address = self.sock.recvfrom(MAX_DATAGRAM + 1)
            except (BlockingIOError, InterruptedError):
                return answered
            except OSError:
                return answered
            if len(data) > MAX_DATAGRAM:
                continue
            try:
                query = decode_body(data)
            except WireError:
                continue
            if query.get("t") != _FIND or query.get("pv") != ids.PROTOCOL_VERSION:
                continue
            try:
                self.sock.sendto(msgpack.packb(self.describe(), use_bin_type=True), address)
                answered += 1
            except OSError:
                continue

    def close(self) -> None:
        self.sock.close()


SIOCGIFADDR = 0x8915        # Linux ioctls: an interface's IPv4 address,
SIOCGIFBRDADDR = 0x8919     # and its broadcast address


def interface_addresses(request_code: int) -> list[str]:
    """The IPv4 address the Linux ioctl ``request_code`` (``SIOCGIFADDR``, ``SIOCGIFBRDADDR``)
    gives for each network interface that answers, in interface order; what was found before
    a failure, or [] on a platform without these calls."""
    found: list[str] = []
    try:
        import fcntl

        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            for _index, name in socket.if_nameindex():
                request = struct.pack("256s", name.encode()[:15])
                try:
                    answer = fcntl.ioctl(probe.fileno(), request_code, request)
                except OSError:
                    continue
                found.append(socket.inet_ntoa(answer[20:24]))
        finally:
            probe.close()
    except (ImportError, OSError, AttributeError):
        pass
    return found


def broadcast_targets(port: int = DISCOVERY_PORT) -> list[tuple[str, int]]:
    """The broadcast address of each IPv4 interface (Linux ioctl), and the global one."""
    addresses = {address for address in interface_addresses(SIOCGIFBRDADDR)
                 if address != "0.0.0.0"}
    addresses.add("255.255.255.255")
    return [(address, port) for address in sorted(addresses)]


def find_tables(targets: Iterable[tuple[str, int]] | None = None, timeout: float = 0.5,
                port: int = DISCOVERY_PORT, limit: int | None = None) -> list[dict]:
    """Ask every target; return the tables that answered within ``timeout`` seconds (or
    as soon as ``limit`` tables answered): dicts with host, port, game, name, phase, open
    (free seats), players."""
    targets = list(targets) if targets is not None else broadcast_targets(port)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    found: dict[tuple[str, int], dict] = {}
    try:
        if any(host.endswith(".255") for host, _ in targets):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        query = msgpack.packb({"t": _FIND, "pv": ids.PROTOCOL_VERSION}, use_bin_type=True)
        for target in targets:
            try:
                sock.sendto(query, target)
            except OSError:
                continue
        deadline = time.monotonic() + timeout
        while limit is None or len(found) < limit:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            sock.settimeout(left)
            try:
                data, (host, _port) = sock.recvfrom(MAX_DATAGRAM + 1)
            except (socket.timeout, OSError):
                break
            table = _parse_answer(data)
            if table is not None:
                table["host"] = host
                found[(host, table["port"])] = table
    finally:
        sock.close()
    return sorted(found.values(), key=lambda t: (t["host"], t["port"]))


def _parse_answer(data: bytes) -> dict | None:
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        answer = decode_body(data)
    except WireError:
        return None
    fields = {"g": str, "n": str, "port": int, "ph": str, "open": int, "players": int}
    if answer.get("t") != _TABLE or any(type(answer.get(k)) is not v for k, v in fields.items()):
        return None
    if not 0 < answer["port"] < 65536:
        return None
    return {"game": answer["g"], "name": answer["n"], "port": answer["port"],
            "phase": answer["ph"], "open": answer["open"], "players": answer["players"]}
