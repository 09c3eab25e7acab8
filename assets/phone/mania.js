/* Metromania on the phone: the hexagonal city, everyone's lines, the seat's destination markers.
   A dig is built tunnel by tunnel: the page asks the table for the next legal tunnels after the
   ones chosen ("ask"), draws them glowing in the triangle they would lie in (each one's own
   third of the triangle is its touch target), zooms onto them, and sends "dig T1 T2 T3" when
   the dig is complete. Stations and the free station are tapped on glowing points. */
"use strict";
(function () {
  const TL = window.TL;
  const S = 10, H = 0.8660254 * S;
  const KIND_FILL = { R: "#4f9a5f", C: "#4f7fd0", E: "#c8608a", L: "#2f6fa8", P: "#2f7a3e" };
  const WHOLE = [-66, -60, 132, 120];

  function xy(q, r) { return [(q + r / 2) * S, r * H]; }
  function corners(name) {
    const m = /^([ud])(-?\d+),(-?\d+)$/.exec(name);
    const q = Number(m[2]), r = Number(m[3]);
    return m[1] === "u" ? [[q, r], [q + 1, r], [q, r + 1]] : [[q + 1, r], [q, r + 1], [q + 1, r + 1]];
  }
  function edgeOf(name, cls) {          /* the two corners (q, r) of a space's edge of a class */
    const c = corners(name);
    if (name[0] === "u") return [[c[0], c[1]], [c[0], c[2]], [c[1], c[2]]][cls];
    return [[c[1], c[2]], [c[0], c[2]], [c[0], c[1]]][cls];
  }
  function centroid(name) {
    const pts = corners(name).map((p) => xy(p[0], p[1]));
    return [(pts[0][0] + pts[1][0] + pts[2][0]) / 3, (pts[0][1] + pts[1][1] + pts[2][1]) / 3];
  }
  function toward(p, c, f) { return [p[0] + (c[0] - p[0]) * f, p[1] + (c[1] - p[1]) * f]; }
  function parseTunnel(text) {
    const m = /^([ST]):([ud]-?\d+,-?\d+):e([012])(?:\+([A-F]))?$/.exec(text);
    return m ? { line: m[1], space: m[2], edge: Number(m[3]), marker: m[4] || "", text: text } : null;
  }
  function pointXY(name) { const [q, r] = name.split(",").map(Number); return xy(q, r); }
  function poly(points) { return points.map((p) => p[0].toFixed(2) + "," + p[1].toFixed(2)).join(" "); }
  function seatColour(ctx, seat) { return (ctx.players[seat] || {}).colour || "#ccc"; }

  /* the segment of a tunnel: its edge, pulled into its space so two lines side by side show */
  function tunnelSegment(space, cls, pull) {
    const c = centroid(space);
    const [a, b] = edgeOf(space, cls).map((p) => xy(p[0], p[1]));
    return [toward(a, c, pull), toward(b, c, pull), a, b, c];
  }

  function spaceShape(name, kind, arrow) {
    const pts = corners(name).map((p) => xy(p[0], p[1]));
    const fill = KIND_FILL[kind] || (arrow ? "#2a3d5a" : "#1f2d42");
    const g = TL.svg("g", {}, TL.svg("polygon", { points: poly(pts), fill: fill, stroke: "#34475f",
      "stroke-width": 0.35, "stroke-linejoin": "round" }));
    const c = centroid(name);
    if (arrow) {
      const hexNorm = (p) => Math.max(Math.abs(p[0]), Math.abs(p[1]), Math.abs(p[0] + p[1]));
      const cq = corners(name), at = cq.findIndex((p) => hexNorm(p) < 6);
      const inner = pts[at < 0 ? 0 : at];
      const dir = [inner[0] - c[0], inner[1] - c[1]];
      const len = Math.hypot(dir[0], dir[1]) || 1;
      const ux = dir[0] / len, uy = dir[1] / len;
      const tip = [c[0] + ux * 2.2, c[1] + uy * 2.2], back = [c[0] - ux * 1.4, c[1] - uy * 1.4];
      const side = [-uy * 1.6, ux * 1.6];
      const white = arrow === "W";
      const head = white ? [back, tip] : [tip, back];
      g.appendChild(TL.svg("polygon", { points: poly([head[1], [head[0][0] + side[0], head[0][1] + side[1]],
        [head[0][0] - side[0], head[0][1] - side[1]]]), fill: white ? "#f3eee2" : "#0a0f18",
        stroke: white ? "none" : "#c9d2e0", "stroke-width": 0.35 }));
    }
    if (kind === "R" || kind === "C" || kind === "E") {
      const [x, y] = c;
      const glyph = kind === "R" ? `M${x - 1.6} ${y + 1.2} V${y - 0.2} L${x} ${y - 1.7} L${x + 1.6} ${y - 0.2} V${y + 1.2} Z`
        : kind === "C" ? `M${x - 1.5} ${y - 0.6} H${x + 1.5} L${x + 1.1} ${y + 1.4} H${x - 1.1} Z M${x - 0.7} ${y - 0.6} Q${x} ${y - 2} ${x + 0.7} ${y - 0.6}`
          : `M${x} ${y - 1.8} L${x + 0.55} ${y - 0.45} L${x + 1.8} ${y - 0.45} L${x + 0.8} ${y + 0.4} L${x + 1.2} ${y + 1.8} L${x} ${y + 0.95} L${x - 1.2} ${y + 1.8} L${x - 0.8} ${y + 0.4} L${x - 1.8} ${y - 0.45} L${x - 0.55} ${y - 0.45} Z`;
      g.appendChild(TL.svg("path", { d: glyph, fill: "rgba(255,255,255,.85)", stroke: "rgba(255,255,255,.85)",
        "stroke-width": kind === "C" ? 0.3 : 0.1, "fill-rule": "evenodd" }));
    }
    return g;
  }

  function marker(ctx, space, key, seat) {
    const [x, y] = centroid(space);
    return TL.svg("g", {}, TL.svg("circle", { cx: x, cy: y, r: 2.6, fill: KIND_FILL[key[1]] || "#888",
      stroke: seatColour(ctx, seat), "stroke-width": 0.9 }),
      TL.svg("text", { x: x, y: y + 1.15, "text-anchor": "middle", "font-size": 3.2, "font-weight": 800,
        fill: "#fff", text: key[0] }));
  }

  function viewBoxAround(points) {
    if (!points.length) return WHOLE;
    let x0 = Math.min(...points.map((p) => p[0])), x1 = Math.max(...points.map((p) => p[0]));
    let y0 = Math.min(...points.map((p) => p[1])), y1 = Math.max(...points.map((p) => p[1]));
    const aspect = WHOLE[3] / WHOLE[2];
    let w = Math.max(x1 - x0 + 18, 56), h = Math.max(y1 - y0 + 18, 56 * aspect);
    if (h / w > aspect) w = h / aspect; else h = w * aspect;
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    return [cx - w / 2, cy - h / 2, w, h];
  }

  function render(ctx) {
    const d = ctx.data, ui = ctx.ui, view = ctx.view, t = TL.t;
    if (ui.seq !== view.seq) {
      ui.seq = view.seq; ui.partial = []; ui.options = null; ui.asked = null; ui.pick = null;
      ui.mode = d.can_dig ? "dig" : "station";
    }
    const mine = view.turn && !ctx.pending;
    const digging = mine && d.phase === "build" && ui.mode === "dig" && d.can_dig;
    if (digging) {
      const key = ui.partial.join(" ");
      if (!ui.options || ui.options.partial.join(" ") !== key) {
        if (ui.asked !== key) { ui.asked = key; ui.askN = TL.ask({ partial: ui.partial.slice() }); }
      }
    }
    const options = digging && ui.options && ui.options.partial.join(" ") === ui.partial.join(" ")
      ? ui.options : null;

    const svg = TL.svg("svg", { role: "img", "aria-label": "city" });
    const focus = [];
    for (const [name, kind, arrow] of ctx.stat.spaces) svg.appendChild(spaceShape(name, kind, arrow));
    /* lines */
    for (const line of d.lines) {
      const colour = seatColour(ctx, line.seat);
      for (let i = 0; i < line.spaces.length; i++) {
        const a = xy(...line.points[i]), b = xy(...line.points[i + 1]), c = centroid(line.spaces[i]);
        const p = toward(a, c, 0.16), q = toward(b, c, 0.16);
        const seg = `M${p[0]} ${p[1]} L${q[0]} ${q[1]}`;
        svg.appendChild(TL.svg("path", { d: seg, stroke: "#0c121c", "stroke-width": 3.2, "stroke-linecap": "round" }));
        svg.appendChild(TL.svg("path", { d: seg, stroke: colour, "stroke-width": 2.2, "stroke-linecap": "round" }));
        if (line.k === 1) {
          svg.appendChild(TL.svg("path", { d: seg, stroke: "#0c121c", "stroke-width": 1.0,
            "stroke-dasharray": "1.4 1.4" }));
        }
      }
    }
    for (const [space, key, seat] of d.placed) svg.appendChild(marker(ctx, space, key, seat));
    for (const [q, r] of d.terminals) {
      const [x, y] = xy(q, r);
      svg.appendChild(TL.svg("rect", { x: x - 2, y: y - 2, width: 4, height: 4, rx: 0.8, fill: "#ece8de",
        stroke: "#0c121c", "stroke-width": 0.6 }));
    }
    for (const [q, r, seat] of d.stations) {
      const [x, y] = xy(q, r);
      svg.appendChild(TL.svg("circle", { cx: x, cy: y, r: 2.1, fill: "#fffaf0", stroke: seatColour(ctx, seat),
        "stroke-width": 1.1 }));
    }
    /* what this turn chooses from */
    const byLine = { S: [], T: [] };
    if (options) digChoices(ctx, svg, options, byLine);
    if (digging) {
      for (const text of ui.partial) {
        const tn = parseTunnel(text);
        const [p, q, a, b] = tunnelSegment(tn.space, tn.edge, 0.16);
        const seg = `M${p[0]} ${p[1]} L${q[0]} ${q[1]}`;    /* chosen, not yet dug */
        svg.appendChild(TL.svg("path", { d: seg, stroke: "#ffffff", "stroke-width": 3.2, "stroke-linecap": "round" }));
        svg.appendChild(TL.svg("path", { d: seg, stroke: seatColour(ctx, ctx.me), "stroke-width": 1.8,
          "stroke-linecap": "round", "stroke-dasharray": "1.6 0.9" }));
        byLine[tn.line].push(a, b);
      }
      /* zoom onto one line's choices: the line just dug, else the one chosen, else any */
      const last = ui.partial.length ? parseTunnel(ui.partial[ui.partial.length - 1]).line : null;
      const open = ["S", "T"].filter((k) => options && options.tunnels.some((x) => x[0] === k));
      ui.lines = open;
      if (last && open.includes(last) && ui.lastDug !== ui.partial.length) {
        ui.zoomLine = last; ui.lastDug = ui.partial.length;
      }
      if (!open.includes(ui.zoomLine)) ui.zoomLine = open[0] || last;
      focus.push(...(byLine[ui.zoomLine] || []));
    }
    const points = mine ? (d.phase === "bonus" ? d.bonus.filter((p) => p) :
      ui.mode === "station" ? d.station_moves.map((m) => m[1]) : []) : [];
    for (const name of points) {
      const [x, y] = pointXY(name);
      focus.push([x, y]);
      const chosen = ui.pick === name;
      svg.appendChild(TL.svg("circle", { cx: x, cy: y, r: chosen ? 3.2 : 2.6,
        fill: chosen ? "#f2b33d" : "rgba(242,179,61,.35)", stroke: "#f2b33d", "stroke-width": 0.8 }));
      const hit = TL.svg("circle", { cx: x, cy: y, r: 4.6, fill: "transparent", class: "tap", "data-point": name });
      hit.addEventListener("click", () => {
        if (ui.pick === name) confirmPoint(ctx); else { ui.pick = name; TL.render(); }
      });
      svg.appendChild(hit);
    }
    hintMarks(ctx, svg);
    const box = ui.whole || !focus.length ? WHOLE : viewBoxAround(focus);
    svg.setAttribute("viewBox", box.map((v) => v.toFixed(1)).join(" "));
    ctx.board.appendChild(svg);

    /* the seat's markers */
    ctx.tray.appendChild(TL.el("div", { class: "tray-label", text: t("phone.mania.markers") }));
    for (const key of d.hand) {
      ctx.tray.appendChild(TL.el("span", { class: "marker", title: t("phone.mania.type." + key[1]) },
        TL.el("i", { style: { background: KIND_FILL[key[1]] } }),
        key[0] === "?" ? "?" : key[0]));
    }
    ctx.tray.appendChild(TL.el("div", { class: "scoreline",
      text: t("phone.mania.stations_left", { n: d.stations_left }) +
        (d.last_turns !== null && d.last_turns !== undefined ? " · " + t("phone.mania.last_turns", { n: d.last_turns }) : "") }));

    /* actions */
    if (!mine) return;
    if (d.phase === "bonus") {
      ctx.setNote(t("phone.mania.bonus"));
      ctx.actions.appendChild(TL.button(t("phone.mania.station"), () => confirmPoint(ctx),
        { cls: "primary", disabled: !ui.pick, id: "station" }));
      ctx.actions.appendChild(TL.button(t("phone.mania.no_bonus"), () => {
        TL.move("bonus " + "ST"[d.bonus_line] + ":none");
      }, { id: "no-bonus" }));
      return;
    }
    if (d.can_dig && d.station_moves.length) {
      const seg = TL.el("div", { class: "seg" });
      for (const mode of ["dig", "station"]) {
        seg.appendChild(TL.button(t("phone.mania." + mode), () => {
          ui.mode = mode; ui.pick = null; TL.render();
        }, { cls: ui.mode === mode ? "on" : "", id: "mode-" + mode }));
      }
      ctx.tray.appendChild(seg);
    }
    if (digging) {
      if (ui.lines && ui.lines.length > 1 && !ui.whole) {
        const seg = TL.el("div", { class: "seg" });
        for (const k of ui.lines) {
          seg.appendChild(TL.button(t(k === "S" ? "phone.mania.solid" : "phone.mania.striped"), () => {
            ui.zoomLine = k; TL.render();
          }, { cls: ui.zoomLine === k ? "on" : "", id: "line-" + k }));
        }
        ctx.tray.appendChild(seg);
      }
      const needed = options ? options.needed : 0;
      ctx.setNote(options && options.complete ? t("phone.mania.dig_ready")
        : options && !options.tunnels.length ? t("phone.mania.dead_end")
          : t("phone.mania.pick_tunnel") + (needed ? " · " + t("phone.mania.dig_progress",
            { n: ui.partial.length + 1, needed: needed }) : ""));
      ctx.actions.appendChild(TL.button(t("phone.mania.dig"), () => {
        if (TL.move("dig " + ui.partial.join(" "))) TL.render();
      }, { cls: "primary", disabled: !(options && options.complete), id: "dig" }));
      ctx.actions.appendChild(TL.button(t("phone.undo"), () => {
        ui.partial.pop(); ui.options = null; TL.render();
      }, { disabled: !ui.partial.length, id: "undo" }));
    } else if (ui.mode === "station" && d.station_moves.length) {
      ctx.setNote(t("phone.mania.pick_station"));
      ctx.actions.appendChild(TL.button(t("phone.mania.station"), () => confirmPoint(ctx),
        { cls: "primary", disabled: !ui.pick, id: "station" }));
    }
    ctx.actions.appendChild(TL.button(ui.whole ? t("phone.mania.zoom") : t("phone.mania.whole_city"), () => {
      ui.whole = !ui.whole; TL.render();
    }, { id: "zoom" }));
    if (d.pass) ctx.actions.appendChild(TL.button(t("phone.mania.pass"), () => TL.move("pass"), { id: "pass" }));
  }

  function digChoices(ctx, svg, options, byLine) {
    const groups = new Map();
    for (const text of options.tunnels) {
      const tn = parseTunnel(text);
      const key = tn.line + ":" + tn.space + ":e" + tn.edge;
      if (!groups.has(key)) groups.set(key, { tn: tn, markers: [] });
      groups.get(key).markers.push(tn.marker);
    }
    const marks = [], hits = [];
    for (const [key, group] of groups) {
      const [p, q, a, b, c] = tunnelSegment(group.tn.space, group.tn.edge, 0.24);
      byLine[group.tn.line].push(a, b);
      marks.push(TL.svg("path", { d: `M${p[0]} ${p[1]} L${q[0]} ${q[1]}`, stroke: "#78dc96",
        "stroke-width": 0.9, "stroke-linecap": "round", "stroke-dasharray": "1.2 0.8" }));
      const m = [(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3];
      /* the whole third of the triangle answers a tap; its dot on top of everything */
      const area = TL.svg("polygon", { points: poly([a, b, c]), fill: "transparent", class: "tap" });
      area.addEventListener("click", () => chooseTunnel(ctx, group));
      marks.push(area);
      const dot = TL.svg("circle", { cx: m[0], cy: m[1], r: 1.25, fill: "#78dc96", stroke: "#0c121c",
        "stroke-width": 0.35, class: "tap", "data-tunnel": key });
      dot.addEventListener("click", () => chooseTunnel(ctx, group));
      hits.push(dot);
    }
    for (const node of marks.concat(hits)) svg.appendChild(node);
  }

  function chooseTunnel(ctx, group) {
    const ui = ctx.ui, t = TL.t;
    const base = group.tn.line + ":" + group.tn.space + ":e" + group.tn.edge;
    const take = (letter) => {
      ui.partial.push(base + (letter ? "+" + letter : "")); ui.options = null;
      TL.closeOverlay(); TL.render();
    };
    if (group.markers.length === 1) { take(group.markers[0]); return; }
    const kinds = {};
    for (const key of ctx.data.hand) kinds[key[0]] = key[1];
    TL.overlay(TL.el("h2", { text: t("phone.mania.pick_marker") }),
      group.markers.map((letter) => TL.button(letter + " · " + t("phone.mania.type." + (kinds[letter] || "R")),
        () => take(letter), { cls: "btn primary", id: "marker-" + letter })),
      TL.button(t("phone.cancel"), TL.closeOverlay, { cls: "btn", id: "cancel" }));
  }

  function confirmPoint(ctx) {
    const ui = ctx.ui, d = ctx.data;
    if (!ui.pick) return;
    if (d.phase === "bonus") { TL.move("bonus " + "ST"[d.bonus_line] + ":" + ui.pick); return; }
    const move = d.station_moves.find((m) => m[1] === ui.pick);
    if (move) TL.move("station " + "ST"[move[0]] + ":" + move[1]);
  }

  function hintMarks(ctx, svg) {
    const h = ctx.hint && ctx.hint.targets;
    if (!h) return;
    for (const text of h.tunnels || []) {
      const tn = parseTunnel(text);
      if (!tn) continue;
      const [p, q] = tunnelSegment(tn.space, tn.edge, 0.16);
      svg.appendChild(TL.svg("path", { d: `M${p[0]} ${p[1]} L${q[0]} ${q[1]}`, stroke: "#ffe08a",
        "stroke-width": 1.4, "stroke-dasharray": "0.8 0.8" }));
    }
    if (h.point) {
      const [x, y] = pointXY(h.point);
      svg.appendChild(TL.svg("circle", { cx: x, cy: y, r: 3.6, fill: "none", stroke: "#ffe08a", "stroke-width": 0.8 }));
    }
  }

  function options(msg) {
    const ui = TL.state.ui;
    if (msg.n !== ui.askN) return;
    ui.options = msg;
    TL.render();
  }

  function failed(msg) {             /* asked too fast: ask again in a moment */
    const ui = TL.state.ui;
    if (msg.n !== ui.askN) return;
    ui.asked = null;
    setTimeout(TL.render, 400);
  }

  TL.games.metromania = { render: render, options: options, failed: failed };
})();
