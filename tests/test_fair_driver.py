"""The fair table's chance driver (net.fair.deal, issue 13) over an in-process table: every
machine runs its own driver over the same sequenced stream of cipher records and moves.

Honest games of Metro and Railroad Ink end with every machine agreeing on every entry's hash
and a fair audit, each machine holding only its own seats' hands; a curious joiner that keeps
every published record learns no other hand, no pile order and no future roll (the same
attack against a model of the old single-seed START does learn them); a cheat is refused at
once or named by the audit on every machine.
"""

from __future__ import annotations

import hashlib

import pytest

from game.rules import get_game
from game.rules.core import HIDDEN, Rng
from game.rules.fairplay import PUBLIC, Peer
from game.rules.fairplay.cipher import unmask
from game.rules.fairplay.draw import share_for_draw
from game.rules.fairplay.records import CardPlayed, PileOpened, Shuffled
from tests import old_seed_model as old_seeding
from net.fair.deal import FairError, FairTable

METRO = get_game("metro")
INK = get_game("railroad-ink")


def secret(pid: int, salt: bytes = b"") -> bytes:
    return hashlib.blake2b(b"machine %d" % pid + salt, digest_size=32).digest()


class Table:
    """Machines (peer id -> FairTable) and a sequencer that publishes records in order."""

    def __init__(self, game, config, seat_dealers, spectators=(), seed=1):
        self.game = game
        self.seat_dealers = seat_dealers
        self.dealers = sorted(set(seat_dealers))
        self.machines = {pid: FairTable(game, config, seat_dealers, pid, secret(pid))
                         for pid in self.dealers}
        for pid in spectators:
            self.machines[pid] = FairTable(game, config, seat_dealers, pid, None)
        for machine in self.machines.values():
            machine.strict = True
        self.rng = Rng(seed)
        self.stream: list = []          # everything a curious joiner records
        self.tamper = None              # (pid, record) -> record (None: kept back): a cheater
        self.observer = None            # record -> None, after each one is published

    def flush(self) -> bool:
        for machine in self.machines.values():
            machine.pump()
        out = []
        for pid in sorted(self.machines):
            for record in self.machines[pid].take_outbox():
                sent = self.tamper(pid, record) if self.tamper else record
                if sent is not None:
                    out.append(sent)
        for record in out:
            self.stream.append(record)
            for machine in self.machines.values():
                machine.publish(record)
            if self.observer is not None:
                self.observer(record)
        return bool(out)

    @property
    def ref(self) -> FairTable:
        return self.machines[self.dealers[0]]

    def settle(self) -> None:
        while self.flush():
            pass

    def play_one(self, cheat=None) -> None:
        self.settle()
        match = self.ref.match
        seat = match.to_act()[0]
        owner = self.machines[self.seat_dealers[seat]]
        move = self.game.random_move(owner.match.view(seat), seat, self.rng)
        text = owner.intend(seat, str(move))
        played = owner.card_for(seat, str(move))
        if cheat is not None:
            text, played = cheat(seat, text, played)
        seq = match.seq + 1
        for machine in self.machines.values():
            machine.move(seq, seat, text, played)
        self.stream.append(("move", seq, seat, text, played))

    def play(self, moves: int | None = None) -> None:
        count = 0
        while True:
            self.settle()
            if self.ref.match.is_over() or (moves is not None and count >= moves):
                return
            self.play_one()
            count += 1

    def hashes(self) -> list[list[str]]:
        for machine in self.machines.values():
            machine.match.seal()
        return [[entry.hash for entry in machine.match.log] for machine in self.machines.values()]


@pytest.mark.parametrize("game,players,variants,dealers", [
    (METRO, 4, ["hand2"], [0, 1, 2, 3]),
    (METRO, 3, [], [0, 0, 5]),                 # the host plays two seats (e.g. a bot)
    (INK, 3, [], [0, 4, 7]),
])
def test_an_honest_table_agrees_on_every_hash_and_passes_the_audit(game, players, variants,
                                                                  dealers):
    table = Table(game, game.make_config(players, variants), dealers, spectators=[9])
    table.play()
    table.settle()
    hashes = table.hashes()
    assert all(h == hashes[0] for h in hashes) and len(hashes[0]) > 20
    assert all(h for h in hashes[0])
    assert {pid: m.verdict.fair for pid, m in table.machines.items()} == {
        pid: True for pid in table.machines}
    chance = [e for e in table.ref.match.log if e.seat is None]
    assert chance and all(e.move.startswith("chance ") for e in chance)
    # the log is the public log: replaying it rebuilds the same public state
    ref = table.ref.match
    ref.rebuild()
    assert ref.is_over()


