/**
 * Finding what a recall question names: an app by its name, a window by a
 * piece of its title or by `#id`, the way execute_plan's window pieces and
 * focus_app's names are matched (case and spacing aside, then as a part,
 * then fuzzily).
 *
 * @module
 */

import { matchText, normaliseText } from "../../common/match.ts";
import type { NodeId } from "../identity.ts";
import type { AppRow, RecallRows, WindowRow } from "./rows.ts";

/** Exact name (case-insensitive) first, then a substring. */
export function findApp(rows: RecallRows, name: string): AppRow | null {
  const want = normaliseText(name);
  const apps = rows.allApps();
  return apps.find((a) => normaliseText(a.name) === want) ??
    apps.find((a) => normaliseText(a.name).includes(want)) ?? null;
}

/**
 * The window a piece of title (or `#id`) names, in `app` when given, else
 * in any app. Several equal candidates pick the most recent, and `notes`
 * gets a line naming the others.
 */
export function findWindow(
  rows: RecallRows,
  piece: string,
  app: AppRow | null,
  notes: string[],
): NodeId | null {
  const asked = piece.trim();
  const byId = /^#?(\d+)$/.exec(asked);
  if (byId && asked.startsWith("#")) {
    const brief = rows.brief(Number(byId[1]));
    if (!brief || (app && brief.app_id !== app.id)) return null;
    return brief.id;
  }
  const apps = app ? [app] : rows.allApps();
  const windows: Array<{ id: NodeId; title: string; last_seen: number }> = [];
  for (const a of apps) {
    windows.push(
      ...(rows.store.all<WindowRow>("recall_app_windows", { app_id: a.id })),
    );
  }
  const want = normaliseText(asked);
  const exact = windows.filter((w) => normaliseText(w.title) === want);
  const containing = windows.filter((w) => normaliseText(w.title).includes(want));
  const pool = exact.length > 0 ? exact : containing;
  if (pool.length > 0) {
    // Rows arrive most recent first per app; across apps pick the freshest.
    pool.sort((a, b) => b.last_seen - a.last_seen);
    if (pool.length > 1) {
      notes.push(
        `window "${asked}" also matches ${pool.slice(1, 4).map((w) => `#${w.id} "${w.title}"`).join(", ")}${
          pool.length > 4 ? ` and ${pool.length - 4} more` : ""
        }; showing the most recent`,
      );
    }
    return pool[0].id;
  }
  let best: { id: NodeId; score: number } | null = null;
  for (const w of windows) {
    const m = matchText(asked, w.title);
    if (m && (!best || m.score > best.score)) best = { id: w.id, score: m.score };
  }
  return best?.id ?? null;
}
