"""Metro's data tables: tile copies, car tables, seat colours and the companies expansion.

Everything a better source could correct lives here as plain data, so replacing a table needs
no code change. Items marked [reconstructed] in the rules page are marked the same way here.
"""

from __future__ import annotations

# Copies of each of the 24 tile types (60 tiles in all). A type is named by four letters, the
# track leaving endpoints 0, 2, 4, 6: a straight (e+5), b wide turn (e+3), c tight turn (e-1),
# d U-turn (e+1), all mod 8.
TILE_COPIES: dict[str, int] = {
    "aaaa": 4, "aacb": 4, "acba": 4, "baac": 4, "cbaa": 4,
    "bcbc": 3, "cbcb": 3,
    "accd": 2, "adad": 2, "adbb": 2, "badb": 2, "bbad": 2, "bbbb": 2, "bcdd": 2, "cccc": 2,
    "ccda": 2, "cdac": 2, "cddb": 2, "dacc": 2, "dada": 2, "dbba": 2, "dbcd": 2, "ddbc": 2,
    "dddd": 2,
}

# Seat colours, in seat order (the column order of the car table).
COLOURS: tuple[str, ...] = ("yellow", "blue", "orange", "green", "purple", "black")

MIN_PLAYERS = 2
MAX_PLAYERS = 6

# players -> one tuple of departure stations per seat (seat order = COLOURS order).
CAR_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {
    2: (tuple(range(1, 33, 2)), tuple(range(2, 33, 2))),
    3: ((1, 4, 6, 11, 15, 20, 23, 25, 28, 31),
        (2, 7, 9, 12, 14, 19, 22, 27, 29, 32),
        (3, 5, 8, 10, 13, 18, 21, 24, 26, 30)),
    4: ((4, 7, 11, 16, 20, 23, 27, 32),
        (3, 8, 12, 15, 19, 24, 28, 31),
        (1, 6, 10, 13, 18, 21, 25, 30),
        (2, 5, 9, 14, 17, 22, 26, 29)),
    5: ((1, 5, 10, 14, 22, 28),
        (6, 12, 18, 23, 27, 32),
        (3, 7, 15, 19, 25, 29),
        (2, 9, 13, 21, 26, 30),
        (4, 8, 11, 20, 24, 31)),
    6: ((1, 5, 10, 19, 27),
        (2, 11, 18, 25, 29),
        (4, 8, 14, 21, 26),
        (6, 15, 20, 24, 31),
        (3, 9, 13, 23, 30),
        (7, 12, 22, 28, 32)),
}

# --- The companies expansion ------------------------------------------------------------------

COMPANIES: tuple[str, ...] = ("yellow", "blue", "orange", "green", "purple", "black", "red",
                              "white")
SHARE_PERCENTS: tuple[int, ...] = (10, 20, 30, 40)   # one pile per percentage
EXCHANGE_CUTOFF = 25   # exchanges end once any company's profit reaches this


def _company_stations() -> tuple[tuple[int, ...], ...]:
    """[reconstructed] One car of each company on each side: on side k (0 top, 1 right,
    2 bottom, 3 left) company i sits on station 8k + ((i + 3k) mod 8) + 1."""
    return tuple(tuple(8 * k + ((i + 3 * k) % 8) + 1 for k in range(4))
                 for i in range(len(COMPANIES)))


COMPANY_STATIONS: tuple[tuple[int, ...], ...] = _company_stations()
