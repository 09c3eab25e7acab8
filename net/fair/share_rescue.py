"""A draw share that did not arrive is rebuilt from the escrow, and nobody is blamed (issue 28).

A dealer's share of a draw is ``c1 ** key`` (``fairplay.cipher.decryption_share``): the card's
first component raised to its private key, a value fixed by the key as much as its roll parts
are. So a late share is rebuilt exactly like a late roll part (``net.fair.rescue``): the host
sequences ``ShareOverdue`` naming the pile, position and dealer; every other dealer holding
an escrow share ``s_j`` of that dealer's key owes ``SharePart``: ``c1 ** s_j`` with a proof
of equal logarithms against the escrow's commitments (``G ** s_j``); any ``threshold`` of them
give ``c1 ** key`` on every machine (Lagrange in the exponent). It is the very share the
dealer would have sent: the card is the same, nobody learns the key or any other card, and
the dealer keeps its seats and its hand. Before this, a host that dropped an honest dealer's
share and waited reported it as withholding: its seats went to the host's bot and its key
(so its hand) was opened to the table.

The same rebuild reads a card a seat does not show in time at the end (Metromania's
unplaced markers, Metro's company shares; ``net.fair.kinds``): the ``ShareOverdue`` of a
``show`` step names the drawer itself, its holders give their parts of the drawer's own share
``c1 ** key``, and with the other dealers' shares of that position (in every transcript
since the deal) every machine reads the card and takes it as shown (``CardPlayed``, derived):
the true card, nobody blamed, the dealer keeps its seats. Nothing else of its hand opens.

A share (or a shown card) that arrives after the rebuild is late and dropped as stale; a
holder whose part fails its proof is named (``fair_bad_part``); a holder that left for good
has its part computed by every machine from its rebuilt key. ``ShareRescue`` holds the
state; the table (``net.fair.deal.FairTable``) hands it the records and asks it what it owes.
"""

from __future__ import annotations

from game.rules.fairplay.derive import Stream
from game.rules.fairplay.group import G, ELEMENT_BYTES, element_from_bytes, element_to_bytes, power
from game.rules.fairplay.draw import finish_draw
from game.rules.fairplay.records import CardPlayed, DrawShared, FairplayError
from game.rules.fairplay.threshold import combine_partial_shares
from game.rules.fairplay.vss import CHALLENGE_BYTES, FULL_Z_BYTES, equal_logs, prove_equal_logs, \
    share_image
from net.fair.errors import FairError
from net.fair.escrow import open_share

SHARE_OVERDUE = "ShareOverdue"
SHARE_PART = "SharePart"
_OVERDUE_FIELDS = {"kind", "seat", "of", "pile", "pos", "again", "attempt"}
_PART_FIELDS = _OVERDUE_FIELDS | {"part", "c", "z"}


def _small(value) -> bool:
    return type(value) is int and 0 <= value < (1 << 31)


def share_rescue_record_ok(plain: dict) -> bool:
    """The form of a ShareOverdue or SharePart record (its content is checked when taken)."""
    fields = _OVERDUE_FIELDS if plain.get("kind") == SHARE_OVERDUE else _PART_FIELDS
    if set(plain) != fields or not all(_small(plain[k]) for k in (
            "seat", "of", "pos", "again", "attempt")):
        return False
    if not isinstance(plain["pile"], str) or not 0 < len(plain["pile"]) <= 64:
        return False
    if plain["kind"] == SHARE_PART:
        return all(isinstance(plain[k], bytes) and len(plain[k]) == size for k, size in (
            ("part", ELEMENT_BYTES), ("c", CHALLENGE_BYTES), ("z", FULL_Z_BYTES)))
    return True


def share_context(pile: str, attempt: int, position: int, again: int, owner: int,
                  holder: int) -> tuple:
    """What a holder's proof is bound to: this share of this draw, of this owner, by it."""
    return ("share-rescue", pile, attempt, position, again, owner, holder)


def _slot(record: dict) -> tuple:
    return (record["pile"], record["attempt"], record["pos"], record["again"], record["of"])


