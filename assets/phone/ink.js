/* Railroad Ink on the phone: the player's own sheet, the round's dice, specials and expansions.
   Tap a die (or a special), then a glowing cell: the face appears there in its first legal
   orientation; Rotate / Mirror step through the legal ones; a second tap (or Place) sends
   "<face>@<cell>/<o>". Skip, Undo, End round, the meteor's direction and erasing for lava are
   buttons. Every phone of the round draws at the same time. */
"use strict";
(function () {
  const TL = window.TL;
  const U = 10, ROWS = "ABCDEFG";
  const MIRROR = [0, 3, 2, 1];
  const MID = [[5, 0], [10, 5], [5, 10], [0, 5]];
  const ARROWS = { N: "↑", E: "→", S: "↓", W: "←" };

  function perm(o) { return [0, 1, 2, 3].map((i) => ((o >= 4 ? MIRROR[i] : i) + (o % 4)) % 4); }
  function oriented(face, o, faces) {
    const [sides, groups] = faces[face];
    const p = perm(o), out = [".", ".", ".", "."];
    for (let i = 0; i < 4; i++) out[p[i]] = sides[i];
    return [out, groups.map((g) => g.map((i) => p[i]))];
  }
  function cellXY(name) { return [(Number(name[1]) - 1) * U, ROWS.indexOf(name[0]) * U]; }

  function stroke(g, d, kind, bridge) {
    if (bridge) g.appendChild(TL.svg("path", { d: d, stroke: "#fbf6ea", "stroke-width": 4.2, fill: "none" }));
    if (kind === "H") {
      g.appendChild(TL.svg("path", { d: d, stroke: "#7d8798", "stroke-width": 2.7, fill: "none", "stroke-linecap": "butt" }));
      g.appendChild(TL.svg("path", { d: d, stroke: "#fbf6ea", "stroke-width": 0.32, fill: "none",
        "stroke-dasharray": "1 0.9" }));
    } else if (kind === "R") {
      g.appendChild(TL.svg("path", { d: d, stroke: "#2b313d", "stroke-width": 2.1, fill: "none",
        "stroke-dasharray": "0.45 1.15" }));
      g.appendChild(TL.svg("path", { d: d, stroke: "#2b313d", "stroke-width": 0.6, fill: "none" }));
    } else if (kind === "W") {
      g.appendChild(TL.svg("path", { d: d, stroke: "#3d8fd6", "stroke-width": 2.4, fill: "none", "stroke-linecap": "round" }));
      g.appendChild(TL.svg("path", { d: d, stroke: "#8ccaf2", "stroke-width": 0.55, fill: "none" }));
    }
  }
  function lobe(g, x, y, side, colour) {
    const paths = [`M${x + 1.4} ${y} Q${x + 5} ${y + 7.2} ${x + 8.6} ${y} Z`,
      `M${x + 10} ${y + 1.4} Q${x + 2.8} ${y + 5} ${x + 10} ${y + 8.6} Z`,
      `M${x + 1.4} ${y + 10} Q${x + 5} ${y + 2.8} ${x + 8.6} ${y + 10} Z`,
      `M${x} ${y + 1.4} Q${x + 7.2} ${y + 5} ${x} ${y + 8.6} Z`];
    g.appendChild(TL.svg("path", { d: paths[side], fill: colour }));
  }
  /* one face, drawn in cell (x, y) */
  function drawFace(face, o, x, y, faces, opts) {
    opts = opts || {};
    const g = TL.svg("g", {});
    g.appendChild(TL.svg("rect", { x: x + 0.3, y: y + 0.3, width: U - 0.6, height: U - 0.6, rx: 0.6,
      fill: opts.ghost ? "#fff3d2" : "#fbf6ea", stroke: opts.ghost ? "#f2b33d" : "none",
      "stroke-width": opts.ghost ? 0.9 : 0 }));
    if (!faces[face]) return g;
    const [sides, groups] = oriented(face, o, faces);
    const kind = faces[face][2];
    if (face === "lake-full") {
      g.appendChild(TL.svg("rect", { x: x + 0.8, y: y + 0.8, width: 8.4, height: 8.4, rx: 2.5, fill: "#5aa9e6" }));
      return g;
    }
    if (face === "volcano") {
      g.appendChild(TL.svg("rect", { x: x + 0.8, y: y + 0.8, width: 8.4, height: 8.4, rx: 2, fill: "#e2542c" }));
      g.appendChild(TL.svg("path", { d: `M${x + 2.2} ${y + 8} L${x + 4.2} ${y + 3} H${x + 5.8} L${x + 7.8} ${y + 8} Z`,
        fill: "#5a2418" }));
      g.appendChild(TL.svg("path", { d: `M${x + 4.4} ${y + 3} Q${x + 5} ${y + 1} ${x + 5.6} ${y + 3}`, fill: "#ffb347" }));
      return g;
    }
    for (let s = 0; s < 4; s++) {
      if (sides[s] === "L") lobe(g, x, y, s, "#5aa9e6");
      if (sides[s] === "V") lobe(g, x, y, s, "#e2542c");
    }
    const two = groups.length === 2 && kind !== "lava";
    groups.forEach((group, gi) => {
      const routes = group.filter((s) => "HRW".includes(sides[s]));
      const bridge = two && gi === 0 && groups[1].some((s) => "HRW".includes(sides[s]));
      if (two && gi === 0) {               /* the under-pass is drawn first */
        const other = groups[1].filter((s) => "HRW".includes(sides[s]));
        drawGroup(g, x, y, other, sides, false);
      }
      if (!(two && gi === 1)) drawGroup(g, x, y, routes, sides, bridge);
      const types = new Set(group.map((s) => sides[s]));
      if ((types.has("H") && types.has("R")) || (types.has("L") && (types.has("H") || types.has("R")))) {
        g.appendChild(TL.svg("rect", { x: x + 3.6, y: y + 3.6, width: 2.8, height: 2.8, fill: "#1b1f27", rx: 0.3 }));
      }
    });
    return g;
  }
  function drawGroup(g, x, y, routes, sides, bridge) {
    if (!routes.length) return;
    const c = [x + 5, y + 5];
    const mid = (s) => [x + MID[s][0], y + MID[s][1]];
    if (routes.length === 2 && (routes[0] + 2) % 4 === routes[1] % 4 && sides[routes[0]] === sides[routes[1]]) {
      const [a, b] = routes.map(mid);
      stroke(g, `M${a[0]} ${a[1]} L${b[0]} ${b[1]}`, sides[routes[0]], bridge);
    } else if (routes.length === 2 && sides[routes[0]] === sides[routes[1]]) {
      const [a, b] = routes.map(mid);
      stroke(g, `M${a[0]} ${a[1]} Q${c[0]} ${c[1]} ${b[0]} ${b[1]}`, sides[routes[0]], bridge);
    } else {
      for (const s of routes) {
        const a = mid(s);
        stroke(g, `M${a[0]} ${a[1]} L${c[0]} ${c[1]}`, sides[s], bridge);
      }
    }
  }
  function miniature(face, o, faces) {
    return TL.svg("svg", { viewBox: "0 0 10 10" }, drawFace(face, o, 0, 0, faces));
  }

  function nextLegal(list, o, mirrored) {
    const same = list.filter((v) => (v >= 4) === mirrored).sort((a, b) => a - b);
    const pool = same.length ? same : list.slice().sort((a, b) => a - b);
    const after = pool.filter((v) => v > o);
    return after.length ? after[0] : pool[0];
  }

  function render(ctx) {
    const d = ctx.data, ui = ctx.ui, view = ctx.view, t = TL.t, faces = ctx.stat.faces;
    if (ui.seq !== view.seq) { ui.seq = view.seq; ui.cell = null; ui.erase = null; }
    const mine = view.turn && !ctx.pending && !d.ended;
    if (ui.face && !(d.legal[ui.face])) { ui.face = null; ui.cell = null; }
    if (mine && !ui.face && d.dice.length) {
      const first = d.dice.find(([face]) => d.legal[face]);
      if (first) ui.face = first[0];
    }
    const cells = (mine && ui.face && d.legal[ui.face]) || {};
    if (ui.cell && !cells[ui.cell]) ui.cell = null;
    const hint = ctx.hint && ctx.hint.targets;

    /* the sheet */
    const svg = TL.svg("svg", { viewBox: "-3.6 -3.6 77.2 77.2", role: "img", "aria-label": "sheet" });
    svg.appendChild(TL.svg("rect", { x: -3.6, y: -3.6, width: 77.2, height: 77.2, rx: 3, fill: "#e9dcc0" }));
    svg.appendChild(TL.svg("rect", { x: 0, y: 0, width: 70, height: 70, fill: "#f6efdd" }));
    svg.appendChild(TL.svg("rect", { x: 20, y: 20, width: 30, height: 30, fill: "#eadbbb" }));
    for (let i = 0; i <= 7; i++) {
      svg.appendChild(TL.svg("path", { d: `M${i * U} 0 V70 M0 ${i * U} H70`, stroke: "#d6c7a6", "stroke-width": 0.25 }));
    }
    for (const [cell, side, kind] of ctx.stat.exits) {
      const [x, y] = cellXY(cell);
      const m = MID[side];
      const out = [[0, -3.4], [3.4, 0], [0, 3.4], [-3.4, 0]][side];
      const a = [x + m[0], y + m[1]], b = [a[0] + out[0], a[1] + out[1]];
      const g = TL.svg("g", {});
      stroke(g, `M${a[0]} ${a[1]} L${b[0]} ${b[1]}`, kind, false);
      svg.appendChild(g);
    }
    const drawn = {};
    for (const [cell, face, o] of d.cells) {
      drawn[cell] = true;
      const [x, y] = cellXY(cell);
      svg.appendChild(drawFace(face, o, x, y, faces));
    }
    for (const cell of d.craters) {
      const [x, y] = cellXY(cell);
      svg.appendChild(TL.svg("circle", { cx: x + 5, cy: y + 5, r: 3.4, fill: "#8a8276", stroke: "#5b544b", "stroke-width": 0.8 }));
    }
    if (d.dot) {
      const [x, y] = cellXY(d.dot);
      svg.appendChild(TL.svg("circle", { cx: x + 8.3, cy: y + 1.7, r: 1.1, fill: "#d4372c" }));
    }
    /* meteor paths */
    if (mine && d.meteor.length && d.meteor_status) {
      for (const dir of d.meteor) {
        const path = d.meteor_status.paths[dir] || [];
        path.forEach((cell, i) => {
          const [x, y] = cellXY(cell);
          svg.appendChild(TL.svg("circle", { cx: x + 5, cy: y + 5, r: i === path.length - 1 ? 2.6 : 0.9,
            fill: i === path.length - 1 ? "rgba(212,55,44,.55)" : "#d4372c" }));
        });
      }
    }
    /* where the chosen face may go */
    for (const cell of Object.keys(cells)) {
      const [x, y] = cellXY(cell);
      if (ui.cell === cell) {
        svg.appendChild(drawFace(ui.face, ui.o, x, y, faces, { ghost: true }));
      } else {
        svg.appendChild(TL.svg("rect", { x: x + 0.8, y: y + 0.8, width: 8.4, height: 8.4, rx: 1,
          fill: "rgba(96,196,122,.28)", stroke: "#3f9c5a", "stroke-width": 0.6 }));
      }
      const hit = TL.svg("rect", { x: x, y: y, width: U, height: U, fill: "transparent", class: "tap", "data-cell": cell });
      hit.addEventListener("click", () => {
        if (ui.cell === cell) { place(ctx); return; }
        const list = cells[cell];
        ui.o = list.includes(ui.o) ? ui.o : list[0];
        ui.cell = cell; TL.render();
      });
      svg.appendChild(hit);
    }
    if (mine) {
      for (const cell of d.erase) {
        const [x, y] = cellXY(cell);
        svg.appendChild(TL.svg("rect", { x: x + 0.6, y: y + 0.6, width: 8.8, height: 8.8, rx: 1,
          fill: ui.erase === cell ? "rgba(232,86,76,.6)" : "rgba(232,86,76,.25)", stroke: "#e8564c", "stroke-width": 0.7 }));
        const hit = TL.svg("rect", { x: x, y: y, width: U, height: U, fill: "transparent", class: "tap", "data-erase": cell });
        hit.addEventListener("click", () => {
          if (ui.erase === cell) TL.move("erase@" + cell); else { ui.erase = cell; TL.render(); }
        });
        svg.appendChild(hit);
      }
    }
    if (hint && hint.cell) {
      const [x, y] = cellXY(hint.cell);
      svg.appendChild(TL.svg("rect", { x: x + 0.3, y: y + 0.3, width: 9.4, height: 9.4, rx: 1, fill: "none",
        stroke: "#e0a000", "stroke-width": 0.8, "stroke-dasharray": "1.6 1" }));
    }
    ctx.board.appendChild(svg);

    /* dice, specials */
    ctx.tray.appendChild(TL.el("div", { class: "tray-label", text: t("phone.ink.round", { round: d.round, rounds: d.rounds }) + " · " + t("phone.ink.dice") }));
    const left = d.dice.map(([face]) => face);
    const used = d.roll.slice();
    for (const face of left) used.splice(used.indexOf(face), 1);
    const pieces = d.dice.map(([face, mandatory]) => [face, mandatory, false]).concat(used.map((f) => [f, false, true]));
    ctx.tray.className = "tight";
    ctx.actions.className = "three";
    let selShown = false;
    pieces.forEach(([face, mandatory, spent], i) => {
      const drawable = !spent && !!d.legal[face];
      const sel = mine && ui.face === face && !spent && !selShown;
      if (sel) selShown = true;
      const piece = TL.el("div", { class: "piece die tap" + (sel ? " sel" : "") +
        (spent || (!drawable && mine) ? " off" : "") + (hint && hint.face === face ? " hinted" : ""),
        "data-die": spent ? null : face, "aria-label": t("ri.face." + face) }, miniature(face, 0, faces),
        /* "no cell" only when a cell could be drawn now: while the meteor waits, the dice wait */
        spent ? null : !drawable && mine && !d.meteor.length ? TL.el("span", { class: "tag", text: t("phone.ink.no_cell") })
          : !mandatory ? TL.el("span", { class: "tag", text: t("phone.ink.optional") }) : null);
      if (drawable) piece.addEventListener("click", () => {
        if (!mine) return;
        ui.face = face; ui.cell = null; TL.render();
      });
      ctx.tray.appendChild(piece);
    });
    if (d.legal.volcano) {
      const piece = TL.el("div", { class: "piece die tap" + (ui.face === "volcano" ? " sel" : ""), "data-die": "volcano" },
        miniature("volcano", 0, faces), TL.el("span", { class: "tag", text: t("ri.face.volcano") }));
      piece.addEventListener("click", () => { ui.face = "volcano"; ui.cell = null; TL.render(); });
      ctx.tray.appendChild(piece);
    }
    ctx.tray.appendChild(TL.el("div", { class: "tray-label", text: t("phone.ink.specials") }));
    for (const special of ctx.stat.specials) {
      const status = d.specials[special];
      const can = mine && !!d.legal[special];
      const piece = TL.el("div", { class: "piece small tap" + (ui.face === special && mine ? " sel" : "") +
        (can || status === "this_round" ? "" : " off"), "data-special": special,
        "aria-label": t("ri.face." + special) }, miniature(special, 0, faces),
        status === "used" ? TL.el("span", { class: "tag", text: t("phone.ink.special_used") }) : null);
      if (can) piece.addEventListener("click", () => { ui.face = special; ui.cell = null; TL.render(); });
      ctx.tray.appendChild(piece);
    }
    ctx.tray.appendChild(TL.el("div", { class: "scoreline", text: t("phone.ink.total") + " " + String(d.total).replace("-", "−") + " · " + d.score_text }));

    if (!mine) return;
    /* the meteor first */
    if (d.meteor.length) {
      ctx.setNote(t("phone.ink.meteor"));
      ctx.actions.classList.add("meteor");     /* the directions and Hint share the first row */
      for (const dir of d.meteor) {
        ctx.actions.appendChild(TL.button(ARROWS[dir] + " " + dir, () => TL.move("meteor:" + dir),
          { cls: "primary", id: "meteor-" + dir }));
      }
      /* or a special spent to ignore it: said once, each special a button showing its face */
      if (d.ignore.length) {
        ctx.actions.appendChild(TL.el("div", { class: "actions-label", text: t("phone.ink.ignore_meteor") }));
        const icons = TL.el("div", { class: "icons" });
        for (const special of d.ignore) {
          const b = TL.button("", () => TL.move("ignore-meteor:" + special), { cls: "icon", id: "ignore-" + special });
          b.setAttribute("aria-label", t("ri.face." + special));
          b.appendChild(miniature(special, 0, faces));
          icons.appendChild(b);
        }
        ctx.actions.appendChild(icons);
      }
      if (d.undo) ctx.actions.appendChild(TL.button(t("phone.undo"), () => TL.move("undo"), { id: "undo" }));
      return;
    }
    if (d.erase.length) ctx.setNote(t("phone.ink.erase"));
    else if (ui.cell) ctx.setNote(t("ri.face." + ui.face) + " → " + ui.cell);
    else if (ui.face) ctx.setNote(t("phone.ink.pick_cell"));
    if (ui.face) {
      const list = cells[ui.cell] || [];
      ctx.actions.appendChild(TL.button("⟳ " + t("phone.rotate"), () => {
        ui.o = nextLegal(list, ui.o, ui.o >= 4); TL.render();
      }, { disabled: list.length < 2, id: "rotate" }));
      ctx.actions.appendChild(TL.button("⇋ " + t("phone.mirror"), () => {
        const flipped = list.filter((v) => (v >= 4) !== (ui.o >= 4));
        if (flipped.length) { ui.o = flipped.includes((ui.o + 4) % 8) ? (ui.o + 4) % 8 : flipped[0]; TL.render(); }
      }, { disabled: !list.some((v) => (v >= 4) !== (ui.o >= 4)), id: "mirror" }));
      ctx.actions.appendChild(TL.button(t("phone.place"), () => place(ctx),
        { cls: "primary", disabled: !ui.cell, id: "place" }));
    }
    for (const face of d.skips) {
      ctx.actions.appendChild(TL.button(t("phone.ink.skip") + ": " + t("ri.face." + face),
        () => TL.move("skip:" + face), { id: "skip-" + face }));
    }
    if (d.undo) ctx.actions.appendChild(TL.button(t("phone.undo"), () => TL.move("undo"), { id: "undo" }));
    ctx.actions.appendChild(TL.button(t("phone.ink.end_round"), () => TL.move("end"),
      { cls: d.end && !left.some((f) => d.legal[f]) ? "primary" : "", disabled: !d.end, id: "end" }));
  }

  function place(ctx) {
    const ui = ctx.ui;
    if (!ui.cell || !ui.face) return;
    if (TL.move(ui.face + "@" + ui.cell + "/" + ui.o)) { ui.cell = null; ui.face = null; TL.render(); }
  }

  TL.games["railroad-ink"] = { render: render };
})();
