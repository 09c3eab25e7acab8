"""The sheet core's kernels, part 1: random numbers, the sheet, and its exit networks.

The kernels are ``sheet_kernels`` (this), ``score_kernels`` (the exact final score) and
``kernels`` (the play-out policy and the play-outs; ``KERNELS`` lists them all).

Written once, run two ways: as plain Python on lists (the pure path) and compiled by numba on
NumPy arrays (``compiled.py``). So the code keeps to what both understand the same way: ints
that never leave 63 bits (the random generator works on 32-bit words, masks on 49-bit cell
sets), flat buffers passed in, loops instead of recursion, no Python objects. The tables come
in as one tuple ``T`` in ``tables.TABLE_ORDER``; every other buffer is the caller's.

A sheet here is three flat buffers: ``cells[49]`` (-1 empty, else face code ``face * 8 + o``),
``sides[196]`` (side types, ``cell * 4 + s``) and ``facing[49]`` (what each cell's neighbours
show it, 2 bits a side: see ``tables``), kept up to date by ``put`` so that a face's legal
cells are one table look-up each.

``put_tracked`` / ``load_tracked`` also keep the exit networks (a union-find over the side
nodes with the exits each network touches) for the policy's ``network_gain``.
"""

from __future__ import annotations

# indices into the tables tuple T (tables.TABLE_ORDER)
T_OSIDES, T_GROUP_HEAD, T_FIT, T_NEIGH, T_BORDER, T_EXIT_NODE, T_EXIT_KIND, T_CENTRE = range(8)
T_ROUTE, T_JUNCTION, T_SPECIAL, T_CANON, T_ROUTE_FACINGS = range(8, 13)

# indices into the policy weights W (ints; see ``kernels.placement_score``)
W_CONNECT, W_EXIT, W_ERROR, W_BORDER, W_CENTRE, W_NOISE, W_SPECIAL, W_OPEN = range(8)
W_NETWORK = W_OPEN + 7         # after the open-end weights per rounds left after this (0..6)
W_SIZE = W_NETWORK + 1

MASK32 = 0xFFFFFFFF
CELLS = 49


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
        # the group's exits once drawn: its own border exits plus those of every distinct
        # network it joins (each network counted once, before: what those were worth)
        total = 0
        before = 0
        r0 = -1
        r1 = -1
        r2 = -1
        for s in range(4):
            if head[code * 4 + s] != g:
                continue
            t = osides[code * 4 + s]
            n = neigh[cell * 4 + s]
            if n < 0:
                if ((border >> (2 * s)) & 3) == t:
                    total += 1
                continue
            if cells[n] < 0 or sides[n * 4 + ((s + 2) & 3)] != t:
                continue
            root = find(net, n * 4 + ((s + 2) & 3))
            if root == r0 or root == r1 or root == r2:
                continue
            total += exits[root]
            before += exit_value(exits[root])
            if r0 < 0:
                r0 = root
            elif r1 < 0:
                r1 = root
            else:
                r2 = root
        gain += exit_value(total) - before
    return gain


def clear_sheet(cells, sides, facing, T):
    """An empty sheet in the buffers (every cell free, the border's exits facing in)."""
    border = T[T_BORDER]
    for cell in range(CELLS):
        cells[cell] = -1
        facing[cell] = border[cell]
    for i in range(CELLS * 4):
        sides[i] = 0


def load_tracked(cells, sides, facing, net, exits, source, offset, T):
    """``load`` with the exit networks built as well."""
    clear_sheet(cells, sides, facing, T)
    for i in range(CELLS * 4):
        net[i] = i
        exits[i] = 0
    for cell in range(CELLS):
        code = source[offset + cell]
        if code >= 0:
            put_tracked(cells, sides, facing, net, exits, cell, code, T)


def load(cells, sides, facing, source, offset, T):
    """Fill the sheet buffers from the 49 cell codes ``source[offset:offset + 49]``."""
    clear_sheet(cells, sides, facing, T)
    for cell in range(CELLS):
        code = source[offset + cell]
        if code >= 0:
            put(cells, sides, facing, cell, code, T)


def legal_mask(cells, facing, face, cell, T):
    """The orientations (bit mask) in which ``face`` may be drawn in ``cell`` (0: none)."""
    if cells[cell] >= 0:
        return 0
    return T[T_FIT][face * 256 + facing[cell]]


KERNELS = ("hash32", "mix32", "rng_next", "rng_below", "popcount", "put", "find", "union",
           "exit_value", "join_counted", "put_tracked", "network_gain", "clear_sheet", "load_tracked",
           "load",
           "legal_mask")
