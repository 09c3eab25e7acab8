"""Match is the one writer of a table's state, log (issue 13 item 5) and seats (issue 29 item 5).

Two guards: at run time ``log`` is a read-only view and ``state`` and ``seats`` have no setter,
and a scan of the source of game/ and net/ finds no module but game/match.py that writes a
match's log, state or seats or plays a move on a match's state itself (seats change through
``Match.reseat``, which checks them). Then the Match API the host, the LAN peers and
hotseat share: checked or unchecked apply, hashing later (``seal``), listeners told later
(``tell``), and rebuild / undo / replace_log.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.match import LogEntry, Match
from game.rules.core import IllegalMove, Rng
from game.rules.metro import GAME

ROOT = Path(__file__).resolve().parent.parent
WRITER = Path("game/match.py")
LIST_CHANGES = {"append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse"}
STATE_CHANGES = {"play", "apply", "apply_chance", "learn"}   # rules calls that change a state
GUARDED = {"log", "state", "seats", "_entries", "_state", "_seats", "_unheard",
           "_unsealed_events"}


def _names_a_match(node: ast.AST) -> bool:
    """``match``, ``self.match``, ``replica.match``, ``base_match``...: an expression whose
    last name says it is a Match (the convention in this code base)."""
    if isinstance(node, ast.Name):
        return node.id.endswith("match")
    if isinstance(node, ast.Attribute):
        return node.attr.endswith("match")
    return False


def _match_part(node: ast.AST, attrs=GUARDED) -> bool:
    """``<match>.log`` / ``<match>.state`` (or the private fields behind them)."""
    return isinstance(node, ast.Attribute) and node.attr in attrs and _names_a_match(node.value)


def _written(target: ast.AST) -> bool:
    """An assignment or del target that changes a match's log or state."""
    if isinstance(target, (ast.Tuple, ast.List)):
        return any(_written(t) for t in target.elts)
    if isinstance(target, ast.Starred):
        return _written(target.value)
    if _match_part(target):
        return True
    return isinstance(target, ast.Subscript) and _match_part(target.value)


def match_writes(source: str, filename: str = "<source>") -> list[str]:
    """Every place in ``source`` that writes a match's log or state outside Match."""
    tree = ast.parse(source, filename)
    found: list[str] = []
    aliases: set[str] = set()       # names bound to ``<match>.state`` (e.g. ``state = match.state``)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _match_part(node.value, {"state", "_state"}):
            aliases.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for node in ast.walk(tree):
        where = f"{filename}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, (ast.Assign, ast.Delete)):
            if any(_written(t) for t in node.targets):
                found.append(f"{where} assigns or deletes a match's log, state or seats")
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            if _written(node.target):
                found.append(f"{where} assigns a match's log, state or seats")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, owner = node.func.attr, node.func.value
            if name in LIST_CHANGES and _match_part(owner):
                found.append(f"{where} calls {name}() on a match's log, state or seats")
            elif name in STATE_CHANGES and node.args:
                first = node.args[0]
                if _match_part(first, {"state", "_state"}) or (
                        isinstance(first, ast.Name) and first.id in aliases):
                    found.append(f"{where} calls {name}() on a match's state")
    return found


def scan(root: Path) -> list[str]:
    found = []
    for folder in ("game", "net"):
        for path in sorted((root / folder).rglob("*.py")):
            relative = path.relative_to(root)
            if relative == WRITER:
                continue
            found += match_writes(path.read_text(encoding="utf-8"), str(relative))
    return found


# -- the guards ---------------------------------------------------------------------------------
def test_no_module_but_match_writes_a_matchs_log_or_state():
    assert scan(ROOT) == []


@pytest.mark.parametrize("source", [
    "match.log.append(entry)",
    "self.match.log[-1] = entry",
    "match.log = []",
    "del replica.match.log[3:]",
    "match.state = game.new_game(config, seed)",
    "match.game.play(match.state, seat, move)",
    "def f(match):\n    state = match.state\n    GAME.apply(state, 0, move)",
    "self.match._entries.pop()",
    "match.seats = local_seat_infos(session, match.seats)",
    "self.match.seats[0] = SeatInfo('Ann')",
    "match._seats = ()",
])
def test_the_scan_finds_each_way_of_writing_past_match(source):
    assert match_writes(source)


@pytest.mark.parametrize("source", [
    "match.apply(seat, move)",
    "entry = match.log[-1]",
    "game.play(state, seat, move)",                 # a private copy (replay snapshots)
    "copy = game.clone(match.state)",
    "self.state = 'menu'",                          # not a match
    "match.reseat(seats)",
    "self.seats = []",                              # a setup screen's rows, not a match
])
def test_the_scan_leaves_reads_and_other_objects_alone(source):
    assert match_writes(source) == []


