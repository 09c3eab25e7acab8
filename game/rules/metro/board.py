"""Board geometry: squares, the central station, the 32 edge stations and how tracks meet.

A square is an int ``row * 8 + col`` (row 0 at the top). Endpoints are numbered clockwise
from the top-left: 0 top-left, 1 top-right, 2 right-top, 3 right-bottom, 4 bottom-right,
5 bottom-left, 6 left-bottom, 7 left-top. Squares are written ``A1``..``H8``: row letter A-H
top to bottom, column 1-8 left to right. Masks are ints with bit ``square`` set.
"""

from __future__ import annotations

SIZE = 8
SQUARES = SIZE * SIZE
CENTRE: tuple[int, ...] = (27, 28, 35, 36)          # (3,3) (3,4) (4,3) (4,4)
CENTRE_MASK = sum(1 << sq for sq in CENTRE)
STATIONS = 32
PLAYABLE: tuple[int, ...] = tuple(sq for sq in range(SQUARES) if sq not in CENTRE)

# Endpoint e of a square touches endpoint MATE[e] of the neighbour on that side.
MATE: tuple[int, ...] = (5, 4, 7, 6, 1, 0, 3, 2)
# Side of an endpoint: 0 top, 1 right, 2 bottom, 3 left; and the (drow, dcol) across it.
SIDE_STEP: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))

# What lies past each (square, endpoint): a square index, OFF_BOARD or CENTRE_STATION.
OFF_BOARD = -1
CENTRE_STATION = -2


def _square_name(square: int) -> str:
    row, col = divmod(square, SIZE)
    return f"{'ABCDEFGH'[row]}{col + 1}"


SQUARE_NAMES: tuple[str, ...] = tuple(_square_name(square) for square in range(SQUARES))


def square_name(square: int) -> str:
    """``'A1'`` … ``'H8'`` (row letter top to bottom, column 1-8)."""
    return SQUARE_NAMES[square] if 0 <= square < SQUARES else _square_name(square)


def parse_square(text: str) -> int | None:
    """``'C4'`` -> square index; None if the text is not a square name."""
    if len(text) != 2:
        return None
    row = "ABCDEFGH".find(text[0].upper())
    if row < 0 or text[1] not in "12345678":
        return None
    return row * SIZE + int(text[1]) - 1


def _beyond(square: int, endpoint: int) -> int:
    row, col = divmod(square, SIZE)
    drow, dcol = SIDE_STEP[endpoint // 2]
    row, col = row + drow, col + dcol
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        return OFF_BOARD
    target = row * SIZE + col
    return CENTRE_STATION if target in CENTRE else target


# BEYOND[square * 8 + endpoint] -> neighbouring square, OFF_BOARD or CENTRE_STATION
BEYOND: tuple[int, ...] = tuple(_beyond(sq, e) for sq in range(SQUARES) for e in range(8))

RING_MASK = sum(1 << sq for sq in PLAYABLE
                if any(BEYOND[sq * 8 + e] == OFF_BOARD for e in range(8)))

# Edge-neighbours of each square that can hold a tile (the centre is not a neighbour).
NEIGHBOUR_MASK: tuple[int, ...] = tuple(
    sum(1 << BEYOND[sq * 8 + e] for e in (0, 2, 4, 6) if BEYOND[sq * 8 + e] >= 0)
    for sq in range(SQUARES))


def departure(station: int) -> tuple[int, int]:
    """(square, endpoint) where the car of ``station`` (1-32) enters the board."""
    if 1 <= station <= 8:
        return station - 1, 0
    if 9 <= station <= 16:
        return (station - 9) * SIZE + 7, 2
    if 17 <= station <= 24:
        return 7 * SIZE + (24 - station), 4
    if 25 <= station <= 32:
        return (32 - station) * SIZE, 6
    raise ValueError(f"no station {station}")


def arrival_station(square: int, endpoint: int) -> int:
    """The station whose arrival track is left through (square, endpoint) at the board edge."""
    row, col = divmod(square, SIZE)
    side = endpoint // 2
    if side == 0:
        return col + 1
    if side == 1:
        return 9 + row
    if side == 2:
        return 24 - col
    return 32 - row


# DEPARTURES[station - 1] -> square * 8 + endpoint the line enters first
DEPARTURES: tuple[int, ...] = tuple(sq * 8 + e for sq, e in map(departure, range(1, 33)))


def boundary_endpoints(square: int) -> tuple[int, ...]:
    """The endpoints of a square that face the board edge (station tracks), sorted."""
    return tuple(e for e in range(8) if BEYOND[square * 8 + e] == OFF_BOARD)
