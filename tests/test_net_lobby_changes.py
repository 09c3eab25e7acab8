"""The lobby on the wire: a peer hears the whole lobby once per connection, then only what
changed, and nothing when nothing it shows changed; every joiner still shows every seat, name,
ready flag and spectator as the host has them after each change (issue 28 item 5: the first
joiner of a table used to receive the whole lobby again at every join, ready and rename)."""

from net.protocol import messages as ids
from net.protocol.lobby import apply_lobby_change, lobby_update
from net.transport.wire import decode_body, encode
from tests.test_net_lockstep import Table


def row(kind=ids.KIND_OPEN, name="", ready=False, peer=-1, status=ids.ST_OPEN):
    return {"k": kind, "n": name, "c": -1, "p": peer, "r": ready, "l": "", "st": status}


def snapshot(seats, spec=(), phase="lobby"):
    return {"t": ids.LOBBY, "g": "metro", "cfg": {"players": len(seats), "variants": []},
            "seats": list(seats), "spec": list(spec), "ph": phase}


def test_a_change_carries_only_what_changed_and_applies_back_to_the_same_lobby():
    before = snapshot([row(ids.KIND_BOT, "host", status=ids.ST_BOT), row(), row()])
    joined = row(ids.KIND_REMOTE, "ann", peer=1, status=ids.ST_CONNECTED)
    after = snapshot([before["seats"][0], joined, row()], spec=["cleo"])
    assert lobby_update(None, after) is after                  # a new connection: all of it
    assert lobby_update(after, snapshot(list(after["seats"]), ["cleo"])) is None
    change = lobby_update(before, after)
    assert change == {"t": ids.LOBBY_CHANGE, "sd": [[1, joined]], "spec": ["cleo"]}
    assert apply_lobby_change(before, change) == after
    bigger = snapshot([row()] * 4)                             # another table's shape: all
    assert lobby_update(before, bigger) is bigger
    # a change that does not fit changes nothing (the caller keeps its lobby)
    assert apply_lobby_change(None, change) is None
    assert apply_lobby_change(before, {"t": ids.LOBBY_CHANGE, "sd": [[5, joined]]}) is None


class Recorder:
    """The host's transport, noting every lobby message sent down each link."""

    def __init__(self, transport):
        self.transport = transport
        self.got: dict = {}

    def note(self, link, message):
        if message["t"] in (ids.LOBBY, ids.LOBBY_CHANGE):
            self.got.setdefault(link, []).append((message["t"], len(encode(message))))

    def send(self, link, message):
        self.note(link, message)
        self.transport.send(link, message)

    def send_many(self, links, message):
        for link in links:
            self.note(link, message)
        self.transport.send_many(links, message)

    def __getattr__(self, name):
        return getattr(self.transport, name)


def test_every_joiner_shows_each_lobby_change_and_hears_the_whole_lobby_once():
    table = Table(players=5, clients=0)
    host = table.host
    recorder = host.transport = Recorder(host.transport)

    def shown_everywhere():
        table.net.advance(0.2)
        expected = decode_body(encode(host.lobby_message())[4:])
        for client in table.clients:
            if client.phase == "lobby":
                assert client.lobby == expected, client.name

    joiners = []
    for name in ("ann", "bob", "cleo"):
        joiners.append(table.join(name))
        table.net.run_until(lambda: joiners[-1].phase == "lobby", 2)
        shown_everywhere()
    watcher = table.join("dora", wanted_seats=0)              # a spectator's name shows too
    table.net.run_until(lambda: watcher.phase == "lobby", 2)
    shown_everywhere()
    assert joiners[0].lobby["spec"] == ["dora"]
    joiners[1].set_seat(joiners[1].seats[0], "Bobby", 3)      # a rename and a colour
    shown_everywhere()
    assert joiners[0].lobby["seats"][joiners[1].seats[0]]["n"] == "Bobby"
    joiners[2].set_ready(True)
    shown_everywhere()
    assert joiners[0].lobby["seats"][joiners[2].seats[0]]["r"] is True
    host.set_seat(4, ids.KIND_BOT, name="robot", level="random")
    shown_everywhere()
    joiners[2].set_ready(True)                                 # changes nothing: nothing sent
    table.net.advance(0.2)
    joiners[1].leave()                                         # its seat is open again
    shown_everywhere()
    assert joiners[0].lobby["seats"][1]["k"] == ids.KIND_REMOTE
    assert any(r["k"] == ids.KIND_OPEN for r in joiners[0].lobby["seats"][1:4])
    again = table.join("bob")                                  # a new connection: all again
    table.net.run_until(lambda: again.phase == "lobby", 2)
    shown_everywhere()

    first = recorder.got[table.links[0]]
    # one whole lobby per connection; every later frame a change, none of them empty
    assert [kind for kind, _ in first].count(ids.LOBBY) == 1 and first[0][0] == ids.LOBBY
    for link, frames in recorder.got.items():
        assert [kind for kind, _ in frames].count(ids.LOBBY) == 1
    changes = [size for kind, size in first if kind == ids.LOBBY_CHANGE]
    assert len(changes) == 8        # 2 joins, a spectator, rename, ready, bot, leave, rejoin
    assert max(changes) < first[0][1] / 2
