/**
 * The routes a recall reply gives: how to get from where the app was last
 * seen (or from `from_window`) to a window, as the steps execute_plan would
 * take, and, when there is no route, what is missing: the start's reach and
 * the known ways into the target.
 *
 * @module
 */

import type { NodeId } from "../identity.ts";
import { cachedRouteMap } from "../route_cache.ts";
import { formatRouteStep, type RouteMap } from "../routes.ts";
import type { EdgeRow, RecallRows } from "./rows.ts";
import type { RouteFacts, WayIn } from "./schema.ts";

/** Route facts for one question: each app's route graph is loaded once. */
export class RouteFinder {
  readonly #routes = new Map<number, RouteMap>();

  constructor(readonly rows: RecallRows, readonly now: number) {}

  /** The route from `start` to `target` in app `appId`, or what is missing for one. */
  routeFacts(appId: number, start: NodeId | null, target: NodeId): RouteFacts {
    const startRef = start === null ? null : this.rows.ref(start);
    if (start === null) {
      return {
        from: null,
        steps: null,
        missing: { start: null, start_reaches: 0, start_acted_in: false, ways_in: this.#waysIn(target) },
      };
    }
    const map = this.#routeMap(appId);
    const route = map.route(start, target);
    if (route) {
      return {
        from: startRef,
        steps: route.map((e) => formatRouteStep(e, (id) => this.rows.ref(id).title)),
        missing: null,
      };
    }
    const startRow = this.rows.store.get<{ acted_in: number }>("recall_window", { id: start });
    return {
      from: startRef,
      steps: null,
      missing: {
        start: startRef,
        start_reaches: map.reachableFrom(start).length,
        start_acted_in: Boolean(startRow?.acted_in),
        ways_in: this.#waysIn(target),
      },
    };
  }

  /** One transition into a window, as a way in. */
  wayIn(e: EdgeRow): WayIn {
    this.rows.noteTitle(e.from_window, e.from_title!);
    const fromRow = this.rows.store.get<{ has_way_in: number }>("recall_window", { id: e.from_window })!;
    return {
      from: { id: e.from_window, title: e.from_title! },
      action: e.action,
      text: e.text,
      scope: e.scope,
      via: e.via ?? null,
      from_has_way_in: Boolean(fromRow?.has_way_in),
    };
  }

  #waysIn(target: NodeId): WayIn[] {
    const rows = this.rows.store.all<EdgeRow>("recall_transitions_into", { window_id: target });
    return rows.slice(0, 3).map((e) => this.wayIn(e));
  }

  #routeMap(appId: number): RouteMap {
    let map = this.#routes.get(appId);
    if (!map) this.#routes.set(appId, map = cachedRouteMap(this.rows.store, appId, this.now));
    return map;
  }
}
