"""The fair deal as a state machine: its phases (one table: what each waits for, from whom,
and what a timeout or a departure does there) and ``DealMachine``, which holds the chance
step in flight and makes every transition of the deal.

Every machine's ``FairTable`` holds one ``DealMachine`` (``fair.machine``) and is in exactly
one phase (``DealMachine.phase``), derived from the record stream it has consumed, never
sent: the host cannot claim another. The machine opens a step when the game asks for chance
(``open``: a shuffle, a draw, a roll, an answer, a show, a return), checks that a record
belongs to it (``check_belongs``), does a departed dealer's part of it (``stand_in``) and
closes it once its records are in (``complete``: the outcome goes to the match, the next
phase follows). ``waiting`` answers in one call what the table waits for now, from whom, and
what a timeout or a departure does; ``on_timeout`` and ``on_departure`` say what the host
does about the dealers it waits for (rebuild a part, a share or a shown card, skip a shuffle
step, stall, abort, rebuild a secret). No timeout ever costs a connected dealer its seats:
the host cannot tell its silence from its own dropping of the frame (issue 28, item 2).
docs/protocol.md lists ``PHASES`` (a test holds the two together). The machine reaches its
table only through ``DealTable``.

A dealer is a machine that held a seat at START (its fairplay seat number is its peer id);
a spectator deals nothing, so no phase ever waits for one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, Sequence

from game.rules.core import IllegalMove
from game.rules.fairplay.records import (DrawShared, KeyCommitted, KeyRevealed, RollCommitted,
                                          RollContributed, RollRevealed, Shuffled)
from net.fair import draw_step, shuffle_step
from net.fair.dues import SETUP_ROLL
from net.fair.errors import FairError
from net.fair.kinds import ChanceKinds
from net.fair.late_shuffle import shuffle_late
from net.fair.positions import Positions
from net.fair.rescue import RollRescue
from net.fair.share_rescue import ShareRescue
from net.fair.wait import play_owing, roll_parts_late, setup_owing, shares_late, shows_late

SUPPORTED = ("shuffle", "deal", "reveal", "roll", "attest", "show", "return")
EXTRA_KINDS = ("attest", "show", "return")      # net.fair.kinds


class Phase(Enum):
    KEY_COMMIT = "key_commit"
    KEY_REVEAL = "key_reveal"
    ESCROW = "escrow"
    SEED = "seed"
    MOVE = "move"
    CHANCE = "chance"
    REKEY = "rekey"
    SECRETS = "secrets"
    AUDITED = "audited"


class Action(Enum):
    """What the host does about a dealer that is late (timeout) or gone (departure)."""
    ABORT = "abort"                  # back to the lobby, ABORT seen by all (counted once
    #                                  every key is committed; a joiner leaves a table
    #                                  that aborts too often)
    REBUILD_PART = "rebuild_part"    # a late roll part is rebuilt from its dealer's escrow
    #                                  (Overdue): the same value, nobody blamed
    WAIT_FOR_RETURN = "wait"         # a dropped machine is waited on like its moves (the
    #                                  host's wait_limit, then a bot), or until it is back
    REKEY_AT_ONCE = "rekey_at_once"  # its secret is rebuilt from the escrow at once
    #                                  (gone at the end, or late with it: nobody is named)
    NOTHING = "nothing"              # nothing is owed
    # what a timeout does inside ``chance`` before its rule applies (``on_timeout``)
    REBUILD_SHARE = "rebuild_share"  # a late draw share, or a late shown card (the
    #                                  drawer's own share of it), is rebuilt from the escrow
    SKIP_STEP = "skip_step"          # a late shuffle step is skipped (the deck unchanged)
    STALL = "stall"                  # nobody is blamed: the step waits, every machine
    #                                  told whose record it waits for; the host's way out is
    #                                  its own visible decision (a seat to a bot, or the end)


@dataclass(frozen=True)
class PhaseRule:
    waits_for: str
    from_whom: str
    on_timeout: Action
    on_departure: Action


PHASES: dict[Phase, PhaseRule] = {
    Phase.KEY_COMMIT: PhaseRule("a KeyCommitted record (the hash of its key)",
                                "every dealer", Action.ABORT, Action.ABORT),
    Phase.KEY_REVEAL: PhaseRule("a KeyRevealed record (its public key, proved)",
                                "every dealer", Action.ABORT, Action.ABORT),
    Phase.ESCROW: PhaseRule("an Escrow record: its key shared among the other dealers, "
                            "each share sealed to its holder, with public commitments",
                            "every dealer (tables of 2 or more dealers)",
                            Action.ABORT, Action.ABORT),
    Phase.SEED: PhaseRule("its part of the setup roll (the public seed), fixed by its key",
                          "every dealer", Action.ABORT, Action.ABORT),
    Phase.MOVE: PhaseRule("a move (PROPOSE), checked and sequenced by the host",
                          "the player of the seat to act", Action.NOTHING,
                          Action.WAIT_FOR_RETURN),
    Phase.CHANCE: PhaseRule("its records of the opened chance step: a shuffle, draw "
                            "shares, a roll part, an answer or shown cards (a return is "
                            "derived by every machine: nobody owes it anything)",
                            "the dealers the step names (a roll: every active dealer; a "
                            "deal: every dealer but the drawer's machine; a shuffle: the "
                            "next shuffler; an answer or a show: the hand's own machine)",
                            Action.STALL, Action.WAIT_FOR_RETURN),
    Phase.REKEY: PhaseRule("a KeyShare record: its escrow share of the departed dealer's key",
                           "every active dealer (the key is rebuilt from the first "
                           "threshold of them)", Action.STALL, Action.WAIT_FOR_RETURN),
    Phase.SECRETS: PhaseRule("a Secret record (its whole secret, for the audit)",
                             "every active dealer", Action.REKEY_AT_ONCE,
                             Action.REKEY_AT_ONCE),
    Phase.AUDITED: PhaseRule("nothing: the verdict is in", "nobody", Action.NOTHING,
                             Action.NOTHING),
}

# where a roll can be open, so a late part of it is first rebuilt from its dealer's escrow
# (Overdue), before the phase's own timeout applies to what is still owed
ROLL_PARTS_LATE = (Phase.SEED, Phase.CHANCE, Phase.REKEY)
SETUP = (Phase.KEY_COMMIT, Phase.KEY_REVEAL, Phase.ESCROW, Phase.SEED)


class DealTable(Protocol):
    """What ``DealMachine`` reads of its table and calls there (``FairTable`` is one): the
    machine's own reads, and what it hands the table to them for: the phase (``phase_of``),
    the rules of who is owed (net.fair.wait, net.fair.late_shuffle) and the steps
    (net.fair.draw_step, net.fair.shuffle_step). Nothing else of the table is read."""
    me: int                          # this machine's peer id
    dealers: Sequence[int]           # the machines holding a seat at START, sorted
    piles: dict                      # pile name -> its cards (``Game.piles``)
    peer: Any                        # this machine's fairplay Peer (None: it deals nothing)
    transcript: Any                  # the fairplay Transcript: keys, rolls, piles and draws
    match: Any                       # the machine's Match (None before the setup's end)
    skipped_shufflers: set           # dealers whose shuffle step was skipped once
    positions: Positions             # pile order, held and known cards
    kinds: ChanceKinds               # attest / show / return
    rescue: RollRescue               # late roll parts rebuilt
    share_rescue: ShareRescue        # late draw shares rebuilt

    @property
    def verdict(self) -> Any: ...            # the audit's (None until it ran)

    @property
    def active(self) -> Sequence[int]: ...   # dealers still at the table

    @property
    def departed(self) -> Sequence[int]: ...

    @property
    def recovered(self) -> dict: ...         # departed dealer -> rebuilt key

    @property
    def escrows(self) -> dict: ...

    @property
    def key_shares(self) -> dict: ...        # departed dealer -> holder -> its share

    @property
    def secrets(self) -> dict: ...           # dealers' published secrets (at the end)

    @property
    def current_step(self) -> tuple | None: ...   # the machine's own step, read back

    @property
    def finished(self) -> bool: ...

    @property
    def waiting_for_move(self) -> bool: ...

    def append_derived(self, record) -> None: ...  # a record every machine derives alike


def phase_of(fair: DealTable) -> Phase:
    """The phase a ``FairTable`` (or anything that reads like one: ``DealTable``) is in, from
    what it has consumed (``DealMachine.phase``)."""
    if fair.verdict is not None:
        return Phase.AUDITED
    dealers = fair.dealers
    t = fair.transcript
    if fair.match is None:
        if len(t.key_commitments) < len(dealers):
            return Phase.KEY_COMMIT
        if len(t.public_keys) < len(dealers):
            return Phase.KEY_REVEAL
        if len(dealers) > 1 and len(fair.escrows) < len(dealers):
            return Phase.ESCROW
        return Phase.SEED
    if any(gone not in fair.recovered for gone in fair.departed):
        return Phase.REKEY
    if fair.finished:
        return Phase.SECRETS
    if fair.waiting_for_move:
        return Phase.MOVE
    return Phase.CHANCE


@dataclass(frozen=True)
class Waiting:
    """What the table waits for now: the phase and its step (``step``: its kind and name,
    e.g. ``("deal", "tiles")``; empty outside a chance step), the dealers that owe it (this
    machine included), and what a timeout or a departure does in this phase."""
    phase: Phase
    step: tuple
    dealers: tuple
    rule: PhaseRule

    @property
    def on_timeout(self) -> Action:
        return self.rule.on_timeout

    @property
    def on_departure(self) -> Action:
        return self.rule.on_departure


@dataclass(frozen=True)
class Decision:
    """What the host does about the dealers a step waits for: ``action`` and its items (the
    parts to rebuild, the step to skip, the dealers to abort for, stall or rekey)."""
    action: Action
    items: tuple = ()


class DealMachine:
    """The deal's state machine: the chance step in flight and the transitions between
    phases (see the module docstring). Its table is the ``FairTable`` it belongs to, reached
    only through ``DealTable``: the steps read the table's transcript, piles and positions
    and append derived records."""

    def __init__(self, table: DealTable) -> None:
        self.table = table
        self.step: tuple | None = None     # (kind, pile or roll name, positions, drawer, key)
        self.rolls = 0                     # rolls opened so far

    # -- where the deal is ----------------------------------------------------------------
    def phase(self) -> Phase:
        """The phase the deal is in, from what its table has consumed."""
        return phase_of(self.table)

    def waiting(self) -> Waiting:
        """What the table waits for now, from whom, and what a timeout or departure does."""
        fair = self.table
        phase = self.phase()
        owing = setup_owing(fair) if fair.match is None else play_owing(fair)
        step = (self.step[0], self.step[1]) if self.step is not None and \
            phase is Phase.CHANCE else ()
        return Waiting(phase, step, tuple(owing), PHASES[phase])

    # -- transitions on a timeout or a departure -----------------------------------------
    def on_departure(self, connected) -> Decision:
        """Dealers owing the step that are gone (not in ``connected``): at the end their
        secret is rebuilt at once (``rekey_at_once``, once every departed key is in); in
        the setup the table aborts; else they are waited for like their moves."""
        fair = self.table
        waiting = self.waiting()
        owing = [d for d in waiting.dealers if d != fair.me]
        gone = tuple(d for d in owing if d not in connected and d not in fair.departed)
        if not gone:
            return Decision(Action.NOTHING)
        action = waiting.on_departure
        if action is Action.REKEY_AT_ONCE and not all(
                g in fair.recovered for g in fair.departed):
            return Decision(Action.WAIT_FOR_RETURN, gone)
        return Decision(action, gone)

    def on_timeout(self, connected) -> Decision:
        """What the host does once the dealers owing the step (``waiting``) have been late
        for its limit; ``connected``: the dealers whose machine is connected."""
        fair = self.table
        waiting = self.waiting()
        phase = waiting.phase
        owing = [d for d in waiting.dealers if d != fair.me]    # this machine never withholds
        if not owing:
            return Decision(Action.NOTHING)
        if phase in ROLL_PARTS_LATE:
            # a late roll part is rebuilt from the escrow, never rolled again
            overdue = tuple(item for item in roll_parts_late(fair) if item[2] != fair.me)
            if overdue:
                return Decision(Action.REBUILD_PART, overdue)
        if phase is Phase.CHANCE:
            shares = tuple(item for item in shares_late(fair) if item[4] != fair.me)
            if shares:          # the same share, nobody blamed (net.fair.share_rescue)
                return Decision(Action.REBUILD_SHARE, shares)
            shuffles = tuple(item for item in shuffle_late(fair) if item[2] != fair.me)
            if shuffles:        # skipped, nobody blamed (net.fair.late_shuffle)
                return Decision(Action.SKIP_STEP, shuffles[:1])
            shows = tuple(item for item in shows_late(fair) if item[4] != fair.me)
            if shows:           # the drawer's own shares of its shown cards, rebuilt: the
                return Decision(Action.REBUILD_SHARE, shows)      # true cards, nobody blamed
        if waiting.on_timeout is Action.ABORT:
            return Decision(Action.ABORT, tuple(owing))
        if fair.finished and all(g in fair.recovered for g in fair.departed):
            # only secrets are missing at the end: each is rebuilt from the escrow (as for a
            # dealer gone at the last move) and the audit runs with it. Nobody is named for
            # lateness (the host could have dropped the secret); the audit names a real
            # cheat from the records all the same
            return Decision(Action.REKEY_AT_ONCE, tuple(owing))
        # what is still missing cannot be rebuilt now: an answer about a hand (it would open
        # the hand), a part or key share of a rebuild below its threshold, or a record of a
        # table saved before escrows. Nobody is blamed, since the host could have dropped it:
        # the step waits, and the host's way out is its own visible decision (a seat to a
        # bot, or the end of the game). A dropped machine is waited on like its moves
        # (``on_departure``)
        return Decision(Action.STALL, tuple(d for d in owing if d in connected))

    def late_again(self) -> tuple[tuple, tuple]:
        """(shares, shuffle steps) late now from dealers already late once with a share or a
        shuffle step: the host calls them at once, without waiting the limit again."""
        fair = self.table
        again = {slot[4] for slot in fair.share_rescue.overdue}
        shares = tuple(item for item in shares_late(fair)
                       if item[4] in again and item[4] != fair.me)
        skipped = fair.skipped_shufflers
        shuffles = tuple(item for item in shuffle_late(fair)
                         if item[2] in skipped and item[2] != fair.me)
        return shares, shuffles[:1]

    # -- transitions on the game's request and on records --------------------------------
    def open(self, request) -> None:
        """The game waits for chance: open its step (once per request)."""
        fair = self.table
        if request.kind not in SUPPORTED:
            raise FairError("fair_unsupported", kind=request.kind)
        key = (request.kind, request.pile, request.seat, request.count, fair.match.seq)
        if self.step is not None and self.step[-1] == key:
            return
        if request.kind == "shuffle":
            self.step = shuffle_step.open_shuffle(fair, request, key)
        elif request.kind in EXTRA_KINDS:
            self.step = fair.kinds.open(request, key)
        elif request.kind in ("deal", "reveal"):
            self.step = draw_step.open_draw(fair, request, key)
        else:
            name = f"roll{self.rolls}"
            self.rolls += 1
            self.step = shuffle_step.open_roll(fair, name, key)

    def stand_in(self) -> None:
        """Do a rebuilt dealer's part of the current step (its shares), or run the step again
        without a departed one (a roll or shuffle it had not finished: the next attempt)."""
        step = self.step
        if step is None or not self.table.departed:
            return
        kind, name = step[0], step[1]
        if kind == "roll":
            shuffle_step.stand_in_roll(self.table, name)
        elif kind == "shuffle":
            shuffle_step.stand_in_shuffle(self.table, step)
        else:
            draw_step.stand_in_shares(self.table, step)

    def complete(self, request, applied: list) -> bool:
        """Close the step if its records are in: its outcome goes to the match."""
        fair = self.table
        step = self.step
        kind = step[0]
        learned = []
        if kind in EXTRA_KINDS:
            outcome = fair.kinds.complete(step, request)
        elif kind == "shuffle":
            outcome = () if shuffle_step.shuffle_done(fair, step) else None
        elif kind == "roll":
            outcome = shuffle_step.roll_outcome(fair, step, request)
        else:
            done = draw_step.complete_draw(fair, step, request)
            outcome, learned = done if done is not None else (None, [])
        if outcome is None:
            return False
        self.step = None
        try:
            events = fair.match.apply_chance(request, outcome, learned, hash_now=False,
                                             tell=False)
        except IllegalMove as error:     # e.g. a revealed card already in sight
            raise FairError("fair_bad_outcome", dealer=-1, detail=error.code) from None
        entry = fair.match.log[-1]
        applied.append((entry.seq, None, entry.move, events))
        return True

    def check_belongs(self, record) -> None:
        """A record must be one the current step asks for (the transcript checks its turn)."""
        fair = self.table
        step = self.step
        if isinstance(record, (KeyCommitted, KeyRevealed)):
            ok = fair.match is None and SETUP_ROLL not in fair.transcript.rolls
        elif isinstance(record, (RollCommitted, RollRevealed, RollContributed)):
            ok = (step is not None and step[0] == "roll" and record.roll == step[1]) or (
                fair.match is None and record.roll == SETUP_ROLL)
        elif isinstance(record, Shuffled):
            ok = step is not None and step[0] == "shuffle" and record.pile == step[1]
        elif isinstance(record, DrawShared):
            ok = (step is not None and step[0] in ("deal", "reveal") and record.pile == step[1]
                  and record.position in step[2] and record.drawer == step[3])
        else:
            ok = False
        if not ok:
            raise FairError("fair_out_of_turn", dealer=record.seat, kind=type(record).__name__)
