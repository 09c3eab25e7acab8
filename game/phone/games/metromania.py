"""Metromania on a phone: the city, the lines, the seat's destination markers and its moves.

The page draws the hexagonal city from the space names (``u<q>,<r>`` / ``d<q>,<r>``: the
triangle's corners follow from the name, see ``game.rules.metromania.lattice``) and what each
space is (``static``: destinations R/C/E, lake L, park P, white/black arrows W/B). A dig is
composed tunnel by tunnel: the page asks for the next tunnels after those it has chosen
(``ask``: ``{"partial": [tunnel, ...]}``) and the answer lists the legal ones that keep the dig
completable (``dig_options`` of the rules), with how many the turn needs. Stations and the
free station come with the view (``stations``, ``bonus``); ``pass`` when nothing else is legal.
"""

from __future__ import annotations

from game.rules.core import IllegalMove
from game.rules.metromania.city import ARROW
from game.rules.metromania.lattice import POINT_NAMES, POINTS, SPACE_NAMES
from game.rules.metromania.moves import Bonus, Pass, Station, parse_tunnel
from game.rules.metromania.state import BONUS, OVER

WORDS = ("phone.mania.markers", "phone.mania.dig", "phone.mania.dig_progress",
         "phone.mania.station", "phone.mania.pick_tunnel", "phone.mania.pick_marker",
         "phone.mania.pick_station", "phone.mania.bonus", "phone.mania.no_bonus",
         "phone.mania.pass", "phone.mania.whole_city", "phone.mania.zoom",
         "phone.mania.solid", "phone.mania.striped", "phone.mania.stations_left",
         "phone.mania.dig_ready", "phone.mania.dead_end", "phone.mania.type.R",
         "phone.mania.type.C", "phone.mania.type.E", "phone.mania.last_turns",
         "phone.mania.hidden_marker")
MAX_PARTIAL = 3


def static(game, view) -> dict:
    city = game.city(view)
    return {"spaces": [[SPACE_NAMES[s], city.kind[s], ARROW[s]] for s in range(len(SPACE_NAMES))]}


def _point(p: int) -> list:
    return list(POINTS[p])


def board(game, view, seat: int, words) -> dict:
    lines = []
    for line_id, line in enumerate(view.lines):
        lines.append({"seat": line_id // 2, "k": line_id % 2, "done": line.done,
                      "points": [_point(p) for p in line.points],
                      "spaces": [SPACE_NAMES[s] for s in line.spaces]})
    stations, bonus, can_dig, can_pass = [], [], False, False
    if seat in game.to_act(view):
        if view.phase == BONUS:        # few moves: the free station's points and "none"
            bonus = [POINT_NAMES[move.point] if move.point >= 0 else None
                     for move in game.legal_moves(view, seat) if isinstance(move, Bonus)]
        else:                          # not legal_moves: listing every dig takes too long
            can_dig = game.validate_partial(view, seat, ())["needed"] > 0
            stations = [[k, POINT_NAMES[p]] for k in (0, 1)
                        for p in view.line(seat, k).points if _legal(game, view, seat,
                                                                     Station(k, p))]
            can_pass = _legal(game, view, seat, Pass())
    data = {
        "lines": lines,
        "stations": [[*_point(p), builder] for p, builder in sorted(view.stations.items())],
        "terminals": [_point(p) for p in sorted(view.terminals)],
        "placed": [[SPACE_NAMES[s], key, who] for s, (key, who) in sorted(view.placed.items())],
        "hand": list(view.hands[seat]) if 0 <= seat < len(view.hands) else [],
        "hands": [list(hand) for hand in view.hands],
        "station_points": list(view.station_points),
        "stations_left": view.stations_left(),
        "phase": view.phase,
        "bonus_line": view.pending[0] % 2 if view.phase == BONUS and view.pending else None,
        "can_dig": can_dig, "station_moves": stations, "bonus": bonus, "pass": can_pass,
        "last_turns": view.last_turns if view.end_by >= 0 else None,
    }
    data["note"] = _note(game, view, seat, data, words)
    return data


def _legal(game, view, seat: int, move) -> bool:
    try:
        game.check(view, seat, move)
    except IllegalMove:
        return False
    return True


def _note(game, view, seat: int, data: dict, words) -> str:
    if view.phase == OVER or seat not in game.to_act(view):
        return ""
    if view.phase == BONUS:
        return words("phone.mania.bonus")
    return words("phone.mania.pick_tunnel") if data["can_dig"] else ""


def answer(game, view, seat: int, ask: dict):
    """The next tunnels of a dig being composed (None: not a question about a dig)."""
    partial_text = ask.get("partial")
    if view is None or not isinstance(partial_text, list) or len(partial_text) > MAX_PARTIAL:
        return None
    if seat not in game.to_act(view) or view.phase != "build":
        return {"partial": [], "tunnels": [], "needed": 0, "complete": False, "ok": False,
                "problem": ""}
    try:
        partial = tuple(parse_tunnel(str(token)) for token in partial_text)
    except IllegalMove:
        return None
    check = game.validate_partial(view, seat, partial)
    options = game.dig_options(view, seat, None, partial) if check["ok"] else []
    problem = check["problem"]["message"] if check["problem"] else ""
    return {"partial": [str(t) for t in partial], "tunnels": [str(t) for t in options],
            "needed": check["needed"], "complete": check["complete"], "ok": check["ok"],
            "reach": check["reach"], "problem": problem}


def hint_targets(move) -> dict:
    text = str(move)
    if text.startswith("dig "):
        return {"tunnels": text.split()[1:]}
    if text.startswith(("station ", "bonus ")):
        return {"point": text.split(":", 1)[1]}
    return {}


async def robot_move(board: dict, static: dict, ask) -> str | None:
    """The scripted phone's move (``game.phone.robot``): a bonus, else a dig composed tunnel
    by tunnel by asking the page's options (``ask(partial)``), a station, a pass."""
    if board.get("bonus"):
        letter = "ST"[board["bonus_line"]]
        point = board["bonus"][0]
        return f"bonus {letter}:{point if point else 'none'}"
    if board.get("can_dig"):
        partial: list[str] = []
        while True:
            options = await ask(partial)
            if options["complete"]:
                return "dig " + " ".join(partial)
            if not options["tunnels"]:
                break
            partial.append(options["tunnels"][0])
    if board.get("station_moves"):
        k, point = board["station_moves"][0]
        return f"station {'ST'[k]}:{point}"
    return "pass" if board.get("pass") else None
