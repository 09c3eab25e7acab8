"""Issue 28, item 2: a relay cannot frame anyone (played by a hostile host against the real
endpoints over the in-memory network).

* Drop and blame: the host keeps back an honest dealer's share of a draw and waits, as if
  that dealer withheld it. Before the fix the dealer lost its seats to the host's bot and its
  key (its hand) was opened to the table; now the share is rebuilt from the escrow — the very
  share the dealer had sent — the dealer keeps its seats, nobody is blamed, and the dealer's
  own machine says the host did not pass its share on.
* Forge: the host changes an honest dealer's share on its way to the others (or makes one up
  in its name). Before the fix the others took it and the draw went wrong in that dealer's
  name; now every other machine refuses it at once and names the host (``fair_relay_forged``),
  since only the relay could have made a record its dealer did not sign.
"""

import pytest

from game.cli.replay import run as replay_run
from game.saves.files import replays_dir
from game.rules.fairplay.group import G, element_to_bytes, power, element_from_bytes
from net.fair.bundle import unpack
from net.protocol import messages as ids
from tests.test_net_fair import METRO, FairTable

pytestmark = pytest.mark.timeout(120)


def _is_share_for_another(record, pid) -> bool:
    return record.get("kind") == "DrawShared" and record.get("s") == pid \
        and record.get("d") != pid


def test_a_host_that_drops_an_honest_share_and_waits_blames_nobody_and_the_card_is_the_same():
    table = FairTable(METRO, 3, [], host_bots=1)
    victim = table.clients[0]
    dropped = []
    real = table.host.handlers[ids.FAIR]

    def hostile_relay(host, peer, msg):
        record = msg["r"]
        if peer.pid == victim.pid and not dropped and _is_share_for_another(record, victim.pid):
            dropped.append(record)        # kept back: the host reports the dealer as silent
            return
        real(host, peer, msg)
    table.host.handlers[ids.FAIR] = hostile_relay
    table.start()
    assert table.run(lambda: dropped and table.host.fair.share_rescue.rebuilt, limit=60)
    host_events = table.host.poll()
    assert any(e["event"] == "share_overdue" and e["dealer"] == victim.pid for e in host_events)
    # nobody is blamed: no seat handed over, no key rebuilt
    assert not any(e["event"] in ("fair_withheld", "dealer_departed") for e in host_events)
    assert victim.pid not in table.host.fair.departed
    assert not table.host.slots[victim.seats[0]].bot_level
    # the rebuilt share is the one the victim sent, on every machine
    pile, position = dropped[0]["p"], dropped[0]["n"]
    sent = dropped[0]["x"]
    assert table.run(lambda: all(
        c.fair_join.replica.fair.share_rescue.rebuilt for c in table.clients), limit=30)
    for fair in [table.host.fair] + [c.fair_join.replica.fair for c in table.clients]:
        draw = fair.transcript.piles[pile].draws[position]
        assert element_to_bytes(draw.shares[victim.pid]) == sent
    # the victim's machine knows the host did not pass its share on, and says so
    told = [e for e in victim.poll() if e["event"] == "fair_host_withheld"]
    assert told and told[0]["code"] == "fair_host_withheld_share"
    # and the game plays on to a fair audit with the victim still in its seat
    assert table.run(table.all_over, limit=200)
    assert table.host.fair.verdict.fair
    assert victim.pid not in table.host.fair.departed


def _forging_host(table, victim, forge, strip=False):
    """The host relays every record, but one of the victim's shares for the other joiner's
    draw goes out changed by ``forge`` (the host's own driver took the real one), alone or
    in a bundle of shares; ``strip``: without the signature that came with it."""
    drawer = next(c.pid for c in table.clients if c is not victim)
    real_broadcast = table.host._broadcast
    forged = []

    def wanted(record):
        return not forged and _is_share_for_another(record, victim.pid) \
            and record.get("d") == drawer

    def broadcast(message, *args, **kwargs):
        if message.get("t") == ids.FAIR and wanted(message["r"]):
            message = dict(message, r=forge(dict(message["r"])))
            if strip:
                message = {k: v for k, v in message.items() if k not in ("sg", "vk")}
            forged.append(message)
        elif message.get("t") == ids.FAIR_BUNDLE:
            for offset, (_, record, _) in enumerate(unpack(message)):
                if wanted(record):       # its row holds its share (each share differs)
                    rows = list(message["rs"])
                    rows[offset] = dict(rows[offset], x=forge(dict(record))["x"])
                    message = dict(message, rs=rows)
                    if strip and message.get("sg"):
                        message["sg"] = [None if i == offset else sig
                                         for i, sig in enumerate(message["sg"])]
                    forged.append(message)
        return real_broadcast(message, *args, **kwargs)
    table.host._broadcast = broadcast
    return forged


