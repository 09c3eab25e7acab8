"""A fair table resumed from a save keeps its dealers' word (issue 28 item 2; net.fair.past).

Every machine's save keeps, with each record of the stream, the signature (a draw share: the
proof) it came with, and the dealers' verify keys. A resumed host's catch-up carries them, so
every joiner checks the resumed past as if relayed live: a host that resumes a table and
changes an honest dealer's record in the catch-up is named (``fair_relay_forged``), never the
dealer; a joiner that kept its own save of the table also checks the catch-up against it
(``fair_past_changed``), which closes what signatures cannot: a past the host claims comes
from an older save. Saves written before (records only) still resume, each joiner saying that
this past is taken on the host's word; bad input in a save is a clear SaveError.
"""

import json

import pytest

from game.saves import SaveError, read_save
from game.saves.fair_lan import replay_fair_save
from game.saves.files import replays_dir, saves_dir
from game.saves.lan import LanPersistence, load_table, resume_claim, resumed_endpoint
from net.fair.share_proof import is_share
from net.fair.signing import dealer_of_plain
from net.protocol import messages as ids
from net.table.joiner import ClientEndpoint
from net.transport.memnet import MemNet
from game.rules import get_game
from tests.test_net_fair import FAST, METRO, INK, FairTable, secret_source

MANIA = get_game("metromania")

pytestmark = pytest.mark.timeout(120)


def _old_save_fair_stream(autosaver, fair, played, word=None, keys=None):
    """The save writer of before this change (records and cards only, no signatures, no
    keys), kept here to write saves as that version did."""
    if autosaver is None or fair is None:
        return
    from game.saves.fair_lan import to_json_safe
    from net.fair.deal import record_to_plain

    done = getattr(autosaver, "fair_records", 0)
    seqs = getattr(autosaver, "fair_played", set())
    applied = fair.match.seq if fair.match is not None else 0
    values = [{"r": to_json_safe(record_to_plain(r))}
              for index, r in enumerate(fair.published[done:], done)
              if index not in fair.move_cards]
    values += [{"cp": [seq, to_json_safe(played[seq])]} for seq in sorted(played)
               if seq not in seqs and seq <= applied]
    autosaver.fair_records = len(fair.published)
    autosaver.fair_played = seqs | {seq for seq in played if seq <= applied}
    autosaver.add_extras(values)


def _dropping_one_share(table):
    """The host keeps back one joiner's share for another's draw: it is rebuilt from the
    escrow (a ShareOverdue and the holders' parts in the stream)."""
    victim = table.clients[0]
    real = table.host.handlers[ids.FAIR]
    dropped = []

    def relay(host, peer, msg):
        record = msg["r"]
        if (peer.pid == victim.pid and not dropped and record.get("kind") == "DrawShared"
                and record.get("s") == victim.pid and record.get("d") != victim.pid):
            dropped.append(record)
            return
        real(host, peer, msg)
    table.host.handlers[ids.FAIR] = relay
    return dropped


def _played_then_gone(game, players, variants=(), moves=14, depart=False, rebuild=False):
    table = FairTable(game, players, variants, host_bots=1)
    table.host.autosave = True
    for client in table.clients:
        client.autosave = True
    dropped = _dropping_one_share(table) if rebuild else None
    table.start()
    if rebuild:
        assert table.run(lambda: dropped and table.host.fair.share_rescue.rebuilt, limit=60)
    if depart:       # a machine gone for good: its key rebuilt by the escrow, a bot plays on
        table.run(lambda: table.host.seq >= 6, limit=30)
        gone = table.clients[-1]
        table.net.disconnect(table.links[-1])
        table.net.advance(0.1)
        table.host.hand_to_bot(gone.seats[0], "random")
        assert table.run(lambda: gone.pid in table.host.fair.departed, limit=30)
    table.run(lambda: table.host.seq >= moves, limit=60)
    live = [c for c, link in zip(table.clients, table.links) if link.open]
    for link in table.links:
        table.net.disconnect(link)
    table.host.autosaver.close()
    for client in table.clients:
        if client.autosaver is not None:
            client.autosaver.close()
    return {c.pid: (c.name, c.fair_join.secret) for c in live}


