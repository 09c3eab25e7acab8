/* Tracklayer phone seat: the page's core. It keeps the seat's link (token from the address,
   kept in localStorage), talks to the table over one WebSocket (protocol: game/phone/protocol.py),
   draws the header, status and overlays, and hands the board to the game's own script
   (TL.games[name].render). Rules never run here: the table sends this seat's view and its
   legal moves; a tap sends a move in the game's notation. */
"use strict";
(function () {
  const TL = window.TL = { games: {} };
  const NS = "http://www.w3.org/2000/svg";
  const S = TL.state = {
    token: "", device: "", ws: null, seat: null, view: null, words: {}, lang: "en",
    n: 0, pending: 0, results: null, fatal: false, retry: 0, ui: {}, hint: null,
    open: false, everSeated: false, offer: null, lostAt: 0, lock: null
  };

  /* ---------------------------------------------------------------- DOM helpers */
  function fill(node, attrs, children) {
    for (const key in attrs || {}) {
      const value = attrs[key];
      if (value === undefined || value === null || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "on") for (const ev in value) node.addEventListener(ev, value[ev]);
      else if (key === "style") for (const p in value) node.style.setProperty(p, value[p]);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }
  TL.el = (tag, attrs, ...children) => fill(document.createElement(tag), attrs, children);
  TL.svg = (tag, attrs, ...children) => fill(document.createElementNS(NS, tag), attrs, children);
  TL.button = function (label, onTap, opts) {
    opts = opts || {};
    const b = TL.el("button", { type: "button", class: opts.cls || "", disabled: !!opts.disabled,
      "data-action": opts.id || null }, label);
    b.addEventListener("click", (e) => { e.preventDefault(); if (!b.disabled) onTap(); });
    return b;
  };
  const $ = (id) => document.getElementById(id);

  /* ---------------------------------------------------------------- words */
  let plural = null;
  TL.t = function (key, args) {
    let entry = S.words[key];
    if (entry === undefined) entry = FALLBACK[key] || key;
    args = args || {};
    if (typeof entry === "object") {
      let form = "other";
      try {
        if (!plural) plural = new Intl.PluralRules(S.lang);
        form = plural.select(Number(args.n));
      } catch (e) { /* an old browser: "other" */ }
      entry = entry[form] || entry.other || Object.values(entry)[0];
    }
    return String(entry).replace(/\{(\w+)\}/g, (m, name) => (name in args ? args[name] : m));
  };
  /* before the table's words arrive (connecting, a wrong link): English */
  const FALLBACK = {
    "phone.connecting": "Connecting to the table…",
    "phone.reconnecting": "Connection lost — reconnecting…",
    "phone.enter_code": "Type the code shown on the table's screen",
    "phone.join": "Join", "phone.bad_code": "No seat has the code {code}",
    "phone.back_to_seat": "Back to your seat", "phone.title": "Tracklayer",
    "phone.reload": "Try again"
  };

  /* ---------------------------------------------------------------- storage */
  function store(key, value) {
    try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); }
    catch (e) { /* private mode: the address still holds the token */ }
  }
  function recall(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function randomId() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* ---------------------------------------------------------------- the link */
  function connect() {
    if (S.ws || S.fatal) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    let ws;
    try { ws = new WebSocket(scheme + location.host + "/ws"); }
    catch (e) { return later(); }
    S.ws = ws;
    ws.onopen = () => {
      S.open = true;
      ws.send(JSON.stringify({ type: "hello", token: S.token, device: S.device }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      onMessage(msg);
    };
    ws.onclose = () => {
      S.ws = null; S.open = false; S.pending = 0;
      if (!S.fatal) later();
    };
    ws.onerror = () => { /* onclose follows */ };
  }
  let retryTimer = 0;
  function later() {
    if (retryTimer || S.fatal) return;
    if (!S.lostAt) S.lostAt = Date.now();
    const wait = [300, 800, 1500, 2500, 4000][Math.min(S.retry, 4)];
    S.retry += 1;
    retryTimer = setTimeout(() => { retryTimer = 0; connect(); }, wait);
    setTimeout(() => { if (!S.open && !S.fatal && S.lostAt) showLost(); }, 1200);
  }
  function send(message) {
    if (S.ws && S.ws.readyState === 1) { S.ws.send(JSON.stringify(message)); return true; }
    return false;
  }
  TL.move = function (text) {
    if (S.pending || !S.view || !S.view.turn) return false;
    S.n += 1;
    if (!send({ type: "move", n: S.n, move: text })) return false;
    S.pending = S.n;
    document.body.classList.add("sending");
    clearTimeout(pendingTimer);       /* an answer lost with a dropped link: do not wait forever */
    pendingTimer = setTimeout(() => { if (S.pending) { S.pending = 0; render(); } }, 8000);
    return true;
  };
  let pendingTimer = 0;
  TL.ask = function (payload) {
    S.n += 1;
    send(Object.assign({ type: "ask", n: S.n }, payload));
    return S.n;
  };
  TL.hint = function () { send({ type: "hint" }); };

  function onMessage(msg) {
    switch (msg.type) {
      case "seat":
        S.seat = msg; S.words = msg.words || {}; S.lang = msg.lang || "en"; plural = null;
        document.documentElement.lang = S.lang;
        document.title = msg.name + " · " + (msg.title || "Tracklayer");
        document.documentElement.style.setProperty("--seat", msg.colour);
        S.retry = 0; S.lostAt = 0; S.everSeated = true; S.offer = null;
        closeOverlay();
        render();
        break;
      case "view":
        if (S.pending && msg.ack >= S.pending) { S.pending = 0; clearTimeout(pendingTimer); }
        if (S.view && S.view.seq !== msg.seq) S.hint = null;
        S.view = msg;
        document.body.classList.remove("sending");
        wake(msg.turn);
        render();
        break;
      case "waiting":
        S.waiting = msg.text; render(); break;
      case "your_turn":
        buzz(); break;
      case "refused":
        if (msg.n === S.pending) { S.pending = 0; clearTimeout(pendingTimer); }
        document.body.classList.remove("sending");
        toast(msg.reason || msg.code);
        if (navigator.vibrate) try { navigator.vibrate(40); } catch (e) { /* ignore */ }
        render();
        break;
      case "options": {
        const game = S.seat && TL.games[S.seat.game];
        if (game && game.options) game.options(msg);
        break;
      }
      case "hint":
        S.hint = msg.move ? msg : null;
        if (msg.text) toast(msg.text, "info");
        render();
        break;
      case "results":
        S.results = msg; render(); showResults(); break;
      case "offer":
        S.offer = msg; showOffer(); break;
      case "taken_over":
        S.fatal = true;
        showMessage(TL.t("phone.taken_over"), TL.t("phone.reload"), () => location.reload());
        break;
      case "bye":
        S.fatal = true;
        if (!S.results) showMessage(msg.reason || TL.t("phone.bye"));
        break;
      case "error":
        if (msg.n !== undefined && S.seat && TL.games[S.seat.game] && TL.games[S.seat.game].failed) {
          TL.games[S.seat.game].failed(msg);        /* an ask refused: the game asks again */
        }
        if (msg.fatal) {
          S.fatal = true;
          if (msg.code === "unknown_seat") { store("tracklayer.token", null); startPage(msg.reason); }
          else showMessage(msg.reason || msg.code, TL.t("phone.reload"), () => location.reload());
        } else toast(msg.reason || msg.code);
        break;
      default: break;
    }
  }

  /* ---------------------------------------------------------------- feedback */
  let toastTimer = 0;
  function toast(text, kind) {
    const box = $("toast");
    box.textContent = text;
    box.className = "show" + (kind === "info" ? " info" : "");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.className = kind === "info" ? "info" : ""; }, 3200);
  }
  TL.toast = toast;
  function buzz() {
    if (navigator.vibrate) try { navigator.vibrate([90, 60, 90]); } catch (e) { /* ignore */ }
    document.body.classList.remove("flash");
    void document.body.offsetWidth;
    document.body.classList.add("flash");
  }
  async function wake(on) {        /* keep the screen on while it is this seat's turn */
    try {
      if (on && !S.lock && navigator.wakeLock && document.visibilityState === "visible") {
        S.lock = await navigator.wakeLock.request("screen");
        S.lock.addEventListener("release", () => { S.lock = null; });
      } else if (!on && S.lock) { S.lock.release(); S.lock = null; }
    } catch (e) { S.lock = null; }
  }

  /* ---------------------------------------------------------------- overlays */
  function overlay(...children) {
    const box = $("overlay");
    box.replaceChildren(TL.el("div", { class: "sheet" }, children));
    box.className = "show";
  }
  function closeOverlay() { $("overlay").className = ""; $("overlay").replaceChildren(); }
  TL.closeOverlay = closeOverlay;
  TL.overlay = overlay;
  function showMessage(text, action, onTap) {
    overlay(TL.el("h2", { text: TL.t("phone.title") }), TL.el("p", { text: text }),
      action ? TL.button(action, onTap, { cls: "btn primary", id: "again" }) : null);
  }
  function showLost() {
    if (S.open || S.fatal || !S.everSeated) return;
    overlay(TL.el("div", { class: "spinner" }), TL.el("p", { text: TL.t("phone.reconnecting") }));
  }
  function showOffer() {
    overlay(TL.el("h2", { text: S.offer.name }),
      TL.el("p", { text: TL.t("phone.offer", { name: S.offer.name }) }),
      TL.button(TL.t("phone.take_over"), () => { send({ type: "takeover" }); closeOverlay(); },
        { cls: "btn primary", id: "takeover" }),
      TL.button(TL.t("phone.not_now"), () => {
        S.fatal = true; if (S.ws) S.ws.close(); startPage();
      }, { cls: "btn", id: "not-now" }));
  }
  function showResults() {
    const r = S.results;
    overlay(TL.el("h2", { text: r.title }),
      TL.el("ul", { class: "results" }, r.rows.map((row, i) => TL.el("li", {
        class: row[0] === (S.seat && S.seat.name) ? "me" : "" },
        TL.el("span", { text: String(i + 1) + "." }),
        TL.el("span", { class: "dot", style: { background: row[2] } }),
        TL.el("span", { text: row[0] }), TL.el("b", { text: String(row[1]) })))),
      TL.button(TL.t("phone.cancel"), closeOverlay, { cls: "btn", id: "close-results" }));
  }

  /* ---------------------------------------------------------------- the screen */
  function render() {
    const seat = S.seat;
    if (!seat) return;
    const view = S.view;
    const me = seat.seat;
    const top = $("top");
    const score = view ? view.score : null;
    top.replaceChildren(
      TL.el("div", { class: "chip" }, TL.el("span", { class: "dot", style: { background: seat.colour } }),
        TL.el("div", { style: { "min-width": "0" } }, TL.el("div", { class: "name", text: seat.name }),
          TL.el("div", { class: "game-title", text: seat.title }))),
      score === null || score === undefined ? null :
        TL.el("div", { class: "score" }, TL.el("small", { text: TL.t("phone.score") }), String(score)));
    const status = $("status");
    if (!view) {
      status.className = "";
      status.textContent = S.waiting || TL.t("phone.waiting_table");
      $("note").textContent = "";
      $("board").replaceChildren(); $("tray").replaceChildren(); $("actions").replaceChildren();
      return;
    }
    status.className = view.turn ? "turn" : view.bot ? "bot" : "";
    status.textContent = view.status;
    const note = view.board.note || "";
    $("note").textContent = note === view.status ? "" : note;
    const game = TL.games[seat.game];
    const ctx = { board: $("board"), tray: $("tray"), actions: $("actions"), view: view,
      data: view.board, seat: seat, me: me, stat: seat.static || {}, ui: S.ui, hint: S.hint,
      players: seat.players, pending: !!S.pending, setNote: (text) => { $("note").textContent = text; } };
    ctx.board.replaceChildren(); ctx.tray.replaceChildren(); ctx.actions.replaceChildren();
    ctx.tray.className = ""; ctx.actions.className = "";
    if (game) game.render(ctx);
    if (view.turn && !view.over) {
      const hint = TL.button(TL.t("phone.hint"), TL.hint, { id: "hint" });
      hint.prepend(bulb());
      ctx.actions.appendChild(hint);
    }
    if (view.over && S.results) {
      ctx.actions.appendChild(TL.button(TL.t("phone.results"), showResults, { cls: "primary wide", id: "results" }));
    }
    fitBoard();
  }
  TL.render = render;

  /* Upright, the board takes the height the rest leaves: no button below the fold (a Volcano
     or Meteor turn has two rows of dice and specials). The board's box stays as wide as the
     page; its drawing keeps its shape, centred. Never smaller than BOARD_MIN of the width:
     a panel taller than that (the share exchange) scrolls. */
  const BOARD_MIN = 0.6;
  function fitBoard() {
    const svg = document.querySelector("#board svg");
    if (!svg) return;
    svg.style.maxHeight = "";
    if (!window.matchMedia("(orientation: portrait)").matches) return;
    const page = document.documentElement;
    const over = page.scrollHeight - window.innerHeight;
    if (over <= 0) return;
    const height = svg.getBoundingClientRect().height;
    svg.style.maxHeight = Math.max(page.clientWidth * BOARD_MIN, Math.floor(height - over)) + "px";
  }
  window.addEventListener("resize", fitBoard);
  function bulb() {
    return TL.svg("svg", { class: "icon", viewBox: "0 0 20 20", "aria-hidden": "true" },
      TL.svg("path", { d: "M10 2a6 6 0 0 0-3.5 10.9V15h7v-2.1A6 6 0 0 0 10 2z", fill: "#f2b33d" }),
      TL.svg("rect", { x: 7, y: 16, width: 6, height: 2, rx: 1, fill: "#c9d2e0" }));
  }

  /* ---------------------------------------------------------------- start */
  function startPage(problem) {
    const params = new URLSearchParams(location.search);
    const bad = params.get("code");
    const saved = recall("tracklayer.token");
    const input = TL.el("input", { id: "code", inputmode: "text", autocomplete: "off",
      autocapitalize: "characters", maxlength: "8", placeholder: "ABC123", "aria-label": "code" });
    const go = () => {
      const code = input.value.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
      if (code) location.href = "/" + code;
    };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
    overlay(TL.el("h2", { text: TL.t("phone.title") }),
      problem ? TL.el("p", { text: problem }) : null,
      bad ? TL.el("p", { text: TL.t("phone.bad_code", { code: bad }) }) : null,
      TL.el("p", { text: TL.t("phone.enter_code") }), input,
      TL.button(TL.t("phone.join"), go, { cls: "btn primary", id: "join" }),
      saved && !problem ? TL.button(TL.t("phone.back_to_seat"),
        () => { location.href = "/p/" + saved; }, { cls: "btn", id: "back" }) : null);
  }

  TL.start = function () {
    S.device = recall("tracklayer.device") || randomId();
    store("tracklayer.device", S.device);
    const match = location.pathname.match(/^\/p\/([A-Za-z0-9_-]{8,80})$/);
    const greet = fetch("/w").then((r) => r.json()).then((g) => {   /* the table's language */
      if (!S.seat && g && g.words) { S.words = g.words; S.lang = g.lang || "en"; plural = null; }
    }).catch(() => { /* English, then */ });
    if (!match) { greet.finally(() => startPage()); return; }
    S.token = match[1];
    store("tracklayer.token", S.token);
    overlay(TL.el("div", { class: "spinner" }), TL.el("p", { text: TL.t("phone.connecting") }));
    greet.finally(connect);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") {
        if (!S.ws && !S.fatal) { clearTimeout(retryTimer); retryTimer = 0; S.retry = 0; connect(); }
        if (S.view) wake(S.view.turn);
      }
    });
    window.addEventListener("online", () => { if (!S.ws && !S.fatal) connect(); });
    setInterval(() => { if (S.open) send({ type: "ping", n: 0 }); }, 20000);
  };
  document.addEventListener("DOMContentLoaded", () => TL.start());
})();
