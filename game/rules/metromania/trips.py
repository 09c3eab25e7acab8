"""Test trips: fastest routes between stations over the lines, and who is guilty.

The network: a node is (station, line through it); riding a line to its next station costs
1 minute, changing line at a station 3 minutes. Stations are station markers plus start/end
markers. Dijkstra from every source and from every target gives, for each hop, whether it
lies on some fastest route (d_from + cost + d_to == best), so every fastest route counts
without enumerating them; a few routes are also listed (as station lists) for the client.
"""

from __future__ import annotations

import heapq

from .stations import is_station

CHANGE_MINUTES = 3
RIDE_MINUTES = 1
MAX_ROUTES_LISTED = 12


class Network:
    def __init__(self, state) -> None:
        self.nodes: list = []           # (point, line id)
        self.node_of: dict = {}
        self.adjacent: list = []        # node -> list of (node, minutes, line or -1)
        self.by_point: dict = {}        # point -> node ids
        for line_id, line in enumerate(state.lines):
            stops = [p for p in line.points if is_station(state, p)]
            previous = -1
            for p in stops:
                node = self._node(p, line_id)
                if previous >= 0:
                    self.adjacent[previous].append((node, RIDE_MINUTES, line_id))
                    self.adjacent[node].append((previous, RIDE_MINUTES, line_id))
                previous = node
        for p in sorted(self.by_point):
            ids = self.by_point[p]
            for a in ids:
                for b in ids:
                    if a != b:
                        self.adjacent[a].append((b, CHANGE_MINUTES, -1))

    def _node(self, point: int, line_id: int) -> int:
        node = len(self.nodes)
        self.nodes.append((point, line_id))
        self.node_of[(point, line_id)] = node
        self.adjacent.append([])
        self.by_point.setdefault(point, []).append(node)
        return node

    def nodes_at(self, points) -> list:
        return sorted(n for p in sorted(set(points)) for n in self.by_point.get(p, ()))

    def distances(self, sources: list) -> list:
        dist = [-1] * len(self.nodes)
        heap = [(0, n) for n in sources]
        for n in sources:
            dist[n] = 0
        heapq.heapify(heap)
        while heap:
            d, n = heapq.heappop(heap)
            if d > dist[n]:
                continue
            for m, w, _ in self.adjacent[n]:
                nd = d + w
                if dist[m] < 0 or nd < dist[m]:
                    dist[m] = nd
                    heapq.heappush(heap, (nd, m))
        return dist

    def fastest(self, source_points, target_points) -> dict:
        """{"minutes": int or None, "lines": sorted line ids on a fastest route,
        "routes": up to a few fastest routes as {"points": [...], "lines": [...]}}."""
        found = self._search(source_points, target_points)
        if found is None:
            return {"minutes": None, "lines": [], "routes": []}
        sources, targets, from_s, to_t, best, lines = found
        return {"minutes": best, "lines": sorted(lines),
                "routes": self._routes(sources, targets, from_s, to_t, best)}

    def fastest_lines(self, source_points, target_points) -> tuple:
        """(minutes or None, set of line ids on a fastest route): ``fastest`` without
        listing routes, for callers that only score (the bots' many final scorings)."""
        found = self._search(source_points, target_points)
        if found is None:
            return None, set()
        return found[4], found[5]

    def _search(self, source_points, target_points):
        """(sources, targets, distances from the sources, distances to the targets, best
        minutes, lines on a fastest route), or None when no route joins them."""
        sources = self.nodes_at(source_points)
        targets = self.nodes_at(target_points)
        if not sources or not targets:
            return None
        from_s = self.distances(sources)
        reached = [from_s[t] for t in targets if from_s[t] >= 0]
        if not reached:
            return None
        best = min(reached)
        to_t = self.distances(targets)
        lines = set()
        if best == 0:
            for n in sources:
                if to_t[n] == 0:
                    lines.add(self.nodes[n][1])
        for n, edges in enumerate(self.adjacent):
            if from_s[n] < 0:
                continue
            for m, w, line_id in edges:
                if line_id >= 0 and to_t[m] >= 0 and from_s[n] + w + to_t[m] == best:
                    lines.add(line_id)
        return sources, targets, from_s, to_t, best, lines

    def _routes(self, sources, targets, from_s, to_t, best) -> list:
        target_set = set(targets)
        found: list = []
        seen: set = set()

        def walk(n, path):
            if len(found) >= MAX_ROUTES_LISTED:
                return
            if n in target_set and from_s[n] == best:
                points, lines = [self.nodes[path[0]][0]], []
                for a, b in zip(path, path[1:]):
                    if self.nodes[a][0] != self.nodes[b][0]:
                        points.append(self.nodes[b][0])
                        lines.append(self.nodes[b][1])
                key = (tuple(points), tuple(lines))
                if key not in seen:
                    seen.add(key)
                    found.append({"points": points, "lines": lines,
                                  "start_line": self.nodes[path[0]][1]})
                return
            for m, w, _ in self.adjacent[n]:
                if from_s[m] == from_s[n] + w and to_t[m] >= 0 and from_s[m] + to_t[m] == best:
                    walk(m, path + [m])

        for s in sources:
            if to_t[s] == best:
                walk(s, [s])
        return found
