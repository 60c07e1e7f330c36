/**
 * Benchmark harness for `recall`: builds a synthetic interface graph
 * (10,000 windows, 500,000 elements, 30,000 transitions by default) in a temp
 * SQLite file, then times a query, a route and measures the default reply.
 *
 *   deno run -A bench/recall_bench.ts            # prints the figures
 *   deno bench -A bench/recall.bench.ts          # the same cases under deno bench
 *
 * @module
 */

import { random } from "../tests/support/random.ts";
import { Store } from "../src/db/store.ts";
import { gatherRecall } from "../src/graph/recall/recall.ts";
import { loadRouteMap } from "../src/graph/routes.ts";
import { fitRecall } from "../src/render/recall_text.ts";

import { recordClick, recordTransition } from "../src/graph/transitions.ts";
import { recordSighting } from "../src/graph/record.ts";
import type { WindowInfo } from "../src/desktop/types.ts";
import type { Element } from "../src/ocr/types.ts";
import { forgetRouteCache } from "../src/graph/route_cache.ts";
import { runRecallCli } from "../src/cli/recall.ts";

/** How big the synthetic graph is. */
export interface GraphSize {
  apps: number;
  windows: number;
  elements: number;
  transitions: number;
}

/** The benchmark's graph size: a heavy user's years of sightings. */
export const ISSUE_SIZE: GraphSize = {
  apps: 50,
  windows: 10_000,
  elements: 500_000,
  transitions: 30_000,
};

const WORDS = (
  "file edit view insert format tools window help open save close print export import " +
  "settings preferences general advanced account privacy network display sound keyboard " +
  "mouse battery update search find replace select copy paste undo redo zoom font size " +
  "color theme layout page margin header footer table image chart link comment review " +
  "share sync backup restore delete remove rename move new folder document project task " +
  "calendar contact message mail inbox draft sent archive trash filter sort group label"
).split(" ");

/** A label such as "Export table 12". */
function label(rand: () => number, i: number): string {
  const a = WORDS[Math.floor(rand() * WORDS.length)];
  const b = WORDS[Math.floor(rand() * WORDS.length)];
  const word = a[0].toUpperCase() + a.slice(1);
  return rand() < 0.5 ? `${word} ${b}` : `${word} ${b} ${i % 97}`;
}

/** Fills an empty store with a synthetic graph in one transaction, through the named statements. */
export function buildSyntheticGraph(store: Store, size: GraphSize, now: number): void {
  const rand = random(42);
  const windowsPerApp = Math.ceil(size.windows / size.apps);
  const elementsPerWindow = Math.floor(size.elements / size.windows);
  const transitionsPerWindow = size.transitions / size.windows;
  store.tx(() => {
    let made = 0;
    for (let a = 0; a < size.apps && made < size.windows; a++) {
      const seen = now - Math.floor(rand() * 3 * 86_400_000);
      const app = store.q("upsert_app").get({ name: `App ${a}`, now: seen }) as { id: number };
      const ids: number[] = [];
      for (let w = 0; w < windowsPerApp && made < size.windows; w++, made++) {
        const at = now - Math.floor(rand() * 30 * 86_400_000);
        const row = store.q("insert_window").get({
          app_id: app.id,
          identity: `window|app ${a} window ${w}`,
          title: `${label(rand, w)} - App ${a} (${w})`,
          kind: w % 10 === 9 ? "dialog" : "normal",
          width: 800,
          height: 600,
          app_version: null,
          now: at,
        }) as { id: number };
        ids.push(row.id);
        for (let e = 0; e < elementsPerWindow; e++) {
          store.q("upsert_element").run({
            window_id: row.id,
            text: label(rand, e),
            nth: e,
            x: 10 + (e % 5) * 150,
            y: 10 + Math.floor(e / 5) * 24,
            w: 120,
            h: 18,
            conf: 0.9,
            now: at,
          });
        }
      }
      for (let i = 0; i < ids.length; i++) {
        // A spine (i -> i+1) keeps every window reachable; the rest are random shortcuts.
        const targets = [ids[(i + 1) % ids.length]];
        while (targets.length < transitionsPerWindow) targets.push(ids[Math.floor(rand() * ids.length)]);
        for (const to of targets) {
          if (to === ids[i]) continue;
          const at = now - Math.floor(rand() * 60 * 86_400_000);
          const text = label(rand, i);
          const times = 1 + Math.floor(rand() * 5);
          const scope = rand() < 0.1 ? "chrome" : "window";
          for (let k = 0; k < times; k++) {
            store.q("upsert_transition").get({
              from_window: ids[i],
              to_window: to,
              action: "click",
              text,
              scope,
              now: at + k,
            });
          }
          if (rand() < 0.5) {
            store.q("upsert_click").get({ window_id: ids[i], text, scope: "window", now: at });
          }
        }
      }
      store.q("set_app_last_window").run({ window_id: ids[0], app_id: app.id });
    }
  });
}

