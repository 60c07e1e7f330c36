/**
 * Icons in the graph: each drawing of an app is one glyph (matched by its
 * perceptual hash), named once, and every place it is drawn inherits the
 * name. A glyph means what its own app says, so nothing is shared between
 * apps.
 *
 * @module
 */

import { encodePng } from "../image/png.ts";
import type { SeenIcon } from "../perceive/icons.ts";
import { sameDrawing } from "../perceive/phash.ts";
import type { Store } from "../db/store.ts";
import type { NodeId } from "./identity.ts";
import type { Rect } from "../common/rect.ts";
import { matchAppName, type NameMatch } from "../common/app_match.ts";

/** An icon of the window just read, with what memory knows of its drawing. */
export interface KnownIcon extends SeenIcon {
  glyphId: number;
  /** Its name, or null while nobody has named the drawing. */
  label: string | null;
  /** Where the name came from ("pack": a memory pack named it, nobody here). */
  labelFrom?: LabelSource | null;
}

/** Longest icon name kept, from a tooltip or from a model. */
export const MAX_GLYPH_NAME = 80;

/** Most icons one sighting records, in reading order: a window's places are replaced by its latest sighting. */
export const MAX_ICONS_PER_SIGHTING = 150;

/**
 * Most glyphs kept per app. A new drawing past it pushes out, in the same
 * write, the least useful: unnamed before named, drawn nowhere now before
 * drawn somewhere, seen longest ago first.
 */
export const MAX_GLYPHS_PER_APP = 300;

/** Where a name came from: the app's tooltip, the model, or a memory pack (someone else's claim). */
export type LabelSource = "tooltip" | "model" | "pack";

interface GlyphRow {
  id: number;
  phash: string;
  w: number;
  h: number;
  label: string | null;
  label_from?: LabelSource | null;
}

/**
 * Records the icons seen in a window (boxes become window-relative) and
 * returns them with their glyph and name. A drawing already known for the
 * app, here or in another window, is the same glyph; a new one is stored with
 * its crop. Places the window no longer shows are dropped. Call inside the
 * sighting's transaction.
 */
export function recordIcons(
  store: Store,
  appId: number,
  nodeId: NodeId,
  bounds: Rect,
  icons: SeenIcon[],
  now: number,
): KnownIcon[] {
  const known = store.all<GlyphRow>("glyphs_of_app", { app_id: appId });
  const out: KnownIcon[] = [];
  let added = 0;
  for (const icon of icons.slice(0, MAX_ICONS_PER_SIGHTING)) {
    let glyph = known.find((g) => g.phash === icon.hash) ??
      known.find((g) => sameDrawing({ hash: g.phash, w: g.w, h: g.h }, icon));
    if (glyph) {
      store.q("touch_glyph").run({ id: glyph.id, now });
    } else {
      const row = store.get<{ id: number }>("insert_glyph", {
        app_id: appId,
        phash: icon.hash,
        w: icon.w,
        h: icon.h,
        png: encodePng(icon.crop),
        now,
      })!;
      glyph = { id: row.id, phash: icon.hash, w: icon.w, h: icon.h, label: null, label_from: null };
      known.push(glyph);
      added++;
    }
    store.q("upsert_glyph_place").run({
      glyph_id: glyph.id,
      window_id: nodeId,
      x: Math.round(icon.x - bounds.x),
      y: Math.round(icon.y - bounds.y),
      w: icon.w,
      h: icon.h,
      near: icon.near.join("\n"),
      now,
    });
    out.push({ ...icon, glyphId: glyph.id, label: glyph.label, labelFrom: glyph.label_from ?? null });
  }
  store.q("drop_glyph_places_not_seen").run({ window_id: nodeId, now });
  if (added && known.length > MAX_GLYPHS_PER_APP) {
    store.q("evict_glyphs_past_cap").run({ app_id: appId, excess: known.length - MAX_GLYPHS_PER_APP, now });
  }
  return out;
}

/** What naming wrote. */
export interface GlyphsNamed {
  glyphs: number;
  places: number;
}

/**
 * Names glyphs (each with every place it is drawn) in one transaction, at
 * `now` (epoch ms): when two memories are merged, the name given last wins.
 */
export function nameGlyphs(
  store: Store,
  names: Array<{ glyphId: number; label: string }>,
  from: LabelSource,
  now = Date.now(),
): GlyphsNamed {
  return store.tx(() => {
    let places = 0;
    for (const n of names) {
      store.q("name_glyph").run({ id: n.glyphId, label: n.label, label_from: from, now });
      places += store.get<{ n: number }>("glyph_place_count", { id: n.glyphId })!.n;
    }
    return { glyphs: names.length, places };
  }, `${names.length} icon name(s)`);
}

/** How many of an app's drawn glyphs exist and how many have names. */
export function glyphCounts(store: Store, appId: number): { total: number; named: number } {
  const row = store.get<{ total: number; named: number }>("glyph_counts_of_app", { app_id: appId })!;
  return { total: row.total, named: row.named };
}

/** A recorded app by the one name matcher (exact, unique prefix, unique piece; any case). */
export function findApp(store: Store, name: string): NameMatch<{ id: number; name: string }> {
  const apps = store.all<{ id: number; name: string }>("apps_by_recency").map((a) => ({ ...a, aliases: [] }));
  return matchAppName(name, apps);
}

/** The app whose unnamed drawing is drawn in the most places, or undefined. */
export function appWithMostDrawnUnnamed(store: Store): { id: number; name: string } | undefined {
  return store.get<{ id: number; name: string }>("app_with_most_drawn_unnamed");
}

/** An unnamed glyph with its crop, for the naming sheet. */
export interface UnnamedGlyph {
  id: number;
  phash: string;
  w: number;
  h: number;
  png: Uint8Array;
  places: number;
}

/** The app's unnamed glyphs, most places first. */
export function unnamedGlyphs(store: Store, appId: number): UnnamedGlyph[] {
  return store.all<UnnamedGlyph>("unnamed_glyphs_of_app", { app_id: appId });
}

/** One place a glyph is drawn. */
export interface GlyphPlace {
  x: number;
  y: number;
  w: number;
  h: number;
  near: string;
  window_id: number;
  title: string;
  width: number;
  height: number;
}

/** Every place a glyph is drawn, most recent first. */
export function glyphPlaces(store: Store, glyphId: number): GlyphPlace[] {
  return store.all<GlyphPlace>("glyph_places", { glyph_id: glyphId });
}

/** The glyphs of an app whose hash starts with `key`, with where any name they have came from. */
export function glyphsByKey(
  store: Store,
  appId: number,
  key: string,
): Array<GlyphRow & { label_from: LabelSource | null }> {
  return store.all<GlyphRow & { label_from: LabelSource | null }>("glyph_by_key", { app_id: appId, key });
}

/** How many of these glyphs (ids, repeats allowed) still have no name. */
export function unnamedAmong(store: Store, glyphIds: number[]): number {
  const ids = [...new Set(glyphIds)];
  if (!ids.length) return 0;
  return store.get<{ n: number }>("count_unnamed_among", { ids: JSON.stringify(ids) })!.n;
}
