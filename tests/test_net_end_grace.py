"""The end of a finished table (net.table.endgrace.EndGrace), a part of the host endpoint with
its own state: who still has to hear the goodbye, until when a seated player may come back
for it, and when the end's paperwork may be written. The whole story over sockets is in
tests/test_net_flaky.py."""

from types import SimpleNamespace

from net.protocol import messages as ids
from net.table.endgrace import EndGrace


def test_a_polite_hang_up_is_heard_a_reset_is_not_and_the_grace_ends_the_wait():
    now = [10.0]
    end = EndGrace(lambda: now[0])
    message = end.announce(5.0, {"q": 40, "h": b"x"}, {1, 2})
    assert message == {"t": ids.BYE, "c": ids.R_GAME_OVER, "a": {"q": 40, "h": b"x"}}
    end.heard(1, reset=True)              # a reset: the goodbye may not have arrived
    assert end.untold == {1, 2} and not end.everyone_told()
    end.heard(1, reset=False)
    assert end.untold == {2} and not end.everyone_told()
    now[0] = 15.0                         # the grace is over: nobody is waited for
    assert end.everyone_told()


def test_only_a_seated_player_with_its_token_comes_back_and_only_within_the_grace():
    now = [0.0]
    end = EndGrace(lambda: now[0])
    seated = SimpleNamespace(token="t1", seats=[0])
    watcher = SimpleNamespace(token="t2", seats=[])
    peers = [seated, watcher]
    assert end.returning("t1", peers) is None          # the table has not ended yet
    end.announce(3.0, {}, {1})
    assert end.returning("t1", peers) is seated
    assert end.returning("t2", peers) is None          # a spectator holds no seat
    assert end.returning("", peers) is None
    now[0] = 3.0
    assert end.returning("t1", peers) is None          # too late


def test_the_paperwork_waits_for_the_confirmations_at_most_its_time():
    now = [0.0]
    end = EndGrace(lambda: now[0])
    assert end.paperwork_ready("playing", lambda: False, 0.3)
    end.game_over()
    assert not end.paperwork_ready("over", lambda: False, 0.3)
    assert end.paperwork_ready("over", lambda: True, 0.3)     # every peer confirmed
    assert end.paperwork_due_at("over", True, 0.3) == 0.3
    assert end.paperwork_due_at("over", False, 0.3) is None
    now[0] = 0.3
    assert end.paperwork_ready("over", lambda: False, 0.3)