def test_each_machine_holds_only_its_own_hands():
    table = Table(METRO, METRO.make_config(4, ["hand2"]), [0, 1, 2, 2], spectators=[9])
    table.play(moves=10)
    for pid, machine in table.machines.items():
        hands = machine.match.state.hands
        for seat, hand in enumerate(hands):
            mine = table.seat_dealers[seat] == pid
            assert all(tile != HIDDEN for tile in hand) == mine, (pid, seat, hand)
            assert all(tile == HIDDEN for tile in hand) == (not mine), (pid, seat, hand)
    # the machine of seats 2 and 3 knows both hands, a bot of seat 2 sees only seat 2's
    view = table.machines[2].match.view(2)
    assert all(t == HIDDEN for t in view.hands[3]) and all(t != HIDDEN for t in view.hands[2])
    # ... and they are the hands the cipher dealt: the dealer-free check at the end
    table.play()
    table.settle()
    assert table.machines[2].verdict.fair


# -------------------------------------------------------------------------- curious joiner

def joiner_guesses(table: Table) -> dict:
    """Everything a joiner can compute from every frame it recorded: for each drawn position
    of another machine, unmask it with every share that was published; for every undrawn
    position too (the pile order)."""
    transcript = table.machines[9].transcript
    found = {}
    for name, pile in transcript.piles.items():
        deck = pile.decks[-1]
        for position in range(len(deck)):
            draw = pile.draws.get(position)
            shares = list(draw.shares.values()) if draw else []
            if draw is not None and draw.drawer == PUBLIC:
                continue        # turned face up for everybody
            found[(name, position)] = pile.cards.card_of(unmask(deck[position], shares))
    return found


def test_a_curious_joiner_cannot_rebuild_other_hands_or_the_pile_order():
    table = Table(METRO, METRO.make_config(4, ["hand2"]), [0, 1, 2, 3], spectators=[9])
    table.play(moves=12)
    guesses = joiner_guesses(table)
    assert len(guesses) > 40
    assert all(card is None for card in guesses.values())     # not one hidden card
    # the check can fail: with the drawer's own share the same computation reads its cards
    transcript = table.machines[9].transcript
    pile = transcript.piles["tiles"]
    drawer = table.machines[1]
    readable = [position for position, draw in pile.draws.items() if draw.drawer == 1]
    assert readable
    for position in readable:
        shares = list(pile.draws[position].shares.values())
        own = share_for_draw(pile.decks[-1][position], drawer.peer.private)
        assert pile.cards.card_of(unmask(pile.decks[-1][position], shares + [own])) \
            == drawer.known[("tiles", position)]
    assert all(tile == HIDDEN for hand in table.machines[9].match.state.hands for tile in hand)
    # a seated machine that also records everything learns no other seat's hand either
    state = table.machines[3].match.state
    assert all(tile == HIDDEN for seat in (0, 1, 2) for tile in state.hands[seat])


def test_the_same_attack_succeeds_against_the_old_single_seed_start():
    """A model of the old protocol: START carried every reveal; derive_seed and new_game
    give the joiner every hand and the whole stack, in order."""
    config = METRO.make_config(4, ["hand2"])
    reveals = {pid: secret(pid)[:16] for pid in range(4)}
    start_frame = {"t": "go", "rv": [[pid, value] for pid, value in sorted(reveals.items())]}
    host_game = METRO.new_game(config, old_seeding.derive_seed(reveals))
    joiner_seed = old_seeding.derive_seed({pid: v for pid, v in start_frame["rv"]})
    rebuilt = METRO.new_game(config, joiner_seed)
    assert rebuilt.hands == host_game.hands and all(len(h) == 2 for h in rebuilt.hands)
    assert rebuilt.stack == host_game.stack


def test_a_curious_joiner_cannot_tell_the_next_railroad_ink_roll():
    """Every round's roll: with one dealer's part published and until the last, nothing
    published tells its faces; each of the seven rounds is checked."""
    table = Table(INK, INK.make_config(2), [0, 1], spectators=[9])
    joiner = table.machines[9]
    checked = set()

    def watch(record):
        joiner.pump()
        for name, roll in joiner.transcript.rolls.items():
            if name != "setup" and len(roll.reveals) == 1:
                assert joiner.transcript.roll_faces(name, (6,) * 4) is None
                checked.add(name)
    table.observer = watch
    table.play()
    assert len(checked) == 7
    # the old protocol: the seed in START gives every round's dice in advance
    config = INK.make_config(2)
    reveals = {0: secret(0)[:16], 1: secret(1)[:16]}
    host = INK.new_game(config, old_seeding.derive_seed(reveals))
    joiner_copy = INK.new_game(config, old_seeding.derive_seed(dict(reveals)))
    assert host.rng.next_u32() == joiner_copy.rng.next_u32()


# -------------------------------------------------------------------------- cheats

def every_machine_refuses(table: Table, code: str) -> None:
    for pid, machine in table.machines.items():
        with pytest.raises(FairError) as caught:
            machine.pump()
        assert caught.value.code == code, pid


