"""LAN discovery over UDP: hosts answer "find" queries, clients send them to a list of targets.

The default targets are the broadcast address of every network the machine is on (plus
255.255.255.255), found with ``ifaddr`` on Linux, macOS and Windows alike; a player may
also type an address, and tests pass ``[("127.0.0.1", port)]`` so nothing is ever broadcast
from a test. ``local_addresses`` is what the host's lobby shows players to type. Datagrams are small msgpack maps decoded with the
same strict rules as frames.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from typing import Callable, Iterable

import msgpack

from net.protocol import messages as ids
from net.transport.wire import WireError, decode_body

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


def interface_networks() -> list[ipaddress.IPv4Interface]:
    """Every IPv4 address of this machine's network interfaces, with its network, in
    interface order (``ifaddr``: the same on Linux, macOS and Windows); [] when the system
    will not list them (discovery then asks the global broadcast address only)."""
    try:
        import ifaddr        # a small pure-Python library (ctypes over getifaddrs / Win32)

        adapters = ifaddr.get_adapters()
    except Exception:  # noqa: BLE001 - no interface list is never a reason to fail
        return []
    found: list[ipaddress.IPv4Interface] = []
    for adapter in adapters:
        for address in getattr(adapter, "ips", None) or ():
            ip = getattr(address, "ip", None)
            if not isinstance(ip, str):
                continue                     # IPv6: (address, flowinfo, scope); not used
            try:
                network = ipaddress.IPv4Interface(f"{ip}/{address.network_prefix}")
            except (ValueError, TypeError):
                continue
            if network not in found:
                found.append(network)
    return found


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses another machine on the LAN may use to reach it: no
    loopback, no unspecified address; self-assigned ones (169.254.x.x, a cable between two
    laptops) last."""
    usable = [network.ip for network in interface_networks()
              if not (network.ip.is_loopback or network.ip.is_unspecified)]
    ordered = sorted(usable, key=lambda ip: ip.is_link_local)      # stable: interface order
    return list(dict.fromkeys(str(ip) for ip in ordered))


def broadcast_targets(port: int = DISCOVERY_PORT) -> list[tuple[str, int]]:
    """The broadcast address of each IPv4 network this machine is on (a network of one or
    two addresses has none), and the global one (255.255.255.255)."""
    addresses = {str(network.network.broadcast_address) for network in interface_networks()
                 if not network.ip.is_loopback and network.network.prefixlen < 31}
    addresses.add("255.255.255.255")
    return [(address, port) for address in sorted(addresses)]


def find_tables(targets: Iterable[tuple[str, int]] | None = None, timeout: float = 0.5,
                port: int = DISCOVERY_PORT, limit: int | None = None) -> list[dict]:
    """Ask every target; return the tables that answered within ``timeout`` seconds (or
    as soon as ``limit`` tables answered): dicts with host, port, game, name, phase, open
    (free seats), players."""
    broadcast = targets is None          # (a broadcast address need not end in .255)
    targets = list(targets) if targets is not None else broadcast_targets(port)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    found: dict[tuple[str, int], dict] = {}
    try:
        if broadcast or any(host.endswith(".255") for host, _ in targets):
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
