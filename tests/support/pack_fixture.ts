/**
 * Hand-made memory packs for the tests of what an import trusts: a small
 * body with one app and one window to change field by field, sealed with a
 * header that fits it (a forger can recompute the checksum), and the row
 * counts of every table an import writes, to prove a refusal wrote nothing.
 */

import { encodePack } from "../../src/graph/pack/format.ts";
import type { PackBody } from "../../src/graph/pack/body.ts";
import type { Store } from "../../src/db/store.ts";
import { HOUR, NOW } from "../graph_fixture.ts";

/** A recipe recorded in that window an hour before NOW, its words (goal, title, intent, acceptance) the caller's. */
export function packRecipe(words: { goal: string; title: string; intent: string; acceptance: string }) {
  return {
    ...words,
    plan: { steps: [{ action: "click", target: { text: "File" } }] },
    app: "Mousepad",
    app_build: "0.6",
    llm_version_tag: "m",
    screen_width: 1440,
    screen_height: 900,
    window_identity: "window|untitled - mousepad",
    window_title: "Untitled 1 - Mousepad",
    window_width: 640,
    window_height: 480,
    recorded_at: NOW - HOUR,
    route: [{ window: 1, app: "Mousepad", title: "Untitled 1 - Mousepad" }],
  };
}

/** One app (Mousepad 0.6) with one window holding "File" and "Edit", seen an hour before NOW. */
export function packBody(): PackBody {
  const seen = { first_seen: NOW - 2 * HOUR, last_seen: NOW - HOUR };
  const text = (t: string, nth: number) => ({
    text: t,
    nth,
    x: 10 + 40 * nth,
    y: 5,
    w: 30,
    h: 12,
    conf: 0.9,
    ...seen,
  });
  return {
    apps: [{ name: "Mousepad", version: "0.6", version_seen: NOW - HOUR, ...seen, last_window: 1 }],
    windows: [{
      key: 1,
      app: "Mousepad",
      identity: "window|untitled - mousepad",
      title: "Untitled 1 - Mousepad",
      kind: "normal",
      width: 640,
      height: 480,
      app_version: "0.6",
      seen_count: 1,
      ...seen,
      elements: [text("File", 0), text("Edit", 1)],
    }],
    glyphs: [],
    transitions: [],
    clicks: [],
  };
}

/** `body` as a pack's bytes, sealed by `choto` (the header's writer). */
export function sealed(body: unknown, choto = "0.1.0"): Uint8Array {
  return new TextEncoder().encode(encodePack(body as PackBody, choto, NOW));
}

const TABLES = [
  "apps",
  "windows",
  "elements",
  "glyphs",
  "glyph_sightings",
  "transitions",
  "clicks",
  "missions",
  "mission_items",
  "mission_recipes",
  "imported_packs",
];

/** Row counts of every table an import writes. */
export function rowCounts(store: Store): Record<string, number> {
  return Object.fromEntries(
    TABLES.map((t) => [t, Number(store.db.prepare(`SELECT count(*) AS n FROM ${t}`).get()!.n)]),
  );
}
