"""A joiner reports the hash of what it applied soon, not only with its next beat or when the
next move comes: the host learns at once that every peer applied and agrees (issue 14, the
32-seat party). In memory, on a virtual clock with a slow heartbeat, so only a real report
can make the host's ``acked`` reach its seq in time."""

from __future__ import annotations

import random

import pytest

from game.rules import get_game
from net.protocol import messages as ids
from net.table.host import HostEndpoint
from net.table.joiner import ClientEndpoint
from net.protocol.lobby import Slot
from net.transport.memnet import MemNet
from net.transport.timing import Timings


# beats far apart: an ack that waited for a beat would come a whole second late
SLOW_BEATS = Timings(heartbeat=1.0, interrupted=5.0, dropped=20.0, retry=0.5, seeding=10.0)


def table(game: str, players: int, timings: Timings = SLOW_BEATS):
    """A host whose seat 0 is its bot and ``players - 1`` joiners that never move."""
    rules = get_game(game)
    secrets = random.Random(3)
    host = HostEndpoint(rules, rules.make_config(players),
                        [Slot(kind=ids.KIND_BOT, name="host", level="random")]
                        + [Slot() for _ in range(players - 1)],
                        timings=timings, fair_secret=lambda: secrets.randbytes(32),
                        autosave=False)
    net = MemNet(host, seed=1)
    clients = [ClientEndpoint(f"p{i}", timings=timings, autosave=False,
                              fair_secret=lambda: secrets.randbytes(32))
               for i in range(players - 1)]
    for client in clients:
        net.connect(client)
    assert net.run_until(lambda: all(c.phase == "lobby" for c in clients), 5)
    for client in clients:
        client.set_ready(True)
    assert net.run_until(host.can_start, 5)
    assert host.start()
    return host, net, clients


def acked_by_all(host) -> bool:
    return all(p.acked >= host.seq for p in host.peers.values() if p.conn is not None)


@pytest.mark.parametrize("game, players", [("metro", 2), ("railroad-ink", 3),
                                           ("railroad-ink", 12)])
def test_every_peer_acks_the_hosts_last_move_within_a_few_ticks(game, players):
    host, net, clients = table(game, players)
    # the host's bot plays what it may (Metro: its turn; Railroad Ink: its whole round),
    # then the table waits for the joiners, who never move: nothing else comes
    assert net.run_until(lambda: host.phase == "playing" and host.seq > 1
                         and all(c.seq == host.seq for c in clients), 10)
    assert all(c.seq == host.seq for c in clients)
    started = net.now
    assert net.run_until(lambda: acked_by_all(host), 0.9), \
        [p.acked for p in host.peers.values()] + [host.seq]
    # a big table coalesces its reports, yet the newest goes out within a few ticks
    assert net.now - started <= 0.1
