"""Who a fair table waits for (issue 13): the dealers that owe the current step.

A dealer can hold a step up only by not sending what it owes: its key commitment or key, its
escrow, its part of a roll, its shuffle, its share of a draw, its answer about its hand or the
cards it shows, its key share of a dealer that left, or its secret at the end. The host
watches these (``net.fair.guard``): a dealer lost or silent during the setup sends the table
back to the lobby; during play what can be rebuilt from the escrow is rebuilt (a roll part, a
draw share, a shown card, a secret at the end), a shuffle step is skipped, and what cannot (an
answer, a rebuild short of its threshold) waits, blaming nobody. Spectators owe nothing, so
they can never hold anything up.
"""

from __future__ import annotations

from net.fair.dues import SETUP_ROLL


def setup_owing(fair) -> list[int]:
    """Dealers the setup (keys, escrows, the public seed's roll) waits for, sorted."""
    t = fair.transcript
    dealers = fair.dealers
    if len(t.key_commitments) < len(dealers):
        return [d for d in dealers if d not in t.key_commitments]
    if len(t.public_keys) < len(dealers):
        return [d for d in dealers if d not in t.public_keys]
    if len(dealers) > 1 and len(fair.escrows) < len(dealers):
        return [d for d in dealers if d not in fair.escrows]
    roll = t.rolls.get(SETUP_ROLL)
    if roll is None:
        return []
    return sorted(_roll_owing(fair, roll))


def _roll_owing(fair, roll) -> set[int]:
    """The dealers a roll waits for: those whose part is missing, but for a part the host
    declared overdue, the holders that have not given their part of its rebuild yet."""
    seats = roll.opening.seats
    if roll.commitments and len(roll.commitments) < len(seats):
        return {d for d in seats if d not in roll.commitments}
    name, attempt = roll.opening.roll, roll.opening.attempt
    missing = {d for d in seats if d not in roll.reveals
               and not fair.rescue.is_overdue(name, attempt, d)}
    return missing | fair.rescue.owing(name)


def roll_parts_late(fair) -> list[tuple[str, int, int]]:
    """(roll, attempt, dealer) of every part of the roll being rolled (the setup's or the
    current step's) that is missing and not declared overdue yet: the host rebuilds these
    from the escrow instead of blaming anyone (``net.fair.rescue``)."""
    if fair.match is None:
        name = SETUP_ROLL if fair.transcript.rolls.get(SETUP_ROLL) is not None else None
    else:
        step = fair.current_step
        name = step[1] if step is not None and step[0] == "roll" else None
    if name is None:
        return []
    roll = fair.transcript.rolls[name]
    if roll.commitments or (len(fair.dealers) > 1 and len(fair.escrows) < len(fair.dealers)):
        return []
    attempt = roll.opening.attempt
    return [(name, attempt, d) for d in roll.opening.seats if d not in roll.reveals
            and not fair.rescue.is_overdue(name, attempt, d) and d in fair.escrows]


def shares_late(fair) -> list[tuple[str, int, int, int, int]]:
    """(pile, attempt, position, again, dealer) of every share of the opened draw that is
    missing and not declared overdue yet, from a dealer whose key is in escrow: the host
    rebuilds these from the escrow instead of blaming anyone (``net.fair.share_rescue``)."""
    step = fair.current_step if fair.match is not None else None
    if step is None or step[0] not in ("deal", "reveal"):
        return []
    _, name, positions, drawer, _ = step
    pile = fair.transcript.piles[name]
    attempt = pile.opening.attempt
    late = []
    for position in positions:
        draw = pile.draws.get(position)
        again = pile.returns.get(position, 0)
        for dealer in pile.opening.seats:
            if (dealer == drawer or (draw is not None and dealer in draw.shares)
                    or dealer in fair.departed or dealer not in fair.escrows
                    or fair.share_rescue.is_overdue(name, attempt, position, again, dealer)):
                continue
            late.append((name, attempt, position, again, dealer))
    return late


