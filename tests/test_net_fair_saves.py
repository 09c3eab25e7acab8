"""A fair table's saves (issue 13): every machine's save holds the public record stream and
the CardPlayed of the moves, never another machine's secret while the game runs; the stream
replays, with the machine's own secret, to exactly the saved log; a finished table's save
holds the whole transcript, so its audit can be run again."""

import pytest

from game.rules.core import HIDDEN
from game.saves import SaveError, read_save
from game.saves.files import replays_dir, saves_dir
from game.saves.fair_lan import replay_fair_save, saved_fair_stream
from tests.test_net_fair import METRO, INK, FairTable

pytestmark = pytest.mark.timeout(120)


def saving_table(game, players=3, variants=(), spectators=0):
    table = FairTable(game, players, variants, host_bots=1, spectators=spectators)
    table.host.autosave = True
    for client in table.clients:
        client.autosave = True
    table.start()
    return table


def test_every_save_of_a_running_fair_table_replays_with_its_own_secret_only():
    table = saving_table(METRO, 3, ["hand2"], spectators=1)
    table.run(lambda: table.host.seq >= 16, limit=30)
    saves = [read_save(p) for p in saves_dir().glob("*lan-*")]
    assert len(saves) == 4
    secrets = {0: table.host.fair.peer.secret.hex()}
    secrets.update({c.pid: c.fair_join.secret.hex() for c in table.clients
                    if c.fair_join.secret})
    for save in saves:
        records, played = saved_fair_stream(save)
        assert records and not any(r.get("kind") == "Secret" for r in records)
        text = repr(save.fair)
        role = save.header["lan"]["role"]
        mine = 0 if role == "host" else int(role[4:])
        for pid, secret in secrets.items():
            assert (secret in repr(save.header)) == (pid == mine)
            assert secret not in text
        assert any(e.seat is None for e in save.entries)
        replica = replay_fair_save(save)
        log = replica.match.log[:len(save.entries)]
        assert [e.hash for e in log] == [e.hash for e in save.entries]
        state = replica.match.state
        dealers = save.header["lan"]["dealers"]
        for seat, hand in enumerate(state.hands):
            assert (HIDDEN not in hand) == (dealers[seat] == mine), (role, seat)
        if role == "host":
            assert played, "the host's own bot played tiles with their CardPlayed"


def test_a_tampered_stream_is_refused():
    table = saving_table(METRO, 2, [])
    table.run(lambda: table.host.seq >= 8, limit=30)
    save = read_save(next(saves_dir().glob("*lan-host*")))
    index = next(i for i, v in enumerate(save.fair) if v.get("r", {}).get("kind") == "Shuffled")
    del save.fair[index]
    with pytest.raises(SaveError) as damaged:
        replay_fair_save(save)
    assert "another version" not in str(damaged.value)
    # the same stream saved by another version (whose fair table's forms this one does not
    # rebuild) is refused saying so, not as a damaged or forged save
    save.header["rules_version"] = "0123456789abcdef"
    with pytest.raises(SaveError) as other:
        replay_fair_save(save)
    assert "another version of Tracklayer (rules 0123456789abcdef" in str(other.value)


@pytest.mark.parametrize("game", [METRO, INK])
def test_a_finished_fair_table_save_holds_the_transcript_and_reruns_the_audit(game):
    table = saving_table(game, 3, [])
    assert table.run(table.all_over, limit=200)
    saves = [read_save(p) for p in replays_dir().glob("*lan-*")]
    assert len(saves) == 3
    for save in saves:
        assert save.header["audit"]["fair"] is True
        records, _ = saved_fair_stream(save)
        assert sum(r.get("kind") == "Secret" for r in records) == len(
            set(save.header["lan"]["dealers"]))
        replica = replay_fair_save(save)
        assert replica.match.is_over() and replica.fair.verdict.fair


def test_replay_verify_reruns_the_audit_and_names_a_cheat(capsys):
    import json

    from game.cli import CliError
    from game.cli.replay import run as replay_run

    class Args:
        verify, json = True, False
    table = saving_table(METRO, 3, ["hand2"])
    assert table.run(table.all_over, limit=200)
    path = next(replays_dir().glob("*lan-host*"))
    Args.file = str(path)
    assert replay_run(Args) == 0
    assert "the audit rerun: fair" in capsys.readouterr().out
    # the host's machine swaps its published secret for another: the audit names it
    lines = path.read_bytes().split(b"\n")
    for index, raw in enumerate(lines):
        value = json.loads(raw) if raw.startswith(b"{\"fair\"") else None
        if value and value["fair"].get("r", {}).get("kind") == "Secret" \
                and value["fair"]["r"]["seat"] == 0:
            value["fair"]["r"]["secret"] = {"x": "11" * 32}
            lines[index] = json.dumps(value, separators=(",", ":"), sort_keys=True).encode()
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(CliError) as caught:
        replay_run(Args)
    assert caught.value.status == 2
    message = str(caught.value)
    assert "the audit caught a cheat" in message and "bot0" in message, message
    assert "p0" not in message and "p1" not in message


def test_a_fair_save_from_the_former_group_is_refused_with_one_clear_message():
    # a stream saved before issue 28 item 5: fields named in full, 256-byte group elements
    class Older:
        path = "older.tlsave"
        fair = [{"r": {"kind": "KeyCommitted", "seat": 0, "commitment": b"\0" * 32}},
                {"r": {"kind": "KeyRevealed", "seat": 0, "public_key": b"\2" * 256,
                       "nonce": b"\0" * 32}}]
    with pytest.raises(SaveError) as refused:
        saved_fair_stream(Older)
    assert "older version" in str(refused.value) and "2048-bit" in str(refused.value)
