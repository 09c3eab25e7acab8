"""The sheet core's exact final score (base game), as kernels (see ``kernels.py`` for the
rules every kernel keeps: plain ints, flat buffers, no recursion, no Python objects).

``sheet_score`` follows the rules' ``score_sheet``: exit networks by union-find over the side
nodes, the longest highway and railway (tree components by two breadth-first searches on 49-bit
cell sets, components with a loop by a depth-first search bounded by what is still reachable,
as the rules bound theirs), centre and errors. ``tests/test_inkcore.py`` compares it with the
rules position by position.

A deliberate second implementation of ``game.rules.railroad_ink.scoring``, not a copy to fold
into it: numba compiles only plain-integer code over flat buffers, and the rules' scoring (sheet
objects, sets, recursion) must stay readable and pure Python; the position-by-position tests are
what keeps the two the same.
"""

from __future__ import annotations

from .sheet_kernels import (CELLS, T_CENTRE, T_EXIT_KIND, T_EXIT_NODE, T_GROUP_HEAD, T_NEIGH,
                            exit_value, find, load, popcount, union)


def exit_points(cells, sides, parent, count, T):
    """Points of the exit networks (2 exits 4 points ... 12 exits 45)."""
    head = T[T_GROUP_HEAD]
    neigh = T[T_NEIGH]
    for i in range(CELLS * 4):
        parent[i] = i
        count[i] = 0
    for cell in range(CELLS):
        code = cells[cell]
        if code < 0:
            continue
        base = cell * 4
        for s in range(4):
            h = head[code * 4 + s]
            if h >= 0 and h != s:
                union(parent, base + s, base + h)
        east = neigh[base + 1]
        t = sides[base + 1]
        if east >= 0 and t != 0 and sides[east * 4 + 3] == t:
            union(parent, base + 1, east * 4 + 3)
        south = neigh[base + 2]
        t = sides[base + 2]
        if south >= 0 and t != 0 and sides[south * 4] == t:
            union(parent, base + 2, south * 4)
    nodes = T[T_EXIT_NODE]
    kinds = T[T_EXIT_KIND]
    roots = 0
    for i in range(12):
        if sides[nodes[i]] == kinds[i]:
            root = find(parent, nodes[i])
            count[root] += 1
            roots += 1
    points = 0
    if roots < 2:
        return 0
    for i in range(12):
        if sides[nodes[i]] == kinds[i]:
            root = find(parent, nodes[i])
            n = count[root]
            if n > 0:
                count[root] = 0
                points += exit_value(n)
    return points


def grow(reach, east, west, south, north):
    """The cells one step from ``reach`` along the links (49-bit sets)."""
    return (((reach & east) << 1) | ((reach & west) >> 1) | ((reach & south) << 7)
            | ((reach & north) >> 7))


def spread(start, within, east, west, south, north):
    """Every cell reachable from the cells ``start`` along the links through ``within`` (49-bit
    sets; ``start`` itself included)."""
    reach = start
    while True:
        grown = reach | (grow(reach, east, west, south, north) & within)
        if grown == reach:
            return reach
        reach = grown


def room_left(cell_bit, free, east, west, south, north):
    """How many more cells a path from ``cell_bit`` could still take through ``free``: the
    cells it reaches less all but one of the dead ends among them (as the rules bound it)."""
    reach = spread(cell_bit, free, east, west, south, north)
    a = reach & east & (reach >> 1)
    b = reach & west & (reach << 1)
    c = reach & south & (reach >> 7)
    d = reach & north & (reach << 7)
    dead = popcount((a ^ b ^ c ^ d) & ~((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d))
                    & ~cell_bit)
    extra = dead - 1
    if extra < 0:
        extra = 0
    return popcount(reach) - 1 - extra


def farthest(start_bit, comp, east, west, south, north):
    """(a farthest cell's bit, the distance in cells counting both ends) from ``start_bit``
    in a tree component."""
    seen = start_bit
    layer = start_bit
    length = 1
    while True:
        nxt = grow(layer, east, west, south, north) & comp & ~seen
        if nxt == 0:
            return layer & -layer, length
        seen |= nxt
        layer = nxt
        length += 1


