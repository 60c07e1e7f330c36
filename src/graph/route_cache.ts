/**
 * Route graphs kept between recall questions.
 *
 * @module
 */

import { routeEdgesVersion } from "./coverage.ts";
import { loadRouteMap, type RouteMap } from "./routes.ts";
import type { Store } from "../db/store.ts";

/**
 * Route graphs are kept per store and app, keyed on the app's edges version
 * (which triggers change whenever one of its transitions does, whoever
 * writes), so a click, a sighting or another app's transition leaves them
 * valid. Route weights age with time, so a graph is also rebuilt after an hour.
 */
interface CachedRoutes {
  version: number;
  builtAt: number;
  map: RouteMap;
}
/** A cached graph older than this is rebuilt (route weights age). */
const ROUTES_TTL_MS = 60 * 60 * 1000;
const routeCaches = new WeakMap<Store, Map<number, CachedRoutes>>();

/** Drops the route graphs cached for a store (the next questions rebuild them). */
export function forgetRouteCache(store: Store): void {
  routeCaches.delete(store);
}

/** The route graph of an app, from the cache when it is still valid. */
export function cachedRouteMap(store: Store, appId: number, now: number): RouteMap {
  let cache = routeCaches.get(store);
  if (!cache) routeCaches.set(store, cache = new Map());
  const version = routeEdgesVersion(store, appId) ?? -1;
  const cached = cache.get(appId);
  if (cached && cached.version === version && Math.abs(now - cached.builtAt) <= ROUTES_TTL_MS) {
    return cached.map;
  }
  const map = loadRouteMap(store, appId, now);
  cache.set(appId, { version, builtAt: now, map });
  return map;
}
