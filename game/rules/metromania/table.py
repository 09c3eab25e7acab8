"""Metromania at a LAN table: the partial-information state of one peer and its chance steps.

The city is public and fixed at the start: ``new_table_game`` draws it from the table's
``public_seed`` with the game's Rng, exactly as ``new_game`` does from its seed. Where every
marker is public (two players, No Corruption, and the plain 3-4 player deal, whose hands are
shown at once) the deal is drawn from that same Rng too, so nothing waits on chance.

Only the Unfair Municipality variant has secrets: the letters of unplaced markers. Its table
state waits on these steps (``ChanceRequest``; piles ``residential``, ``commercial``,
``entertainment``, each its four markers in letter order, card id = index):

* a deal round: ``shuffle`` the three piles; then for each seat (seat 0 first): ``deal``
  one card of each pile (residential, commercial, entertainment) and ``attest``
  ``letters-differ``: that seat's own peer answers ``GAME.attest(its_state, request)``,
  ``(1,)`` if its three letters differ, else ``(0,)``. A ``(0,)`` voids the round at once:
  the round starts again with fresh shuffles of the whole piles (a ``shuffle`` of a pile
  always means all its cards: it takes the ones dealt before back from every hand, so a hand
  never holds a card of a pile's earlier shuffle, which a peer could no longer read). This is
  how local play deals (whole rounds again until every hand is valid: uniform over valid
  deals; stopping a round at its first bad hand changes nothing but the work); a void round
  says nothing about the final hands. With 3 players: ``roll`` sides (3, 2), the
  Fisher-Yates swaps of the types [R, C, E] (face of the 3-die for index 2, then the 2-die for
  index 1) - seat s gets the 4th card of the pile of type ``perm[s]``: ``deal`` those, seat 0
  first. (The types in a hand are public anyway.)
* at the end of a turn that might end building, a line whose blocked status depends on its
  owner's face-down letters (the same-letter rule) and decides the outcome: ``attest``
  ``blocked-S`` / ``blocked-T`` by that seat (``(1,)`` blocked). The turn end resumes when the
  answers are in.
* once the game is over: ``show`` (a reveal of the cards a seat holds, not of the pile's top)
  for each seat, each pile of which it still holds markers, ``count`` of them: outcome their
  card ids. Scoring needs them (guilt for unplaced markers); ``view`` of a finished game
  shows them too. ``is_over`` stays False until they are in.

A marker named by a dig from a hand this peer cannot see is checked in lines.py (a face-down
marker of the type is there and the letter is unseen), and a short dig or a pass of such a
seat only against what it could surely do without its face-down markers. Whether the marker
really was in that hand, the dig could not be longer and every answer about a blocked line
was true is for ``Game.audit_table`` once the final ``show`` told every peer every starting
hand; the answers about void deal rounds need the cipher transcript (those rounds' cards).
"""

from __future__ import annotations

from itertools import permutations

from ..core import ChanceRequest, bad_chance, checked_outcome
from .board_data import LINES_TO_END, TYPES
from .lines import is_blocked
from .markers import HIDDEN_LETTER, UNFAIR, hide_hand, marker_unseen, markers_of_type

PILE_OF_TYPE = {"R": "residential", "C": "commercial", "E": "entertainment"}
TYPE_OF_PILE = {pile: kind for kind, pile in PILE_OF_TYPE.items()}
LETTERS_DIFFER = "letters-differ"
BLOCKED = ("blocked-S", "blocked-T")
ROLL_SIDES = (3, 2)


def secret_deal(config: dict) -> bool:
    return UNFAIR in config.get("variants", ())


def piles(config: dict) -> dict:
    if not secret_deal(config):
        return {}
    return {PILE_OF_TYPE[kind]: tuple(markers_of_type(kind)) for kind in TYPES}


def step(kind: str, pile: str = "", seat=None, count: int = 0, cards=(), sides=()) -> dict:
    return ChanceRequest(kind, pile=pile, seat=seat, count=count, cards=cards,
                         sides=sides).to_plain()


def pending(state) -> ChanceRequest | None:
    return ChanceRequest.from_plain(state.chance[0]) if state.chance else None


