/**
 * Coverage: what the interface map does not know yet (windows never acted
 * in, seen once, with no recorded way in; how many known controls were ever
 * clicked). The figures come from counters that triggers keep current on
 * every write (migration 0003), so reading them costs one row per app
 * however large the graph is. The tests recount the same figures from
 * scratch (tests/sql/coverage_checks.sql) and hold the two together.
 *
 * @module
 */

import type { Store } from "../db/store.ts";

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
export function pick(row: Partial<CoverageCounts> | undefined): CoverageCounts {
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
    ? store.get<Partial<CoverageCounts>>("coverage_counters_all")
    : store.get<Partial<CoverageCounts>>("coverage_counters_app", { app_id: appId });
  return pick(row);
}

/**
 * A number that changes whenever a transition leaving one of the app's
 * windows is added, strengthened, moved or removed: what a cached route
 * graph of the app is keyed on. Null for an unknown app.
 */
export function routeEdgesVersion(store: Store, appId: number): number | null {
  const row = store.get<{ edges_version: number }>("route_edges_version", { app_id: appId });
  return row ? row.edges_version : null;
}
