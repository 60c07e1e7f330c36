/**
 * Merging a pack's content into the interface graph. The rules:
 * - a window is one node per app and identity: the pack's and this
 *   machine's sightings of "the same window" become one node, whose title,
 *   size, texts and icon places stay as this machine saw them (the pack's
 *   count and first sighting widen it): a pack's date is its author's
 *   claim, so it never replaces what was seen here;
 * - an app keeps the build seen here; the pack's fills it only when none was;
 * - a glyph is one per drawing of an app (same hash, or a drawing close
 *   enough to be the same): a pack's name fills a nameless glyph, stored as
 *   named "from a pack" whatever the pack says its source was, and never
 *   replaces a name given here (the two are reported);
 * - transitions and clicks add up as "walked by either": the larger count,
 *   the wider span of time, so importing a pack twice changes nothing;
 * - apps on this machine's deny list are left out whole.
 *
 * Call it inside one transaction: a pack is merged whole or not at all.
 *
 * @module
 */

import { deniedEntry, type Policy } from "../../common/policy.ts";
import type { Store } from "../../db/store.ts";
import { sameDrawing } from "../../perceive/phash.ts";
import { normaliseTitle } from "../identity.ts";
import type { NodeId } from "../identity.ts";
import type { PackBody, PackGlyph, PackWindow } from "./body.ts";

/** The source an imported icon name is stored with: a pack cannot prove where its names came from. */
export const PACK_SOURCE = "pack";

/** One icon named differently here and in the pack: the name given here is kept. */
export interface LabelConflict {
  app: string;
  /** The drawing's hash. */
  phash: string;
  /** This machine's name. */
  kept: NamedBy;
  /** The pack's name, not taken. */
  offered: NamedBy;
}

/** A name, where it is from, and when it was given. */
export interface NamedBy {
  label: string;
  /** "pack" or "here" (this machine). */
  side: "pack" | "here";
  /** Where the name came from: on the pack's side, the source it claims. */
  from: string | null;
  at: number;
}

/** What a merge did, counted. */
export interface MergeReport {
  apps: { added: number; merged: number };
  windows: { added: number; updated: number; kept: number };
  /** Texts written into windows from the pack. */
  texts: number;
  glyphs: { added: number; named: number; unchanged: number; conflicts: LabelConflict[] };
  transitions: { added: number; merged: number };
  clicks: number;
  /** Apps left out, each with why. */
  left_out: Array<{ app: string; why: string }>;
  /** Entries pointing at windows the pack does not hold (never in an export; a hand-made pack might). */
  dangling: number;
}

interface LocalApp {
  id: number;
  version: string | null;
  version_seen: number | null;
  first_seen: number;
  last_seen: number;
}

interface LocalGlyph {
  id: number;
  phash: string;
  w: number;
  h: number;
  label: string | null;
  label_from: string | null;
  label_at: number | null;
  last_seen: number;
}

/** What a merge did, and which node here each of the pack's windows became. */
export interface Merged {
  report: MergeReport;
  nodeOf(key: number): NodeId | undefined;
}

/** Merges `body` into the graph; run inside a transaction. */
export function mergeGraph(store: Store, body: PackBody, policy: Policy): Merged {
  const merge = new Merge(store, policy, body);
  return { report: merge.run(body), nodeOf: (key) => merge.nodeOf(key) };
}

/** The identity this choto gives a pack's window: the kind part as written, the title folded anew. */
function identityHere(w: PackWindow): string {
  const bar = w.identity.indexOf("|");
  const structure = bar > 0 ? w.identity.slice(0, bar) : w.kind;
  return `${structure}|${normaliseTitle(w.title)}`;
}

class Merge {
  readonly report: MergeReport = {
    apps: { added: 0, merged: 0 },
    windows: { added: 0, updated: 0, kept: 0 },
    texts: 0,
    glyphs: { added: 0, named: 0, unchanged: 0, conflicts: [] },
    transitions: { added: 0, merged: 0 },
    clicks: 0,
    left_out: [],
    dangling: 0,
  };
  /** App name → its row here. */
  readonly #apps = new Map<string, LocalApp>();
  /** Pack window key → node here. */
  readonly #nodes = new Map<number, NodeId>();
  /** Nodes whose sighting came from the pack: their icon places are the pack's too. */
  readonly #fromPack = new Set<NodeId>();
  /** Every window key of the pack, so an entry into a left-out app is not taken for a dangling one. */
  readonly #keys: Set<number>;

