/**
 * Test helper: a real SQLite file in a temp dir and short ways to record
 * sightings and transitions into it.
 */

import { Store } from "../src/db/store.ts";
import { recordSighting } from "../src/graph/record.ts";
import { recordClick, recordTransition } from "../src/graph/transitions.ts";
import type { WindowKind } from "../src/desktop/types.ts";
import type { Surface } from "../src/perceive/surfaces.ts";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** A fixed "now" for tests: 2025-07-25 17:29 UTC. */
export const NOW = Date.UTC(2025, 6, 25, 17, 29);

/** Opens a fresh store in a new temp dir; `close()` removes it. */
export function tempStore(): Store & { [Symbol.dispose](): void } {
  const dir = Deno.makeTempDirSync({ prefix: "choto-graph-" });
  const store = new Store(`${dir}/choto.db`) as Store & { [Symbol.dispose](): void };
  store[Symbol.dispose] = () => {
    store.close();
    Deno.removeSync(dir, { recursive: true });
  };
  return store;
}

/** Records one sighting of a window showing `texts` (one per line). */
export function see(
  store: Store,
  app: string,
  title: string,
  texts: string[],
  at: number,
  kind: WindowKind = "normal",
): number {
  const elements = texts.map((text, i) => ({
    text,
    x: 10,
    y: 10 + i * 20,
    w: 8 * text.length,
    h: 16,
    cx: 10 + 4 * text.length,
    cy: 18 + i * 20,
    conf: 0.95,
  }));
  return recordSighting(
    store,
    app,
    {
      id: "x",
      app,
      pid: null,
      title,
      bounds: { x: 0, y: 0, width: 800, height: 600 },
      kind,
      transient: false,
    },
    elements,
    at,
  ).nodeId;
}

/** Records a click on `text` in `from` that led to `to` (and the click itself). */
export function go(
  store: Store,
  from: number,
  text: string,
  to: number,
  at: number,
  scope: Surface = "window",
  via: string | null = null,
): void {
  recordClick(store, { node: from, text, surface: scope, now: at });
  recordTransition(store, { from, to, action: "click", text, surface: scope, via, now: at });
}
