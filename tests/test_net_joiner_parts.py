"""The joiner wired to its parts, against a hostile host: an ABORT in the middle of a game
(a host may send anything the schema allows) takes the dealer part's driver away while the
game's replica stays; a MOVE after it is kept back like one before the start, never a
traceback (found by ``net.fuzz``: the part was asked for a driver it no longer had)."""

from net.protocol import messages as ids
from tests.test_net_fair import METRO, FairTable


def test_a_move_after_a_hostile_abort_during_play_is_kept_back_without_a_traceback():
    table = FairTable(METRO, 3, [], host_bots=1)
    table.start()
    joiner = table.clients[0]
    assert joiner.replica is not None and joiner.phase == "playing"
    joiner.on_frame({"t": ids.ABORT, "r": 1, "c": ids.R_TIMEOUT, "a": {}})
    assert joiner.fair_join.replica is None and joiner.replica is not None
    seq = joiner.seq
    joiner.on_frame({"t": ids.MOVE, "q": seq + 1, "s": 0, "m": "x"})
    joiner.tick()
    assert joiner.phase == "lobby" and joiner.ended is None and joiner.seq == seq