# -- the deal -----------------------------------------------------------------------------------

def start_deal(state) -> None:
    """Queue one deal round (Unfair Municipality); each pile's shuffle takes its markers back
    from the hands of a void round (``apply_chance``)."""
    if not state.hands:
        state.hands = [[] for _ in range(state.players)]
    state.decks = {}
    steps = [step("shuffle", pile, cards=tuple(range(len(markers_of_type(kind)))))
             for kind, pile in PILE_OF_TYPE.items()]
    for seat in range(state.players):   # a seat's answer comes before the next seat's deal:
        steps += [step("deal", PILE_OF_TYPE[kind], seat=seat, count=1) for kind in TYPES]
        steps.append(step("attest", LETTERS_DIFFER, seat=seat))   # a void round stops early
    if state.players == 3:
        steps.append(step("roll", sides=ROLL_SIDES))
    state.chance = steps


def extra_types(outcome: tuple) -> list:
    """The marker type each of the three seats gets as its 4th marker (the local deal's
    ``rng.shuffle`` of the left-over [R, C, E], replayed with the rolled faces)."""
    order = list(TYPES)
    for i, face in zip((2, 1), outcome):
        order[i], order[face] = order[face], order[i]
    return order


# -- answers only a seat's own peer can give -------------------------------------------------

def attest(state, request: ChanceRequest) -> tuple:
    """The answer of ``request.seat``'s own peer to an ``attest`` step."""
    seat = request.seat
    hand = state.hands[seat] if type(seat) is int and 0 <= seat < state.players else None
    if request.kind != "attest" or hand is None:
        raise bad_chance("{request} is not a question for a seat", request=repr(request))
    if any(key[0] == HIDDEN_LETTER for key in hand):
        raise bad_chance("This peer cannot see the hand of seat {seat}", seat=seat + 1)
    if request.pile == LETTERS_DIFFER:
        return (1,) if len({key[0] for key in hand}) == len(hand) else (0,)
    if request.pile in BLOCKED:
        return (1,) if is_blocked(state, seat, BLOCKED.index(request.pile)) else (0,)
    raise bad_chance("Unknown question {question}", question=repr(request.pile))


# -- blocked lines, decided in public ----------------------------------------------------------

def public_blocked(state, seat: int, k: int):
    """Whether line k of ``seat`` is blocked, from public knowledge only: True/False when every
    letter its face-down markers might carry gives the same answer, None when only its owner
    knows. The owner's peer computes this too (on the hidden hand), so every peer agrees."""
    hand = state.hands[seat]
    if not secret_deal(state.config) or not hand:
        return is_blocked(state, seat, k)
    scratch = state.clone()
    scratch.hands[seat] = hide_hand(hand)
    if not is_blocked(scratch, seat, k):
        return False   # it can go on without its markers: not blocked whatever they are
    unplaced = {kind: [key for key in markers_of_type(kind)
                       if all(placed != key for placed, _ in state.placed.values())]
                for kind in TYPES}
    answers = set()
    for letters in assignments(scratch.hands[seat], unplaced):
        scratch.hands[seat] = letters
        answers.add(is_blocked(scratch, seat, k))
        if len(answers) > 1:
            return None
    return answers.pop() if answers else True


def assignments(hidden_hand: list, unplaced: dict):
    """Every hand the face-down ``hidden_hand`` might be: distinct unplaced markers, one per
    face-down marker of its type."""
    per_type = []
    for kind in TYPES:
        count = sum(1 for key in hidden_hand if key[1] == kind)
        per_type.append(list(permutations(unplaced[kind], count)))

    def build(index: int, chosen: list):
        if index == len(per_type):
            yield sorted(chosen)
            return
        for option in per_type[index]:
            yield from build(index + 1, chosen + list(option))

    yield from build(0, [])


def line_status(state, seat: int, k: int):
    line_id = seat * 2 + k
    if line_id in state.attested:
        return bool(state.attested[line_id])
    return public_blocked(state, seat, k)


