/**
 * Coverage: what the interface map does not know yet (windows never acted
 * in, seen once, with no recorded way in; how many known controls were ever
 * clicked). The figures come from counters that triggers keep current on
 * every write (migration 0003), so reading them costs one row per app
 * however large the graph is. {@link recountCoverage} computes the same
 * figures from scratch; the tests hold the two together.
 *
 * @module
 */

import type { Store } from "./store.ts";

/** Coverage figures for one app or for all of them. */
export interface CoverageCounts {
  windows: number;
  seen_once: number;
  never_acted_in: number;
  no_way_in: number;
  controls_known: number;
  controls_acted: number;
}

const EMPTY: CoverageCounts = {
  windows: 0,
  seen_once: 0,
  never_acted_in: 0,
  no_way_in: 0,
  controls_known: 0,
  controls_acted: 0,
};

/** Only the named fields: node:sqlite rows carry extra columns and a null prototype. */
function pick(row: Partial<CoverageCounts> | undefined): CoverageCounts {
  if (!row) return { ...EMPTY };
  return {
    windows: Number(row.windows ?? 0),
    seen_once: Number(row.seen_once ?? 0),
    never_acted_in: Number(row.never_acted_in ?? 0),
    no_way_in: Number(row.no_way_in ?? 0),
    controls_known: Number(row.controls_known ?? 0),
    controls_acted: Number(row.controls_acted ?? 0),
  };
}

/** Coverage of one app (`appId`), or of every app when `appId` is null, from the counters. */
export function readCoverage(store: Store, appId: number | null): CoverageCounts {
  const row = appId === null
    ? store.q("coverage_counters_all").get()
    : store.q("coverage_counters_app").get({ app_id: appId });
  return pick(row as Partial<CoverageCounts> | undefined);
}

/** The same figures as {@link readCoverage}, counted from the graph itself (slow: scans it). */
export function recountCoverage(store: Store, appId: number | null): CoverageCounts {
  const windows = appId === null
    ? store.q("coverage_recount_windows_all").get()
    : store.q("coverage_recount_windows_app").get({ app_id: appId });
  const controls = appId === null
    ? store.q("coverage_recount_controls_all").get()
    : store.q("coverage_recount_controls_app").get({ app_id: appId });
  return pick({ ...windows, ...controls } as Partial<CoverageCounts>);
}

/** Windows whose per-window counters disagree with the graph (empty when all is well). */
export function windowCounterMismatches(store: Store): number[] {
  const rows = store.q("coverage_recount_window_counters").all() as Array<{ window_id: number }>;
  return rows.map((r) => r.window_id);
}

/**
 * A number that changes whenever a transition leaving one of the app's
 * windows is added, strengthened, moved or removed: what a cached route
 * graph of the app is keyed on. Null for an unknown app.
 */
export function routeEdgesVersion(store: Store, appId: number): number | null {
  const row = store.q("route_edges_version").get({ app_id: appId }) as
    | { edges_version: number }
    | undefined;
  return row ? row.edges_version : null;
}
