/** Surfaces: which text belongs to the focus window, to chrome, or to neither. */

import type { WindowState } from "../src/desktop/types.ts";
import type { Element } from "../src/ocr/types.ts";
import { assignSurfaces, emptyChromeReason } from "../src/perceive/surfaces.ts";
import { observeText } from "../src/render/observe_text.ts";
import { assertEquals, assertMatch } from "./support/assert.ts";

const el = (text: string, cx: number, cy: number): Element => ({
  text,
  cx,
  cy,
  x: cx - 10,
  y: cy - 5,
  w: 20,
  h: 10,
  conf: 0.9,
});

const win = (id: string, app: string, x: number, y: number, w: number, h: number) => ({
  id,
  app,
  pid: 1,
  title: `${app} window`,
  bounds: { x, y, width: w, height: h },
  kind: "normal" as const,
  transient: false,
});

const state: WindowState = {
  screen: { widthPx: 1000, heightPx: 800, widthPt: 1000, heightPt: 800, scale: 1 },
  windows: [win("a", "Editor", 100, 100, 400, 300), win("b", "Calc", 300, 200, 400, 400)],
  chrome: [{ ...win("m", "Editor", 120, 150, 100, 200), kind: "menu" }],
  focusWindowId: "a",
  frontmostApp: "Editor",
};

Deno.test("text goes to chrome first, then to the topmost window under it", () => {
  const s = assignSurfaces(
    [
      el("File", 130, 120),
      el("Save", 150, 170),
      el("7", 600, 500),
      el("Open", 450, 250),
      el("desk", 900, 50),
    ],
    state,
  );
  assertEquals(s.window.map((e) => e.text), ["File", "Open"]);
  assertEquals(s.chrome.map((e) => e.text), ["Save"]);
  assertEquals(s.offSurface, 2);
  assertEquals(s.focus?.id, "a");
});

Deno.test("the observe text labels both blocks and says why chrome is empty", () => {
  const noChrome = { ...state, chrome: [] };
  const text = observeText(
    {
      state: noChrome,
      frame: { width: 1000, height: 800, data: new Uint8Array(0) },
      surfaces: assignSurfaces([el("File", 130, 120)], noChrome),
      front: { kind: "front", window: noChrome.windows[0] },
      appWindows: [noChrome.windows[0]],
      sighting: { appId: 1, nodeId: 3, known: true, seenCount: 2, previousSeen: 0, icons: [] },
      unstored: null,
      charScan: null,
      ocrMs: 5,
      stages: {},
      icons: [],
      grid: null,
      at: 120_000,
    },
    "x11",
    { width: 1000, height: 800, scale: 1 },
  );
  assertMatch(text, /^elements in focus window \(1\):\n {2}y120: File@130$/m);
  assertMatch(text, /^chrome \(.*, 0\):\n {2}\(empty: no menu/m);
  assertMatch(text, /known_window: yes, graph node #3, seen 2 times, before this 2m ago/);
  assertMatch(emptyChromeReason(noChrome, "macos"), /menu bar/);
});