def test_a_card_played_from_a_position_not_dealt_to_that_seat_is_refused_at_once():
    table = Table(METRO, METRO.make_config(3, ["hand2"]), [0, 1, 2], spectators=[9])
    table.settle()

    def steal(seat, text, played):
        other = (seat + 1) % 3
        position = table.machines[9].held["tiles"][other][0]
        return text, CardPlayed("tiles", position, played.seat, played.card)
    table.play_one(cheat=steal)
    every_machine_refuses(table, "fair_card_not_dealt")


def test_a_card_played_that_is_not_the_named_tile_is_refused_at_once():
    table = Table(METRO, METRO.make_config(3, ["hand2"]), [0, 1, 2], spectators=[9])
    table.settle()
    tiles = METRO.piles(table.ref.config)["tiles"]

    def other_card(seat, text, played):
        wrong = next(i for i, tile in enumerate(tiles) if tile != tiles[played.card])
        return text, CardPlayed("tiles", played.position, played.seat, wrong)
    table.play_one(cheat=other_card)
    every_machine_refuses(table, "fair_card_mismatch")


def test_a_hidden_card_played_without_its_record_is_refused():
    table = Table(METRO, METRO.make_config(3, ["hand2"]), [0, 1, 2])
    table.settle()
    table.play_one(cheat=lambda seat, text, played: (text, None))
    every_machine_refuses(table, "fair_card_missing")


def test_an_opening_sent_by_the_host_is_refused():
    """The host cannot choose a pile's cards or restart a round: openings are derived."""
    table = Table(METRO, METRO.make_config(3), [0, 1, 2])
    table.settle()
    forged = PileOpened("tiles", 1, tuple(range(60)), (0, 1, 2))
    for machine in table.machines.values():
        machine.publish(forged)
    every_machine_refuses(table, "fair_opening_sent")


def test_a_forged_shuffle_is_named_by_the_audit_on_every_machine():
    table = Table(METRO, METRO.make_config(3), [0, 1, 5], spectators=[9])
    impostor = Peer(5, secret(5, b"another"))

    def swap_deck(pid, record):
        if pid == 5 and isinstance(record, Shuffled):
            return impostor.shuffle(table.machines[9].transcript, record.pile)
        return record
    table.tamper = swap_deck
    table.play()
    table.settle()
    verdicts = {pid: machine.verdict for pid, machine in table.machines.items()}
    assert all(v is not None and not v.fair for v in verdicts.values())
    assert all(v.cheaters == (5,) and v.kind == "shuffle" for v in verdicts.values())


# -------------------------------------------------------------------------- departures

def depart(table: Table, gone: int, stand_in: int) -> None:
    """``gone`` leaves for good: the host sequences a Depart; ``stand_in`` plays its seats."""
    del table.machines[gone]
    record = {"kind": "Depart", "seat": 0, "of": gone}
    for machine in table.machines.values():
        machine.publish(record)
    table.stream.append(record)
    table.seat_dealers = [stand_in if d == gone else d for d in table.seat_dealers]


@pytest.mark.parametrize("game,variants,moves", [(METRO, ["hand2"], 9), (INK, [], 5)])
def test_a_dealer_that_leaves_for_good_does_not_freeze_the_table(game, variants, moves):
    table = Table(game, game.make_config(3, variants), [0, 1, 2], spectators=[9])
    table.play(moves=moves)
    # it leaves in the middle of a chance step: the step finishes without it
    for machine in table.machines.values():
        machine.pump()
    for record in table.machines[0].take_outbox() + table.machines[1].take_outbox():
        for machine in table.machines.values():
            machine.publish(record)
    original = list(table.seat_dealers)
    depart(table, 2, stand_in=0)
    table.play()
    table.settle()
    hashes = table.hashes()
    assert all(h == hashes[0] for h in hashes)
    assert table.ref.match.is_over()
    for machine in table.machines.values():
        assert machine.departed == [2] and 2 in machine.recovered
        assert machine.verdict is not None and machine.verdict.fair, machine.verdict
        assert machine.seat_dealers == original
    if game is METRO:     # its hand became known to the table; no other hand did
        state = table.machines[9].match.state
        assert all(tile == HIDDEN for seat in (0, 1) for tile in state.hands[seat])


def test_departures_are_capped_and_the_host_cannot_name_a_stranger():
    table = Table(INK, INK.make_config(3), [0, 1, 2])
    table.play(moves=3)
    depart(table, 2, stand_in=0)
    table.settle()
    for machine in table.machines.values():
        machine.publish({"kind": "Depart", "seat": 0, "of": 7})     # no dealer of this table
    every_machine_refuses(table, "fair_depart_refused")
    two = Table(INK, INK.make_config(2), [0, 1])
    two.play(moves=3)
    depart(two, 1, stand_in=0)
    two.settle()
    two.play()
    assert two.ref.match.is_over() and two.ref.verdict.fair
    for machine in two.machines.values():           # the last dealer cannot be sent away
        machine.publish({"kind": "Depart", "seat": 0, "of": 0})
    every_machine_refuses(two, "fair_depart_refused")
