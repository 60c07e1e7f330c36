/**
 * Shaping rows into the facts a recall reply holds: snake_case fields and
 * ISO times, so the tool hands them out as structuredContent unchanged and
 * the renderer writes its text from exactly the same facts.
 *
 * @module
 */

import { readCoverage } from "../coverage.ts";
import type { AppRow, RecallRows, WindowRow } from "./rows.ts";
import type { AppFacts, Coverage, WindowFacts } from "./schema.ts";

/** A window not seen for this long is STALE. */
export const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** The latest (and, negated, earliest) time a date can hold. */
const DATE_LIMIT = 8.64e15;

/** ISO time of an epoch-ms value; one no date can hold (a pack's, stored by an older choto) reads as the nearest that can. */
export function iso(ms: number): string {
  return new Date(Number.isFinite(ms) ? Math.min(Math.max(ms, -DATE_LIMIT), DATE_LIMIT) : 0).toISOString();
}

/** Why a window is STALE: unseen for a week, or its app's version changed since. */
export function staleReason(
  lastSeen: number,
  windowVersion: string | null,
  appVersion: string | null,
  now: number,
): string | null {
  if (appVersion && windowVersion && appVersion !== windowVersion) {
    return `app version changed (${windowVersion} -> ${appVersion})`;
  }
  if (now - lastSeen > STALE_AFTER_MS) {
    return `not seen for ${Math.floor((now - lastSeen) / 86_400_000)} days`;
  }
  return null;
}

/** An app's facts; its last window is named through `rows`. */
export function appFacts(rows: RecallRows, app: AppRow): AppFacts {
  return {
    name: app.name,
    version: app.version,
    windows: app.window_count,
    last_seen: iso(app.last_seen),
    last_window: app.last_window === null ? null : rows.ref(app.last_window),
  };
}

/** A window's facts, STALE judged against the app's version now. */
export function windowFacts(r: WindowRow, appVersion: string | null, now: number): WindowFacts {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    seen_count: r.seen_count,
    first_seen: iso(r.first_seen),
    last_seen: iso(r.last_seen),
    stale: staleReason(r.last_seen, r.app_version, appVersion, now),
    elements: r.element_count,
    acted_in: Boolean(r.acted_in),
    has_way_in: Boolean(r.has_way_in),
  };
}

/** What the map does not know yet, for one app or all of them. */
export function coverageFacts(rows: RecallRows, app: AppRow | null): Coverage {
  const c = readCoverage(rows.store, app?.id ?? null);
  return {
    scope: app === null ? "all apps" : app.name,
    windows: c.windows,
    never_clicked_in: c.never_acted_in,
    seen_once: c.seen_once,
    no_way_in: c.no_way_in,
    controls_known: c.controls_known,
    controls_clicked: c.controls_acted,
  };
}
