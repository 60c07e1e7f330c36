/**
 * Reading the interface graph into a pack's content: every app asked for
 * (all of them by default) except those on the deny list, with its windows
 * and their texts, its transitions and clicks, and its named glyphs with the
 * places they are drawn. Texts choto typed are left out of the windows'
 * texts and titles: words its typed-word fingerprints know (a graph written
 * since keeps none, one written before may), and whole texts the audit log
 * still knows.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { deniedEntry, type Policy } from "../../common/policy.ts";
import { normaliseText } from "../../common/match.ts";
import type { Store } from "../../db/store.ts";
import { TypedWords } from "../../db/typed_words.ts";
import { cleanIdentity } from "../own_texts.ts";
import { TYPED_MARK } from "../../common/typed_tokens.ts";
import type { PackApp, PackBody, PackClick, PackGlyph, PackTransition, PackWindow } from "./body.ts";

/** What an export was asked for. */
export interface ExportRequest {
  /** App names to export (as recall names apps: whole name first, then a piece); empty: every app. */
  apps: string[];
  policy: Policy;
  /**
   * Stop reading windows once their texts pass this many bytes (the map's
   * budget, so a huge graph costs a page's worth of reading); a pack is
   * always read whole.
   */
  maxTextBytes?: number;
}

/** What went into the pack and what was left out. */
export interface ExportSummary {
  apps: string[];
  windows: number;
  texts: number;
  glyphs: number;
  transitions: number;
  clicks: number;
  /** Apps left out, each with why. */
  left_out: Array<{ app: string; why: string }>;
  /** Texts left out because choto typed them. */
  typed_texts_left_out: number;
  /** Windows not read because `maxTextBytes` was reached. */
  windows_not_read: number;
}

/** The graph's part of a pack, or why there is none. */
export type GraphExport =
  | { ok: true; body: PackBody; summary: ExportSummary }
  | { ok: false; text: string };

interface AppRow {
  id: number;
  name: string;
  version: string | null;
  version_seen: number | null;
  first_seen: number;
  last_seen: number;
  last_window: number | null;
}

type WindowRow = Omit<PackWindow, "key" | "app" | "elements"> & { id: number };
type ElementRow = PackWindow["elements"][number];
type GlyphRow = Omit<PackGlyph, "app" | "places"> & { id: number };
type PlaceRow = Omit<PackGlyph["places"][number], "window"> & { window_id: number };
type TransitionRow = Omit<PackTransition, "from" | "to"> & { from_window: number; to_window: number };
type ClickRow = Omit<PackClick, "window"> & { window_id: number };