/** Opens a temp store holding the synthetic graph. */
export function openSyntheticStore(size: GraphSize = ISSUE_SIZE, now = Date.now()): {
  store: Store;
  dispose(): void;
  buildMs: number;
} {
  const dir = Deno.makeTempDirSync({ prefix: "choto-recall-bench-" });
  const store = new Store(`${dir}/bench.db`);
  const t0 = performance.now();
  buildSyntheticGraph(store, size, now);
  const buildMs = performance.now() - t0;
  return {
    store,
    buildMs,
    dispose() {
      store.close();
      Deno.removeSync(dir, { recursive: true });
    },
  };
}

/** A window with `n` text elements, as one look of the executor records it. */
function sightingElements(n: number, variant: number): Element[] {
  return Array.from({ length: n }, (_, e) => ({
    text: e % 10 === 0 ? `Status ${variant}` : `Control ${e} label`,
    x: 10 + (e % 5) * 150,
    y: 10 + Math.floor(e / 5) * 24,
    w: 120,
    h: 18,
    cx: 70 + (e % 5) * 150,
    cy: 19 + Math.floor(e / 5) * 24,
    conf: 0.9,
  }));
}

function benchWindow(title: string): WindowInfo {
  return {
    id: "bench",
    app: "App 3",
    pid: null,
    title,
    bounds: { x: 0, y: 0, width: 800, height: 600 },
    kind: "normal",
    transient: false,
  };
}

/** The window of the query's best hit, per store: where the after-a-transition case records. */
const hitWindows = new WeakMap<Store, number>();
let sightings = 0;

/** The measured cases, shared with recall.bench.ts. */
export const cases = {
  /** A query across every app, gathered and rendered (the whole tool reply). */
  query(store: Store, now: number, text = "Export table"): string {
    const out = gatherRecall(store, { query: text, now });
    if (!out.ok) throw new Error(out.problem.problem);
    return fitRecall(out.data).text;
  },
  /** A route inside one app: build its route graph and find the cheapest path. */
  route(store: Store, now: number, appName = "App 7"): number {
    const apps = store.q("recall_apps").all() as Array<{ id: number; name: string; last_window: number }>;
    const app = apps.find((a) => a.name === appName)!;
    const map = loadRouteMap(store, app.id, now);
    return map.route(app.last_window, app.last_window + 150)?.length ?? -1;
  },
  /**
   * A query right after a write (a click): coverage must reflect it. Route
   * graphs stay cached, since a click changes no transition.
   */
  coldQuery(store: Store, now: number, text = "Export table"): string {
    recordClick(store, { node: 1, text: "File", surface: "window", now });
    return cases.query(store, now, text);
  },
  /** A query right after a transition in the best hit's app: that app's route graph is rebuilt. */
  afterTransitionQuery(store: Store, now: number, text = "Export table"): string {
    let from = hitWindows.get(store);
    if (from === undefined) {
      const out = gatherRecall(store, { query: text, now });
      if (!out.ok) throw new Error(out.problem.problem);
      hitWindows.set(store, from = out.data.hits!.items[0].window.id);
    }
    recordTransition(store, {
      from,
      to: from + 1,
      action: "click",
      text: "Next",
      surface: "window",
      now,
    });
    return cases.query(store, now, text);
  },
  /**
   * The worst case: a write and no cached route graph at all (a fresh
   * server, or the hourly expiry), so every hit's app graph is rebuilt.
   */
  uncachedQuery(store: Store, now: number, text = "Export table"): string {
    forgetRouteCache(store);
    return cases.coldQuery(store, now, text);
  },
  /** The reply to recall with no arguments. */
  defaultReply(store: Store, now: number): string {
    return runRecallCli(store, { now }).text;
  },
  /** Recording one look at a window never seen before, showing 60 elements. */
  recordNewWindow(store: Store, now: number): number {
    const n = ++sightings;
    // Each look a millisecond later, as a real one would be: the sighting drops what it no longer shows by time.
    return recordSighting(store, "App 3", benchWindow(`Bench window ${n}`), sightingElements(60, n), now + n)
      .nodeId;
  },
  /** Recording another look at a known window: 54 of its 60 elements unchanged, 6 replaced. */
  recordKnownWindow(store: Store, now: number): number {
    const n = ++sightings;
    return recordSighting(store, "App 3", benchWindow("Bench window known"), sightingElements(60, n), now + n)
      .nodeId;
  },
};

