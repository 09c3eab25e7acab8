"""Building positions by hand, for tests, tutorials and client demos.

``game_with_city`` sets up a game on a fixed city layout; ``step`` names the tunnel that
takes a line's moving end to a neighbouring point (choosing the space on one side of the
edge); ``start`` names a line's first tunnel; ``build`` lays tunnels for any seat with the
full tunnel rules but outside turn order (positions the turn order would take long to reach).
"""

from __future__ import annotations

from ..core import IllegalMove
from .lattice import (BOUNDARY_EDGE, EDGE_BETWEEN, EDGE_CLASS, EDGE_POINTS, EDGE_SPACES,
                      POINT_BY_NAME, POINTS, SPACE_BY_NAME, SPACE_CORNERS, SPACE_EDGES)
from .lines import TurnContext, lay, problem
from .moves import Tunnel

DEFAULT_CITY = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]


def game_with_city(players: int = 2, variants=(), city=None, seed: int = 1, hands=None):
    from .game import GAME
    config = GAME.make_config(players, variants, city=city or DEFAULT_CITY)
    state = GAME.new_game(config, seed)
    if hands is not None:
        state.hands = [sorted(hand) for hand in hands]
    return state


def side_of(p: int, p2: int, space: int) -> int:
    """0 when the space lies to the left of the step p -> p2 (counter-clockwise in axial
    coordinates), 1 when to the right."""
    (c,) = [x for x in SPACE_CORNERS[space] if x not in (p, p2)]
    (q, r), (q2, r2), (qc, rc) = POINTS[p], POINTS[p2], POINTS[c]
    cross = (q2 - q) * (rc - r) - (r2 - r) * (qc - q)
    return 0 if cross > 0 else 1


def step(state, seat: int, k: int, to: str, side: int | None = None, marker: str = "") -> Tunnel:
    line = state.line(seat, k)
    p, p2 = line.points[-1], POINT_BY_NAME[to]
    e = EDGE_BETWEEN[(p, p2)]
    spaces = [s for s in EDGE_SPACES[e] if side is None or side_of(p, p2, s) == side]
    free = [s for s in spaces if state.space_line[s] < 0] or spaces
    if side is None and not marker:
        kinds = state.city.kind
        free = [s for s in free if not kinds[s]] or free   # plain spaces first
    return Tunnel(k, free[0], EDGE_CLASS[e], marker)


def start(k: int, space: str, frm: str) -> Tunnel:
    """The first tunnel of line k in white-arrow ``space``, from its boundary point ``frm``
    to the space's inner corner."""
    s = SPACE_BY_NAME[space]
    origin = POINT_BY_NAME[frm]
    for e_class, e in enumerate(SPACE_EDGES[s]):
        if origin in EDGE_POINTS[e] and not BOUNDARY_EDGE[e]:
            return Tunnel(k, s, e_class)
    raise ValueError(f"no inner edge of {space} starts at {frm}")


def tunnel_in(k: int, space: str, a: str, b: str, marker: str = "") -> Tunnel:
    """The tunnel of line k in ``space`` carrying the edge between points a and b."""
    e = EDGE_BETWEEN[(POINT_BY_NAME[a], POINT_BY_NAME[b])]
    s = SPACE_BY_NAME[space]
    return Tunnel(k, s, SPACE_EDGES[s].index(e), marker)


def build(state, seat: int, tunnels, ctx: TurnContext | None = None) -> list:
    """Lay tunnels checking the tunnel rules (not the turn order); IllegalMove if refused."""
    ctx = ctx or TurnContext(True)
    events = []
    for tunnel in tunnels:
        found = problem(state, seat, tunnel, ctx)
        if found is not None:
            code, template, args = found
            raise IllegalMove(code, template, **args)
        events += lay(state, seat, tunnel)
    return events


def walk(state, seat: int, k: int, points, side: int | None = None) -> list:
    """Extend line k through the named points one by one (any free space, or the side)."""
    events = []
    for name in points:
        events += build(state, seat, [step(state, seat, k, name, side)])
    return events