def longest_path(comp, size, east, west, south, north, best, path, nexts):
    """The longest simple path in a component with a loop (exhaustive, bounded), or ``best``
    if none is longer."""
    for degree in range(5):
        for start in range(CELLS):
            start_bit = 1 << start
            if not comp & start_bit:
                continue
            links = (((east >> start) & 1) + ((west >> start) & 1) + ((south >> start) & 1)
                     + ((north >> start) & 1))
            if links != degree:
                continue
            depth = 0
            path[0] = start
            nexts[0] = 0
            used = start_bit
            fresh = True
            while depth >= 0:
                cell = path[depth]
                bit = 1 << cell
                if fresh:
                    fresh = False
                    length = depth + 1
                    if length > best:
                        best = length
                        if best == size:
                            return best
                    options = grow(bit, east, west, south, north) & comp & ~used
                    if options == 0 or (popcount(options) > 1 and length + room_left(
                            bit, comp & ~used, east, west, south, north) <= best):
                        used &= ~bit
                        depth -= 1
                        continue
                d = nexts[depth]
                moved = False
                while d < 4:
                    n = -1
                    if d == 0 and (east & bit):
                        n = cell + 1
                    elif d == 1 and (west & bit):
                        n = cell - 1
                    elif d == 2 and (south & bit):
                        n = cell + 7
                    elif d == 3 and (north & bit):
                        n = cell - 7
                    d += 1
                    if n >= 0 and not (used & (1 << n)):
                        nexts[depth] = d
                        depth += 1
                        path[depth] = n
                        nexts[depth] = 0
                        used |= 1 << n
                        fresh = True
                        moved = True
                        break
                if not moved:
                    used &= ~bit
                    depth -= 1
    return best


def longest_route(sides, t, path, nexts):
    """Cells in the longest simple path using only sides of type ``t``."""
    nodes = 0
    east = 0
    west = 0
    south = 0
    north = 0
    for cell in range(CELLS):
        base = cell * 4
        has = False
        for s in range(4):
            if sides[base + s] == t:
                has = True
        if not has:
            continue
        bit = 1 << cell
        nodes |= bit
        col = cell % 7
        if col < 6 and sides[base + 1] == t and sides[base + 7] == t:
            east |= bit
        if col > 0 and sides[base + 3] == t and sides[base - 3] == t:
            west |= bit
        if cell < 42 and sides[base + 2] == t and sides[base + 28] == t:
            south |= bit
        if cell >= 7 and sides[base] == t and sides[base - 26] == t:
            north |= bit
    if nodes == 0:
        return 0
    best = 1
    left = nodes
    while left:
        start_bit = left & -left
        comp = spread(start_bit, nodes, east, west, south, north)
        left &= ~comp
        size = popcount(comp)
        if size <= best:
            continue
        edges = popcount(comp & east) + popcount(comp & south)
        if edges == size - 1:
            far, _ = farthest(start_bit, comp, east, west, south, north)
            _, length = farthest(far, comp, east, west, south, north)
        else:
            length = longest_path(comp, size, east, west, south, north, 0, path, nexts)
        if length > best:
            best = length
    return best


def sheet_score(cells, sides, parent, count, path, nexts, T):
    """The base game's final score of the sheet (exits + routes + centre - errors)."""
    neigh = T[T_NEIGH]
    centre = T[T_CENTRE]
    total = exit_points(cells, sides, parent, count, T)
    total += longest_route(sides, 1, path, nexts) + longest_route(sides, 2, path, nexts)
    for cell in range(CELLS):
        if cells[cell] < 0:
            continue
        total += centre[cell]
        for s in range(4):
            t = sides[cell * 4 + s]
            if t == 0:
                continue
            n = neigh[cell * 4 + s]
            if n < 0:
                continue
            if cells[n] < 0 or sides[n * 4 + ((s + 2) & 3)] != t:
                total -= 1
    return total


def score_of(source, T, cells, sides, facing, parent, nodes, path, nexts):
    """The final score of the sheet whose 49 cell codes are ``source``."""
    load(cells, sides, facing, source, 0, T)
    return sheet_score(cells, sides, parent, nodes, path, nexts, T)


KERNELS = ("exit_points", "grow", "spread", "room_left", "farthest", "longest_path", "longest_route",
           "sheet_score", "score_of")
