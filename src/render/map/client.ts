/**
 * The map page's script, run by the browser: it draws the graph as SVG from
 * the data the page carries, shows a window's texts and icons when it is
 * selected, and searches with recall's matcher, highlighting the route to
 * the best hit. Screen texts are untrusted: they only ever reach the page as
 * text nodes, never as markup. `#search=...` and `#window=ID` in the address
 * do what typing in the box and clicking a node do, so a link can open the
 * map on an answer.
 *
 * @module
 */

/** The script's body; the page puts `MATCHER` (recall's ranking) and `DATA` in scope before it. */
export const MAP_SCRIPT = String.raw`
"use strict";
const SVG = "http://www.w3.org/2000/svg";
const HOUR = 3600000, DAY = 24 * HOUR;
const byId = new Map(DATA.windows.map((w) => [w.id, w]));
const nodes = new Map();
const edgeEls = [];

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  if (parent) parent.appendChild(e);
  return e;
}
function html(name, text, parent, cls) {
  const e = document.createElement(name);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  if (parent) parent.appendChild(e);
  return e;
}
function freshness(w) {
  if (w.stale) return "stale";
  const age = DATA.generated_at - w.last_seen;
  return age < HOUR ? "hour" : age < DAY ? "day" : "week";
}
function ago(ms) {
  const age = Math.max(0, DATA.generated_at - ms);
  if (age < HOUR) return Math.round(age / 60000) + " min ago";
  if (age < DAY) return Math.round(age / HOUR) + " h ago";
  return Math.round(age / DAY) + " days ago";
}
function radius(w) {
  return 12 + Math.min(26, 3 * Math.sqrt(w.texts.length + w.icons.length));
}

// Columns by distance from where each app was last seen; what no route reaches goes in a last column.
function layout() {
  const placed = [];
  let top = 30;
  for (const app of DATA.apps) {
    const mine = DATA.windows.filter((w) => w.app === app.name);
    const depth = new Map();
    if (app.last_window !== null && byId.has(app.last_window)) {
      depth.set(app.last_window, 0);
      const queue = [app.last_window];
      while (queue.length) {
        const at = queue.shift();
        for (const e of DATA.edges) {
          if (e.from === at && byId.has(e.to) && !depth.has(e.to)) {
            depth.set(e.to, depth.get(at) + 1);
            queue.push(e.to);
          }
        }
      }
    }
    const reached = Math.max(-1, ...depth.values());
    const columns = [];
    for (const w of mine) {
      const d = depth.has(w.id) ? depth.get(w.id) : reached + 1;
      (columns[d] = columns[d] || []).push(w);
    }
    let rows = 1;
    columns.forEach((col, d) => {
      (col || []).forEach((w, i) => placed.push({ w, x: 120 + d * 260, y: top + 60 + i * 110 }));
      rows = Math.max(rows, (col || []).length);
    });
    placed.push({ band: app, y: top, height: 60 + rows * 110 });
    top += 80 + rows * 110;
  }
  return { placed, height: top };
}

function draw() {
  const svg = document.getElementById("graph");
  const { placed, height } = layout();
  const width = 120 + 260 * Math.max(1, ...placed.filter((p) => p.w).map((p) => (p.x - 120) / 260 + 1));
  svg.setAttribute("viewBox", "0 0 " + width + " " + height);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  const defs = el("defs", {}, svg);
  for (const [id, colour] of [["arrow", "#78909c"], ["arrow-route", "#d81b60"]]) {
    const m = el("marker", { id, viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto" }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }, m);
  }
  const bands = el("g", { class: "bands" }, svg);
  const edgeLayer = el("g", { class: "edges" }, svg);
  const nodeLayer = el("g", { class: "nodes" }, svg);
  for (const p of placed) {
    if (p.band) {
      const g = el("g", { class: "band", "data-app": p.band.name }, bands);
      el("rect", { x: 8, y: p.y, width: width - 16, height: p.height, rx: 10 }, g);
      el("text", { x: 20, y: p.y + 22, class: "band-title" }, g).textContent = p.band.name +
        (p.band.version ? " " + p.band.version : "");
      continue;
    }
    nodes.set(p.w.id, p);
  }
  const pairCount = new Map();
  DATA.edges.forEach((e, i) => {
    const a = nodes.get(e.from), b = nodes.get(e.to);
    if (!a || !b) return;
    const key = e.from + ">" + e.to;
    const nth = pairCount.get(key) || 0;
    pairCount.set(key, nth + 1);
    const g = el("g", { class: "edge", "data-edge": i, "data-from": e.from, "data-to": e.to }, edgeLayer);
    let d;
    let lx, ly;
    if (e.from === e.to) {
      const r = radius(a.w);
      d = "M" + (a.x - 8) + "," + (a.y - r) + " C" + (a.x - 40) + "," + (a.y - r - 50) + " " + (a.x + 40) + "," +
        (a.y - r - 50) + " " + (a.x + 8) + "," + (a.y - r);
      lx = a.x;
      ly = a.y - r - 40 - nth * 14;
    } else {
      const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
      const ra = radius(a.w), rb = radius(b.w);
      const bend = 30 + nth * 26;
      const mx = (a.x + b.x) / 2 - (dy / len) * bend, my = (a.y + b.y) / 2 + (dx / len) * bend;
      d = "M" + (a.x + (dx / len) * ra) + "," + (a.y + (dy / len) * ra) + " Q" + mx + "," + my + " " +
        (b.x - (dx / len) * rb) + "," + (b.y - (dy / len) * rb);
      // A quadratic curve peaks halfway to its control point: the label sits just outside the peak.
      lx = (a.x + b.x) / 2 - (dy / len) * (bend / 2 + 26);
      ly = (a.y + b.y) / 2 + (dx / len) * (bend / 2 + 26) + 4;
    }
    el("path", { d, "marker-end": "url(#arrow)" }, g);
    const label = el("text", { x: lx, y: ly, class: "edge-label", "text-anchor": "middle" }, g);
    label.textContent = e.label + (e.count > 1 ? " ×" + e.count : "");
    edgeEls.push({ g, e, i });
  });
  for (const [id, p] of nodes) {
    const w = p.w, r = radius(w);
    const cls = ["node", "fresh-" + freshness(w)];
    if (w.seen_count === 1) cls.push("seen-once");
    if (!w.acted_in) cls.push("never-acted-in");
    if (!w.has_way_in) cls.push("no-way-in");
    const g = el("g", { class: cls.join(" "), "data-window": id, transform: "translate(" + p.x + "," + p.y + ")", tabindex: 0 }, nodeLayer);
    el("title", {}, g).textContent = "#" + id + " " + w.title;
    el("circle", { r }, g);
    if (!w.has_way_in) el("path", { class: "mark-no-way-in", d: "M" + (-r - 14) + ",-7 L" + (-r - 2) + ",0 L" + (-r - 14) + ",7 z" }, g);
    if (w.seen_count === 1) el("text", { class: "mark-seen-once", x: r - 4, y: -r + 4 }, g).textContent = "1×";
    el("text", { class: "node-id", "text-anchor": "middle", y: 4 }, g).textContent = "#" + id;
    const t = el("text", { class: "node-title", "text-anchor": "middle", y: r + 16 }, g);
    t.textContent = w.title.length > 34 ? w.title.slice(0, 33) + "…" : w.title;
    if (w.stale) el("text", { class: "mark-stale", "text-anchor": "middle", y: r + 30 }, g).textContent = "STALE";
    g.addEventListener("click", () => select(id, null));
  }
}

function coverage() {
  const box = document.getElementById("coverage");
  for (const app of DATA.apps) {
    const c = app.coverage;
    const div = html("div", null, box, "coverage-app");
    div.dataset.app = app.name;
    html("h3", app.name, div);
    const rows = [["windows", c.windows, "all"], ["never clicked in", c.never_acted_in, "never-acted-in"],
      ["seen once", c.seen_once, "seen-once"], ["no way in", c.no_way_in, "no-way-in"]];
    const svg = el("svg", { width: 260, height: rows.length * 22 + 30, class: "bars" }, div);
    const most = Math.max(1, c.windows);
    rows.forEach(([name, n, cls], i) => {
      const g = el("g", { class: "bar " + cls, "data-figure": cls, transform: "translate(0," + i * 22 + ")" }, svg);
      el("text", { x: 0, y: 14 }, g).textContent = name;
      el("rect", { x: 110, y: 3, height: 14, width: Math.max(2, (120 * n) / most) }, g);
      el("text", { x: 116 + (120 * n) / most, y: 14, class: "figure" }, g).textContent = String(n);
    });
    const acted = el("g", { class: "bar controls", transform: "translate(0," + rows.length * 22 + ")" }, svg);
    el("text", { x: 0, y: 14 }, acted).textContent = "controls clicked: " + c.controls_acted + " of " + c.controls_known;
  }
}

function clearMarks() {
  for (const el of document.querySelectorAll(".route, .selected, .hit")) el.classList.remove("route", "selected", "hit");
  for (const x of edgeEls) x.g.querySelector("path").setAttribute("marker-end", "url(#arrow)");
}

function select(id, hits) {
  clearMarks();
  const w = byId.get(id);
  const panel = document.getElementById("details");
  panel.textContent = "";
  if (!w) return;
  nodes.get(id) && document.querySelector('[data-window="' + id + '"]').classList.add("selected");
  const app = DATA.apps.find((a) => a.name === w.app);
  html("h2", "#" + w.id + " " + w.title, panel);
  html("p", w.app + " · " + w.kind + " · seen " + w.seen_count + "× · last " + ago(w.last_seen), panel, "meta");
  if (w.stale) html("p", "STALE: " + w.stale, panel, "stale");
  const route = html("div", null, panel, "route-steps");
  if (w.route === null) {
    html("p", "No known route from #" + (app && app.last_window) + " (where " + w.app + " was last seen).", route);
  } else if (w.route.length === 0) {
    html("p", "Where " + w.app + " was last seen.", route);
  } else {
    html("h3", "Route from #" + app.last_window, route);
    const ol = html("ol", null, route);
    for (const i of w.route) {
      const e = DATA.edges[i];
      html("li", "in #" + e.from + " " + e.label + " → #" + e.to, ol);
      const x = edgeEls.find((x) => x.i === i);
      if (x) {
        x.g.classList.add("route");
        x.g.querySelector("path").setAttribute("marker-end", "url(#arrow-route)");
      }
      for (const n of [e.from, e.to]) {
        const g = document.querySelector('[data-window="' + n + '"]');
        if (g) g.classList.add("route");
      }
    }
  }
  if (hits && hits.length) {
    html("h3", "Matches", panel);
    const ul = html("ul", null, panel, "hits");
    for (const h of hits.slice(0, 8)) {
      const li = html("li", h.text + " — " + h.kind + " in #" + h.window_id + " (" + h.stage + ")", ul);
      li.addEventListener("click", () => select(h.window_id, hits));
    }
  }
  html("h3", "Icons (" + w.icons.length + ")", panel);
  const icons = html("ul", null, panel, "icons");
  for (const name of w.icons) html("li", name, icons);
  html("h3", "Texts (" + w.texts.length + ")", panel);
  const texts = html("ul", null, panel, "texts");
  for (const t of w.texts) html("li", t, texts);
}

const candidates = [];
const appIds = new Map(DATA.apps.map((a, i) => [a.name, i]));
for (const w of DATA.windows) {
  const base = { window_id: w.id, app_id: appIds.get(w.app), last_seen: w.last_seen };
  candidates.push({ ...base, text: w.title, kind: "title" });
  for (const t of w.texts) candidates.push({ ...base, text: t, kind: "element" });
  for (const i of w.icons) candidates.push({ ...base, text: i, kind: "icon" });
}

function search(query) {
  const status = document.getElementById("search-status");
  if (query.trim() === "") {
    clearMarks();
    status.textContent = "";
    return;
  }
  const hits = MATCHER.rankCandidates(query, candidates);
  if (hits.length === 0) {
    clearMarks();
    document.getElementById("details").textContent = "";
    status.textContent = "never seen: nothing in memory matches";
    return;
  }
  status.textContent = hits.length + " match" + (hits.length === 1 ? "" : "es") + "; best in #" + hits[0].window_id;
  select(hits[0].window_id, hits);
  for (const h of hits) {
    const g = document.querySelector('[data-window="' + h.window_id + '"]');
    if (g) g.classList.add("hit");
  }
}

draw();
coverage();
const box = document.getElementById("search");
box.addEventListener("input", () => search(box.value));
const params = new URLSearchParams(location.hash.slice(1));
if (params.has("search")) {
  box.value = params.get("search");
  box.dispatchEvent(new Event("input"));
} else if (params.has("window")) {
  select(Number(params.get("window")), null);
}
`;
