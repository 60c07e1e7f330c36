/**
 * `deno bench` cases for recall on the benchmark's synthetic graph
 * (10,000 windows, 500,000 elements, 30,000 transitions). Building the graph
 * takes ~20 s before the first case runs. Targets: query <= 20 ms,
 * route <= 5 ms, default reply <= 600 tokens (checked by the harness).
 */

import { cases, ISSUE_SIZE, openSyntheticStore } from "./recall_bench.ts";

const now = Date.now();
const graph = openSyntheticStore(ISSUE_SIZE, now);
globalThis.addEventListener("unload", () => graph.dispose());

Deno.bench("recall query, all apps (warm)", { group: "query", baseline: true }, () => {
  cases.query(graph.store, now, "Export table");
});

Deno.bench("recall query, synonym expansion", { group: "query" }, () => {
  cases.query(graph.store, now, "Settings");
});

Deno.bench("recall query, typo (widened search)", { group: "query" }, () => {
  cases.query(graph.store, now, "Prefrences");
});

Deno.bench("recall query, after a write (cold caches)", { group: "query" }, () => {
  cases.coldQuery(graph.store, now);
});

Deno.bench("route: build one app's graph + dijkstra", () => {
  cases.route(graph.store, now);
});

Deno.bench("default reply (no arguments)", () => {
  cases.defaultReply(graph.store, now);
});
