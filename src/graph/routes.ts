/**
 * Routes: how to get from one window to another by replaying recorded
 * transitions. Windows are nodes, transitions are directed edges, and the
 * cheapest path wins, where an edge is cheaper the more recently and the
 * more often it was taken (a path walked yesterday beats one walked once a
 * month ago). Between two windows only the cheapest edge is kept: that is
 * the one a plan should use.
 *
 * @module
 */

import { escapeScreenText } from "../common/untrusted.ts";
import { DirectedGraph } from "graphology";
import { bidirectional, singleSource } from "graphology-shortest-path/dijkstra.js";
import type { Store } from "../db/store.ts";
import type { Surface } from "../perceive/surfaces.ts";

/** A recorded transition as routes need it. */
export interface RouteEdge {
  from: number;
  to: number;
  action: string;
  text: string;
  scope: Surface;
  /** The menu opened just before a click on chrome, when one was. */
  via?: string | null;
  count: number;
  /** Epoch milliseconds. */
  lastSeen: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** After this long an edge carries its full age penalty. */
const AGE_HORIZON_DAYS = 30;

/**
 * The cost of taking one edge: 1 per hop, up to +0.6 for age (linear over a
 * month) and down to −0.3 for repeated use. Every cost stays within
 * [0.7, 1.6], so one hop never outweighs two: a fresh detour does not beat a
 * direct edge unless the direct edge is old.
 */
export function edgeWeight(edge: Pick<RouteEdge, "count" | "lastSeen">, now: number): number {
  const ageDays = Math.max(0, now - edge.lastSeen) / DAY_MS;
  const age = Math.min(ageDays / AGE_HORIZON_DAYS, 1);
  const use = 1 - 1 / Math.max(1, edge.count);
  return 1 + 0.6 * age - 0.3 * use;
}

interface EdgeAttributes {
  weight: number;
  edge: RouteEdge;
}

/** The transition graph of some windows, ready to answer route questions. */
export class RouteMap {
  readonly #graph = new DirectedGraph<Record<string, never>, EdgeAttributes>();

  /** Builds the graph; `now` (epoch ms) ages the edges. */
  constructor(edges: Iterable<RouteEdge>, now: number) {
    for (const edge of edges) {
      if (edge.from === edge.to) continue;
      const from = String(edge.from);
      const to = String(edge.to);
      this.#graph.mergeNode(from);
      this.#graph.mergeNode(to);
      const weight = edgeWeight(edge, now);
      const existing = this.#graph.edge(from, to);
      if (existing === undefined) {
        this.#graph.addDirectedEdge(from, to, { weight, edge });
      } else if (weight < this.#graph.getEdgeAttribute(existing, "weight")) {
        this.#graph.replaceEdgeAttributes(existing, { weight, edge });
      }
    }
  }

  /** Number of distinct window-to-window edges. */
  get size(): number {
    return this.#graph.size;
  }

  /**
   * The cheapest sequence of transitions from one window to another: [] when
   * they are the same window, null when no recorded path exists.
   */
  route(from: number, to: number): RouteEdge[] | null {
    if (from === to) return [];
    const a = String(from);
    const b = String(to);
    if (!this.#graph.hasNode(a) || !this.#graph.hasNode(b)) return null;
    const path = bidirectional(this.#graph, a, b, "weight");
    if (!path) return null;
    const steps: RouteEdge[] = [];
    for (let i = 1; i < path.length; i++) {
      const key = this.#graph.edge(path[i - 1], path[i])!;
      steps.push(this.#graph.getEdgeAttribute(key, "edge"));
    }
    return steps;
  }

  /** Every window reachable from `from` (itself excluded). */
  reachableFrom(from: number): number[] {
    const a = String(from);
    if (!this.#graph.hasNode(a)) return [];
    return Object.keys(singleSource(this.#graph, a, "weight"))
      .filter((k) => k !== a)
      .map(Number);
  }

  /** The recorded edges leading into `to`. */
  edgesInto(to: number): RouteEdge[] {
    const b = String(to);
    if (!this.#graph.hasNode(b)) return [];
    return this.#graph.mapInEdges(b, (_key, attrs) => attrs.edge);
  }
}

/** Loads the transitions leaving any window of one app into a {@link RouteMap}. */
export function loadRouteMap(store: Store, appId: number, now: number): RouteMap {
  // The query names its columns as RouteEdge does, so rows are used as they come.
  return new RouteMap(store.all<RouteEdge>("route_edges_of_app", { app_id: appId }), now);
}

/**
 * One step of a route as execute_plan reads it:
 * `in #1 "Main" click "General" -> #2`, with `(chrome)` after the target
 * when the control is in a menu rather than in the window.
 */
export function formatRouteStep(edge: RouteEdge, titleOf: (id: number) => string): string {
  const chrome = edge.scope === "chrome" ? " (chrome)" : "";
  // A menu item is reached by opening its menu first: say both clicks, in order.
  const opener = edge.via ? `click ${quote(edge.via)} then ` : "";
  return `in #${edge.from} ${quote(titleOf(edge.from))} ${opener}${edge.action} ${
    quote(edge.text)
  }${chrome} -> #${edge.to}`;
}

/** A whole route, its steps in order separated by "; ". */
export function formatRoute(route: RouteEdge[], titleOf: (id: number) => string): string {
  return route.map((e) => formatRouteStep(e, titleOf)).join("; ");
}

/** Double-quotes a text for a reply, escaping inner quotes. */
export function quote(text: string): string {
  return `"${escapeScreenText(text.replace(/\\/g, "\\\\").replace(/"/g, '\\"'))}"`;
}