def _resume(old, game=METRO, hostile=None, source="host"):
    """The host resumes its own save (``source`` "peer": a joiner's, brought over;
    ``hostile(host)`` may change it first) and the old machines come back, each with its
    secret: (host, net, clients)."""
    path = sorted(saves_dir().glob(f"*lan-{source}*"))[0]
    loaded = load_table([path])
    table_id = read_save(path).header["table"]
    host = resumed_endpoint(loaded, "bot0", timings=FAST, fair_secret=secret_source("new"))
    if hostile is not None:
        hostile(host)
    net = MemNet(host)
    clients = []
    for pid, (name, secret) in sorted(old.items()):
        client = ClientEndpoint(name, token="r:" + resume_claim(table_id, pid), timings=FAST,
                                auto_bot="random", fair_secret=lambda s=secret: s)
        clients.append(client)
        net.connect(client)
    net.run_until(lambda: all(c.phase == "lobby" for c in clients), 3)
    for seat, slot in enumerate(host.slots):
        if slot.kind == ids.KIND_OPEN:     # a machine gone for good: the host's bot plays on
            host.set_seat(seat, ids.KIND_BOT, name=f"bot{seat}", level="random")
    for client in clients:
        client.set_ready(True)
    assert net.run_until(host.can_start, 3)
    assert host.start()
    return host, net, clients


def _other_than(old, clients, victim):
    """The joiner that was not dealer ``victim`` (``_resume`` makes them in old-id order)."""
    return next(c for pid, c in zip(sorted(old), clients) if pid != victim)


def _no_own_saves(monkeypatch):
    """The joiners kept no stream of the table (they check by signatures alone)."""
    monkeypatch.setattr(LanPersistence, "fair_own_past", lambda self, table, peer: None,
                        raising=False)


def _events(client, name):
    return [e for e in client.poll() if e["event"] == name]


def _plays_to_a_fair_audit(host, net, clients):
    assert net.run_until(lambda: host.phase == "over" and host.fair.verdict is not None and all(
        c.phase == "over" and c.fair_join.replica.fair.verdict is not None for c in clients),
        200), [(c.phase, getattr(c, "ended", None)) for c in clients]
    assert host.fair.verdict.fair
    for client in clients:
        assert client.fair_join.replica.fair.verdict.fair
        assert [e.hash for e in client.match.log] == [e.hash for e in host.match.log]


# -- what a save keeps -------------------------------------------------------------------------

def test_every_save_keeps_each_records_word_and_the_dealers_keys():
    from game.saves.fair_lan import saved_fair_past
    from net.fair.past import wants_word
    old = _played_then_gone(METRO, 3, ["hand2"])
    for path in saves_dir().glob("*lan-*"):
        save = read_save(path)
        past = saved_fair_past(save)
        mine = save.header["lan"]["dealer"]
        # every dealer that signs (the host's own records come from the relay unsigned)
        assert past.signed and set(past.keys) >= set(old), path.name
        for index, plain in enumerate(past.records):
            if not wants_word(plain):
                continue
            if is_share(plain):
                # a hidden card's share comes with its proof only to its drawer's machine
                drawer = plain.get("d")
                if mine == 0 or drawer == mine or not isinstance(drawer, int) or drawer < 0:
                    assert index in past.proofs, (path.name, index, plain["kind"])
            else:
                assert index in past.signatures, (path.name, index, plain["kind"])
        replay_fair_save(save)     # every kept signature and proof holds


def _rewrite_fair_lines(path, change):
    lines = path.read_bytes().split(b"\n")
    for index, raw in enumerate(lines):
        if raw.startswith(b'{"fair"'):
            value = json.loads(raw)
            if change(value["fair"]):
                lines[index] = json.dumps(value, separators=(",", ":"), sort_keys=True).encode()
                break
    path.write_bytes(b"\n".join(lines))


@pytest.mark.parametrize("damage,said", [
    ("short", "signature, share proof or verify key kept with the fair table's records"),
    ("other", "its dealer's signature does not hold"),
    ("key", "signature, share proof or verify key kept with the fair table's records"),
    ("hex", "the fair table's record stream in this save is damaged"),
    ("two keys", "two verify keys for dealer")])
