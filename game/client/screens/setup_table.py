"""What table setup remembers and how it keeps a table sensible, apart from the form itself:

- the last table of each game (players, names, who plays with what, colours, variants,
  expansion, bot levels), kept in the settings file so it survives a restart, and read back
  defensively (a hand-edited or stale entry is repaired or dropped, never a crash; a
  controller that is not plugged in any more gives its seat a default device);
- a distinct default device for every local human when the board splits the screen
  (keyboard for one, mouse for another, then the controllers), and which split-screen
  humans share a device (setup warns about it).
"""

from __future__ import annotations

from game.client.input import seat_devices
from game.client.seats import SeatKind

MEMORY_KEY = "last_tables"
MAX_NAME = 14


# -- devices ---------------------------------------------------------------------------------
def human_device(who: str | None) -> str | None:
    """The device binding of a "human:..." seat value (None for a bot or an unset seat)."""
    kind, _, rest = (who or "").partition(":")
    return rest if kind == SeatKind.HUMAN else None


def split_screen_device(seats: list[dict], index: int, pads: list[str]) -> str:
    """A device for a new local human ``index`` that no other local human uses: a free
    controller first; else the mouse, taking it from a seat that had mouse and keyboard
    together (that seat keeps the keyboard); else mouse and keyboard."""
    used: set[str] = set()
    for other, seat in enumerate(seats):
        device = human_device(seat["who"])
        if other != index and device:
            used |= seat_devices(device)
    if not used:
        return "mouse+keyboard"          # the first human has both until someone joins
    free_pads = [pad for pad in pads if pad not in used]
    if free_pads:
        return free_pads[0]
    for other, seat in enumerate(seats):
        if other != index and human_device(seat["who"]) == "mouse+keyboard":
            seat["who"] = "human:keyboard"
            return "mouse"
    if "mouse" not in used:
        return "mouse" if "keyboard" in used else "mouse+keyboard"
    if "keyboard" not in used:
        return "keyboard"
    return "mouse+keyboard"


def shared_devices(seats: list[dict]) -> list[tuple[int, int, str]]:
    """(seat, other seat, device) for every device two local humans are both bound to."""
    out = []
    humans = [(i, seat_devices(human_device(s["who"]) or "")) for i, s in enumerate(seats)
              if human_device(s["who"])]
    for a, (i, mine) in enumerate(humans):
        for j, theirs in humans[a + 1:]:
            common = sorted(mine & theirs)
            if common:
                out.append((i, j, common[0]))
    return out


# -- memory ----------------------------------------------------------------------------------
def remember(settings, game_name: str, players: int, seats: list[dict], options: dict) -> None:
    """Store the table just started as the one setup offers next time for this game."""
    tables = dict(settings.values.get(MEMORY_KEY) or {})
    tables[game_name] = {"players": players,
                         "seats": [{"name": s["name"], "who": s["who"], "colour": s["colour"]}
                                   for s in seats],
                         "options": {k: v for k, v in options.items()
                                     if isinstance(v, (bool, int))}}
    settings[MEMORY_KEY] = tables


def recall(settings, game, game_name: str, who_allowed, colours: int) -> dict | None:
    """The remembered table of ``game_name``, repaired: players within the game's range,
    names cut to size, an unknown device or bot level and duplicate or unknown colours
    dropped (the seat then gets the usual default), options of unknown variants dropped.
    ``who_allowed(who)`` says whether a seat's "human:..."/"bot:..." value is still offered.
    None when nothing usable was stored."""
    tables = settings.values.get(MEMORY_KEY)
    entry = tables.get(game_name) if isinstance(tables, dict) else None
    if not isinstance(entry, dict):
        return None
    players = entry.get("players")
    if not isinstance(players, int) or isinstance(players, bool) \
            or not game.min_players <= players <= game.max_players:
        return None
    seats, used = [], set()
    raw = entry.get("seats")
    for seat in raw if isinstance(raw, list) else []:
        if not isinstance(seat, dict) or len(seats) >= players:
            break
        name = seat.get("name")
        who = seat.get("who")
        colour = seat.get("colour")
        clean = {"name": name[:MAX_NAME] if isinstance(name, str) else ""}
        clean["who"] = who if isinstance(who, str) and who_allowed(who) else None
        ok_colour = (isinstance(colour, int) and not isinstance(colour, bool)
                     and 0 <= colour < colours and colour not in used)
        clean["colour"] = colour if ok_colour else None
        if ok_colour:
            used.add(colour)
        seats.append(clean)
    options = {}
    raw_options = entry.get("options")
    for key, value in (raw_options.items() if isinstance(raw_options, dict) else ()):
        if key == "hand" and isinstance(value, int) and not isinstance(value, bool):
            options["hand"] = value
        elif key in game.variants and isinstance(value, bool):
            options[key] = value
    return {"players": players, "seats": seats, "options": options}
