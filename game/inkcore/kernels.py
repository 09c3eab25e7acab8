"""The sheet core's kernels, part 3: the play-out policy and the play-outs.

``placement_score`` is the policy's liking for one drawing (joined sides and exits, the exit
points it adds, new open ends by rounds left, sides made errors for good, the centre, plus a
little noise); a play-out round draws the policy's favourite of the dice still to draw until
none fits, then maybe a special; ``playouts`` plays candidate sheets to the end of the game on
common rolls and scores them exactly. ``KERNELS`` names every kernel of the three modules
(``compiled.py`` compiles them together).
"""

from __future__ import annotations

from . import score_kernels, sheet_kernels
from .score_kernels import sheet_score
from .sheet_kernels import (CELLS, T_BORDER, T_CENTRE, T_FIT, T_JUNCTION, T_NEIGH, T_OSIDES,
                            T_ROUTE, T_ROUTE_FACINGS, T_SPECIAL, W_BORDER, W_CENTRE, W_CONNECT,
                            W_ERROR, W_EXIT, W_NETWORK, W_NOISE, W_OPEN, W_SPECIAL, load_tracked,
                            mix32, network_gain, popcount, put_tracked, rng_below)


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


def best_drawing(cells, sides, facing, net, exits, faces, nfaces, used, min_routes, rounds_left,
                 W, rs, T):
    """(score, cell, code, index) of the policy's favourite drawing of one of
    ``faces[0:nfaces]`` (an index skipped when its face is -1, repeats an earlier face or
    has its bit set in ``used``), or cell -1 when none has a legal cell: faces in order, free
    cells ascending (only those facing ``min_routes`` routes or more), legal orientations in
    order, scores x 64 plus noise (drawn for every legal drawing, whether it wins or not),
    the first of equal scores kept."""
    fit = T[T_FIT]
    route_facings = T[T_ROUTE_FACINGS]
    noise = W[W_NOISE]
    best = -(1 << 40)
    best_cell = -1
    best_code = -1
    best_index = -1
    for i in range(nfaces):
        face = faces[i]
        if face < 0 or (used >> i) & 1:
            continue
        repeated = False
        for j in range(i):
            if faces[j] == face:
                repeated = True
        if repeated:
            continue
        for cell in range(CELLS):
            if cells[cell] >= 0:
                continue
            if min_routes > 0 and route_facings[facing[cell]] < min_routes:
                continue
            mask = fit[face * 256 + facing[cell]]
            if mask == 0:
                continue
            for o in range(8):
                if (mask >> o) & 1:
                    code = face * 8 + o
                    score = placement_score(cells, sides, net, exits, cell, code, rounds_left,
                                            W, T) * 64
                    if noise > 0:
                        score += rng_below(rs, noise)
                    if score > best:
                        best = score
                        best_cell = cell
                        best_code = code
                        best_index = i
    return best, best_cell, best_code, best_index


def choose_and_put(cells, sides, facing, net, exits, dice, ndice, rounds_left, W, rs, T):
    """Draw the policy's favourite of the dice still to draw (``dice[0:ndice]``, -1 = done);
    False when none of them has a legal cell."""
    _, cell, code, die = best_drawing(cells, sides, facing, net, exits, dice, ndice, 0, 0,
                                      rounds_left, W, rs, T)
    if cell < 0:
        return False
    put_tracked(cells, sides, facing, net, exits, cell, code, T)
    dice[die] = -1
    return True


def special_put(cells, sides, facing, net, exits, specials, rounds_left, W, rs, T):
    """Draw the policy's favourite unused special (on a cell facing two routes or more) if it
    is worth it, or if the specials left would otherwise go unused; the specials bit mask
    after."""
    used = popcount(specials)
    if used >= 3:
        return specials
    # a special is only worth its place where it meets two routes or more
    best, cell, code, k = best_drawing(cells, sides, facing, net, exits, T[T_SPECIAL], 6,
                                       specials, 2, rounds_left, W, rs, T)
    if cell < 0:
        return specials
    if 3 - used <= rounds_left and best < W[W_SPECIAL] * 64:
        return specials
    put_tracked(cells, sides, facing, net, exits, cell, code, T)
    return specials | (1 << k)


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


POLICY_KERNELS = ("placement_score", "best_drawing", "choose_and_put", "special_put",
                  "play_round", "roll", "playouts")
# every kernel of the three modules, callees before callers
KERNELS = sheet_kernels.KERNELS + score_kernels.KERNELS + POLICY_KERNELS


def namespace() -> dict:
    """Every kernel by name (the pure path's functions; ``compiled.py`` compiles this)."""
    space = {}
    for module in (sheet_kernels, score_kernels):
        space.update({name: getattr(module, name) for name in module.KERNELS})
    space.update({name: globals()[name] for name in POLICY_KERNELS})
    return space