/** Reads the apps asked for into a pack's content, in one read of the database. */
export function exportGraph(store: Store, request: ExportRequest): GraphExport {
  const all = store.all<AppRow>("pack_apps");
  const chosen = chooseApps(all, request.apps);
  if (!chosen.ok) return chosen;
  const leftOut: ExportSummary["left_out"] = [];
  const apps: AppRow[] = [];
  for (const app of chosen.apps) {
    const entry = deniedEntry(request.policy, app.name);
    if (entry === null) apps.push(app);
    else leftOut.push({ app: app.name, why: `on the deny list (entry "${entry}")` });
  }
  if (request.apps.length > 0 && apps.length === 0) {
    return { ok: false, text: `nothing to export: ${leftOut.map((l) => `${l.app} is ${l.why}`).join("; ")}` };
  }
  const typed = typedTexts(store);
  const words = new TypedWords(store).reader();
  const body: PackBody = { apps: [], windows: [], glyphs: [], transitions: [], clicks: [] };
  let typedLeftOut = 0;
  const exported = new Set<number>();
  let textBytes = 0;
  let notRead = 0;
  for (const app of apps) {
    for (const w of store.all<WindowRow>("pack_windows_of_app", { app_id: app.id })) {
      if (request.maxTextBytes !== undefined && textBytes > request.maxTextBytes) {
        notRead++;
        continue;
      }
      const elements = store.all<ElementRow>("pack_elements_of_window", { window_id: w.id })
        .flatMap((e) => {
          const own = typed.covers(e.text) ? null : words.redact(e.text).text;
          if (own === null) typedLeftOut++;
          return own === null ? [] : [{ ...e, text: own }];
        });
      const { id, ...fields } = w;
      fields.title = words.redact(fields.title).text ?? TYPED_MARK;
      fields.identity = cleanIdentity(fields.identity, (part) => words.redact(part).text ?? TYPED_MARK);
      textBytes += elements.reduce((n, e) => n + e.text.length, w.title.length);
      body.windows.push({ key: id, app: app.name, ...fields, elements });
      exported.add(id);
    }
  }
  for (const app of apps) {
    body.apps.push(packApp(app, exported));
    for (const g of store.all<GlyphRow>("pack_named_glyphs_of_app", { app_id: app.id })) {
      const places = store.all<PlaceRow>("pack_places_of_glyph", { glyph_id: g.id })
        .filter((p) => exported.has(p.window_id))
        .map(({ window_id, ...p }) => ({ window: window_id, ...p }));
      const { id: _, ...fields } = g;
      body.glyphs.push({ app: app.name, ...fields, places });
    }
    for (const t of store.all<TransitionRow>("pack_transitions_of_app", { app_id: app.id })) {
      // A transition into a window left out (another app, or a denied one) would point nowhere.
      if (!exported.has(t.to_window)) continue;
      const { from_window, to_window, ...fields } = t;
      body.transitions.push({ from: from_window, to: to_window, ...fields, via: fields.via ?? null });
    }
    for (const c of store.all<ClickRow>("pack_clicks_of_app", { app_id: app.id })) {
      const { window_id, ...fields } = c;
      body.clicks.push({ window: window_id, ...fields });
    }
  }
  return {
    ok: true,
    body,
    summary: {
      apps: body.apps.map((a) => a.name),
      windows: body.windows.length,
      texts: body.windows.reduce((n, w) => n + w.elements.length, 0),
      glyphs: body.glyphs.length,
      transitions: body.transitions.length,
      clicks: body.clicks.length,
      left_out: leftOut,
      typed_texts_left_out: typedLeftOut,
      windows_not_read: notRead,
    },
  };
}

function packApp(app: AppRow, exported: Set<number>): PackApp {
  return {
    name: app.name,
    version: app.version,
    version_seen: app.version_seen,
    first_seen: app.first_seen,
    last_seen: app.last_seen,
    last_window: app.last_window !== null && exported.has(app.last_window) ? app.last_window : null,
  };
}

/** The apps named (each exactly, case aside, or else by a piece), or all; an unknown name is an error. */
function chooseApps(
  all: AppRow[],
  names: string[],
): { ok: true; apps: AppRow[] } | { ok: false; text: string } {
  if (names.length === 0) return { ok: true, apps: all };
  const out = new Map<number, AppRow>();
  for (const asked of names) {
    const want = normaliseText(asked);
    const exact = all.filter((a) => normaliseText(a.name) === want);
    const found = exact.length > 0 ? exact : all.filter((a) => normaliseText(a.name).includes(want));
    if (found.length === 0) {
      return {
        ok: false,
        text: `no app named "${asked}" in memory; known apps: ${all.map((a) => a.name).join(", ") || "none"}`,
      };
    }
    if (found.length > 1) {
      return {
        ok: false,
        text: `"${asked}" names ${found.length} apps (${
          found.map((a) => a.name).join(", ")
        }); give one of those names whole`,
      };
    }
    out.set(found[0].id, found[0]);
  }
  return { ok: true, apps: [...out.values()] };
}

/** Shortest text worth holding against typed text kept whole: a shorter piece of it is everywhere. */
const MIN_TYPED_PIECE = 4;

/** What choto typed, as the audit log remembers it, and a test of whether a read text is one of those. */
function typedTexts(store: Store): { covers(text: string): boolean } {
  const rows = store.all<{ text_sha256: string; text: string | null }>("pack_typed_texts");
  const hashes = new Set(rows.map((r) => r.text_sha256));
  const kept = rows.flatMap((r) => (r.text === null ? [] : [normaliseText(r.text)]));
  return {
    covers(text: string): boolean {
      if (hashes.has(createHash("sha256").update(text).digest("hex"))) return true;
      const t = normaliseText(text);
      return t.length >= MIN_TYPED_PIECE && kept.some((k) => k.includes(t));
    },
  };
}
