"""Issue 28, items 2 and 5: draw shares relayed with their proof instead of their signature
(net.fair.share_proof), played against the real endpoints over the in-memory network.

* A dealer that sends a bad share of a draw, signed by itself: the host checks the share's
  proof, refuses the dealer and relays the share with its signature as evidence, so every
  machine names that dealer (before, the drawer could not read its card and named nobody,
  and the host and the others went on as if nothing happened).
* A host that hides such a dealer by relaying its bad share without the signature: every
  machine sees an unsigned share whose proof fails, which an honest host never relays, and
  names the host.
"""

import pytest

from game.rules.fairplay.group import G, element_to_bytes, power
from net.fair.signing import FrameSigner
from net.protocol import messages as ids
from tests.test_net_fair import METRO, FairTable

pytestmark = pytest.mark.timeout(120)


def cheating_dealer(table, victim=None):
    """The first joiner sends one bad share for ``victim``'s draw (the second joiner's by
    default), signed by itself (its proof, made for the true share, does not hold for it):
    (the cheat, the victim, the frames it sent so)."""
    cheat, other = table.clients[0], victim or table.clients[1]
    real_send = cheat._send
    sent = []

    def send(message):
        record = message.get("r") if message.get("t") == ids.FAIR else None
        if record is not None and not sent and record.get("kind") == "DrawShared" \
                and record.get("d") == other.pid:
            record = dict(record, x=element_to_bytes(power(G, 12345)))
            signer = FrameSigner(cheat.fair_secret_bytes, cheat.fair_table_id,
                                 cheat.fair_replica.fair.me)
            # signed with the proof it sends (made for the true share): the dealer's word
            signed = dict(record, pf=message["pf"]) if "pf" in message else record
            message = dict(message, r=record, **signer.fields(signed))
            sent.append(message)
        return real_send(message)
    cheat._send = send
    return cheat, other, sent


def _events(endpoint, name):
    return [e for e in endpoint.poll() if e["event"] == name]


def test_a_dealer_that_signs_a_bad_share_is_named_on_every_machine():
    table = FairTable(METRO, 3, [], host_bots=1)
    cheat, other, sent = cheating_dealer(table)
    table.start()
    assert table.run(lambda: sent and other.phase == "ended", limit=60)
    refused = _events(table.host, "fair_refused")
    assert refused and refused[0]["code"] == "fair_bad_share"
    assert refused[0]["peer"] == cheat.pid
    caught = _events(other, "fair_caught")
    assert caught and caught[0]["code"] == "fair_bad_share"
    assert caught[0]["args"]["peer"] == cheat.pid
    # the bad share never entered the host's stream: nothing of it to replay or save
    assert not any(r.get("kind") == "DrawShared" and r.get("x") == sent[0]["r"]["x"]
                   for r in table.host.fair_host.stream)


def test_a_host_that_strips_the_signature_off_a_dealers_bad_share_is_named():
    table = FairTable(METRO, 3, [], host_bots=1)
    cheat, other, sent = cheating_dealer(table)
    real_broadcast = table.host._broadcast
    stripped = []

    def broadcast(message, *args, **kwargs):
        record = message.get("r") if message.get("t") == ids.FAIR else None
        if record is not None and record.get("kind") == "DrawShared" and "sg" in message:
            message = {k: v for k, v in message.items() if k not in ("sg", "vk")}
            stripped.append(message)      # the evidence, passed on as a checked share
        return real_broadcast(message, *args, **kwargs)
    table.host._broadcast = broadcast
    table.start()
    assert table.run(lambda: sent and other.phase == "ended", limit=60)
    assert stripped
    caught = _events(other, "fair_caught")
    assert caught and caught[0]["code"] == "fair_relay_forged"
    assert caught[0]["args"]["peer"] == 0 and caught[0]["args"]["of"] == cheat.pid
    assert caught[0]["args"]["detail"] == "proof"


def test_a_host_that_swaps_an_honest_shares_proof_under_its_signature_is_named():
    """The dealer signs its share and its proof together: a host that relays an honest
    share with its signature but a proof that fails (to pass it off as the dealer's bad
    share) breaks the signature, and is named."""
    from net.fair.bundle import unpack
    table = FairTable(METRO, 3, [], host_bots=1)
    victim, other = table.clients
    real_relay = table.host.handlers[ids.FAIR]
    real_broadcast = table.host._broadcast
    signatures, swapped = {}, []

    def relay(host, peer, msg):
        record = msg["r"]
        if record.get("kind") == "DrawShared" and "sg" in msg:
            signatures[(record["p"], record["n"], record["s"])] = msg["sg"]
        real_relay(host, peer, msg)

    def wanted(record):
        return not swapped and record.get("kind") == "DrawShared" \
            and record.get("s") == victim.pid and record.get("d") == other.pid \
            and (record["p"], record["n"], record["s"]) in signatures

    def swap(message):
        junk = bytes(48)
        if message.get("t") == ids.FAIR and wanted(message["r"]):
            record = message["r"]
            message = dict(message, sg=signatures[(record["p"], record["n"], record["s"])],
                           pf=junk)
            swapped.append(message)
        elif message.get("t") == ids.FAIR_BUNDLE:
            rows = unpack(message)
            for offset, (_, record, _) in enumerate(rows):
                if wanted(record):
                    sg = [None] * len(rows)
                    sg[offset] = signatures[(record["p"], record["n"], record["s"])]
                    pf = list(message.get("pf") or [None] * len(rows))
                    pf[offset] = junk
                    message = dict(message, sg=sg, pf=pf)
                    swapped.append(message)
                    break
        return message

    def broadcast(message, *args, **kwargs):
        return real_broadcast(swap(message), *args, **kwargs)

    def send_each(make):       # a hidden card's shares: each machine its own form
        return real_send_each(lambda dealer: swap(make(dealer)))
    real_send_each = table.host.fair_host.send_each
    table.host.handlers[ids.FAIR] = relay
    table.host._broadcast = broadcast
    table.host.fair_host.send_each = send_each
    table.start()
    assert table.run(lambda: swapped and other.phase == "ended", limit=60)
    caught = _events(other, "fair_caught")
    assert caught and caught[0]["code"] == "fair_relay_forged"
    assert caught[0]["args"]["peer"] == 0 and caught[0]["args"]["of"] == victim.pid
    assert caught[0]["args"]["detail"] == "signature"
