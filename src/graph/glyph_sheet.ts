/**
 * What the naming sheet shows, from memory alone: an app's unnamed glyphs,
 * each with a stable key, its crop and the places it is drawn.
 *
 * @module
 */

import {
  appWithMostDrawnUnnamed,
  findApp,
  type GlyphPlace,
  glyphPlaces,
  type UnnamedGlyph,
  unnamedGlyphs,
} from "./glyphs.ts";
import type { Store } from "../db/store.ts";

/** The shortest key that names a glyph: a prefix of its hash, at least this long. */
const KEY_MIN = 8;

/** One cell of the sheet. */
export interface SheetCell {
  key: string;
  glyph: UnnamedGlyph;
  /** Where it is drawn, most recent first. */
  places: GlyphPlace[];
}

/** The sheet's content, or why there is none. */
export type SheetData =
  | { ok: true; app: string; chosen: boolean; cells: SheetCell[]; remaining: number }
  | { ok: false; problem: "unknown_app" | "nothing_recorded"; app: string | null }
  | { ok: false; problem: "ambiguous_app"; app: string; candidates: string[] };

/**
 * The unnamed glyphs of `appName` (or of the app whose unnamed drawing is
 * drawn in the most places), at most `cap`, most-drawn first.
 */
export function gatherSheet(store: Store, appName: string | undefined, cap: number): SheetData {
  const hit = appName ? findApp(store, appName) : null;
  if (hit?.kind === "ambiguous") {
    return {
      ok: false,
      problem: "ambiguous_app",
      app: appName!,
      candidates: hit.candidates.map((a) => a.name),
    };
  }
  const app = hit ? (hit.kind === "found" ? hit.item : undefined) : appWithMostDrawnUnnamed(store);
  if (!app) return { ok: false, problem: appName ? "unknown_app" : "nothing_recorded", app: appName ?? null };
  const all = unnamedGlyphs(store, app.id);
  const hashes = store.all<{ phash: string }>("glyphs_of_app", { app_id: app.id }).map((g) => g.phash);
  const cells = all.slice(0, cap).map((glyph) => ({
    key: keyFor(glyph.phash, hashes),
    glyph,
    places: glyphPlaces(store, glyph.id),
  }));
  return { ok: true, app: app.name, chosen: !appName, cells, remaining: all.length - cells.length };
}

/** The shortest prefix (KEY_MIN or more) of `hash` that no other hash of the app shares. */
export function keyFor(hash: string, all: string[]): string {
  for (let n = KEY_MIN; n < hash.length; n++) {
    const key = hash.slice(0, n);
    if (!all.some((h) => h !== hash && h.startsWith(key))) return key;
  }
  return hash;
}