def test_log_and_state_cannot_be_written_at_run_time():
    match = Match.new(GAME, GAME.make_config(2), 5)
    seat = match.to_act()[0]
    match.apply(seat, GAME.random_move(match.state, seat, Rng(1)))
    entry = match.log[-1]
    with pytest.raises(AttributeError):
        match.log.append(entry)
    with pytest.raises(TypeError):
        match.log[0] = entry
    with pytest.raises(AttributeError):
        match.log = []
    with pytest.raises(AttributeError):
        match.state = None
    copy = match.log[:]                 # a slice is a copy: changing it changes nothing
    copy.clear()
    assert match.seq == 1 and match.log == [entry] and match.log[-1] is entry


# -- the one writer -----------------------------------------------------------------------------
def _play(match: Match, moves: int, seed: int = 2, **options) -> None:
    rng = Rng(seed)
    for _ in range(moves):
        seat = match.to_act()[0]
        match.apply(seat, GAME.random_move(match.state, seat, rng), **options)


def test_apply_hashes_and_tells_at_once_by_default():
    match = Match.new(GAME, GAME.make_config(2), 8)
    heard = []
    match.subscribe(lambda entry, events: heard.append((entry, events)))
    _play(match, 5)
    assert [entry for entry, _ in heard] == list(match.log)
    assert all(entry.hash for entry in match.log) and match.sealed
    assert all(isinstance(events, list) for _, events in heard)


def test_hashing_and_telling_can_wait_and_happen_in_order():
    eager = Match.new(GAME, GAME.make_config(3), 9)
    _play(eager, 12)
    lazy = Match.new(GAME, GAME.make_config(3), 9)
    heard = []
    lazy.subscribe(lambda entry, events: heard.append(entry))
    _play(lazy, 12, check=False, hash_now=False, tell=False)
    # each move was hashed just before the next one was applied; the last waits for seal()
    assert not lazy.sealed and lazy.log[-1].hash == ""
    assert heard == []
    lazy.tell()
    assert heard == list(lazy.log[:-1])
    sealed = lazy.seal(tell=False)
    assert sealed == lazy.log[-1] and lazy.seal() is None
    lazy.tell()
    assert heard == list(lazy.log) == list(eager.log)


def test_unchecked_apply_still_refuses_a_move_that_cannot_be_played_and_logs_nothing():
    match = Match.new(GAME, GAME.make_config(2), 3)
    with pytest.raises(Exception):
        match.apply(0, "not a move", check=False)
    assert match.seq == 0
    with pytest.raises(IllegalMove):
        match.apply(1 - match.to_act()[0], str(GAME.legal_moves(match.state, 0)[0]))
    assert match.seq == 0


def test_undo_rebuild_and_replace_log_replay_through_match():
    match = Match.new(GAME, GAME.make_config(2), 4)
    _play(match, 10)
    full = list(match.log)
    match.undo(3)
    assert match.log == full[:7] and match.hash() == full[6].hash
    other = Match.new(GAME, GAME.make_config(2), 4)
    told = [LogEntry(e.seq, e.seat, e.move, "f" * 32) for e in full]   # hashes we were told
    other.replace_log(told)
    assert other.log[:-1] == told[:-1] and other.log[-1] == full[-1]   # the last: our own
    broken = told[:4] + [LogEntry(5, told[4].seat, "nonsense", "")]
    with pytest.raises(Exception):
        other.replace_log(broken)
    assert other.log == told[:-1] + [full[-1]]                        # nothing changed
    assert other.hash() == full[-1].hash




def test_a_past_position_is_a_new_match_and_leaves_the_source_alone():
    source = Match.new(GAME, GAME.make_config(2), 6)
    _play(source, 12)
    before = (list(source.log), source.hash())
    past = Match.at(source, 5)
    assert past.log == source.log[:5] and past.hash() == source.log[4].hash
    snapshot = Match.at(source, 3)
    later = Match.at(source, 8, GAME.clone(snapshot.state), 3)   # from a snapshot
    assert later.hash() == source.log[7].hash
    assert (list(source.log), source.hash()) == before


def test_seats_change_only_through_reseat_which_checks_them():
    from game.match import SeatInfo
    match = Match.new(GAME, GAME.make_config(2), 5, [SeatInfo("Ann"), SeatInfo("Bo")])
    with pytest.raises(AttributeError):
        match.seats = []
    with pytest.raises(TypeError):
        match.seats[0] = SeatInfo("Cy")
    before = match.seats
    for wrong in ([SeatInfo("Cy")], [SeatInfo("Cy"), SeatInfo("Di"), SeatInfo("Ed")],
                  [SeatInfo("Cy"), {"name": "Di"}]):
        with pytest.raises(ValueError):
            match.reseat(wrong)
        assert match.seats == before                # a refused reseat changes nothing
    match.reseat([SeatInfo("Cy", "bot", level="easy"), SeatInfo("Di", "remote")])
    assert [(s.name, s.kind) for s in match.seats] == [("Cy", "bot"), ("Di", "remote")]