def _events(client, name):
    return [e for e in client.poll() if e["event"] == name]


def _forged_share_named_on_the_host(table, victim, other, forged) -> dict:
    """Start ``table``; the other joiner ends the table naming the host (peer 0) for a share
    in ``victim``'s name: its ``fair_caught`` event's arguments."""
    table.net.run_until(lambda: all(c.phase != "connecting" for c in table.clients), 2)
    for client in table.clients:
        client.set_ready(True)
    assert table.net.run_until(table.host.can_start, 2)
    assert table.host.start()
    assert table.run(lambda: forged and other.phase == "ended", limit=60)
    caught = _events(other, "fair_caught")
    assert caught and caught[0]["code"] == "fair_relay_forged"
    assert caught[0]["args"]["peer"] == 0 and caught[0]["args"]["of"] == victim.pid
    return caught[0]["args"]


def test_a_host_that_changes_an_honest_share_on_the_way_is_named_not_the_dealer():
    table = FairTable(METRO, 3, [], host_bots=1)
    victim, other = table.clients

    def squared(record):     # still a group element: only the signature can tell
        record["x"] = element_to_bytes(power(element_from_bytes(record["x"]), 2))
        return record
    forged = _forging_host(table, victim, squared)
    named = _forged_share_named_on_the_host(table, victim, other, forged)
    # a share goes on with its proof, not its signature (net.fair.share_proof)
    assert named["detail"] == "proof"


def test_a_host_that_makes_up_a_share_in_an_honest_dealers_name_is_named():
    table = FairTable(METRO, 3, [], host_bots=1)
    victim, other = table.clients

    def made_up(record):     # a share of the host's own making, without the victim's key
        record["x"] = element_to_bytes(power(G, 12345))
        return record
    forged = _forging_host(table, victim, made_up, strip=True)
    _forged_share_named_on_the_host(table, victim, other, forged)


def test_a_host_that_also_drops_a_holders_part_of_the_rebuild_frames_nobody_and_waits():
    """Two drops: the victim's share, then the one part of its rebuild the host does not
    hold itself (at three dealers both other machines' parts are needed). Blaming that
    holder would frame it; the step waits instead, until the host passes the part on."""
    table = FairTable(METRO, 3, [], host_bots=1)
    victim, holder = table.clients
    dropped, kept = [], []
    real = table.host.handlers[ids.FAIR]

    def hostile_relay(host, peer, msg):
        record = msg["r"]
        if peer.pid == victim.pid and not dropped and _is_share_for_another(record, victim.pid):
            dropped.append(record)
            return
        if peer.pid == holder.pid and record.get("kind") == "SharePart" and not kept:
            kept.append((host, peer, msg))       # the holder's part, kept back too
            return
        real(host, peer, msg)
    table.host.handlers[ids.FAIR] = hostile_relay
    table.start()
    events = []
    table.run(lambda: events.extend(table.host.poll()) or False,
              limit=table.host.timings.seeding * 6)
    assert dropped and kept
    assert any(e["event"] == "fair_stalled" and e["dealer"] == holder.pid for e in events)
    assert not any(e["event"] in ("fair_withheld", "dealer_departed") for e in events)
    assert not table.host.fair.departed
    assert not any(table.host.slots[c.seats[0]].bot_level for c in table.clients)
    real(*kept[0])           # the host gives in: the step goes on, and so does the game
    assert table.run(table.all_over, limit=200)
    assert table.host.fair.verdict.fair and not table.host.fair.departed


def test_a_dealer_cannot_get_the_host_named_by_signing_another_form_of_its_record():
    """A record sent in a form the host relays differently (a default field spelled out),
    signed in that form: the host checks the form it relays and refuses the sender, so the
    other machines never see a signature that fails and never blame the host for it."""
    from net.fair.signing import FrameSigner
    table = FairTable(METRO, 3, [], host_bots=1)
    trickster, other = table.clients
    real_send = trickster._send
    tried = []

    def send(message):
        record = message.get("r") if message.get("t") == ids.FAIR else None
        if record is not None and not tried and record.get("kind") == "DrawShared":
            record = dict(record, g=0)          # "again" spelled out: the same share
            signer = FrameSigner(trickster.fair_join.secret, trickster.fair_join.table_id,
                                 trickster.fair_join.replica.fair.me)
            message = dict(message, r=record, **signer.fields(record))
            tried.append(message)
        return real_send(message)
    trickster._send = send
    table.start()
    assert table.run(lambda: tried and trickster.phase == "ended", limit=60)
    refused = [e for e in table.host.poll() if e["event"] == "fair_refused"]
    assert refused and refused[0]["code"] == "fair_bad_signature"
    assert refused[0]["peer"] == trickster.pid
    assert not [e for e in other.poll() if e["event"] == "fair_caught"]


