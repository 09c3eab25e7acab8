"""The sheet core's kernels: drawing, the play-out policy, play-outs and exact scoring.

Written once, run two ways: as plain Python on lists (the pure path) and compiled by numba on
NumPy arrays (``compiled.py``). So the code keeps to what both understand the same way: ints
that never leave 63 bits (the random generator works on 32-bit words, masks on 49-bit cell
sets), flat buffers passed in, loops instead of recursion, no Python objects. The tables come
in as one tuple ``T`` in ``tables.TABLE_ORDER``; every other buffer is the caller's.

A sheet here is three flat buffers: ``cells[49]`` (-1 empty, else face code ``face * 8 + o``),
``sides[196]`` (side types, ``cell * 4 + s``) and ``facing[49]`` (what each cell's neighbours
show it, 2 bits a side: see ``tables``), kept up to date by ``put`` so that a face's legal
cells are one table look-up each.

Scoring (``sheet_score``) follows the rules' ``score_sheet`` for the base game: exit networks
by union-find over the side nodes, the longest highway and railway (tree components by two
breadth-first searches on 49-bit cell sets, components with a loop by a depth-first search
bounded by what is still reachable), centre and errors. The tests compare it with the rules
position by position.
"""

from __future__ import annotations

# indices into the tables tuple T (tables.TABLE_ORDER)
T_OSIDES, T_GROUP_HEAD, T_FIT, T_NEIGH, T_BORDER, T_EXIT_NODE, T_EXIT_KIND, T_CENTRE = range(8)
T_ROUTE, T_JUNCTION, T_SPECIAL, T_CANON, T_ROUTE_FACINGS = range(8, 13)

# indices into the policy weights W (ints; see ``policy.py``)
W_CONNECT, W_EXIT, W_ERROR, W_BORDER, W_CENTRE, W_NOISE, W_SPECIAL, W_OPEN = range(8)
W_NETWORK = W_OPEN + 7         # after the open-end weights per rounds left after this (0..6)
W_SIZE = W_NETWORK + 1

MASK32 = 0xFFFFFFFF
CELLS = 49
ROWS_MASK = (1 << 49) - 1
# cells whose east (west) neighbour exists: not in column 7 (column 1)
NOT_EAST_EDGE = 0
NOT_WEST_EDGE = 0
for _cell in range(49):
    if _cell % 7 != 6:
        NOT_EAST_EDGE |= 1 << _cell
    if _cell % 7 != 0:
        NOT_WEST_EDGE |= 1 << _cell
del _cell


# -- random numbers (32-bit words: the same in Python ints and numba's int64) ---------------
def hash32(x):
    x = (((x >> 16) ^ x) * 0x45D9F3B) & MASK32
    x = (((x >> 16) ^ x) * 0x45D9F3B) & MASK32
    return (x >> 16) ^ x


def mix32(a, b):
    """A 32-bit seed from two ints below 2**32."""
    return hash32((hash32(a & MASK32) + (b & MASK32) * 40503 + 0x7F4A7C15) & MASK32)


def rng_next(rs):
    """The next 32-bit output of the generator whose state is ``rs[0]`` (an LCG on 32 bits
    with a permuted output)."""
    x = (rs[0] * 747796405 + 2891336453) & MASK32
    rs[0] = x
    w = (((x >> ((x >> 28) + 4)) ^ x) * 277803737) & MASK32
    return (w >> 22) ^ w


def rng_below(rs, n):
    return (rng_next(rs) * n) >> 32