class ShareRescue:
    """The draw shares of one table waiting to be rebuilt: which, and the parts so far."""

    def __init__(self, table) -> None:
        self.table = table
        # (pile, attempt, position, again, owner) -> holder -> part
        self.overdue: dict[tuple, dict[int, bytes]] = {}
        self.rebuilt: list[tuple] = []                  # in order, on every machine
        self.told_overdue: list[tuple] = []             # our own shares the host said late
        self.told_shows: list[tuple] = []               # (pile, attempt) of our own shows
        self.shows_rebuilt: set[tuple] = set()          # (pile, attempt, position, again)

    # -- the draw a slot belongs to -------------------------------------------------------
    def _open_draw(self, slot: tuple):
        """(drawer, c1) of a slot of the opened step, or None: a share of a deal or reveal
        (``owner`` not its drawer), or the drawer's own share of a card its show owes."""
        table = self.table
        pile_name, attempt, position, again, owner = slot
        step = table.current_step
        pile = table.transcript.piles.get(pile_name)
        if step is None or step[1] != pile_name or position not in step[2] or pile is None \
                or not pile.shuffled:
            return None
        drawer = step[3]
        if pile.opening.attempt != attempt or pile.returns.get(position, 0) != again \
                or owner not in pile.opening.seats:
            return None
        if step[0] in ("deal", "reveal"):
            if owner == drawer:
                return None
        elif step[0] == "show":
            draw = pile.draws.get(position)
            if owner != drawer or draw is None or draw.drawer != owner \
                    or not table.transcript.draw_complete(pile_name, position):
                return None
        else:
            return None
        return drawer, table.transcript.card_at(pile_name, position)[0]

    def _given(self, slot: tuple) -> bool:
        pile_name, _, position, _, owner = slot
        step = self.table.current_step
        if step is not None and step[0] == "show":
            return position not in self.table.kinds.unshown(step)
        draw = self.table.transcript.piles[pile_name].draws.get(position)
        return draw is not None and owner in draw.shares

    # -- taking records -------------------------------------------------------------------
    def take_overdue(self, record: dict) -> None:
        """The host says a dealer's share of a draw is late: its holders rebuild it."""
        table = self.table
        slot = _slot(record)
        owner = record["of"]
        if (record["seat"] != 0 or self._open_draw(slot) is None or self._given(slot)
                or slot in self.overdue or owner not in table.escrows
                or owner in table.departed):
            raise FairError("fair_out_of_turn", dealer=record["seat"], kind=SHARE_OVERDUE)
        self.overdue[slot] = {}
        pile_name, attempt, position, again, _ = slot
        step = table.current_step
        if step[0] == "show":
            if owner == table.me and ("show", step[4]) in table.owed_done \
                    and (pile_name, attempt) not in self.told_shows:
                self.told_shows.append((pile_name, attempt))   # we had named it: not passed on
        elif owner == table.me and ("share", pile_name, attempt, position, again) \
                in table.owed_done:
            self.told_overdue.append(slot)     # we had sent it: the host did not pass it on
        self._derive_departed_parts(slot)
        self._try_complete(slot)

    def take_part(self, record: dict) -> None:
        table = self.table
        holder, owner = record["seat"], record["of"]
        slot = _slot(record)
        parts = self.overdue.get(slot)
        opened = self._open_draw(slot) if parts is not None else None
        if parts is None or opened is None or holder == owner or holder not in table.dealers:
            raise FairError("fair_out_of_turn", dealer=holder, kind=SHARE_PART)
        if self._given(slot) or holder in parts:
            return          # rebuilt already (or its share arrived after all): nothing to do
        try:
            part = element_from_bytes(record["part"])
        except ValueError:
            part = b""
        committed = table.escrow_commitments.get(owner)
        if committed is None or not part or not equal_logs(
                record["c"] + record["z"], G,
                share_image(table.transcript.public_keys[owner], committed, holder),
                opened[1], part, *share_context(*slot[:4], owner, holder)):
            raise FairError("fair_bad_part", dealer=holder, of=owner, pile=record["pile"])
        parts[holder] = part
        self._try_complete(slot)

    def is_stale(self, record: dict) -> bool:
        """A part for a slot no longer open, or already rebuilt."""
        slot = _slot(record)
        return slot not in self.overdue or self._open_draw(slot) is None or self._given(slot)

    def show_is_late(self, record: CardPlayed) -> bool:
        """A seat's own shown card that comes after every machine read it from the escrow
        (the same card): late."""
        pile = self.table.transcript.piles.get(record.pile)
        return pile is not None and (
            record.pile, pile.opening.attempt, record.position,
            pile.returns.get(record.position, 0)) in self.shows_rebuilt

    def share_is_late(self, record) -> bool:
        """A dealer's own DrawShared that comes after its rebuild (the same value): late."""
        pile = self.table.transcript.piles.get(record.pile)
        if pile is None or record.attempt not in (None, pile.opening.attempt):
            return False
        draw = pile.draws.get(record.position)
        return draw is not None and record.seat in draw.shares and any(
            s[0] == record.pile and s[2] == record.position and s[4] == record.seat
            for s in self.overdue)

    # -- what this machine owes -----------------------------------------------------------
    def owe(self) -> None:
        """Queue our part of every overdue share we hold an escrow share for (once each)."""
        table = self.table
        if table.peer is None or table.me in table.departed:
            return
        for slot, parts in self.overdue.items():
            owner = slot[4]
            item = ("share-part",) + slot
            opened = self._open_draw(slot)
            if (owner == table.me or item in table.owed_done or table.me in parts
                    or opened is None or self._given(slot)
                    or table.me not in table.escrows.get(owner, {})):
                continue
            table.owed_done.add(item)
            share = int.from_bytes(table.my_escrow_share(owner), "big")
            pile_name, attempt, position, again, _ = slot
            proof = prove_equal_logs(share, G, opened[1],
                                     Stream(table.peer.secret, "share-rescue", *slot),
                                     *share_context(pile_name, attempt, position, again, owner,
                                                    table.me))
            table.queue({"kind": SHARE_PART, "seat": table.me, "of": owner, "pile": pile_name,
                         "pos": position, "again": again, "attempt": attempt,
                         "part": element_to_bytes(power(opened[1], share)),
                         "c": proof[:CHALLENGE_BYTES], "z": proof[CHALLENGE_BYTES:]})

    def owing(self, pile_name: str, position: int) -> set[int]:
        """Dealers still owing a part of an overdue share of this position."""
        table = self.table
        owing: set[int] = set()
        for slot, parts in self.overdue.items():
            if slot[0] != pile_name or slot[2] != position or self._open_draw(slot) is None \
                    or self._given(slot):
                continue
            owner = slot[4]
            owing |= {d for d in table.active if d != owner and d not in parts
                      and d in table.escrows.get(owner, {})}
        return owing

    def is_overdue(self, pile_name: str, attempt: int, position: int, again: int,
                   owner: int) -> bool:
        return (pile_name, attempt, position, again, owner) in self.overdue

    # -- rebuilding ---------------------------------------------------------------------
    def departed_changed(self) -> None:
        """A holder's key was rebuilt: its parts are computed by every machine."""
        for slot in list(self.overdue):
            if self._open_draw(slot) is not None and not self._given(slot):
                self._derive_departed_parts(slot)
                self._try_complete(slot)

    def _derive_departed_parts(self, slot) -> None:
        table = self.table
        owner = slot[4]
        parts = self.overdue[slot]
        base = self._open_draw(slot)[1]
        for holder, key in sorted(table.recovered.items()):
            if holder == owner or holder in parts or holder not in table.escrows.get(owner, {}):
                continue
            share = open_share(table.escrows[owner][holder], key,
                               table.transcript.public_keys[owner], owner, holder)
            parts[holder] = power(base, int.from_bytes(share, "big"))

    def _try_complete(self, slot) -> None:
        table = self.table
        parts = self.overdue[slot]
        need = table.escrow_threshold
        opened = self._open_draw(slot)
        if opened is None or self._given(slot) or len(parts) < need:
            return
        pile_name, attempt, position, again, owner = slot
        chosen = dict(sorted(parts.items())[:need])
        share = combine_partial_shares(chosen, need)
        step = table.current_step
        if step[0] == "show":
            self._read_shown(step, slot, share)
        else:
            table.append_derived(DrawShared(pile_name, position, opened[0], owner, share,
                                            again, attempt))
        self.rebuilt.append(slot)

    def _read_shown(self, step, slot, share: bytes) -> None:
        """The drawer's own share of a card its show owes is rebuilt: every machine reads
        the card with the other dealers' shares (in every transcript since the deal) and
        takes it as shown."""
        table = self.table
        pile_name, attempt, position, again, owner = slot
        t = table.transcript
        pile = t.piles[pile_name]
        ciphertext = t.card_at(pile_name, position)
        card = finish_draw(ciphertext, share, list(pile.draws[position].shares.values()),
                           pile.cards)
        if card is None:     # another dealer's share of it was wrong: the audit names who
            raise FairError("fair_bad_share", dealer=-1, pile=pile_name, position=position)
        self.shows_rebuilt.add((pile_name, attempt, position, again))
        try:
            table.kinds.take_shown(step, CardPlayed(pile_name, position, owner, card))
        except FairplayError as error:
            raise FairError("fair_refused", dealer=owner, detail=error.code) from None