  constructor(readonly store: Store, readonly policy: Policy, body: PackBody) {
    this.#keys = new Set(body.windows.map((w) => w.key));
  }

  run(body: PackBody): MergeReport {
    for (const app of body.apps) this.#app(app);
    // Oldest first: when two of the pack's windows fold into one node here, the newer one lands last.
    for (const w of [...body.windows].sort((a, b) => a.last_seen - b.last_seen)) this.#window(w);
    for (const g of body.glyphs) this.#glyph(g);
    for (const t of body.transitions) this.#transition(t);
    for (const c of body.clicks) this.#click(c);
    for (const app of body.apps) this.#lastWindow(app);
    return this.report;
  }

  #app(app: PackBody["apps"][number]): void {
    if (this.#apps.has(app.name)) return;
    const entry = deniedEntry(this.policy, app.name);
    if (entry !== null) {
      this.report.left_out.push({ app: app.name, why: `on this machine's deny list (entry "${entry}")` });
      return;
    }
    const here = this.store.get<LocalApp>("pack_find_app", { name: app.name });
    if (!here) {
      const { id } = this.store.get<{ id: number }>("pack_insert_app", {
        name: app.name,
        version: app.version,
        version_seen: app.version_seen,
        first_seen: app.first_seen,
        last_seen: app.last_seen,
      })!;
      // Not seen here before: the pack's last window is where its routes start.
      this.#apps.set(app.name, {
        id,
        version: app.version,
        version_seen: app.version_seen,
        first_seen: app.first_seen,
        last_seen: -1,
      });
      this.report.apps.added++;
      return;
    }
    // The build seen here is the build the app is here: a pack fills it only when none was seen.
    const packBuild = app.version !== null && here.version === null;
    const merged: LocalApp = {
      id: here.id,
      version: packBuild ? app.version : here.version,
      version_seen: packBuild ? app.version_seen : here.version_seen,
      first_seen: Math.min(here.first_seen, app.first_seen),
      last_seen: Math.max(here.last_seen, app.last_seen),
    };
    this.store.q("pack_update_app").run({ ...merged });
    // Compared with the pack's when choosing where routes start.
    this.#apps.set(app.name, { ...merged, last_seen: here.last_seen });
    this.report.apps.merged++;
  }

  #window(w: PackWindow): void {
    const app = this.#apps.get(w.app);
    if (!app || deniedEntry(this.policy, w.app) !== null) return;
    const identity = identityHere(w);
    const here = this.store.get<{ id: number; seen_count: number; first_seen: number; last_seen: number }>(
      "find_window",
      { app_id: app.id, identity },
    );
    let node: NodeId;
    if (!here) {
      node = this.store.get<{ id: number }>("pack_insert_window", {
        app_id: app.id,
        identity,
        title: w.title,
        kind: w.kind,
        width: w.width,
        height: w.height,
        app_version: w.app_version,
        seen_count: w.seen_count,
        first_seen: w.first_seen,
        last_seen: w.last_seen,
      })!.id;
      this.report.windows.added++;
    } else if (this.#fromPack.has(here.id) && w.last_seen > here.last_seen) {
      // Two of the pack's windows fold into one node here: the pack's newer one is its sighting.
      node = here.id;
      this.store.q("pack_update_window").run({
        id: node,
        title: w.title,
        width: w.width,
        height: w.height,
        app_version: w.app_version,
        seen_count: Math.max(here.seen_count, w.seen_count),
        first_seen: Math.min(here.first_seen, w.first_seen),
        last_seen: w.last_seen,
      });
      this.store.q("pack_clear_elements").run({ window_id: node });
      this.store.q("pack_clear_places").run({ window_id: node });
      this.report.windows.updated++;
    } else {
      this.#nodes.set(w.key, here.id);
      if (!this.#fromPack.has(here.id)) {
        this.store.q("pack_widen_window").run({
          id: here.id,
          seen_count: w.seen_count,
          first_seen: w.first_seen,
        });
        this.report.windows.kept++;
      }
      return;
    }
    this.#nodes.set(w.key, node);
    this.#fromPack.add(node);
    for (const e of w.elements) this.store.q("pack_insert_element").run({ window_id: node, ...e });
    this.report.texts += w.elements.length;
  }

  #glyph(g: PackGlyph): void {
    const app = this.#apps.get(g.app);
    if (!app) return;
    const here = this.store.all<LocalGlyph>("pack_glyphs_of_app", { app_id: app.id });
    const drawing = { hash: g.phash, w: g.w, h: g.h };
    const match = here.find((l) => l.phash === g.phash) ??
      here.find((l) => sameDrawing({ hash: l.phash, w: l.w, h: l.h }, drawing));
    let id: number;
    if (!match) {
      id = this.store.get<{ id: number }>("pack_insert_glyph", {
        app_id: app.id,
        phash: g.phash,
        w: g.w,
        h: g.h,
        label: g.label,
        label_from: PACK_SOURCE,
        label_at: g.label_at,
        first_seen: g.first_seen,
        last_seen: g.last_seen,
      })!.id;
      this.report.glyphs.added++;
    } else {
      id = match.id;
      this.store.q("pack_widen_glyph").run({ id, first_seen: g.first_seen, last_seen: g.last_seen });
      this.#name(g, match);
    }
    for (const p of g.places) {
      const node = this.#nodes.get(p.window);
      if (node === undefined) {
        if (!this.#knownKey(p.window)) this.report.dangling++;
        continue;
      }
      if (!this.#fromPack.has(node)) continue;
      const { window: _, ...place } = p;
      this.store.q("pack_insert_place").run({ glyph_id: id, window_id: node, ...place });
    }
  }

  /** Gives a nameless glyph the pack's name; a name given here stays, and the two are reported. */
  #name(g: PackGlyph, here: LocalGlyph): void {
    const pack: NamedBy = { label: g.label, side: "pack", from: g.label_from, at: g.label_at ?? g.last_seen };
    if (here.label === null) {
      this.store.q("pack_name_glyph").run({
        id: here.id,
        label: g.label,
        label_from: PACK_SOURCE,
        label_at: pack.at,
      });
      this.report.glyphs.named++;
      return;
    }
    if (here.label === g.label) {
      this.report.glyphs.unchanged++;
      return;
    }
    const mine: NamedBy = {
      label: here.label,
      side: "here",
      from: here.label_from,
      at: here.label_at ?? here.last_seen,
    };
    this.report.glyphs.conflicts.push({ app: g.app, phash: g.phash, kept: mine, offered: pack });
  }

  #transition(t: PackBody["transitions"][number]): void {
    const from = this.#nodes.get(t.from);
    const to = this.#nodes.get(t.to);
    if (from === undefined || to === undefined) {
      if (!this.#knownKey(t.from) || !this.#knownKey(t.to)) this.report.dangling++;
      return;
    }
    const key = { from_window: from, to_window: to, action: t.action, text: t.text, scope: t.scope };
    const here = this.store.get<{ id: number; last_seen: number; via: string | null }>(
      "pack_find_transition",
      key,
    );
    let id: number;
    if (!here) {
      id = this.store.get<{ id: number }>("pack_insert_transition", {
        ...key,
        count: t.count,
        first_seen: t.first_seen,
        last_seen: t.last_seen,
      })!.id;
      this.report.transitions.added++;
    } else {
      id = here.id;
      this.store.q("pack_widen_transition").run({
        id,
        count: t.count,
        first_seen: t.first_seen,
        last_seen: t.last_seen,
      });
      this.report.transitions.merged++;
    }
    // The menu last walked through is the one a route should name.
    if (t.via !== null && (!here || here.via === null || t.last_seen > here.last_seen)) {
      this.store.q("set_transition_via").run({ transition_id: id, via: t.via });
    }
  }

  #click(c: PackBody["clicks"][number]): void {
    const node = this.#nodes.get(c.window);
    if (node === undefined) {
      if (!this.#knownKey(c.window)) this.report.dangling++;
      return;
    }
    const { window: _, ...click } = c;
    this.store.q("pack_upsert_click").run({ window_id: node, ...click });
    this.report.clicks++;
  }

  /** Where routes start: the pack's last window of an app this machine had not seen. */
  #lastWindow(app: PackBody["apps"][number]): void {
    const here = this.#apps.get(app.name);
    if (!here || app.last_window === null || here.last_seen !== -1) return;
    const node = this.#nodes.get(app.last_window);
    if (node !== undefined) this.store.q("set_app_last_window").run({ app_id: here.id, window_id: node });
  }

  /** The node here a pack window became, if its app was merged. */
  nodeOf(key: number): NodeId | undefined {
    return this.#nodes.get(key);
  }

  /** True when `key` is a window of the pack (its app may have been left out). */
  #knownKey(key: number): boolean {
    return this.#keys.has(key);
  }
}
