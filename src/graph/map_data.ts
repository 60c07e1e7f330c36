/**
 * The memory map's content: the interface graph of some apps as nodes
 * (windows, with their texts and named icons) and labelled edges
 * (transitions), each window marked as recall would mark it (STALE, seen
 * once, never acted in, no way in) and given the route recall would answer
 * from where its app was last seen. It is read through the pack's export, so
 * the map shows exactly what a pack of the same apps would hold: never a
 * denied app, never a text choto typed.
 *
 * @module
 */

import type { Policy } from "../common/policy.ts";
import type { Store } from "../db/store.ts";
import { type CoverageCounts, readCoverage } from "./coverage.ts";
import { exportGraph } from "./pack/export.ts";
import { staleReason } from "./recall/facts.ts";
import { cachedRouteMap } from "./route_cache.ts";

/** One app of the map. */
export interface MapApp {
  name: string;
  version: string | null;
  /** The window the app was last read in: where its routes start. */
  last_window: number | null;
  /** The app's coverage, from the same counters recall reports. */
  coverage: CoverageCounts;
}

/** One window of the map. */
export interface MapWindow {
  id: number;
  app: string;
  title: string;
  kind: string;
  seen_count: number;
  first_seen: number;
  last_seen: number;
  /** Why recall would call it STALE, or null. */
  stale: string | null;
  /** Its texts in reading order. */
  texts: string[];
  /** Names of the icons drawn in it. */
  icons: string[];
  acted_in: boolean;
  has_way_in: boolean;
  /** The edges (indices into `edges`) of the route from its app's last window; null when none is known. */
  route: number[] | null;
}

/** One transition of the map. */
export interface MapEdge {
  from: number;
  to: number;
  /** What was done, as a person says it: `click "Preferences"`, with the menu first when there was one. */
  label: string;
  count: number;
  last_seen: number;
}

/** The map of some apps. */
export interface MapData {
  /** When it was drawn (epoch ms): freshness is measured from here. */
  generated_at: number;
  apps: MapApp[];
  windows: MapWindow[];
  edges: MapEdge[];
  /** Apps left out, each with why (the deny list). */
  left_out: Array<{ app: string; why: string }>;
  /** What was left out to keep the page small, and where to read it instead. */
  cut?: string;
  /** Windows not read at all, the budget of text reached first. */
  not_read?: number;
}

/** The map of the apps asked for (every app when none), or why there is none. */
export function readMap(
  store: Store,
  request: { apps: string[]; policy: Policy; now: number; maxTextBytes?: number },
): { ok: true; map: MapData } | { ok: false; text: string } {
  const graph = exportGraph(store, {
    apps: request.apps,
    policy: request.policy,
    ...(request.maxTextBytes === undefined ? {} : { maxTextBytes: request.maxTextBytes }),
  });
  if (!graph.ok) return graph;
  const { body } = graph;
  const edges: MapEdge[] = body.transitions.map((t) => ({
    from: t.from,
    to: t.to,
    label: `${t.via ? `${quoted(t.via)} then ` : ""}${t.action} ${quoted(t.text)}${
      t.scope === "chrome" ? " (menu)" : ""
    }`,
    count: t.count,
    last_seen: t.last_seen,
  }));
  const edgeIndex = new Map(body.transitions.map((t, i) => [edgeKey(t), i]));
  const actedIn = new Set([...body.clicks.map((c) => c.window), ...body.transitions.map((t) => t.from)]);
  const wayIn = new Set(body.transitions.filter((t) => t.from !== t.to).map((t) => t.to));
  const iconsOf = new Map<number, Set<string>>();
  for (const g of body.glyphs) {
    for (const p of g.places) {
      if (!iconsOf.has(p.window)) iconsOf.set(p.window, new Set());
      iconsOf.get(p.window)!.add(g.label);
    }
  }
  const apps: MapApp[] = [];
  const windows: MapWindow[] = [];
  for (const app of body.apps) {
    const id = store.get<{ id: number }>("pack_find_app", { name: app.name })!.id;
    const routes = cachedRouteMap(store, id, request.now);
    apps.push({
      name: app.name,
      version: app.version,
      last_window: app.last_window,
      coverage: readCoverage(store, id),
    });
    for (const w of body.windows.filter((w) => w.app === app.name)) {
      const route = app.last_window === null ? null : routes.route(app.last_window, w.key);
      // A route through a window the map leaves out (another app's) cannot be drawn on it.
      const steps = route?.map((e) => edgeIndex.get(edgeKey(e)));
      windows.push({
        id: w.key,
        app: app.name,
        title: w.title,
        kind: w.kind,
        seen_count: w.seen_count,
        first_seen: w.first_seen,
        last_seen: w.last_seen,
        stale: staleReason(w.last_seen, w.app_version, app.version, request.now),
        texts: w.elements.map((e) => e.text),
        icons: [...(iconsOf.get(w.key) ?? [])],
        acted_in: actedIn.has(w.key),
        has_way_in: wayIn.has(w.key),
        route: steps === undefined || steps.some((i) => i === undefined) ? null : steps as number[],
      });
    }
  }
  return {
    ok: true,
    map: {
      generated_at: request.now,
      apps,
      windows,
      edges,
      left_out: graph.summary.left_out,
      ...(graph.summary.windows_not_read ? { not_read: graph.summary.windows_not_read } : {}),
    },
  };
}

function edgeKey(t: { from: number; to: number; action: string; text: string; scope: string }): string {
  return JSON.stringify([t.from, t.to, t.action, t.text, t.scope]);
}

function quoted(text: string): string {
  return `"${text}"`;
}
