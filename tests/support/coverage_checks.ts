/**
 * SQL only the tests run (tests/sql/*.sql): the coverage figures recounted
 * from scratch, and edits to the graph that choto never makes. Statements
 * are prepared once per store, like the product's own.
 *
 * @module
 */

import type { SQLInputValue, StatementSync } from "node:sqlite";
import { type CoverageCounts, pick } from "../../src/graph/coverage.ts";
import { parseNamedQueries } from "../../src/db/sql_files.ts";
import type { Store } from "../../src/db/store.ts";

const QUERIES = parseNamedQueries(
  Deno.readTextFileSync(new URL("../sql/coverage_checks.sql", import.meta.url)),
);
const prepared = new WeakMap<Store, Map<string, StatementSync>>();

/** The prepared test-only statement named `name`, with the writes the store put off done first (as `q` does). */
export function testQuery(store: Store, name: string): StatementSync {
  store.runLater();
  let byName = prepared.get(store);
  if (!byName) prepared.set(store, byName = new Map());
  let stmt = byName.get(name);
  if (!stmt) {
    const sql = QUERIES.get(name);
    if (sql === undefined) throw new Error(`no query named "${name}" in tests/sql/`);
    byName.set(name, stmt = store.db.prepare(sql));
  }
  return stmt;
}

function row<T>(store: Store, name: string, params: Record<string, SQLInputValue> = {}): T | undefined {
  return testQuery(store, name).get(params) as T | undefined;
}

/** The same figures as `readCoverage`, counted from the graph itself (slow: scans it). */
export function recountCoverage(store: Store, appId: number | null): CoverageCounts {
  type Counts = Partial<CoverageCounts>;
  const windows = appId === null
    ? row<Counts>(store, "coverage_recount_windows_all")
    : row<Counts>(store, "coverage_recount_windows_app", { app_id: appId });
  const controls = appId === null
    ? row<Counts>(store, "coverage_recount_controls_all")
    : row<Counts>(store, "coverage_recount_controls_app", { app_id: appId });
  return pick({ ...windows, ...controls });
}

/** Windows whose per-window counters disagree with the graph (empty when all is well). */
export function windowCounterMismatches(store: Store): number[] {
  const rows = testQuery(store, "coverage_recount_window_counters").all() as Array<{ window_id: number }>;
  return rows.map((r) => r.window_id);
}