def popcount(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


# -- the sheet ----------------------------------------------------------------------------
def put(cells, sides, facing, cell, code, T):
    """Draw face code ``code`` in ``cell``: its sides, and the facing of its neighbours."""
    osides = T[T_OSIDES]
    neigh = T[T_NEIGH]
    cells[cell] = code
    for s in range(4):
        t = osides[code * 4 + s]
        sides[cell * 4 + s] = t
        n = neigh[cell * 4 + s]
        if n >= 0:
            shift = 2 * ((s + 2) & 3)
            facing[n] = (facing[n] & ~(3 << shift)) | (t << shift)


def exit_value(n):
    """Points of one network touching ``n`` exits."""
    if n < 2:
        return 0
    if n >= 12:
        return 45
    return 4 * (n - 1)


def join_counted(net, exits, a, b):
    ra = find(net, a)
    rb = find(net, b)
    if ra != rb:
        net[ra] = rb
        exits[rb] += exits[ra]
        exits[ra] = 0


def put_tracked(cells, sides, facing, net, exits, cell, code, T):
    """``put``, and the face joined into the exit networks ``net`` (a union-find over the side
    nodes) with ``exits[root]``: the exits each network touches."""
    put(cells, sides, facing, cell, code, T)
    head = T[T_GROUP_HEAD]
    neigh = T[T_NEIGH]
    border = T[T_BORDER][cell]
    base = cell * 4
    for s in range(4):
        net[base + s] = base + s
        exits[base + s] = 0
    for s in range(4):
        h = head[code * 4 + s]
        if h >= 0 and h != s:
            join_counted(net, exits, base + s, base + h)
    for s in range(4):
        t = sides[base + s]
        if t == 0:
            continue
        n = neigh[base + s]
        if n < 0:
            if ((border >> (2 * s)) & 3) == t:
                exits[find(net, base + s)] += 1
        elif cells[n] >= 0 and sides[n * 4 + ((s + 2) & 3)] == t:
            join_counted(net, exits, base + s, n * 4 + ((s + 2) & 3))


def network_gain(cells, sides, net, exits, cell, code, T):
    """How many exit points drawing ``code`` in ``cell`` would add by joining networks and
    exits (each connection group of the face on its own)."""
    osides = T[T_OSIDES]
    head = T[T_GROUP_HEAD]
    neigh = T[T_NEIGH]
    border = T[T_BORDER][cell]
    gain = 0
    for g in range(4):
        if head[code * 4 + g] != g:
            continue
        direct = 0
        r0 = -1
        r1 = -1
        r2 = -1
        r3 = -1
        for s in range(4):
            if head[code * 4 + s] != g:
                continue
            t = osides[code * 4 + s]
            n = neigh[cell * 4 + s]
            if n < 0:
                if ((border >> (2 * s)) & 3) == t:
                    direct += 1
                continue
            if cells[n] < 0 or sides[n * 4 + ((s + 2) & 3)] != t:
                continue
            root = find(net, n * 4 + ((s + 2) & 3))
            if root != r0 and root != r1 and root != r2 and root != r3:
                if r0 < 0:
                    r0 = root
                elif r1 < 0:
                    r1 = root
                elif r2 < 0:
                    r2 = root
                else:
                    r3 = root
        total = direct
        before = 0
        if r0 >= 0:
            total += exits[r0]
            before += exit_value(exits[r0])
        if r1 >= 0:
            total += exits[r1]
            before += exit_value(exits[r1])
        if r2 >= 0:
            total += exits[r2]
            before += exit_value(exits[r2])
        if r3 >= 0:
            total += exits[r3]
            before += exit_value(exits[r3])
        gain += exit_value(total) - before
    return gain


def load_tracked(cells, sides, facing, net, exits, source, offset, T):
    """``load`` with the exit networks built as well."""
    border = T[T_BORDER]
    for cell in range(CELLS):
        cells[cell] = -1
        facing[cell] = border[cell]
    for i in range(CELLS * 4):
        sides[i] = 0
        net[i] = i
        exits[i] = 0
    for cell in range(CELLS):
        code = source[offset + cell]
        if code >= 0:
            put_tracked(cells, sides, facing, net, exits, cell, code, T)


def load(cells, sides, facing, source, offset, T):
    """Fill the sheet buffers from the 49 cell codes ``source[offset:offset + 49]``."""
    border = T[T_BORDER]
    for cell in range(CELLS):
        cells[cell] = -1
        facing[cell] = border[cell]
    for i in range(CELLS * 4):
        sides[i] = 0
    for cell in range(CELLS):
        code = source[offset + cell]
        if code >= 0:
            put(cells, sides, facing, cell, code, T)


def legal_mask(cells, facing, face, cell, T):
    """The orientations (bit mask) in which ``face`` may be drawn in ``cell`` (0: none)."""
    if cells[cell] >= 0:
        return 0
    return T[T_FIT][face * 256 + facing[cell]]


# -- exact scoring ---------------------------------------------------------------------
def find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def union(parent, a, b):
    ra = find(parent, a)
    rb = find(parent, b)
    if ra != rb:
        parent[ra] = rb


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
                if n >= 12:
                    points += 45
                elif n >= 2:
                    points += 4 * (n - 1)
    return points


def grow(reach, east, west, south, north):
    """The cells one step from ``reach`` along the links (49-bit sets)."""
    return (((reach & east) << 1) | ((reach & west) >> 1) | ((reach & south) << 7)
            | ((reach & north) >> 7))


def room_left(cell_bit, free, east, west, south, north):
    """How many more cells a path from ``cell_bit`` could still take through ``free``: the
    cells it reaches less all but one of the dead ends among them (as the rules bound it)."""
    reach = cell_bit
    while True:
        grown = reach | (grow(reach, east, west, south, north) & free)
        if grown == reach:
            break
        reach = grown
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
        comp = start_bit
        while True:
            grown = comp | (grow(comp, east, west, south, north) & nodes)
            if grown == comp:
                break
            comp = grown
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


# -- the play-out policy ------------------------------------------------------------------
def placement_score(cells, sides, net, exits, cell, code, rounds_left, W, T):
    """How the policy likes drawing ``code`` in ``cell`` (before noise): joined sides and
    exits, the exit points it adds, new open ends, sides it makes errors forever, the
    centre."""
    osides = T[T_OSIDES]
    neigh = T[T_NEIGH]
    border = T[T_BORDER][cell]
    score = 0
    for s in range(4):
        t = osides[code * 4 + s]
        n = neigh[cell * 4 + s]
        if n < 0:
            if t != 0:
                if ((border >> (2 * s)) & 3) == t:
                    score += W[W_EXIT]
                else:
                    score += W[W_BORDER]
            continue
        if cells[n] < 0:
            if t != 0:
                score -= W[W_OPEN + rounds_left]
            continue
        theirs = sides[n * 4 + ((s + 2) & 3)]
        if t != 0:
            if theirs == t:
                score += W[W_CONNECT]
            else:
                score -= W[W_ERROR]
        elif theirs != 0:
            score -= W[W_ERROR]
    if T[T_CENTRE][cell]:
        score += W[W_CENTRE]
    if W[W_NETWORK] != 0:
        score += W[W_NETWORK] * network_gain(cells, sides, net, exits, cell, code, T)
    return score


def choose_and_put(cells, sides, facing, net, exits, dice, ndice, rounds_left, W, rs, T):
    """Draw the policy's favourite of the dice still to draw (``dice[0:ndice]``, -1 = done);
    False when none of them has a legal cell."""
    fit = T[T_FIT]
    best = -(1 << 40)
    best_cell = -1
    best_code = -1
    best_die = -1
    noise = W[W_NOISE]
    for i in range(ndice):
        face = dice[i]
        if face < 0:
            continue
        repeated = False
        for j in range(i):
            if dice[j] == face:
                repeated = True
        if repeated:
            continue
        for cell in range(CELLS):
            if cells[cell] >= 0:
                continue
            mask = fit[face * 256 + facing[cell]]
            if mask == 0:
                continue
            for o in range(8):
                if (mask >> o) & 1:
                    code = face * 8 + o
                    score = placement_score(cells, sides, net, exits, cell, code, rounds_left, W,
                                                    T) * 64
                    if noise > 0:
                        score += rng_below(rs, noise)
                    if score > best:
                        best = score
                        best_cell = cell
                        best_code = code
                        best_die = i
    if best_cell < 0:
        return False
    put_tracked(cells, sides, facing, net, exits, best_cell, best_code, T)
    dice[best_die] = -1
    return True


def special_put(cells, sides, facing, net, exits, specials, rounds_left, W, rs, T):
    """Draw the policy's favourite unused special (on a cell facing two routes or more) if it
    is worth it, or if the specials left would otherwise go unused; the specials bit mask
    after."""
    used = popcount(specials)
    if used >= 3:
        return specials
    fit = T[T_FIT]
    special_faces = T[T_SPECIAL]
    route_facings = T[T_ROUTE_FACINGS]
    best = -(1 << 40)
    best_cell = -1
    best_code = -1
    best_k = -1
    noise = W[W_NOISE]
    for k in range(6):
        if (specials >> k) & 1:
            continue
        face = special_faces[k]
        for cell in range(CELLS):
            # a special is only worth its place where it meets two routes or more
            if cells[cell] >= 0 or route_facings[facing[cell]] < 2:
                continue
            mask = fit[face * 256 + facing[cell]]
            if mask == 0:
                continue
            for o in range(8):
                if (mask >> o) & 1:
                    code = face * 8 + o
                    score = placement_score(cells, sides, net, exits, cell, code, rounds_left, W,
                                                    T) * 64
                    if noise > 0:
                        score += rng_below(rs, noise)
                    if score > best:
                        best = score
                        best_cell = cell
                        best_code = code
                        best_k = k
    if best_cell < 0:
        return specials
    if 3 - used <= rounds_left and best < W[W_SPECIAL] * 64:
        return specials
    put_tracked(cells, sides, facing, net, exits, best_cell, best_code, T)
    return specials | (1 << best_k)


def play_round(cells, sides, facing, net, exits, dice, rounds_left, specials, W, rs, T):
    """One round of the policy: the four dice (``dice`` is consumed), then maybe a special;
    the specials mask after."""
    for _ in range(4):
        if not choose_and_put(cells, sides, facing, net, exits, dice, 4, rounds_left, W, rs,
                              T):
            break
    return special_put(cells, sides, facing, net, exits, specials, rounds_left, W, rs, T)


def roll(rs, dice, T):
    """A base-game roll into ``dice[0:4]``: three route dice and the junction die."""
    route = T[T_ROUTE]
    junction = T[T_JUNCTION]
    for d in range(3):
        dice[d] = route[rng_below(rs, 6)]
    dice[3] = junction[rng_below(rs, 6)]


def playouts(starts, specials, count, first_round, rounds, k_from, k_count, seed, W,
             totals, cells, sides, facing, parent, nodes, net, exits, path, nexts, rolls, dice,
             rs, T):
    """Write to ``totals[c * k_count + i]`` the final score of play-out ``k_from + i`` of each
    of ``count`` candidate sheets (cells ``starts[c * 49:(c + 1) * 49]``, specials bit mask
    ``specials[c]``), played from round ``first_round`` to ``rounds`` by the policy. Play-out
    k rolls the same dice (and seeds the policy's noise alike) for every candidate."""
    for k in range(k_from, k_from + k_count):
        seed_k = mix32(seed, k)
        rs[0] = seed_k
        for r in range(first_round, rounds + 1):
            roll(rs, dice, T)
            for d in range(4):
                rolls[r * 4 + d] = dice[d]
        for c in range(count):
            load_tracked(cells, sides, facing, net, exits, starts, c * CELLS, T)
            rs[0] = mix32(seed_k, 0x5EED)
            mask = specials[c]
            for r in range(first_round, rounds + 1):
                for d in range(4):
                    dice[d] = rolls[r * 4 + d]
                mask = play_round(cells, sides, facing, net, exits, dice, rounds - r, mask, W,
                                  rs, T)
            totals[c * k_count + k - k_from] = sheet_score(cells, sides, parent, nodes, path,
                                                           nexts, T)


def score_of(source, T, cells, sides, facing, parent, nodes, path, nexts):
    """The final score of the sheet whose 49 cell codes are ``source``."""
    load(cells, sides, facing, source, 0, T)
    return sheet_score(cells, sides, parent, nodes, path, nexts, T)


KERNELS = ("hash32", "mix32", "rng_next", "rng_below", "popcount", "put", "exit_value",
           "join_counted", "put_tracked", "network_gain", "load_tracked", "load", "legal_mask",
           "find", "union", "exit_points", "grow", "room_left", "farthest", "longest_path",
           "longest_route", "sheet_score", "placement_score", "choose_and_put", "special_put",
           "play_round", "roll", "playouts", "score_of")
