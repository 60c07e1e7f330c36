/**
 * The memory map as one self-contained HTML page: the data, the style, the
 * drawing script and recall's matcher all inline, so the file opens from
 * disk, in a conversation's app view, or anywhere else without a network.
 *
 * @module
 */

import type { MapData } from "../../graph/map_data.ts";
import { MAP_SCRIPT } from "./client.ts";
import { MATCHER_SOURCE } from "./matcher_source.ts";
import { VIEW_SCRIPT } from "./view.ts";

const STYLE = `
body { margin: 0; font: 14px/1.4 system-ui, "DejaVu Sans", sans-serif; color: #1d2327; background: #f6f7f9; }
header { display: flex; gap: 16px; align-items: center; padding: 10px 16px; background: #263238; color: #eceff1; }
header h1 { font-size: 17px; margin: 0; }
header .note { font-size: 12px; opacity: .8; }
#search { font-size: 15px; padding: 5px 8px; width: 280px; border-radius: 6px; border: 1px solid #90a4ae; }
#search-status { font-size: 13px; }
main { display: flex; align-items: flex-start; }
#canvas { flex: 1; overflow: auto; }
aside { width: 330px; padding: 10px 14px; border-left: 1px solid #cfd8dc; background: #fff; min-height: 90vh; }
aside h2 { font-size: 15px; margin: 6px 0; word-break: break-word; }
aside h3 { font-size: 13px; margin: 12px 0 4px; color: #455a64; }
aside ul, aside ol { margin: 0; padding-left: 20px; font-size: 13px; }
.meta { color: #546e7a; font-size: 12px; margin: 0; }
.stale { color: #c62828; font-weight: bold; }
.band rect { fill: #fff; stroke: #cfd8dc; }
.band-title { font-weight: bold; fill: #37474f; }
.edge path { fill: none; stroke: #90a4ae; stroke-width: 1.6; }
.edge-label { font-size: 11px; fill: #455a64; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
.edge.route path { stroke: #d81b60; stroke-width: 3.5; }
.edge.route .edge-label { fill: #ad1457; font-weight: bold; }
.node circle { stroke: #37474f; stroke-width: 1.5; cursor: pointer; }
.node.fresh-hour circle { fill: #2e7d32; }
.node.fresh-day circle { fill: #81c784; }
.node.fresh-week circle { fill: #fbc02d; }
.node.fresh-stale circle { fill: #bdbdbd; stroke: #c62828; stroke-width: 3; }
.node.seen-once circle { fill-opacity: .35; }
.node.never-acted-in circle { stroke-dasharray: 4 3; }
.node.route circle { stroke: #d81b60; stroke-width: 4; }
.node.hit circle { stroke: #6a1b9a; stroke-width: 4; }
.node.selected circle { stroke: #d81b60; stroke-width: 5; }
.node-id { font-size: 11px; font-weight: bold; fill: #102027; pointer-events: none; }
.node-title { font-size: 12px; fill: #263238; pointer-events: none; }
.mark-stale { font-size: 10px; font-weight: bold; fill: #c62828; }
.mark-seen-once { font-size: 10px; fill: #6d4c41; }
.mark-no-way-in { fill: #e53935; }
.bars text { font-size: 12px; fill: #37474f; }
.bar rect { fill: #78909c; }
.bar.never-acted-in rect { fill: #8d6e63; }
.bar.seen-once rect { fill: #ffb74d; }
.bar.no-way-in rect { fill: #e53935; }
.legend { font-size: 12px; color: #455a64; margin: 4px 12px; max-width: 880px; }
.legend span { margin-right: 14px; display: inline-block; }
.hits li { cursor: pointer; }
`;

const LEGEND = [
  "green: seen in the last hour (light: today), yellow: this week, grey with a red ring: STALE",
  "faint: seen once",
  "dashed ring: never clicked in",
  "red arrowhead: no way in known",
  "size: texts and icons known",
];

/** `data` as a script element's JSON: `<` escaped, so no screen text can close the element. */
function jsonScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(
    /\u2029/g,
    "\\u2029",
  );
}

/** Escapes text for HTML outside scripts. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The whole page for a map; with `view`, it also speaks the MCP Apps
 * handshake to the host that frames it in a conversation.
 */
export function mapPage(map: MapData, options: { view?: boolean } = {}): string {
  const scope = map.apps.map((a) => a.name).join(", ") || "nothing remembered yet";
  // A denied app is not named even here: the page may be shared.
  const n = map.left_out.length;
  const leftOut = n === 0 ? "" : ` · ${n} app${n === 1 ? "" : "s"} on the deny list left out`;
  const script = options.view ? `${MAP_SCRIPT}${VIEW_SCRIPT}` : MAP_SCRIPT;
  if (/<\/script/i.test(MATCHER_SOURCE) || /<\/script/i.test(script)) {
    throw new Error("the map's script holds a closing script tag");
  }
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>choto memory map: ${escapeHtml(scope)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>choto memory map</h1>
<label for="search">Search texts, titles, icon names</label> <input id="search" type="search">
<span id="search-status" role="status"></span>
<span class="note">${
    escapeHtml(
      `${scope} · ${map.windows.length} windows, ${map.edges.length} transitions · drawn ${
        new Date(map.generated_at).toISOString().slice(0, 16).replace("T", " ")
      } UTC${leftOut}`,
    )
  }</span>${
    map.cut
      ? `
<p class="note" id="cut">${escapeHtml(map.cut)}</p>`
      : ""
  }
</header>
<main>
<div id="canvas"><svg id="graph" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="interface graph"></svg>
<p class="legend">${LEGEND.map((l) => `<span>${escapeHtml(l)}</span>`).join("")}</p></div>
<aside><div id="coverage"></div><div id="details"><p class="meta">Click a window, or search, to see what is known of it and the route to it.</p></div></aside>
</main>
<script type="application/json" id="map-data">${
    jsonScript({ ...map, left_out: undefined, cut: undefined })
  }</script>
<script>
const DATA = JSON.parse(document.getElementById("map-data").textContent);
const MATCHER = ${MATCHER_SOURCE};
${script}
</script>
</body>
</html>
`;
}
