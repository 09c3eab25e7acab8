"""Issue 28 item 5 (a lighter wire): a hidden card's share proofs go only to its drawer.

A share that opens a card drawn into one machine's hand is read during play by that machine
alone; the others never read the card and their audit checks the share against its dealer's
secret. So the host relays such a share's Chaum–Pedersen proof only to the drawer's machine
(net.fair.bundle: ``proof_for``), the others get the share without it, and:

* every machine still hashes the same transcript and audits the game fair;
* a dealer's bad share for a hidden card is still caught by the host (which checks every
  proof) and named on every machine, the bystanders included;
* a wrong share a machine received without its proof is blamed on the relay at its audit,
  never on the dealer in whose name it came.
"""

import pytest

from game.rules.fairplay import PUBLIC
from game.rules.fairplay.audit import AuditReport, Finding
from game.rules.fairplay.group import G, element_to_bytes, power
from game.rules.fairplay.records import DrawShared
from net.fair.bundle import unpack, unpack_proofs
from net.fair.share_proof import blame_relay
from net.fair.signing import RELAY
from net.protocol import messages as ids
from tests.test_net_fair import METRO, FairTable
from tests.test_net_fair_share_proof import cheating_dealer

pytestmark = pytest.mark.timeout(120)


def _spy_shares(client, seen: list) -> None:
    """Note (drawer, proof or None) of every draw share ``client`` receives live (the host's
    own shares, in the relay's name, never carry one: it is the relay)."""
    real_fair, real_bundle = client.handlers[ids.FAIR], client.handlers[ids.FAIR_BUNDLE]

    def fair(endpoint, msg):
        if "i" in msg and msg["r"].get("kind") == "DrawShared" and msg["r"]["s"] != RELAY:
            seen.append((msg["r"].get("d"), msg.get("pf")))
        real_fair(endpoint, msg)

    def bundle(endpoint, msg):
        for (_, plain, _), proof in zip(unpack(msg), unpack_proofs(msg)):
            if plain["s"] != RELAY:
                seen.append((plain.get("d"), proof))
        real_bundle(endpoint, msg)
    client.handlers[ids.FAIR] = fair
    client.handlers[ids.FAIR_BUNDLE] = bundle


def test_a_hidden_cards_share_proofs_go_only_to_its_drawer_and_every_machine_audits_fair():
    table = FairTable(METRO, 3, [], host_bots=1, spectators=1)
    seen = {id(client): [] for client in table.clients}
    for client in table.clients:
        _spy_shares(client, seen[id(client)])
    table.start()
    assert table.run(table.all_over, limit=200)
    for client in table.clients:
        me = client.fair_join.replica.fair.me if client.seats else None
        shares = seen[id(client)]
        others = [proof for drawer, proof in shares if drawer not in (PUBLIC, me)]
        assert others and all(proof is None for proof in others)
        if me is not None:     # its own cards' shares come with their proofs
            own = [proof for drawer, proof in shares if drawer == me]
            assert own and all(isinstance(proof, bytes) and len(proof) == 48 for proof in own)
        assert client.fair_join.replica.fair.verdict.fair
        assert [e.hash for e in client.match.log] == [e.hash for e in table.host.match.log]
    assert table.host.fair.verdict.fair


def test_a_dealers_bad_share_for_a_hidden_card_is_named_on_every_machine():
    """The cheat signs a bad share of the owner's hidden card: the host checks its proof and
    relays it as evidence, with its proof and signature, to every machine, so the bystander
    (which gets no proof of the owner's shares otherwise) names the cheat too."""
    table = FairTable(METRO, 4, [], host_bots=1)
    cheat, owner, bystander = table.clients
    _, _, sent = cheating_dealer(table, owner)
    table.start()
    assert table.run(lambda: sent and owner.phase == "ended" and bystander.phase == "ended",
                     limit=60)
    refused = [e for e in table.host.poll() if e["event"] == "fair_refused"]
    assert refused and refused[0]["code"] == "fair_bad_share" and refused[0]["peer"] == cheat.pid
    for machine in (owner, bystander):
        caught = [e for e in machine.poll() if e["event"] == "fair_caught"]
        assert caught and caught[0]["code"] == "fair_bad_share"
        assert caught[0]["args"]["peer"] == cheat.pid


def test_a_wrong_share_received_without_its_proof_is_blamed_on_the_relay():
    share = element_to_bytes(power(G, 7))
    unproved = DrawShared("tiles", 3, 2, 1, share, 0, 0)
    proved = DrawShared("tiles", 4, 1, 2, share, 0, 0)
    records = [unproved, proved]
    report = AuditReport([Finding(0, 1, "share", "bad"), Finding(1, 2, "share", "bad")])
    named = blame_relay(report, records, {unproved})
    assert named.cheaters == [RELAY, 2]
    assert named.findings[0].kind == "relay_share"
    assert blame_relay(report, records, set()).cheaters == [1, 2]
