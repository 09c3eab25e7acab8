"""Metro on a phone: the board, the seat's hand, the legal squares of each tile and turn.

The page draws the 8x8 board (a placed tile is its type code and quarter turns; the page
turns the code into tracks), the 32 stations around it in their owners' colours, the lines
traced so far (each track piece with the seat or company whose line runs on it), and the
seat's hand. ``legal`` holds, per tile of the hand (or the drawn tile) and rotation, the
squares it may go on; a move is ``<tile>@<square>[/<r>]``, ``draw`` or a ``swap:...`` of the
companies expansion.
"""

from __future__ import annotations

from game.phone.palette import named_hex
from game.rules.metro.board import SQUARES, square_name
from game.rules.metro.data import COMPANIES, SHARE_PERCENTS
from game.rules.metro.moves import Draw, Place, Swap

WORDS = ("phone.metro.hand", "phone.metro.drawn", "phone.metro.draw", "phone.metro.stack",
         "phone.metro.pick_tile", "phone.metro.pick_square", "phone.metro.confirm_square",
         "phone.metro.shares", "phone.metro.exchange", "phone.metro.take_up",
         "phone.metro.take_down", "phone.metro.face_down", "phone.metro.profits",
         "phone.metro.no_exchanges", "phone.metro.others_hands", "phone.metro.draw_first",
         *(f"colour.{name}" for name in COMPANIES))


def static(game, view) -> dict:
    return {"orientation": view.orientation, "hand_size": view.hand_size,
            "companies": view.companies,
            "company_names": list(COMPANIES) if view.companies else [],
            "company_colours": [named_hex(name) for name in COMPANIES] if view.companies
            else [],
            "percents": list(SHARE_PERCENTS)}


def board(game, view, seat: int, words) -> dict:
    tiles = [[square, cell[0], cell[1], view.placed_by[square]]
             for square, cell in enumerate(view.board) if cell is not None]
    tracks, stations = [], []
    for index, owner in enumerate(view.car_owner):
        if owner is None:
            continue
        station = index + 1
        done = bool(view.line_done[index])
        stations.append([station, owner, done, view.line_points[index]])
        for row, col, enter, leave in game.line_path(view, station)["path"]:
            tracks.append([row * 8 + col, enter, leave, owner, done])
    legal: dict[str, dict[str, list[str]]] = {}
    can_draw, swaps = False, []
    for move in game.legal_moves(view, seat):
        if isinstance(move, Place):
            legal.setdefault(move.tile, {}).setdefault(str(move.rot), []).append(
                square_name(move.square))
        elif isinstance(move, Draw):
            can_draw = True
        elif isinstance(move, Swap):
            swaps.append(str(move))
    data = {"tiles": tiles, "tracks": tracks, "stations": stations,
            "hand": list(view.hands[seat]) if 0 <= seat < len(view.hands) else [],
            "hand_sizes": [len(hand) for hand in view.hands],
            "pending": view.pending, "stack": len(view.stack), "legal": legal,
            "draw": can_draw, "swaps": swaps, "squares": SQUARES}
    if view.companies:
        data["profits"] = list(view.profits)
        data["shares"] = [[company, pct] for company, pct in view.shares[seat]]
        data["face_up"] = [[company, pct] for company, pct in view.face_up]
        data["exchanges_open"] = bool(view.exchanges_open)
    data["note"] = _note(game, view, seat, data, words)
    return data


def _note(game, view, seat: int, data: dict, words) -> str:
    if view.over or seat not in game.to_act(view):
        return ""
    if view.pending is not None:
        return words("phone.metro.drawn")
    return words("phone.metro.pick_tile")


def answer(game, view, seat: int, ask: dict):
    return None


def hint_targets(move) -> dict:
    """Where the page shows a hinted move: the tile and its square."""
    if isinstance(move, Place):
        return {"tile": move.tile, "rot": move.rot, "square": square_name(move.square)}
    return {}


async def robot_move(board: dict, static: dict, ask) -> str | None:
    """The scripted phone's move (``game.phone.robot``): the first legal placement the page
    offers, else a draw; read from the payload only."""
    for tile in sorted(board.get("legal", {})):
        rotations = board["legal"][tile]
        for rot in sorted(rotations):
            if rotations[rot]:
                square = rotations[rot][0]
                return f"{tile}@{square}" + (f"/{rot}" if rot != "0" else "")
    return "draw" if board.get("draw") else None
