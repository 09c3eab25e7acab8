"""Scoring one sheet: exits per network, longest highway/railway, centre, errors, expansions.

``score_sheet`` returns the breakdown (the keys ``run.py score`` prints) and the details
(exits per network, where the errors come from). All integer work on the cached side types.

* Networks: nodes are (cell, side); sides of one connection group are joined, and two facing
  sides join when both are highway, both railway, or both lake (stations on one lake are
  connected). A network touches an exit when the border cell shows the exit's type there.
* Longest highway/railway: the longest simple path (each cell once) through cells joined by
  sides of that type. Every face keeps all its sides of one type in one group, so the path is
  a path in a cell graph. Trees are solved exactly by two searches (diameter); components with
  a loop by exhaustive depth-first search (stopping early when the whole component is used).
* Errors: highway/railway sides facing an empty cell or a side that does not match; sides
  facing the border, an open lake side or a crater are no errors. With the River and Volcano
  expansions the open river ends and open lava sides are errors too (the seed's tie-break is
  "fewest minus points"), shown apart in the details.
"""

from __future__ import annotations

from .faces import EXITS, HIGHWAY, LAKE, RAILWAY, exits_score
from .lake import smallest_lake
from .orientation import ORIENTED_GROUPS
from .river import river_score
from .sheet import (CELL_INDEX, CELLS, CENTRE_CELLS, CRATER, EMPTY, NEIGHBOUR, OPPOSITE)
from .meteor import CRATER_END_POINTS
from .volcano import volcano_score

_EXIT_NODES = tuple((CELL_INDEX[name] * 4 + side, kind) for name, side, kind in EXITS)

# per face code: pairs of side nodes (offsets within the cell) joined inside the face
_GROUP_LINKS: dict[int, tuple[tuple[int, int], ...]] = {}


def _group_links(code: int) -> tuple[tuple[int, int], ...]:
    links = _GROUP_LINKS.get(code)
    if links is None:
        pairs = []
        for group in ORIENTED_GROUPS[code >> 3][code & 7]:
            for side in group[1:]:
                pairs.append((group[0], side))
        links = _GROUP_LINKS[code] = tuple(pairs)
    return links