def test_a_damaged_signature_or_key_in_a_save_is_a_clear_save_error(damage, said):
    from game.cli import CliError
    from game.cli.replay import run as replay_run
    _played_then_gone(METRO, 2, [], moves=6)
    path = next(saves_dir().glob("*lan-host*"))

    def change(line):
        if damage == "key" and "vk" in line and line["vk"]:
            line["vk"][-1][1] = {"x": "00"}
            return True
        if damage == "two keys" and "vk" in line and line["vk"]:
            line["vk"].append([line["vk"][-1][0], {"x": "22" * 32}])
            return True
        if damage == "hex" and "sg" in line:
            line["sg"]["x"] = "zz" * 64
            return True
        if damage in ("short", "other") and "sg" in line:
            text = line["sg"]["x"]
            line["sg"]["x"] = text[:10] if damage == "short" else ("00" + text[2:]
                                                                  if text[:2] != "00"
                                                                  else "11" + text[2:])
            return True
        return False
    _rewrite_fair_lines(path, change)
    with pytest.raises(SaveError) as refused:
        replay_fair_save(read_save(path))
    assert said in str(refused.value)
    with pytest.raises(SaveError):
        load_table([path])

    class Args:
        verify, json, file = True, False, str(path)
    with pytest.raises(CliError) as told:
        replay_run(Args)
    assert said in str(told.value)


# -- the attack: a resumed host rewrites an honest dealer's past ---------------------------

def _changed(plain: dict) -> dict:
    """The record with one thing changed: a shuffle's first two cards swapped, else the first
    byte string in it (at any depth) with one bit flipped."""
    if plain["kind"] == "Shuffled" and "k" in plain:
        deck = list(plain["k"])
        deck[0], deck[1] = deck[1], deck[0]
        return dict(plain, k=deck)

    def flip(value):
        if isinstance(value, bytes):
            return bytes([value[0] ^ 1]) + value[1:], True
        if isinstance(value, list):
            for i, item in enumerate(value):
                new, done = flip(item)
                if done:
                    return value[:i] + [new] + value[i + 1:], True
        return value, False
    for field in sorted(plain):
        new, done = flip(plain[field])
        if done:
            return dict(plain, **{field: new})
    raise AssertionError(f"nothing to change in {plain['kind']}")


def _change_record(kind, how):
    """``hostile(host)``: the resumed host changes the first ``kind`` record of an honest
    joiner's in the stream its catch-up sends (its own driver replayed the real one).
    ``how``: "kept" (its signature goes with it), "stripped" (sent without one), "older"
    (without one, claimed as part of a save from before signatures were kept)."""
    changed = []

    def hostile(host):
        fair_host = host.fair_host
        for index, plain in enumerate(fair_host.stream):
            if plain["kind"] == kind and dealer_of_plain(plain) not in (0, -1):
                fair_host.stream[index] = _changed(plain)
                changed.append((index, dealer_of_plain(plain)))
                if how in ("stripped", "older"):
                    fair_host.sigs.pop(index, None)
                if how == "older":
                    fair_host.on_word = [[0, len(fair_host.stream)]]
                return
    return hostile, changed


@pytest.mark.parametrize("kind,how", [("Shuffled", "kept"), ("RollContributed", "stripped"),
                                      ("Escrow", "kept")])
def test_a_resumed_host_that_changes_an_honest_dealers_record_is_named(kind, how, monkeypatch):
    old = _played_then_gone(METRO, 3, ["hand2"])
    _no_own_saves(monkeypatch)      # signatures alone tell
    hostile, changed = _change_record(kind, how)
    host, net, clients = _resume(old, hostile=hostile)
    index, victim = changed[0]
    other = _other_than(old, clients, victim)
    net.run_until(lambda: other.phase == "ended", 10)
    caught = _events(other, "fair_caught")
    assert caught, f"the changed {kind} of dealer {victim} was taken: {other.phase}"
    assert caught[0]["code"] == "fair_relay_forged", caught[0]
    assert caught[0]["args"]["peer"] == 0 and caught[0]["args"]["of"] == victim


def test_a_resumed_host_that_claims_an_older_save_is_caught_by_the_joiners_own_save():
    old = _played_then_gone(METRO, 3, ["hand2"])
    hostile, changed = _change_record("Shuffled", "older")
    host, net, clients = _resume(old, hostile=hostile)
    index, victim = changed[0]
    other = _other_than(old, clients, victim)
    net.run_until(lambda: other.phase == "ended", 10)
    caught = _events(other, "fair_caught")
    assert caught and caught[0]["code"] == "fair_past_changed", caught
    assert caught[0]["args"]["peer"] == 0 and caught[0]["args"]["index"] == index