def building_ends(state) -> bool:
    """``Game.building_ends`` on a table state (a line only its owner could judge counts as
    not blocked here: ``lines_to_attest`` asked first whenever that could matter)."""
    return ends_outright(state) or count_finished(state)[0] >= LINES_TO_END[state.players]


def ends_outright(state) -> bool:
    """The 30th station is used or a player completed both lines."""
    return state.stations_left() <= 0 or any(
        state.line(seat, 0).done and state.line(seat, 1).done for seat in range(state.players))


def count_finished(state) -> tuple:
    """(lines completed or surely blocked, line ids only their owner can judge)."""
    finished, unknown = 0, []
    for seat in range(state.players):
        for k in (0, 1):
            if state.line(seat, k).done:
                finished += 1
                continue
            status = line_status(state, seat, k)
            if status is None:
                unknown.append(seat * 2 + k)
            elif status:
                finished += 1
    return finished, unknown


def lines_to_attest(state) -> list:
    """Lines whose owner must say whether they are blocked before this turn may end: only
    when that decides whether building ends."""
    if ends_outright(state):
        return []
    finished, unknown = count_finished(state)
    need = LINES_TO_END[state.players]
    if finished >= need or finished + len(unknown) < need:
        return []
    return unknown


def queue_attests(state, line_ids: list, seat: int) -> None:
    state.chance = [step("attest", BLOCKED[line_id % 2], seat=line_id // 2)
                    for line_id in line_ids]
    state.resume = seat


def queue_shows(state) -> None:
    """The end of an Unfair game: every seat shows its unplaced markers, pile by pile."""
    if not secret_deal(state.config):
        return
    for seat in range(state.players):
        for kind in TYPES:
            count = sum(1 for key in state.hands[seat] if key[1] == kind)
            if count:
                state.chance.append(step("show", PILE_OF_TYPE[kind], seat=seat, count=count))


# -- applying outcomes -------------------------------------------------------------------------

def apply_chance(state, request, outcome) -> list:
    """Apply the public outcome of the pending step (see the module docstring)."""
    outcome = checked_outcome(pending(state), request, outcome)
    kind = request.kind
    if kind in ("shuffle", "deal"):
        if outcome:
            raise bad_chance("A {kind} outcome carries nothing", kind=kind)
    elif kind == "attest":
        if outcome not in ((0,), (1,)):
            raise bad_chance("An answer is (0,) or (1,), not {outcome}", outcome=repr(outcome))
    elif kind == "roll":
        if len(outcome) != len(request.sides) or any(
                type(face) is not int or not 0 <= face < size
                for face, size in zip(outcome, request.sides)):
            raise bad_chance("A roll of {sides} needs one face per die, not {outcome}",
                             sides=repr(request.sides), outcome=repr(outcome))
    shown = show_values(state, request, outcome) if kind == "show" else ()
    state.chance.pop(0)
    if kind == "shuffle":
        state.decks[request.pile] = len(request.cards)
        kind_of_pile = TYPE_OF_PILE[request.pile]
        state.hands = [[key for key in hand if key[1] != kind_of_pile] for hand in state.hands]
        return [{"kind": "shuffled", "pile": request.pile}]
    if kind == "deal":
        return deal(state, request)
    if kind == "roll":
        extra = extra_types(outcome)
        state.chance[:0] = [step("deal", PILE_OF_TYPE[extra[seat]], seat=seat, count=1)
                            for seat in range(state.players)]
        return [{"kind": "rolled", "faces": list(outcome)}]
    if kind == "show":
        return show(state, request, shown)
    if request.pile == LETTERS_DIFFER:
        if outcome == (0,):
            start_deal(state)
            return [{"kind": "redeal", "seat": request.seat}]
        if not state.chance:
            state.decks = {}
        return []
    state.attested[request.seat * 2 + BLOCKED.index(request.pile)] = outcome[0]
    return []


def deal(state, request: ChanceRequest) -> list:
    left = state.decks.get(request.pile, 0)
    if left < request.count:
        raise bad_chance("Pile {pile} has only {left} cards", pile=request.pile, left=left)
    state.decks[request.pile] = left - request.count
    hand = state.hands[request.seat]
    hand.extend([HIDDEN_LETTER + TYPE_OF_PILE[request.pile]] * request.count)
    hand.sort()
    if not state.chance:
        state.decks = {}
    return [{"kind": "dealt_marker", "seat": request.seat, "pile": request.pile,
             "count": request.count}]


def keys_of(pile: str, cards, count: int | None = None) -> list:
    values = markers_of_type(TYPE_OF_PILE[pile]) if pile in TYPE_OF_PILE else []
    if not values:
        raise bad_chance("Metromania has no pile {pile}", pile=repr(pile))
    if not isinstance(cards, (tuple, list)) or (count is not None and len(cards) != count) \
            or len(set(cards)) != len(cards) or any(
                type(card) is not int or not 0 <= card < len(values) for card in cards):
        raise bad_chance("{cards} are not distinct card ids of pile {pile}", cards=repr(cards),
                         pile=pile)
    return [values[card] for card in cards]


def show_values(state, request: ChanceRequest, outcome: tuple) -> list:
    """The markers a seat shows: its own peer knows them already (they must match); elsewhere
    each must be unseen, and the hand must hold that many face-down markers of the type."""
    keys = keys_of(request.pile, outcome, request.count)
    hand = state.hands[request.seat]
    kind = TYPE_OF_PILE[request.pile]
    face_down = sum(1 for key in hand if key == HIDDEN_LETTER + kind)
    new = [key for key in keys if key not in hand]
    if any(not marker_unseen(state, key) for key in new) or len(new) != face_down:
        raise bad_chance("Seat {seat} does not hold {markers}", seat=request.seat + 1,
                         markers=", ".join(keys))
    return new


def show(state, request: ChanceRequest, new: list) -> list:
    hand = state.hands[request.seat]
    for key in new:
        hand.remove(HIDDEN_LETTER + key[1])
        hand.append(key)
    hand.sort()
    return [{"kind": "shown_markers", "seat": request.seat, "markers": sorted(
        key for key in hand if key[1] == TYPE_OF_PILE[request.pile])}]


def learn(state, seat: int, pile: str, cards) -> None:
    """The owner's peer: the real markers just dealt to ``seat`` replace face-down ones."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise bad_chance("There is no seat {seat}", seat=repr(seat))
    keys = keys_of(pile, cards)
    hand = state.hands[seat]
    placeholder = HIDDEN_LETTER + TYPE_OF_PILE[pile]
    if sum(1 for key in hand if key == placeholder) < len(keys):
        raise bad_chance("Seat {seat} was not dealt {count} unknown {pile} markers",
                         seat=seat + 1, count=len(keys), pile=pile)
    for key in keys:
        if not marker_unseen(state, key):
            raise bad_chance("Marker {marker} is already in sight", marker=key)
    for key in keys:
        hand.remove(placeholder)
        hand.append(key)
    hand.sort()


# -- the audit after the final show ------------------------------------------------------------

def starting_hands(state) -> list:
    """Every seat's dealt markers (placed and shown) once the final show is in."""
    hands = [list(hand) for hand in state.hands]
    for key, seat in state.placed.values():
        hands[seat].append(key)
    if any(key[0] == HIDDEN_LETTER for hand in hands for key in hand):
        raise bad_chance("Some markers are still face down")
    return [sorted(hand) for hand in hands]


def deal_problem(players: int, hands: list) -> str:
    """Why ``hands`` is no Unfair Municipality deal ("" if it is one): every marker once, one
    of each type per seat with three different letters (3 players: plus one more)."""
    every = sorted(key for hand in hands for key in hand)
    if every != sorted(key for kind in TYPES for key in markers_of_type(kind)):
        return "the hands do not hold every marker exactly once"
    for seat, hand in enumerate(hands):
        firsts = [hand] if players == 4 else [
            [key for key in hand if key != extra] for extra in hand]
        if not any(sorted(key[1] for key in first) == list(sorted(TYPES))
                   and len({key[0] for key in first}) == 3 for first in firsts):
            return f"seat {seat + 1} was dealt {', '.join(hand)}"
    return ""