def find_root(parent: list[int], x: int) -> int:
    """The root of node ``x`` in the union-find ``parent`` (halving the path on the way)."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def exit_networks(sheet) -> list[int]:
    """Exits touched by each network that touches at least one, largest first."""
    parent = list(range(CELLS * 4))

    def find(x: int) -> int:
        return find_root(parent, x)

    cells, sides = sheet.cells, sheet.sides
    for cell in range(CELLS):
        code = cells[cell]
        if code < 0:
            continue
        base = cell * 4
        for a, b in _group_links(code):
            ra, rb = find(base + a), find(base + b)
            if ra != rb:
                parent[ra] = rb
        east, south = NEIGHBOUR[cell][1], NEIGHBOUR[cell][2]
        t = sides[base + 1]
        if east >= 0 and (t == HIGHWAY or t == RAILWAY or t == LAKE) and sides[east * 4 + 3] == t:
            ra, rb = find(base + 1), find(east * 4 + 3)
            if ra != rb:
                parent[ra] = rb
        t = sides[base + 2]
        if south >= 0 and (t == HIGHWAY or t == RAILWAY or t == LAKE) and sides[south * 4] == t:
            ra, rb = find(base + 2), find(south * 4)
            if ra != rb:
                parent[ra] = rb
    touched: dict[int, int] = {}
    for node, kind in _EXIT_NODES:
        if sides[node] == kind:
            root = find(node)
            touched[root] = touched.get(root, 0) + 1
    return sorted(touched.values(), reverse=True)


def longest_route(sheet, side_type: int) -> int:
    """Cells in the longest simple path using only ``side_type`` sides."""
    sides = sheet.sides
    adjacency: list[list[int]] = [[] for _ in range(CELLS)]
    nodes = []
    for cell in range(CELLS):
        base = cell * 4
        if side_type not in sides[base:base + 4]:
            continue
        nodes.append(cell)
        links = adjacency[cell]
        for s in range(4):
            if sides[base + s] == side_type:
                n = NEIGHBOUR[cell][s]
                if n >= 0 and sides[n * 4 + OPPOSITE[s]] == side_type:
                    links.append(n)
    if not nodes:
        return 0
    best = 1
    seen = [False] * CELLS
    for start in nodes:
        if seen[start]:
            continue
        component = [start]
        seen[start] = True
        edges2 = 0
        index = 0
        while index < len(component):
            cell = component[index]
            index += 1
            edges2 += len(adjacency[cell])
            for n in adjacency[cell]:
                if not seen[n]:
                    seen[n] = True
                    component.append(n)
        size = len(component)
        if size <= best:
            continue
        if edges2 // 2 == size - 1:
            length = _tree_diameter(component[0], adjacency)
        else:
            length = _longest_simple_path(component, adjacency, size)
        best = max(best, length)
    return best


def _farthest(start: int, adjacency) -> tuple[int, int]:
    """(farthest cell, its distance in cells counting both ends) in a tree."""
    dist = {start: 1}
    order = [start]
    for cell in order:
        for n in adjacency[cell]:
            if n not in dist:
                dist[n] = dist[cell] + 1
                order.append(n)
    far = order[-1]
    return far, dist[far]


def _tree_diameter(start: int, adjacency) -> int:
    far, _ = _farthest(start, adjacency)
    _, length = _farthest(far, adjacency)
    return length


def _longest_simple_path(component: list[int], adjacency, size: int) -> int:
    """Exhaustive search with a bound: from a cell, a path can still gain at most the number
    of unused cells reachable from it, so branches that cannot beat the best are cut. The
    reachable count is a flood fill on bit masks (one bit per cell, 7 per row)."""
    east = west = south = north = 0
    for cell in component:
        for n in adjacency[cell]:
            if n == cell + 1:
                east |= 1 << cell
            elif n == cell - 1:
                west |= 1 << cell
            elif n == cell + 7:
                south |= 1 << cell
            else:
                north |= 1 << cell
    whole = 0
    for cell in component:
        whole |= 1 << cell
    best = 0

    def reachable(cell_bit: int, free: int) -> int:
        """How many more cells a path from ``cell_bit`` could still take: the unused cells it
        reaches, less all but one of the dead ends among them (a path ends in only one)."""
        reach = cell_bit
        while True:
            grown = reach | ((((reach & east) << 1) | ((reach & west) >> 1)
                              | ((reach & south) << 7) | ((reach & north) >> 7)) & free)
            if grown == reach:
                break
            reach = grown
        a = reach & east & (reach >> 1)
        b = reach & west & (reach << 1)
        c = reach & south & (reach >> 7)
        d = reach & north & (reach << 7)
        dead_ends = ((a ^ b ^ c ^ d) & ~((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d))
                     & ~cell_bit).bit_count()
        return reach.bit_count() - 1 - max(0, dead_ends - 1)

    def extend(cell: int, used: int, length: int) -> bool:
        nonlocal best
        if length > best:
            best = length
            if best == size:
                return True
        options = [n for n in adjacency[cell] if not used & (1 << n)]
        if not options:
            return False
        # the bound costs a flood fill: only worth it where the path could branch
        if len(options) > 1 and length + reachable(1 << cell, whole & ~used) <= best:
            return False
        for n in options:
            if extend(n, used | (1 << n), length + 1):
                return True
        return False

    # starting from dead ends first finds long paths early; every start is still tried
    for start in sorted(component, key=lambda c: (len(adjacency[c]), c)):
        if extend(start, 1 << start, 1):
            break
    return best


OPEN_END, MISMATCHED_END, CRATER_END = 0, 1, 2     # what ``end_kind`` says of a route side


def route_sides(sheet):
    """(cell, side, type) of every highway/railway side of a drawn cell, cell by cell and side
    by side."""
    cells, sides = sheet.cells, sheet.sides
    for cell in range(CELLS):
        if cells[cell] < 0:
            continue
        base = cell * 4
        for s in range(4):
            t = sides[base + s]
            if t == HIGHWAY or t == RAILWAY:
                yield cell, s, t


def end_kind(cells, sides, cell: int, s: int, t: int) -> int | None:
    """What the route side ``s`` (type ``t``) of ``cell`` faces: ``OPEN_END`` (an empty cell),
    ``MISMATCHED_END`` (a side of another type), ``CRATER_END``, or None (the border, a
    matching side or a lake side: fine)."""
    n = NEIGHBOUR[cell][s]
    if n < 0:
        return None
    other = cells[n]
    if other == CRATER:
        return CRATER_END
    if other == EMPTY:
        return OPEN_END
    facing = sides[n * 4 + OPPOSITE[s]]
    return MISMATCHED_END if facing != t and facing != LAKE else None


def route_ends(sheet) -> tuple[int, int, int]:
    """Highway/railway sides not met by a matching side, counted as (facing an empty cell,
    facing a side of another type, facing a crater). Facing the border or a lake side is fine.
    Scoring counts the first two as errors; a bot may weigh them apart."""
    ends = [0, 0, 0]
    for cell, s, t in route_sides(sheet):
        kind = end_kind(sheet.cells, sheet.sides, cell, s, t)
        if kind is not None:
            ends[kind] += 1
    return ends[OPEN_END], ends[MISMATCHED_END], ends[CRATER_END]


def score_sheet(sheet, expansion: str = "") -> tuple[dict, dict]:
    """(breakdown, details) of one sheet; ``expansion`` is "" or one expansion name."""
    cells = sheet.cells
    networks = exit_networks(sheet)
    exits = sum(exits_score(count) for count in networks)
    highway = longest_route(sheet, HIGHWAY)
    railway = longest_route(sheet, RAILWAY)
    centre = sum(1 for cell in CENTRE_CELLS if cells[cell] >= 0)
    open_ends, mismatched, crater_ends = route_ends(sheet)
    route_errors = open_ends + mismatched
    breakdown = {"exits": exits, "longest_highway": highway, "longest_railway": railway,
                 "centre": centre}
    details = {"exit_networks": networks, "route_errors": route_errors}
    errors = route_errors
    extra = 0
    if expansion == "river":
        extra, open_ends = river_score(sheet)
        errors += open_ends
        details["river_open_ends"] = open_ends
    elif expansion == "lake":
        extra = smallest_lake(sheet)
    elif expansion == "meteor":
        extra = CRATER_END_POINTS * crater_ends
        details["crater_ends"] = crater_ends
    elif expansion == "volcano":
        extra, open_sides = volcano_score(sheet)
        errors += open_sides
        details["lava_open_sides"] = open_sides
    breakdown["errors"] = errors
    if expansion:
        breakdown[expansion] = extra
    breakdown["total"] = exits + highway + railway + centre + extra - errors
    return breakdown, details
