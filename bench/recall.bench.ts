/**
 * `deno bench` cases for recall on the benchmark's synthetic graph
 * (10,000 windows, 500,000 elements, 30,000 transitions). Building the graph
 * takes ~20 s before the first case runs. Targets: query <= 20 ms (also
 * right after a write), route <= 5 ms, default reply <= 600 tokens (checked
 * by the harness).
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

Deno.bench("recall query, after a click (cold caches)", { group: "query" }, () => {
  cases.coldQuery(graph.store, now);
});

Deno.bench("recall query, after a transition (one route graph rebuilt)", { group: "query" }, () => {
  cases.afterTransitionQuery(graph.store, now);
});

Deno.bench("recall query, after a click, no route graph cached", { group: "query" }, () => {
  cases.uncachedQuery(graph.store, now);
});

Deno.bench("route: build one app's graph + dijkstra", () => {
  cases.route(graph.store, now);
});

Deno.bench("default reply (no arguments)", () => {
  cases.defaultReply(graph.store, now);
});

// Last: these add windows to the graph.
Deno.bench("record a sighting: new window, 60 elements", { group: "record" }, () => {
  cases.recordNewWindow(graph.store, now);
});

Deno.bench("record a sighting: known window, 6 of 60 elements changed", { group: "record" }, () => {
  cases.recordKnownWindow(graph.store, now);
});
