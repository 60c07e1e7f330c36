/**
 * `choto forget`: the user deletes what the interface graph remembers of
 * one app, or of everything not seen for a while, with the screen reader's
 * remembered readings (all of them for an app: they are kept by pixels). Deleted content is zeroed
 * in the file (secure_delete) and the write-ahead log is folded back, so it
 * does not linger on disk.
 *
 * @module
 */

import { matchAppName } from "../common/app_match.ts";
import type { Store } from "../db/store.ts";

/** What a forget did, or why it did nothing. */
export type ForgetResult = { ok: true; text: string } | { ok: false; text: string };

function scrub(store: Store, fn: () => string): string {
  store.db.exec("PRAGMA secure_delete = ON");
  const text = store.tx(fn);
  store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  return text;
}

/** Forgets one app by name, matched as focus_app matches names. */
export function forgetApp(store: Store, name: string): ForgetResult {
  const apps = store.all<{ id: number; name: string }>("forget_app_names").map((a) => ({
    ...a,
    aliases: [],
  }));
  const hit = matchAppName(name, apps);
  if (hit.kind === "none") {
    return {
      ok: false,
      text: `the graph knows no app called "${name}" (known: ${
        apps.map((a) => a.name).join(", ") || "none"
      })`,
    };
  }
  if (hit.kind === "ambiguous") {
    return {
      ok: false,
      text: `"${name}" matches ${hit.candidates.map((c) => `"${c.name}"`).join(", ")}: give one exact name`,
    };
  }
  const app = hit.item;
  return {
    ok: true,
    text: scrub(store, () => {
      const n = store.get<{ n: number }>("forget_app_windows", { app_id: app.id })!.n;
      store.q("forget_app").run({ app_id: app.id });
      // Missions keep their items and runs; what the runs recorded of the app's windows goes.
      const recipes = Number(store.q("forget_app_recipes").run({ name: app.name }).changes);
      const routes = Number(store.q("forget_app_routes").run({ name: app.name }).changes);
      const readings = Number(store.q("forget_readings").run().changes);
      return `forgot ${app.name}: ${n} window(s) with their texts, icons, clicks and transitions; ` +
        `${recipes} mission recipe(s) and ${routes} window(s) of mission runs' routes that went through it; ` +
        `and all ${readings} remembered screen reading(s), which are not kept per app`;
    }),
  };
}

/** Forgets everything last seen before `before` (ms since the epoch). */
export function forgetBefore(store: Store, before: number): ForgetResult {
  return {
    ok: true,
    text: scrub(store, () => {
      // Leaves first, so each count is of what that table itself lost.
      const steps: Array<[string, string]> = [
        ["elements", "forget_elements_before"],
        ["clicks", "forget_clicks_before"],
        ["transitions", "forget_transitions_before"],
        ["glyphs", "forget_glyphs_before"],
        ["windows", "forget_windows_before"],
        ["apps", "forget_apps_before"],
        ["screen readings", "forget_readings_before"],
        ["typed-word fingerprints", "forget_typed_words_before"],
      ];
      const counts = steps.map(([what, query]) =>
        `${Number(store.q(query).run({ before }).changes)} ${what}`
      );
      return `forgot what was last seen before ${new Date(before).toISOString()}: ${counts.join(", ")}`;
    }),
  };
}
