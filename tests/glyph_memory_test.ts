/**
 * Icon memory in a real SQLite file: real glyph crops from the geany
 * fixture are recorded, named once, and arrive named in another window of the
 * same app (not of another app); recall's query finds a named icon and its
 * window.
 */

import { loadIconFixtures } from "../bench/icon_score.ts";
import type { WindowInfo } from "../src/desktop/types.ts";
import {
  appWithMostDrawnUnnamed,
  findApp,
  glyphCounts,
  glyphPlaces,
  nameGlyphs,
  unnamedGlyphs,
} from "../src/graph/glyphs.ts";
import { gatherRecall } from "../src/graph/recall/recall.ts";
import { recordSighting } from "../src/graph/record.ts";
import { findIcons } from "../src/perceive/icons.ts";
import { assert, assertEquals } from "./support/assert.ts";
import { NOW, tempStore } from "./graph_fixture.ts";

const [geany] = await loadIconFixtures((n) => n === "geany_light");
const w = geany.windows[0];
const win = (title: string, id = "1"): WindowInfo => ({
  id,
  app: "Geany",
  pid: null,
  title,
  bounds: w,
  kind: "normal",
  transient: false,
});
const state = (window: WindowInfo) => ({
  screen: { widthPx: 1440, heightPx: 900, widthPt: 1440, heightPt: 900, scale: 1 },
  windows: [window],
  chrome: [],
  focusWindowId: window.id,
  frontmostApp: window.app,
});
const words = [{ text: "File", x: 279, y: 163, w: 21, h: 11, cx: 289, cy: 168, conf: 0.95 }];

Deno.test("a drawing named once arrives named in every window of its app, and recall finds it", () => {
  using store = tempStore();
  const first = win("untitled - Geany");
  const icons = findIcons(geany.frame, state(first), first, words);
  assert(icons.length >= 17, `${icons.length} icons`);
  const s1 = recordSighting(store, "Geany", first, words, NOW, null, icons);
  assertEquals(s1.icons.filter((i) => i.label !== null).length, 0);
  assertEquals(appWithMostDrawnUnnamed(store)?.name, "Geany");
  const save = s1.icons.find((i) => Math.abs(i.cx - 453) <= 3 && Math.abs(i.cy - 210) <= 3)!;
  assert(save, "the Save icon was recorded");
  assert(glyphPlaces(store, save.glyphId)[0].near.split("\n").length >= 1);
  const before = glyphCounts(store, s1.appId);

  const named = nameGlyphs(store, [{ glyphId: save.glyphId, label: "Save the current file" }], "tooltip");
  assertEquals(named, { glyphs: 1, places: 1 });
  assertEquals(glyphCounts(store, s1.appId), { total: before.total, named: 1 });
  assert(!unnamedGlyphs(store, s1.appId).some((g) => g.id === save.glyphId));

  // Another window of the same app (another title, so another node) draws the same toolbar.
  const second = win("Preferences", "2");
  const s2 = recordSighting(store, "Geany", second, words, NOW + 1000, null, icons);
  assert(s2.nodeId !== s1.nodeId);
  assertEquals(s2.icons.filter((i) => i.label !== null).map((i) => i.label), ["Save the current file"]);
  // The same pixels in another app are that app's own, unnamed glyphs.
  const other = { ...second, app: "Mousepad", id: "3" };
  const s3 = recordSighting(store, "Mousepad", other, words, NOW + 2000, null, icons);
  assertEquals(s3.icons.filter((i) => i.label !== null).length, 0);
  const found = findApp(store, "geany");
  assertEquals(found.kind === "found" ? found.item.name : null, "Geany");

  const r = gatherRecall(store, { now: NOW + 3000, query: "Save the current file", app: "Geany" });
  assert(r.ok);
  const hits = r.data.hits!.items;
  assert(hits.length >= 2, JSON.stringify(hits));
  assertEquals(hits[0].kind, "icon");
});
