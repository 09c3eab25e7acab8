"""Issue 28, item 3: a cheater cannot escape the audit by closing at the last move.

A dealer that stacks its shuffle (a permutation of its choosing instead of the one its
secret makes) is caught only by the end-of-game audit, which needs its secret. Before the fix
a cheater that closed its client at the last move, before showing its secret, escaped it:
its key was rebuilt only after the host's 10 s limit (a headless host gave up on the audit
first), and a rebuilt key checks no more than that a shuffle kept the cards. Now its whole
secret is rebuilt from the escrow at once and the audit runs on every machine and names it;
the host's save verifies with ``replay --verify``, which names the cheat again. A game whose
audit cannot run is marked void on every machine with that reason.
Played against the real endpoints over the in-memory network.
"""

import pytest

from game.cli import CliError
from game.cli.replay import run as replay_run
from game.rules.fairplay.records import Shuffled
from game.rules.fairplay.shuffle import shuffle_step
from game.saves.files import replays_dir
from tests.test_net_fair import METRO, FairTable

pytestmark = pytest.mark.timeout(120)


def stack_the_shuffles(client) -> None:
    """From the deal on, the client shuffles with a permutation of its choosing (a secret of
    its own making, not the one its key comes from): only the audit can tell."""
    real_go = client._fair_go

    def go(msg):
        real_go(msg)
        peer = client.fair_replica.fair.peer

        def stacked(transcript, pile):
            state = transcript.piles[pile]
            return Shuffled(pile, peer.seat, shuffle_step(
                state.decks[-1], b"\x42" * 32, pile, state.opening.attempt, state.joint_key),
                state.opening.attempt)
        peer.shuffle = stacked
    client._fair_go = go


def leaves_at_the_last_move(table, index) -> None:
    """The client closes the moment the game is over on its machine, its secret unsent."""
    client, link = table.clients[index], table.links[index]
    deliver = table.net._deliver

    def deliver_then_leave(a_link, down, payload):
        deliver(a_link, down, payload)
        if link.open and client.match is not None and client.match.is_over():
            table.net.disconnect(link)
    table.net._deliver = deliver_then_leave


def finished_elsewhere(table, gone):
    others = [c for c in table.clients if c is not gone]
    return (table.host.fair.verdict is not None
            and all(c.phase == "over" and c.fair_replica.fair.verdict is not None
                    for c in others))


class Args:
    verify, json = True, False


def test_a_cheater_that_closes_at_the_last_move_is_audited_and_named(capsys):
    table = FairTable(METRO, 3, [], host_bots=1)
    table.host.autosave = True
    cheater = table.clients[0]
    stack_the_shuffles(cheater)
    leaves_at_the_last_move(table, 0)
    table.start()
    assert table.run(lambda: finished_elsewhere(table, cheater), limit=200)
    fair = table.host.fair
    assert cheater.pid not in fair.secrets        # it never showed its secret
    for verdict in [fair.verdict] + [c.fair_replica.fair.verdict for c in table.clients[1:]]:
        assert not verdict.fair and verdict.cheaters == (cheater.pid,)
        assert verdict.kind == "shuffle"
    # its whole secret rebuilt from the escrow (a key alone checks no more than that its
    # shuffle kept the cards: the stacked one does)
    assert getattr(fair, "recovered_secrets", {}).get(cheater.pid) == cheater.fair_secret_bytes
    # the host's save holds what the audit needs: replay --verify names the cheat again
    Args.file = str(next(replays_dir().glob("*lan-host*")))
    with pytest.raises(CliError) as caught:
        replay_run(Args)
    assert caught.value.status == 2 and "the audit caught a cheat" in str(caught.value)


def test_an_honest_dealer_that_closes_at_the_last_move_is_audited_fair_and_the_save_verifies(
        capsys):
    table = FairTable(METRO, 3, [], host_bots=1)
    table.host.autosave = True
    gone = table.clients[1]
    leaves_at_the_last_move(table, 1)
    table.start()
    assert table.run(lambda: finished_elsewhere(table, gone), limit=200)
    assert gone.pid in getattr(table.host.fair, "recovered_secrets", {})
    assert table.host.fair.verdict.fair and table.clients[0].fair_replica.fair.verdict.fair
    Args.file = str(next(replays_dir().glob("*lan-host*")))
    assert replay_run(Args) == 0
    assert "the audit rerun: fair" in capsys.readouterr().out


def test_a_joiner_whose_host_leaves_before_the_audit_marks_the_game_void():
    table = FairTable(METRO, 2, [], host_bots=1)
    joiner = table.clients[0]
    table.host.fair_host.new_secret = lambda: b"\x05" * 32
    table.start()
    real = table.host.fair_host.relay

    def no_secrets(plain, *signed):       # the host shows no secret of its own ...
        if plain["kind"] != "Secret":
            real(plain, *signed)
    table.host.fair_host.relay = no_secrets
    events = []

    def over_then_host_gone():   # ... and is gone once the game is over
        events.extend(joiner.poll())
        if joiner.phase == "over" and table.links[0].open:
            table.net.disconnect(table.links[0])
        return joiner.phase == "ended"
    assert table.run(over_then_host_gone, 200)
    events.extend(joiner.poll())
    verdict = joiner.fair_replica.fair.verdict
    assert verdict is not None and not verdict.fair and verdict.kind == "unaudited"
    assert 0 in verdict.cheaters
    audits = [e for e in events if e["event"] == "audit"]
    assert audits and audits[0]["kind"] == "unaudited"
