/* Metro on the phone: the 8x8 board with stations and lines, the seat's hand, legal squares.
   A tap on a hand tile selects it, a tap on a green square shows it there, a second tap (or
   Place) sends "<tile>@<square>[/<r>]"; Draw sends "draw"; shares are exchanged with
   "swap:<company>:<pct>:up|down" (companies expansion). */
"use strict";
(function () {
  const TL = window.TL;
  const U = 10;                                   /* one square */
  const ROWS = "ABCDEFGH";
  const CENTRE = [27, 28, 35, 36];
  const OFFSET = { a: 5, b: 3, c: 7, d: 1 };
  const P = [[U / 3, 0], [2 * U / 3, 0], [U, U / 3], [U, 2 * U / 3], [2 * U / 3, U], [U / 3, U],
    [0, 2 * U / 3], [0, U / 3]];
  const N = [[0, 1], [-1, 0], [0, -1], [1, 0]];   /* inward, per side */

  function partners(code, rot) {
    const p = new Array(8);
    for (let i = 0; i < 4; i++) {
      const even = 2 * i, odd = (even + OFFSET[code[i]]) % 8;
      p[even] = odd; p[odd] = even;
    }
    const turned = new Array(8);
    for (let e = 0; e < 8; e++) turned[(e + 2 * rot) % 8] = (p[e] + 2 * rot) % 8;
    return turned;
  }
  function trackPath(x, y, a, b) {
    const pa = P[a], pb = P[b], na = N[a >> 1], nb = N[b >> 1];
    const k = (a >> 1) === (b >> 1) ? 3.2 : 4.2;
    return `M${x + pa[0]} ${y + pa[1]} C${x + pa[0] + na[0] * k} ${y + pa[1] + na[1] * k} ` +
      `${x + pb[0] + nb[0] * k} ${y + pb[1] + nb[1] * k} ${x + pb[0]} ${y + pb[1]}`;
  }
  function tileGroup(code, rot, x, y, opts) {
    opts = opts || {};
    const g = TL.svg("g", {});
    g.appendChild(TL.svg("rect", { x: x + 0.35, y: y + 0.35, width: U - 0.7, height: U - 0.7, rx: 0.9,
      fill: opts.ghost ? "#fff3d2" : "#f3ead6", stroke: opts.ghost ? "#f2b33d" : "#cdbe9e",
      "stroke-width": opts.ghost ? 1.1 : 0.25 }));
    const p = partners(code, rot);
    for (let e = 0; e < 8; e += 2) {
      g.appendChild(TL.svg("path", { d: trackPath(x, y, e, p[e]), fill: "none", stroke: "#4a5262",
        "stroke-width": 0.85, "stroke-linecap": "round" }));
    }
    if (opts.arrow) {
      g.appendChild(TL.svg("path", { d: `M${x + 4.2} ${y + 1.7} L${x + 5} ${y + 0.9} L${x + 5.8} ${y + 1.7}`,
        fill: "none", stroke: "#b9a57e", "stroke-width": 0.35, "stroke-linecap": "round" }));
    }
    return g;
  }
  function squareName(sq) { return ROWS[sq >> 3] + ((sq & 7) + 1); }
  function squareIndex(name) { return ROWS.indexOf(name[0]) * 8 + Number(name[1]) - 1; }
  function stationPlace(s) {
    if (s <= 8) return [(s - 1) * U + U / 2, -2.4, true];
    if (s <= 16) return [8 * U + 2.4, (s - 9) * U + U / 2, false];
    if (s <= 24) return [(24 - s) * U + U / 2, 8 * U + 2.4, true];
    return [-2.4, (32 - s) * U + U / 2, false];
  }

  function ownerColour(ctx, owner) {
    if (ctx.stat.companies) return (ctx.stat.company_colours || [])[owner] || "#ccc";
    return (ctx.players[owner] || {}).colour || "#ccc";
  }

  function tileMiniature(code, rot) {
    return TL.svg("svg", { viewBox: "0 0 10 10" }, tileGroup(code, rot, 0, 0, { arrow: true }));
  }

  function render(ctx) {
    const d = ctx.data, ui = ctx.ui, view = ctx.view, t = TL.t;
    if (ui.seq !== view.seq) {                     /* a new position: a fresh choice */
      ui.seq = view.seq; ui.square = null;
      if (!ctx.stat.orientation) ui.rot = 0;
    }
    const mine = view.turn && !ctx.pending;
    const choices = d.pending ? [d.pending] : Array.from(new Set(d.hand));
    if (!choices.includes(ui.tile)) ui.tile = choices.length ? choices[0] : null;
    if (d.pending) ui.tile = d.pending;
    ui.rot = ui.rot || 0;
    const legal = (mine && ui.tile && d.legal[ui.tile] && d.legal[ui.tile][String(ui.rot)]) || [];
    const hint = ctx.hint && ctx.hint.targets ? ctx.hint.targets : null;

    /* the board */
    const svg = TL.svg("svg", { viewBox: "-6 -6 92 92", role: "img", "aria-label": "board" });
    svg.appendChild(TL.svg("rect", { x: -6, y: -6, width: 92, height: 92, rx: 4, fill: "#1b3430" }));
    svg.appendChild(TL.svg("rect", { x: -0.6, y: -0.6, width: 81.2, height: 81.2, rx: 1.5, fill: "#22403a" }));
    const placed = {};
    for (const [sq, code, rot] of d.tiles) placed[sq] = [code, rot];
    for (let sq = 0; sq < 64; sq++) {
      if (CENTRE.includes(sq)) continue;
      const x = (sq & 7) * U, y = (sq >> 3) * U;
      if (placed[sq]) { svg.appendChild(tileGroup(placed[sq][0], placed[sq][1], x, y)); continue; }
      svg.appendChild(TL.svg("rect", { x: x + 0.35, y: y + 0.35, width: U - 0.7, height: U - 0.7, rx: 0.9,
        fill: "#284a43" }));
    }
    svg.appendChild(TL.svg("rect", { x: 30.35, y: 30.35, width: 19.3, height: 19.3, rx: 1.5, fill: "#784036" }));
    svg.appendChild(TL.svg("path", { d: "M33 41 L40 34 L47 41 Z", fill: "#a84e3e" }));
    svg.appendChild(TL.svg("rect", { x: 35, y: 41, width: 10, height: 6, fill: "#a84e3e" }));
    /* lines in their owners' colours */
    for (const [sq, a, b, owner, done] of d.tracks) {
      svg.appendChild(TL.svg("path", { d: trackPath((sq & 7) * U, (sq >> 3) * U, a, b), fill: "none",
        stroke: ownerColour(ctx, owner), "stroke-width": 1.15, "stroke-linecap": "round",
        opacity: done ? 0.55 : 1 }));
    }
    /* stations */
    for (const [station, owner, done, points] of d.stations) {
      const [x, y, across] = stationPlace(station);
      const w = across ? 6 : 3.2, h = across ? 3.2 : 6;
      svg.appendChild(TL.svg("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: 1,
        fill: ownerColour(ctx, owner), opacity: done ? 0.4 : 1, stroke: "#0c121c", "stroke-width": 0.3 }));
      if (done && points) {
        svg.appendChild(TL.svg("text", { x: x, y: y + 1.05, "text-anchor": "middle", "font-size": 2.8,
          "font-weight": 700, fill: "#0c121c", text: String(points) }));
      }
    }
    /* where the selected tile may go */
    for (const name of legal) {
      const sq = squareIndex(name), x = (sq & 7) * U, y = (sq >> 3) * U;
      if (ui.square === name) {
        svg.appendChild(tileGroup(ui.tile, ui.rot, x, y, { ghost: true }));
      } else {
        svg.appendChild(TL.svg("rect", { x: x + 0.9, y: y + 0.9, width: U - 1.8, height: U - 1.8, rx: 1,
          fill: "rgba(120,220,150,.28)", stroke: "#78dc96", "stroke-width": 0.6 }));
      }
      const hit = TL.svg("rect", { x: x, y: y, width: U, height: U, fill: "transparent", class: "tap",
        "data-square": name });
      hit.addEventListener("click", () => {
        if (ui.square === name) place(ctx);
        else { ui.square = name; TL.render(); }
      });
      svg.appendChild(hit);
    }
    if (hint && hint.square) {
      const sq = squareIndex(hint.square);
      svg.appendChild(TL.svg("rect", { x: (sq & 7) * U + 0.2, y: (sq >> 3) * U + 0.2, width: U - 0.4,
        height: U - 0.4, rx: 1.2, fill: "none", stroke: "#ffe08a", "stroke-width": 0.9,
        "stroke-dasharray": "2 1" }));
    }
    ctx.board.appendChild(svg);

    /* the hand */
    ctx.tray.appendChild(TL.el("div", { class: "tray-label", text: d.pending ? t("phone.metro.drawn") : t("phone.metro.hand") }));
    const shown = d.pending ? [d.pending] : d.hand;
    shown.forEach((code, i) => {
      const selected = code === ui.tile && (mine || d.pending);
      const piece = TL.el("div", { class: "piece tap" + (selected ? " sel" : "") +
        (hint && hint.tile === code ? " hinted" : ""), "data-tile": code, "data-index": String(i) },
        tileMiniature(code, selected ? ui.rot : 0));
      piece.addEventListener("click", () => {
        if (d.pending) return;
        if (ui.tile === code && ctx.stat.orientation) ui.rot = (ui.rot + 1) % 4;
        ui.tile = code; ui.square = null; TL.render();
      });
      ctx.tray.appendChild(piece);
    });
    if (!d.pending) {
      ctx.tray.appendChild(TL.el("div", { class: "tray-label", text: t("phone.metro.stack", { n: d.stack }) }));
    }
    if (mine) {
      ctx.setNote(ui.square ? t("phone.metro.confirm_square", { square: ui.square })
        : d.pending ? t("phone.metro.drawn") : legal.length ? t("phone.metro.pick_square") : d.note);
    }
    if (d.shares) companies(ctx, mine);

    /* actions */
    if (ctx.stat.orientation) {
      ctx.actions.appendChild(TL.button("⟳ " + t("phone.rotate"), () => {
        ui.rot = (ui.rot + 1) % 4; ui.square = null; TL.render();
      }, { disabled: !mine || !ui.tile, id: "rotate" }));
    }
    ctx.actions.appendChild(TL.button(t("phone.place"), () => place(ctx),
      { cls: "primary", disabled: !mine || !ui.square, id: "place" }));
    if (d.draw) {
      ctx.actions.appendChild(TL.button(t("phone.metro.draw"), () => TL.move("draw"),
        { disabled: !mine, id: "draw" }));
    }
  }

  function place(ctx) {
    const ui = ctx.ui;
    if (!ui.square || !ui.tile) return;
    const text = ui.tile + "@" + ui.square + (ui.rot ? "/" + ui.rot : "");
    if (TL.move(text)) { ui.square = null; TL.render(); }
  }

  function companies(ctx, mine) {
    const d = ctx.data, t = TL.t, ui = ctx.ui, names = ctx.stat.company_names, colours = ctx.stat.company_colours;
    const chip = (company) => TL.el("i", { style: { background: colours[company] } });
    /* the toggle names the shares by their company's colour, not by percentages alone */
    const toggle = TL.button((ui.shares ? "▾ " : "▸ ") + t("phone.metro.shares"),
      () => { ui.shares = !ui.shares; TL.render(); }, { cls: "btn shares", id: "shares" });
    for (const [company, pct] of d.shares) {
      toggle.appendChild(TL.el("span", { class: "share" }, chip(company), pct + "%"));
    }
    toggle.style.setProperty("flex-basis", "100%");
    ctx.tray.appendChild(toggle);
    if (!ui.shares) return;
    const panel = TL.el("div", { class: "panel" },
      TL.el("h3", { text: d.exchanges_open ? t("phone.metro.exchange") : t("phone.metro.no_exchanges") }));
    /* a share: its card, then under it the face-up card of its pile to take (↑) and a
       face-down one (↓); a swap the rules do not allow now leaves its place empty */
    for (const [company, pct] of d.shares) {
      const row = TL.el("div", { class: "swaps" }, TL.el("span", { class: "card" }, chip(company),
        t("colour." + names[company]) + " " + pct + "%"));
      const pile = ctx.stat.percents.indexOf(pct);
      for (const way of ["up", "down"]) {
        const text = `swap:${names[company]}:${pct}:${way}`;
        if (!d.swaps.includes(text) || !mine) { row.appendChild(TL.el("span")); continue; }
        const face = d.face_up[pile];
        const b = TL.button(way === "up" ? "↑" : "↓\u00a0" + t("phone.metro.face_down"),
          () => TL.move(text), { cls: "btn", id: text });
        b.setAttribute("title", t(way === "up" ? "phone.metro.take_up" : "phone.metro.take_down", { pct: pct }));
        if (way === "up") b.append(chip(face[0]), t("colour." + names[face[0]]));
        row.appendChild(b);
      }
      panel.appendChild(row);
    }
    panel.appendChild(TL.el("h3", { text: t("phone.metro.profits") }));
    const profits = TL.el("div", { class: "row" });
    d.profits.forEach((p, c) => profits.appendChild(TL.el("span", { class: "card" }, chip(c), String(p))));
    panel.appendChild(profits);
    ctx.tray.appendChild(panel);
  }

  TL.games.metro = { render: render };
})();