def test_a_resumed_host_that_gives_a_dealer_another_key_is_caught_by_the_joiners_own_save():
    """The host announces its own key for an honest dealer and signs a changed record of
    that dealer with it: signatures alone cannot tell (the table code can), the key our own
    save fixed for that dealer does."""
    from net.fair.signing import FrameSigner
    old = _played_then_gone(METRO, 3, ["hand2"])
    changed = []

    def hostile(host):
        fair_host = host.fair_host
        index, plain = next((i, p) for i, p in enumerate(fair_host.stream)
                            if p["kind"] == "Shuffled" and dealer_of_plain(p) not in (0, -1))
        victim = dealer_of_plain(plain)
        fake = FrameSigner(b"\x33" * 32, fair_host.table_id, victim)
        plain = dict(plain, k=list(reversed(plain["k"]))) if "k" in plain else dict(plain)
        fair_host.stream[index] = plain
        fair_host.sigs[index] = fake.sign(plain)
        fair_host.book.keys[victim] = fake.verify_key
        changed.append(victim)
    host, net, clients = _resume(old, hostile=hostile)
    other = _other_than(old, clients, changed[0])
    net.run_until(lambda: other.phase == "ended", 10)
    caught = _events(other, "fair_caught")
    assert caught and caught[0]["code"] == "fair_relay_forged", caught
    assert caught[0]["args"]["peer"] == 0 and caught[0]["args"]["detail"] == "key"


# -- honest resumes, new and old saves ---------------------------------------------------

@pytest.mark.parametrize("game,players,depart,rebuild,own", [
    (METRO, 2, False, False, False), (METRO, 3, False, True, False),
    (METRO, 4, True, False, False), (METRO, 4, True, True, True),
    (INK, 4, True, False, False), (MANIA, 3, False, False, False),
    (MANIA, 3, False, False, True)])
def test_an_honest_resume_checks_every_signature_and_plays_to_a_fair_audit(
        game, players, depart, rebuild, own, monkeypatch):
    """At 2 and 3+ dealers, after a share rebuilt from the escrow or a machine gone for good
    (records the stream holds beside the moves' cards: the indexes must still agree); by
    signatures alone, or (``own``) also against each joiner's own save."""
    from net.fair.past import wants_word
    variants = {METRO: ["hand2"], MANIA: ["unfair"]}.get(game, [])
    # Metromania's attests: signed answers between moves that play cards (the stream's
    # indexes and the driver's, which holds the moves' cards too, differ there)
    old = _played_then_gone(game, players, variants, moves=24 if game is MANIA else 14,
                            depart=depart, rebuild=rebuild)
    if not own:
        _no_own_saves(monkeypatch)
    host, net, clients = _resume(old, game)
    assert net.run_until(lambda: all(c.phase in ("playing", "over") for c in clients), 10)
    for client in clients:
        assert (client.fair_join.own_past is not None) == own
        events = client.poll()
        assert not any(e["event"] in ("fair_caught", "fair_past_unsigned") for e in events)
    # the past came with its word: each joiner's new save keeps it again
    fair_host = host.fair_host
    assert not fair_host.on_word
    signed = [i for i, p in enumerate(fair_host.stream) if wants_word(p) and not is_share(p)]
    assert signed and all(i in fair_host.sigs for i in signed)
    assert not depart or any(p["kind"] == "Depart" for p in fair_host.stream)
    if depart and game is METRO:   # the holders' key shares, signed, after moves' cards
        first_card = min(host.fair.move_cards)
        assert any(i >= first_card and i in fair_host.sigs for i in range(len(fair_host.stream)))
    assert not rebuild or any(p["kind"] == "ShareOverdue" for p in fair_host.stream)
    assert game is not MANIA or any(p["kind"] == "Attest" and i in fair_host.sigs
                                    for i, p in enumerate(fair_host.stream))
    _plays_to_a_fair_audit(host, net, clients)


