/**
 * Keeping a memory map to a size a client can take: maps of several apps
 * joined into one, and one map cut to a budget of bytes, its windows kept
 * in order while they fit, with the transitions and routes among the
 * windows kept, and a sentence saying what was left out and where to read
 * it instead.
 *
 * @module
 */

import type { MapData, MapWindow } from "./map_data.ts";

/** The bytes a window costs on the page, roughly: its data as the page embeds it. */
export function windowBytes(w: MapWindow): number {
  return new TextEncoder().encode(JSON.stringify(w)).length;
}

/** The bytes a map's data costs on the page, roughly. */
export function mapBytes(map: MapData): number {
  return map.windows.reduce((n, w) => n + windowBytes(w), 0) +
    new TextEncoder().encode(JSON.stringify(map.edges)).length;
}

/** Maps of different apps as one: edges renumbered, routes pointing at them too. */
export function joinMaps(maps: MapData[], generatedAt: number): MapData {
  const out: MapData = { generated_at: generatedAt, apps: [], windows: [], edges: [], left_out: [] };
  for (const m of maps) {
    const offset = out.edges.length;
    out.apps.push(...m.apps);
    out.edges.push(...m.edges);
    out.windows.push(...m.windows.map((w) => ({ ...w, route: w.route?.map((i) => i + offset) ?? null })));
    out.left_out.push(...m.left_out);
  }
  return out;
}

/**
 * The map with as many of its windows as fit in `budget` bytes (in the
 * order given), the edges between kept windows and the routes made only of
 * them; `left` counts the windows left out.
 */
export function cutMap(map: MapData, budget: number): { map: MapData; left: number } {
  const kept = new Set<number>();
  let used = 0;
  for (const w of map.windows) {
    const cost = windowBytes(w);
    if (used + cost > budget) break;
    used += cost;
    kept.add(w.id);
  }
  if (kept.size === map.windows.length) return { map, left: 0 };
  const renumber = new Map<number, number>();
  const edges = map.edges.filter((e, i) => {
    if (!kept.has(e.from) || !kept.has(e.to)) return false;
    renumber.set(i, renumber.size);
    return true;
  });
  const windows = map.windows.filter((w) => kept.has(w.id)).map((w) => {
    const route = w.route?.map((i) => renumber.get(i));
    return { ...w, route: route && route.every((i) => i !== undefined) ? route as number[] : null };
  });
  return { map: { ...map, windows, edges }, left: map.windows.length - windows.length };
}