function timeIt(fn: () => unknown, runs: number): { p50: number; p95: number; mean: number } {
  fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const mean = ms.reduce((s, x) => s + x, 0) / ms.length;
  return { p50: ms[Math.floor(runs / 2)], p95: ms[Math.floor(runs * 0.95)], mean };
}

if (import.meta.main) {
  const now = Date.now();
  const { store, dispose, buildMs } = openSyntheticStore(ISSUE_SIZE, now);
  try {
    const c = gatherRecall(store, { now });
    if (c.ok) {
      console.log(
        `built ${c.data.coverage.windows} windows, ${c.data.coverage.controls_known} elements, ` +
          `${ISSUE_SIZE.transitions} transitions requested, in ${(buildMs / 1000).toFixed(1)} s`,
      );
    }
    const f = (x: number) => x.toFixed(2);
    for (const q of ["Export table", "Prefrences", "Settings", "OK", "zoom"]) {
      const t = timeIt(() => cases.query(store, now, q), 30);
      console.log(`query "${q}": p50 ${f(t.p50)} ms, p95 ${f(t.p95)} ms (target <= 20 ms)`);
    }
    const afterWrites: Array<[string, (store: Store, now: number) => unknown]> = [
      ["after a click (counters read, route graphs kept)", cases.coldQuery],
      ["after a transition (its app's route graph rebuilt)", cases.afterTransitionQuery],
      ["after a click, no route graph cached (all rebuilt)", cases.uncachedQuery],
    ];
    for (const [what, fn] of afterWrites) {
      const t = timeIt(() => fn(store, now), 30);
      console.log(`query "Export table" ${what}: p50 ${f(t.p50)} ms, p95 ${f(t.p95)} ms (target <= 20 ms)`);
    }
    const r = timeIt(() => cases.route(store, now), 100);
    console.log(
      `route (${cases.route(store, now)} steps): p50 ${f(r.p50)} ms, p95 ${f(r.p95)} ms (target <= 5 ms)`,
    );
    const reply = cases.defaultReply(store, now);
    console.log(
      `default reply: ${reply.length} chars = ${
        Math.ceil(reply.length / 4)
      } tokens at 4 chars/token (target <= 600)`,
    );
    const d = timeIt(() => cases.defaultReply(store, now), 20);
    console.log(`default reply time: p50 ${f(d.p50)} ms`);
    const app = timeIt(() => runRecallCli(store, { app: "App 7", now }), 20);
    console.log(`app focus reply time: p50 ${f(app.p50)} ms`);
    // Last: these add windows to App 3.
    const fresh = timeIt(() => cases.recordNewWindow(store, now), 100);
    console.log(`record a new window with 60 elements: p50 ${f(fresh.p50)} ms, p95 ${f(fresh.p95)} ms`);
    const known = timeIt(() => cases.recordKnownWindow(store, now), 100);
    console.log(
      `record a known window, 6 of 60 elements changed: p50 ${f(known.p50)} ms, p95 ${f(known.p95)} ms`,
    );
  } finally {
    dispose();
  }
}
