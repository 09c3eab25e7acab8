"""Metro's lesson: against one easy bot, placing a tile, completing a line, the central
station's double points and the stack."""

from __future__ import annotations

from game.client.games.metro.geometry import square_rect
from game.client.tutorial.script import Lesson, Step
from game.rules.metro.moves import Draw, Place

NEXT_TO_CENTRE = (19, 20, 26, 29, 34, 37, 43, 44)


def places(game, state, seat, move) -> bool:
    return isinstance(move, Place)


def events_of(game, state, seat, move) -> list:
    probe = game.clone(state)
    try:
        return game.apply(probe, seat, move)
    except Exception:        # noqa: BLE001 - an illegal move completes nothing
        return []


def completes_own_line(game, state, seat, move) -> bool:
    return isinstance(move, Place) and any(
        event.get("kind") == "line_completed" and event.get("owner") == seat
        for event in events_of(game, state, seat, move))


def next_to_centre(game, state, seat, move) -> bool:
    return isinstance(move, Place) and move.square in NEXT_TO_CENTRE


def centre_distance(move) -> int:
    if not isinstance(move, Place):
        return 99
    row, col = divmod(move.square, 8)
    return abs(2 * row - 7) + abs(2 * col - 7)


def draws(game, state, seat, move) -> bool:
    return isinstance(move, Draw)


def squares(accept):
    """The hand tile and the squares where the move the step wants may go."""
    cache: dict = {}

    def marks(board, seat):
        game, state = board.game, board.state
        key = (id(state), state.turn, state.pending, seat)
        if key not in cache:           # once per position, not once per frame
            placements = [move for move in game.legal_moves(state, seat)
                          if isinstance(move, Place)]
            wanted = {move.square for move in placements if accept(game, state, seat, move)}
            if not wanted:          # not possible yet: wherever the tile may go meanwhile
                wanted = {move.square for move in placements}
            cache.clear()
            cache[key] = [square_rect(sq) for sq in sorted(wanted)]
        return board.hand_rects(seat)[:1] + cache[key]
    return marks


def stack_marks(board, seat):
    rect = board.button_rect("draw", seat)
    return [rect] if rect is not None else []


def pending_marks(board, seat):
    return [board.pending_rect()] + squares(places)(board, seat)[1:]


LESSON = Lesson(
    id="metro", game="metro", players=2, seed=3, bots=("easy",), panel=(20, 270, 292, 396),
    steps=(
        Step("welcome"),
        Step("place", accept=places, marks=squares(places), names=("hand",)),
        Step("complete", accept=completes_own_line, meanwhile=places,
             marks=squares(completes_own_line), names=("hand",)),
        Step("scored", names=("players",)),
        Step("centre", accept=next_to_centre, meanwhile=places, toward=centre_distance,
             marks=squares(next_to_centre), names=("hand",)),
        Step("double"),
        Step("stack", accept=draws, marks=stack_marks, names=("draw", "hand")),
        Step("stack_place", accept=places, marks=pending_marks),
        Step("handover"),
    ))

LESSONS = (LESSON,)
