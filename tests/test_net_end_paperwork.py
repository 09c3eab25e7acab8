"""The end's paperwork (the netlog, the fair audit and its record in the save) waits until
the table agreed on the end: at a host until every peer confirmed the last move (or
``Timings.end_paperwork`` passed), at a joiner ``end_paperwork`` after its last move. At a
32-seat table on shared CPUs the machines' writing at the same moment used to hold the
last peers' confirmations back by ~200 ms. Nothing the save needs waits: its flush does not."""

from __future__ import annotations

import dataclasses

from net.local.services import Persistence
from tests.test_net_lockstep import FAST, Table


PAPERWORK = 0.5


def test_the_end_is_written_down_once_the_table_agreed_on_it():
    timings = dataclasses.replace(FAST, end_paperwork=PAPERWORK)
    table = Table(players=3, seed=5, timings=timings)
    seen: list[tuple[float, object, str, bool]] = []
    watch = table.watch

    def watching(client, event):
        seen.append((table.net.now, client, event["event"], False))
        watch(client, event)

    table.watch = watching

    def host_events():
        for event in table.host.poll():
            seen.append((table.net.now, table.host, event["event"], table.host.all_confirmed()))

    table.start()
    assert table.run(lambda: table.all_over() and sum(
        1 for _t, _who, kind, _c in seen if kind == "audit") == 3, limit=60, step=0.01,
        each=host_events)

    def when(who, kind):
        return next((t, confirmed) for t, w, k, confirmed in seen if w is who and k == kind)

    host_over, _ = when(table.host, "game_over")
    host_audit, confirmed = when(table.host, "audit")
    # the host audits once every peer confirmed the last move, not in the pump that applied it
    assert confirmed and host_audit > host_over
    for client in table.clients:
        over, _ = when(client, "game_over")
        audit, _ = when(client, "audit")
        assert audit - over >= PAPERWORK - 0.02, (over, audit)
        assert client.fair_join.verdict_told


def test_the_end_is_written_down_even_if_a_peer_never_confirms():
    """A host whose peer hangs at the last move still writes its netlog, once
    ``end_paperwork`` passed (and not before: the others may still be confirming)."""
    timings = dataclasses.replace(FAST, end_paperwork=PAPERWORK, dropped=30.0,
                                  interrupted=30.0)
    table = Table(players=3, seed=6, timings=timings)
    written: list[float] = []

    class Recording(Persistence):
        def write_netlog(self, match, role, commands=None, extra=None):
            written.append(table.net.now)

    table.host.persistence = Recording()
    hung = table.links[1]
    over_at: list[float] = []

    def applied(seq, seat):
        if table.host.match.is_over() and not over_at:
            hung.frozen = True           # the last move never reaches it, it never confirms
            over_at.append(table.net.now)

    table.host.on_applied = applied
    table.start()
    assert table.run(lambda: bool(written), limit=60, step=0.01)
    assert not table.host.all_confirmed()
    assert PAPERWORK - 0.02 <= written[0] - over_at[0] <= PAPERWORK + 0.1
