"""Metro's placement events are built when first read (``game.rules.metro.events``): ``play``
keeps the values they are made from and traces no line until someone looks, and the list it
returns behaves as the plain list of dicts it used to be, read at once or moves later."""

import copy
import hashlib
import json
import pickle

import game.rules.metro.events as metro_events
from game.rules.core import Rng
from game.rules.metro import GAME

CONFIGS = [(4, []), (2, ["hand3"]), (5, ["orientation", "hand2"]), (4, ["companies"]),
           (6, ["companies", "hand2"])]
# sha256 over the JSON of every event of these games, as the eager ``play`` of main 0940b40
# built them (before events were lazy): read at once, and read only after the game ended
EAGER_EVENTS_SHA256 = "084f7398663189753dfba79f8a3c41f3e42852ca878a491541ac0a10f5534120"


def _events_digest(seeds: range, read_late: bool) -> str:
    digest = hashlib.sha256()
    for players, variants in CONFIGS:
        config = GAME.make_config(players, variants)
        for seed in seeds:
            state, rng, kept = GAME.new_game(config, seed), Rng(seed ^ 0x5EED), []
            while not state.over:
                seat = state.current
                events = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
                if read_late:
                    kept.append(events)
                else:
                    digest.update(json.dumps(list(events), sort_keys=True).encode())
            for events in kept:
                digest.update(json.dumps(list(events), sort_keys=True).encode())
    return digest.hexdigest()


def test_the_events_are_those_the_eager_play_built_read_at_once_or_after_the_game():
    assert _events_digest(range(40), read_late=False) == EAGER_EVENTS_SHA256
    assert _events_digest(range(40), read_late=True) == EAGER_EVENTS_SHA256


def test_play_traces_no_line_until_its_events_are_read(monkeypatch):
    traced = []
    real = metro_events.completed_line
    monkeypatch.setattr(metro_events, "completed_line",
                        lambda shapes, station: traced.append(station) or real(shapes, station))
    state, rng, kept = GAME.new_game(GAME.make_config(4), 3), Rng(3), []
    while not state.over:
        seat = state.current
        kept.append(GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat))))
    assert traced == []
    completed = [event["station"] for events in kept for event in events
                 if event["kind"] == "line_completed"]
    assert completed and traced == completed
    assert sorted(completed) == [i + 1 for i in range(32) if state.line_done[i]]


def _placement_with_a_line():
    """A fresh (unread) placement's events that complete a line, and the same events as a
    plain list, from two copies of one game."""
    config = GAME.make_config(4)
    state, rng = GAME.new_game(config, 11), Rng(11)
    while True:
        seat = state.current
        move = rng.choice(GAME.legal_moves(state, seat))
        twin = state.copy()
        events = GAME.play(state, seat, move)
        if type(events) is metro_events.PlacementEvents and any(
                event["kind"] == "line_completed" for event in list(events)):
            return GAME.play(twin, seat, move), list(events)


READS = {
    "len": len, "bool": bool, "list": list, "tuple": tuple, "unpack": lambda e: [*e],
    "for": lambda e: [event["kind"] for event in e], "reversed": lambda e: list(reversed(e)),
    "index": lambda e: e[-1], "slice": lambda e: e[1:], "repr": repr, "str": str,
    "add": lambda e: e + [{"kind": "x"}], "radd": lambda e: [{"kind": "x"}] + e,
    "mul": lambda e: e * 2, "copy": lambda e: e.copy(), "copy.copy": copy.copy,
    "deepcopy": copy.deepcopy, "pickle": lambda e: pickle.loads(pickle.dumps(e)),
    "json_of_list": lambda e: json.dumps(list(e)), "count": lambda e: e.count({"kind": "x"}),
}
# questions that compare with the plain list itself
AGAINST = {
    "eq": lambda e, p: e == p, "eq_right": lambda e, p: p == e, "ne": lambda e, p: e != p,
    "le": lambda e, p: e <= p, "gt": lambda e, p: e > p[:-1], "contains": lambda e, p: p[-1] in e,
    "find": lambda e, p: e.index(p[-1]) == len(p) - 1,
}
CHANGES = {
    "append": lambda e: e.append(1), "iadd": lambda e: e.__iadd__([1]),
    "extend": lambda e: e.extend([1]), "insert": lambda e: e.insert(0, 1),
    "pop": lambda e: e.pop(), "clear": lambda e: e.clear(), "reverse": lambda e: e.reverse(),
    "setitem": lambda e: e.__setitem__(0, 1), "delitem": lambda e: e.__delitem__(0),
}


def test_an_unread_event_list_answers_every_list_question_as_the_plain_list():
    for name, read in READS.items():
        fresh, plain = _placement_with_a_line()
        assert fresh.recipe is not None, name
        assert read(fresh) == read(plain), name
    for name, compare in AGAINST.items():
        fresh, plain = _placement_with_a_line()
        assert compare(fresh, plain) == compare(plain, plain) == (name != "ne"), name
    for name, change in CHANGES.items():
        fresh, plain = _placement_with_a_line()
        change(fresh)
        change(plain)
        assert list(fresh) == plain, name
    one, plain_one = _placement_with_a_line()
    two, plain_two = _placement_with_a_line()
    assert one + two == plain_one + plain_two        # both unread: list's + reads both directly
    three, plain_three = _placement_with_a_line()
    target = [0]
    target[0:1] = three
    assert target == plain_three