def shows_late(fair) -> list[tuple[str, int, int, int, int]]:
    """(pile, attempt, position, again, drawer) of every card of the opened show that is not
    named yet and not declared overdue, whose drawer's key is in escrow: the drawer's own
    share of it is rebuilt from the escrow (``net.fair.share_rescue``) and every machine
    reads the true card, instead of anyone being blamed."""
    step = fair.current_step if fair.match is not None else None
    if step is None or step[0] != "show":
        return []
    _, name, _, drawer, _ = step
    if drawer in fair.departed or drawer not in fair.escrows:
        return []
    pile = fair.transcript.piles[name]
    attempt = pile.opening.attempt
    late = []
    for position in fair.kinds.unshown(step):
        draw = pile.draws.get(position)
        again = pile.returns.get(position, 0)
        if draw is None or draw.drawer != drawer or \
                fair.share_rescue.is_overdue(name, attempt, position, again, drawer):
            continue        # (a pile of one seat keeps no draw record: nothing to rebuild)
        late.append((name, attempt, position, again, drawer))
    return late


def _show_owing(fair, step) -> set[int]:
    """Who the opened show waits for: its hand's machine for a card not named yet, or the
    holders owing a part of its rebuild once that card was declared overdue."""
    _, name, _, drawer, _ = step
    pile = fair.transcript.piles[name]
    owing: set[int] = set()
    for position in fair.kinds.unshown(step):
        if fair.share_rescue.is_overdue(name, pile.opening.attempt, position,
                                        pile.returns.get(position, 0), drawer):
            owing |= fair.share_rescue.owing(name, position)
        else:
            owing.add(drawer)
    return owing


def play_owing(fair) -> list[int]:
    """Dealers the current chance step of a running game waits for (none while the game
    waits for a move), sorted; a departed dealer's part is done by every machine."""
    if fair.match is None:
        return setup_owing(fair)
    active = set(fair.active)
    owing: set[int] = set()
    for gone in fair.departed:
        if gone not in fair.recovered:
            owing |= {d for d in active if d not in fair.key_shares.get(gone, {})}
    if owing:
        return sorted(owing)
    if fair.finished:
        return sorted(d for d in active if d not in fair.secrets)
    step = fair.current_step
    if step is None:
        return []
    kind, name, positions, drawer, _ = step
    t = fair.transcript
    if kind == "roll":
        owing = _roll_owing(fair, t.rolls[name])
    elif kind == "shuffle":
        pile = t.piles[name]
        nxt = None if pile.shuffled else pile.next_shuffler()
        owing = {nxt} if nxt is not None else set()
    elif kind in ("deal", "reveal"):
        pile = t.piles[name]
        rescue = fair.share_rescue
        for position in positions:
            draw = pile.draws.get(position)
            again = pile.returns.get(position, 0)
            for dealer in pile.opening.seats:
                if dealer == drawer or (draw is not None and dealer in draw.shares):
                    continue
                if not rescue.is_overdue(name, pile.opening.attempt, position, again, dealer):
                    owing.add(dealer)
            owing |= rescue.owing(name, position)
    elif kind == "show" and drawer not in fair.recovered:
        owing = _show_owing(fair, step)
    elif kind == "attest" and drawer not in fair.recovered:
        owing = {drawer}      # the hand's own machine answers
    # (a ``return`` is derived by every machine when it opens: nobody owes it anything)
    return sorted(d for d in owing if d in active)


def collecting_shares(fair) -> bool:
    """The opened step is a draw (deal or reveal) whose shares are not all in yet: the host
    holds the shares it has for one bundle (net.fair.bundle)."""
    step = fair.current_step
    if step is None or step[0] not in ("deal", "reveal"):
        return False
    _, name, positions, drawer, _ = step
    pile = fair.transcript.piles.get(name)
    return pile is not None and any(
        dealer != drawer and (position not in pile.draws
                              or dealer not in pile.draws[position].shares)
        for dealer in pile.opening.seats for position in positions)
