/**
 * Finding what a recall question names: an app by its name, a window by a
 * piece of its title or by `#id`, by the name matcher execute_plan's
 * target.window and focus_app use (src/common/app_match.ts), ambiguity
 * reported the same way.
 *
 * @module
 */

import { matchAppName, type NameMatch } from "../../common/app_match.ts";
import { similarity } from "../../common/match.ts";
import type { NodeId } from "../identity.ts";
import type { AppRow, RecallRows, WindowRow } from "./rows.ts";

/** `items` ordered by how near each one's name is to what was asked, the nearest first (a stable sort). */
export function closestFirst<T>(asked: string, items: readonly T[], name: (item: T) => string): T[] {
  const a = asked.trim().toLowerCase();
  return items
    .map((item) => ({ item, near: similarity(a, name(item).toLowerCase()) }))
    .sort((x, y) => y.near - x.near)
    .map((x) => x.item);
}

/** An app by the one name matcher (most recently seen first among apps of one name). */
export function findApp(rows: RecallRows, name: string): NameMatch<AppRow> {
  const hit = matchAppName(name, rows.allApps().map((row) => ({ name: row.name, aliases: [], row })));
  if (hit.kind === "found") return { kind: "found", item: hit.item.row, stage: hit.stage };
  if (hit.kind === "ambiguous") {
    return { kind: "ambiguous", candidates: hit.candidates.map((c) => c.row), stage: hit.stage };
  }
  return hit;
}

/** The window a question names, or the differently titled windows it could mean. */
export type WindowFound =
  | { kind: "found"; node: NodeId }
  | { kind: "ambiguous"; windows: Array<{ id: NodeId; title: string }> }
  /** The windows searched, closest title first: a miss lists them rather than guessing among them. */
  | { kind: "none"; closest: Array<{ id: NodeId; title: string }> };

/**
 * The window a piece of title (or `#id`) names, in `app` when given, else
 * in any app, by the one name matcher (exact title, unique prefix, unique
 * piece; of windows with the same title the most recently seen). Nothing
 * fuzzier: a misspelt or other word ("Settings" for "Preferences") is a
 * miss, answered with the titles closest to it, never a silent pick.
 */
export function findWindow(rows: RecallRows, piece: string, app: AppRow | null): WindowFound {
  const asked = piece.trim();
  const byId = /^#(\d+)$/.exec(asked);
  if (byId) {
    const brief = rows.brief(Number(byId[1]));
    if (!brief || (app && brief.app_id !== app.id)) return { kind: "none", closest: [] };
    return { kind: "found", node: brief.id };
  }
  const apps = app ? [app] : rows.allApps();
  const windows: Array<{ id: NodeId; title: string; last_seen: number }> = [];
  for (const a of apps) {
    windows.push(
      ...(rows.store.all<WindowRow>("recall_app_windows", { app_id: a.id })),
    );
  }
  windows.sort((a, b) => b.last_seen - a.last_seen);
  const hit = matchAppName(asked, windows.map((w) => ({ name: w.title, aliases: [], w })));
  if (hit.kind === "found") return { kind: "found", node: hit.item.w.id };
  if (hit.kind === "ambiguous") {
    return { kind: "ambiguous", windows: hit.candidates.map((c) => ({ id: c.w.id, title: c.w.title })) };
  }
  const closest = closestFirst(asked, windows, (w) => w.title).map(({ id, title }) => ({ id, title }));
  return { kind: "none", closest };
}