def test_a_host_that_changes_the_card_an_honest_move_names_is_named_not_the_player():
    """Moves are not signed, but the host checks every move and the card it names before it
    sequences it: a relayed move that fails those checks is the host's doing."""
    table = FairTable(METRO, 3, [], host_bots=1)
    victim, other = table.clients
    real_broadcast = table.host._broadcast
    changed = []

    def broadcast(message, *args, **kwargs):
        if message.get("t") == ids.MOVE and message.get("cp") is not None and not changed \
                and message["s"] in victim.seats:
            position, card = message["cp"]
            message = dict(message, cp=[position + 1, card])   # a position it was not dealt
            changed.append(message)
        return real_broadcast(message, *args, **kwargs)
    table.host._broadcast = broadcast
    table.start()
    assert table.run(lambda: changed and other.phase == "ended", limit=60)
    caught = _events(other, "fair_caught")
    assert caught and caught[0]["code"].startswith("fair_card")
    assert caught[0]["args"]["peer"] == 0 and caught[0]["args"]["of"] == victim.pid


def test_a_host_that_drops_an_honest_shuffle_step_and_waits_blames_nobody(capsys):
    """A shuffle step cannot be rebuilt from the escrow: it is skipped (the deck as it was,
    in that dealer's name, on every machine), and its dealer keeps its seats and its hand;
    the host's save of the table verifies (``run.py replay --verify``)."""
    table = FairTable(METRO, 3, [], host_bots=1)
    table.host.autosave = True
    victim = table.clients[0]
    dropped = []
    real = table.host.handlers[ids.FAIR]

    def hostile_relay(host, peer, msg):
        if peer.pid == victim.pid and msg["r"].get("kind") == "Shuffled" and not dropped:
            dropped.append(msg["r"])
            return
        real(host, peer, msg)
    table.host.handlers[ids.FAIR] = hostile_relay
    table.start()
    assert table.run(table.all_over, limit=200)
    assert dropped
    host_events = table.host.poll()
    assert any(e["event"] == "shuffle_overdue" and e["dealer"] == victim.pid
               for e in host_events)
    assert not any(e["event"] in ("fair_withheld", "dealer_departed") for e in host_events)
    assert not table.host.fair.departed
    assert not table.host.slots[victim.seats[0]].bot_level
    for fair in [table.host.fair] + [c.fair_join.replica.fair for c in table.clients]:
        skipped = [r for r in fair.transcript.records
                   if type(r).__name__ == "Shuffled" and r.skipped]
        assert [r.seat for r in skipped] == [victim.pid]
        assert fair.verdict.fair           # the audit knows the step was not the victim's
    told = [e for e in victim.poll() if e["event"] == "fair_host_withheld"]
    assert told and told[0]["code"] == "fair_host_withheld_shuffle"

    class Args:
        file, verify, json = str(next(replays_dir().glob("*lan-host*"))), True, False
    assert replay_run(Args) == 0
    assert "the audit rerun: fair" in capsys.readouterr().out


def test_a_catch_up_with_a_record_changed_in_an_honest_dealers_name_names_the_host():
    """A machine that comes back gets the whole stream with each record's signature and the
    dealers' keys: a record the host changed in it is refused like one relayed live."""
    from tests.test_net_lockstep import Table
    table = Table(players=3, seed=41)
    table.start()
    assert table.run(lambda: table.host.seq >= 6, limit=30)
    victim = table.clients[1]
    real_send = table.host._send
    changed = []

    def send(peer, message, *args, **kwargs):
        if message.get("t") == ids.SYNC and message.get("fr") and not changed:
            records = list(message["fr"])
            signed = message.get("fg") or [b"?"] * len(records)   # (the old protocol: none)
            proved = message.get("fp") or [b""] * len(records)     # a share: its proof
            index = next(i for i, r in enumerate(records)
                         if _is_share_for_another(r, victim.pid) and (signed[i] or proved[i]))
            records[index] = dict(records[index], x=element_to_bytes(
                power(element_from_bytes(records[index]["x"]), 2)))
            message = dict(message, fr=records)
            changed.append(index)
        return real_send(peer, message, *args, **kwargs)
    table.host._send = send
    table.net.disconnect(table.links[0])
    back = table.rejoin(0)
    events = []
    table.check_agreement = lambda: events.extend(back.poll())   # its events, kept here
    assert table.run(lambda: changed and back.phase == "ended", limit=30)
    caught = [e for e in events if e["event"] == "fair_caught"]
    assert caught and caught[0]["code"] == "fair_relay_forged"
    assert caught[0]["args"]["peer"] == 0 and caught[0]["args"]["of"] == victim.pid
