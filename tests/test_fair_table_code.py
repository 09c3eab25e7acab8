"""Issue 28: the table code — every machine at a fair table hashes the dealers' verify keys
it fixed (and the table id) into a short code its screen shows. An honest table shows one
code everywhere; a host that gave one machine a verify key of its own making for a dealer
(forging that dealer's records for it, which then check there) shows that machine another
code, which the players see by comparing screens."""

import pytest

from net.fair.signing import FrameSigner
from net.fair.table_code import ALPHABET, CodeTeller, table_code
from net.protocol import messages as ids
from tests.test_net_fair import METRO, FairTable

pytestmark = pytest.mark.timeout(60)


def _codes(endpoint) -> list[str]:
    return [e["code"] for e in endpoint.poll() if e["event"] == "table_code"]


def _run_to_codes(table, wanted=None):
    """Start the table and run until every machine said its code: {name: [codes]}."""
    wanted = wanted or table.clients
    got = {id(e): [] for e in [table.host, *table.clients]}

    def all_told():
        for endpoint in [table.host, *table.clients]:
            got[id(endpoint)].extend(_codes(endpoint))
        return all(got[id(e)] for e in [table.host, *wanted])
    table.start()
    assert table.run(all_told, limit=30)
    return got


def test_the_code_is_short_without_look_alikes_and_waits_for_every_key():
    keys = {1: b"\x01" * 32, 2: b"\x02" * 32}
    code = table_code("t1", keys, [0, 1, 2])
    groups = code.split("-")
    assert [len(g) for g in groups] == [3, 3, 3]
    assert all(ch in ALPHABET for ch in "".join(groups))
    assert not set("01258OISZBL") & set(code)
    assert table_code("t1", {1: keys[1]}, [0, 1, 2]) is None     # dealer 2 not fixed yet
    # the host (dealer 0) signs nothing: its key is not waited for; the table id counts
    assert table_code("t1", keys, [1, 2, 0]) == code
    assert table_code("t2", keys, [0, 1, 2]) != code
    assert table_code("t1", {1: keys[1], 2: b"\x03" * 32}, [0, 1, 2]) != code
    teller = CodeTeller()
    assert teller.news("t1", {1: keys[1]}, [0, 1, 2]) is None
    assert teller.news("t1", keys, [0, 1, 2]) == code
    assert teller.news("t1", keys, [0, 1, 2]) is None           # said once


def test_an_honest_table_shows_one_code_on_every_machine():
    table = FairTable(METRO, 3, [], host_bots=1, spectators=1)
    got = _run_to_codes(table)
    codes = [c for told in got.values() for c in told]
    assert len(codes) == 4 and len(set(codes)) == 1      # host, two joiners, a spectator


def test_a_host_that_shows_one_joiner_another_key_for_a_dealer_shows_it_another_code():
    """The host gives the victim a key of its own making for the other joiner's records and
    signs them with it (it stands for the host's frames to the victim only: the victim's
    checks all hold). The victim's code differs from every other machine's."""
    table = FairTable(METRO, 3, [], host_bots=1)
    victim, dealer = table.clients
    forged = []
    real_dispatch = victim.dispatch

    def from_hostile_host(message):
        record = message.get("r") if message.get("t") == ids.FAIR else None
        if isinstance(record, dict) and record.get("seat", record.get("s")) == dealer.pid \
                and message.get("sg") is not None:
            table_id = victim.fair_join.table_id
            signer = FrameSigner(b"\x66" * 32, table_id, dealer.pid)
            message = dict(message, sg=signer.sign(record))
            if "vk" in message:
                message["vk"] = signer.verify_key
            forged.append(signer.verify_key)
        return real_dispatch(message)
    victim.dispatch = from_hostile_host
    got = _run_to_codes(table)
    assert forged
    # the forgery held on the victim's machine: it fixed the host's key for the dealer
    assert victim.fair_join.book.keys[dealer.pid] == forged[0] != dealer.fair_join.signer.verify_key
    assert victim.phase != "ended"
    honest = got[id(table.host)] + got[id(dealer)]
    assert len(set(honest)) == 1
    assert got[id(victim)] and got[id(victim)][0] != honest[0]
