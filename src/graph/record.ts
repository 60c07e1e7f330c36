/**
 * Writes one sighting of a window into the graph: the app, the window node
 * and the elements it showed.
 *
 * @module
 */

import type { WindowInfo } from "../desktop/types.ts";
import type { Element } from "../ocr/types.ts";
import type { SeenIcon } from "../perceive/icons.ts";
import { type KnownIcon, recordIcons } from "./glyphs.ts";
import { type NodeId, windowIdentity } from "./identity.ts";
import type { Store } from "../db/store.ts";
import { ownTexts } from "./own_texts.ts";

/**
 * Most texts one sighting keeps, in reading order: a window is replaced by
 * its latest sighting, so this and {@link MAX_WINDOWS_PER_APP} bound the
 * texts an app can fill the graph with.
 */
export const MAX_ELEMENTS_PER_SIGHTING = 1_500;

/** Most windows kept per app: a new one past it pushes out the one seen longest ago, in the same write. */
export const MAX_WINDOWS_PER_APP = 400;

/** Most apps kept: a new one past it pushes out the app seen longest ago, with all of its windows, in the same write. */
export const MAX_APPS = 1_000;

/** What the graph knew about a window before this sighting. */
export interface SightingResult {
  appId: number;
  nodeId: NodeId;
  /** True when the node existed before this sighting. */
  known: boolean;
  /** How often it has been seen, this sighting included. */
  seenCount: number;
  /** When it was last seen before now (epoch ms), when known. */
  previousSeen: number | null;
  /** The icons seen in the window, with their glyphs and names. */
  icons: KnownIcon[];
}

/**
 * Records a window and the elements read inside it (coordinates become
 * window-relative). `version` identifies the app's build when the platform
 * can tell; a change of it is what marks older windows STALE in recall.
 * `icons` are the glyphs seen in the window: they come back named when
 * memory knows their drawing.
 *
 * The window and its icons are written now, for the reply; its texts (a
 * prose window's hundreds, each kept by triggers that count coverage) are
 * written once the reply is on its way, or before anything else uses the
 * store ({@link Store.later}).
 */
export function recordSighting(
  store: Store,
  app: string,
  window: WindowInfo,
  elements: Element[],
  now = Date.now(),
  version: string | null = null,
  icons: SeenIcon[] = [],
): SightingResult {
  const what = `the sighting of the window "${window.title}" and its ${elements.length} text(s)`;
  const result = store.tx(() => {
    const own = ownTexts(store);
    const appRow = store.get<{
      id: number;
      version: string | null;
      first_seen: number;
    }>("upsert_app", { name: app, now })!;
    if (appRow.first_seen === now) store.q("evict_apps_past_cap").run({ keep: appRow.id, cap: MAX_APPS });
    if (version !== null && version !== appRow.version) {
      store.q("set_app_version").run({ app_id: appRow.id, version, now });
      appRow.version = version;
    }
    // The title as stored, typed words out: a file name typed in Save As is the user's. The identity is
    // folded from the title as shown (a typed file name is a document name like any other), then cleaned too.
    const title = own.title(window.title, now);
    const identity = own.identity(windowIdentity(window.title, window.kind, window.transient), now);
    const found = store.get<{ id: number; seen_count: number; last_seen: number }>("find_window", {
      app_id: appRow.id,
      identity,
    });
    const dims = {
      title,
      width: Math.round(window.bounds.width),
      height: Math.round(window.bounds.height),
      app_version: appRow.version,
      now,
    };
    let nodeId: NodeId;
    if (found) {
      nodeId = found.id;
      store.q("touch_window").run({ id: nodeId, ...dims });
    } else {
      const row = store.get<{ id: number }>("insert_window", {
        app_id: appRow.id,
        identity,
        kind: window.kind,
        ...dims,
      })!;
      nodeId = row.id;
      store.q("evict_windows_past_cap").run({ app_id: appRow.id, keep: nodeId, cap: MAX_WINDOWS_PER_APP });
    }
    // Checked before this sighting replaces the window's texts: what it showed before the typing is its own.
    const told = icons.map((i) => ({ ...i, near: own.near(nodeId, i.near, now) }));
    store.q("set_app_last_window").run({ window_id: nodeId, app_id: appRow.id });
    const known = recordIcons(store, appRow.id, nodeId, window.bounds, told, now);
    return {
      appId: appRow.id,
      nodeId,
      known: Boolean(found),
      seenCount: (found?.seen_count ?? 0) + 1,
      previousSeen: found?.last_seen ?? null,
      icons: known,
    };
  }, what);
  // The list as it is now: the caller goes on with its look before these are written.
  const texts = elements.slice(0, MAX_ELEMENTS_PER_SIGHTING);
  store.later(() => store.tx(() => recordTexts(store, window, result, texts, now), what), what);
  return result;
}

/** The sighting's texts replace the window's: kept ones upserted in reading order, the rest dropped. */
function recordTexts(
  store: Store,
  window: WindowInfo,
  sighting: SightingResult,
  elements: Element[],
  now: number,
): void {
  const { nodeId } = sighting;
  const kept = ownTexts(store).elements(sighting.known ? nodeId : null, elements, now);
  const nth = new Map<string, number>();
  for (const el of kept) {
    const n = nth.get(el.text) ?? 0;
    nth.set(el.text, n + 1);
    store.q("upsert_element").run({
      window_id: nodeId,
      text: el.text,
      nth: n,
      x: Math.round(el.x - window.bounds.x),
      y: Math.round(el.y - window.bounds.y),
      w: Math.round(el.w),
      h: Math.round(el.h),
      conf: el.conf,
      now,
    });
  }
  store.q("drop_elements_not_seen").run({ window_id: nodeId, now });
}
