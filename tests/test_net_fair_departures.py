"""Any departure at any moment of a Metromania Unfair Municipality deal leaves the others
playing (issue 26 item 1).

A table of three dealers (the host's bot seat and two joiners) over the in-memory network
(``game.benchmarks.net_departures.drop_run``): one dealer is dropped right after each chance
step of the game in turn (every shuffle, deal, answer and roll of the deal, the re-deal of a
void round included, and the final shows), either (a) by a plain disconnect, or (b) by going
silent (it stays connected but sends none of its cipher records: the veto path; a step
only it can answer stalls, blaming nobody, until the host gives its seat to its bot as its
player would from *Seats*), its link then dropping too while the table re-deals without it. Each time the host and the other
joiner play on to the end, agree on the final hash, the audit runs and finds the table fair,
and nobody else is refused. Before the fix the host raised an uncaught ``IllegalMove`` when
the dropped dealer's key was rebuilt during a re-deal (its hand of the void round was still
listed for the piles not shuffled again yet) or after the final show (its shown hand was
learned a second time), and the audit never ran when a dealer left at the end instead of
publishing its secret. ``run.py bench --only net.departures`` sweeps more seeds, both
joiners, both ways, and after every record.

Also here: a record its machine made before it heard of a departure (a shuffle crossing the
``Depart`` of a dealer given to a bot) no longer counts and costs its sender nothing; a
peer's message that raises inside the host drops that peer only.
"""

from __future__ import annotations

import functools

import pytest

from game.benchmarks.net_departures import clean_steps, drop_run
from game.rules import get_game
from net.protocol import messages as ids
from net.transport.wire import FrameReader
from tests.test_net_lockstep import Table, _WithVariant

pytestmark = pytest.mark.timeout(240)

# The clean game of this seed voids its first deal round on seat 1 (a joiner's: its letters
# repeat), so the sweep crosses a re-deal of a joiner's hand; the test checks it still does.
SEED = 53


@functools.lru_cache(maxsize=None)
def steps_of_the_game() -> tuple:
    steps, voids, _records, last_move = clean_steps(SEED)
    return tuple(steps), tuple(voids), last_move


@pytest.mark.parametrize("mode", ["disconnect", "silent"])
def test_a_dealer_dropped_at_any_step_of_an_unfair_deal_leaves_the_others_playing(mode):
    steps, voids, last_move = steps_of_the_game()
    assert set(voids) & {1, 2}, "the clean game no longer re-deals a joiner's hand"
    assert steps[-1] > last_move, "the game no longer ends with chance steps (the shows)"
    failures = {}
    for number, step in enumerate((0,) + steps):
        # the two joiners' dealers in turn (the other way drops the other one at this step)
        seat = 1 + (number + (mode == "silent")) % 2
        # the audit (as dear as the game) is waited for where a departure can hold it up:
        # after the last move; the bench's sweep waits for it after every drop
        problem = drop_run(SEED, seat, step, mode, audit=step >= last_move)
        if problem:
            failures[(step, seat)] = problem
    assert not failures, f"{len(failures)} of {len(steps) + 1} drops: {failures}"


# ------------------------------------------------------------------ a record that crossed

UNFAIR = _WithVariant(get_game("metromania"), ["unfair"])


def test_a_shuffle_that_crossed_a_departure_is_dropped_and_its_dealer_plays_on():
    """The first joiner's shuffle is on its way when the host gives the second joiner's
    seat to its bot: the pile is opened again without that dealer, and the shuffle, made for
    the attempt before, must not count as the new attempt's. Before the fix the host took it
    for the new one (its deck under the old joint key), then refused the honest dealer's
    real shuffle: that dealer was thrown out, and the cards could no longer be read."""
    table = Table(players=3, seed=SEED, game=UNFAIR)
    table.start()
    first, second = sorted(table.clients, key=lambda c: c.pid)    # the shufflers' order
    net, host = table.net, table.host
    crossed = []
    deliver = net._deliver

    def deliver_crossing(link, down, payload):
        if not crossed and not down and link is table.links[table.clients.index(first)]:
            frames = FrameReader().feed(bytes(payload))
            if any(m.get("t") == ids.FAIR and m["r"].get("kind") == "Shuffled"
                   for m in frames):
                crossed.append(host.seq)
                host.hand_to_bot(second.seats[0], "random")    # sequenced before it
        deliver(link, down, payload)
    net._deliver = deliver_crossing
    events = []
    assert table.run(lambda: table.all_over() and host.fair.verdict is not None,
                     limit=60, each=lambda: events.extend(host.poll()))
    assert crossed
    assert [e["peer"] for e in events if e["event"] == "fair_stale"] == [first.pid]
    assert [e for e in events if e["event"] in ("peer_refused", "host_error")] == []
    assert host.fair.departed == [second.pid]
    table.assert_converged()
    assert host.fair.verdict.fair     # the audit would name the honest dealer otherwise


# ------------------------------------------------------------------ the host's message loop

def test_a_peer_whose_message_raises_in_the_host_is_dropped_and_the_table_goes_on():
    """Whatever a peer's message makes the host raise (here: a bug planted in the handler
    of its hash reports), that peer alone is dropped with a reason, and the others play on."""
    table = Table(players=3, seed=7)
    table.host.seat_waits.wait_limit = 1.0
    table.start()
    host = table.host
    victim, other = table.clients
    real = host.handlers[ids.HASH]

    def broken(endpoint, peer, msg):
        if peer.pid == victim.pid and host.seq >= 5:
            raise RuntimeError("a planted bug")
        real(endpoint, peer, msg)
    host.handlers[ids.HASH] = broken
    events = []
    assert table.run(lambda: host.phase == "over" and other.phase == "over"
                     and other.seq == host.seq, limit=60,
                     each=lambda: events.extend(host.poll()))
    errors = [e for e in events if e["event"] == "host_error"]
    assert errors and errors[0]["peer"] == victim.pid and "planted" in errors[0]["error"]
    refused = [e for e in events if e["event"] == "peer_refused"]
    assert [(e["peer"], e["code"]) for e in refused] == [(victim.pid, ids.R_WRONG_STATE)]
    assert victim.ended["code"] == ids.R_WRONG_STATE      # told why
    assert other.match.hash() == host.match.hash()