@pytest.mark.parametrize("own", [True, False])
def test_a_resume_from_another_machines_save_takes_only_the_proofs_it_lacks_on_word(
        own, monkeypatch):
    """A joiner's save holds no proof of the shares of another machine's hidden cards (they
    went to that machine only). Resumed from it, the drawer checks those shares against its
    own save; a drawer without one takes them on the host's word and says so."""
    from tests.test_net_fair_resume import played_then_all_gone
    played_then_all_gone(METRO, ["hand2"])
    old = {}
    for path in saves_dir().glob("*lan-peer*"):
        header = read_save(path).header
        old[header["lan"]["dealer"]] = (header["seats"][header["lan"]["mine"][0]]["name"],
                                        bytes.fromhex(header["lan"]["fair"]))
    if not own:
        _no_own_saves(monkeypatch)
    host, net, clients = _resume(old, source="peer")
    assert host.fair_host.on_word, "a joiner's save lacks the others' hidden cards' proofs"
    assert net.run_until(lambda: all(c.phase in ("playing", "over") for c in clients), 10)
    told = [e for c in clients for e in c.poll() if e["event"] == "fair_past_unsigned"]
    assert not any(e["event"] == "fair_caught" for c in clients for e in c.poll())
    assert bool(told) == (not own)
    _plays_to_a_fair_audit(host, net, clients)


@pytest.mark.parametrize("own", [False, True])
def test_an_older_save_still_resumes_each_joiner_saying_the_past_is_on_the_hosts_word(
        own, monkeypatch):
    """Saves written before this change (records only). A joiner without its own save takes
    the past on the host's word and says so once; one with its own (older) save checks the
    past against it and has nothing to say."""
    import game.saves.lan as lan
    from game.saves.fair_lan import saved_fair_past
    with monkeypatch.context() as older:
        older.setattr(lan, "save_fair_stream", _old_save_fair_stream)
        old = _played_then_gone(METRO, 3, ["hand2"])
    for path in saves_dir().glob("*lan-*"):
        past = saved_fair_past(read_save(path))
        assert not past.signed and not past.signatures and not past.keys
    if not own:
        _no_own_saves(monkeypatch)
    host, net, clients = _resume(old)
    assert net.run_until(lambda: all(c.phase in ("playing", "over") for c in clients), 10)
    for client in clients:
        told = _events(client, "fair_past_unsigned")
        if own:
            assert not told
        else:
            assert len(told) == 1 and told[0]["args"]["records"] > 0
    assert any(e["event"] == "fair_past_unsigned" for e in host.poll())
    _plays_to_a_fair_audit(host, net, clients)


def test_an_older_finished_save_still_verifies(monkeypatch, capsys):
    import game.saves.lan as lan
    from game.saves.fair_lan import saved_fair_past
    from game.cli.replay import run as replay_run
    monkeypatch.setattr(lan, "save_fair_stream", _old_save_fair_stream)
    table = FairTable(METRO, 3, ["hand2"], host_bots=1)
    table.host.autosave = True
    table.start()
    assert table.run(table.all_over, limit=200)
    path = next(replays_dir().glob("*lan-host*"))
    assert not saved_fair_past(read_save(path)).signed

    class Args:
        verify, json, file = True, False, str(path)
    assert replay_run(Args) == 0
    assert "the audit rerun: fair" in capsys.readouterr().out


def test_the_records_on_the_hosts_word_are_named_in_few_spans_and_read_alike():
    from net.fair.past import SavedPast, Spans
    signed = {"kind": "Shuffled", "s": 2, "p": "tiles", "a": 0, "h": b"\1" * 32}
    own = {"kind": "Shuffled", "seat": 0, "p": "tiles", "a": 0, "h": b"\2" * 32}
    share = {"kind": "DrawShared", "s": 2, "p": "tiles", "n": 0, "d": 1, "x": b"\3" * 32}
    past = SavedPast(records=[signed, own, signed, share, signed, own],
                     signatures={4: b"\0" * 64})
    # the host's own records (dealer 0) want no word and join the span around them
    assert past.on_word() == [[0, 4]]
    past.proofs[3] = b"\0" * 48
    assert past.on_word() == [[0, 3]]
    spans = Spans([[8, 12], [0, 2], [5, 9], [20, 20]])
    assert [i for i in range(25) if i in spans] == [0, 1, 5, 6, 7, 8, 9, 10, 11]
