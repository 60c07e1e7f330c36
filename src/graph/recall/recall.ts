/**
 * Gathers what the interface graph knows for one `recall` question. Pure
 * reading: nothing here writes to the database or looks at the screen.
 *
 * The result ({@link RecallData}) is plain data with snake_case fields and
 * ISO times, so the tool can hand it out as structuredContent unchanged and
 * the renderer can write the text from exactly the same facts.
 *
 * @module
 */

import { matchText, normaliseText } from "../../common/match.ts";
import { readCoverage } from "../coverage.ts";
import type {
  AppFacts,
  Coverage,
  Hit,
  Listed,
  RecallData,
  RouteFacts,
  TransitionFacts,
  WayIn,
  WindowDetail,
  WindowFacts,
  WindowRef,
} from "./schema.ts";
import { searchRanked } from "./search.ts";
import { cachedRouteMap, forgetRouteCache } from "../route_cache.ts";
import { formatRouteStep, type RouteEdge, type RouteMap } from "../routes.ts";
import type { Store } from "../../db/store.ts";
import type { Surface } from "../../perceive/surfaces.ts";
import type { NodeId } from "../identity.ts";

export type * from "./schema.ts";
export { forgetRouteCache };

/** A window not seen for this long is STALE. */
export const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** How many items each list holds before the size cap trims it further. */
export interface RecallLimits {
  apps: number;
  windows: number;
  elements: number;
  transitions: number;
  hits: number;
}

/** Default list sizes. */
export const DEFAULT_LIMITS: RecallLimits = {
  apps: 30,
  windows: 20,
  elements: 60,
  transitions: 30,
  hits: 8,
};

/** The question. Every field is optional, as in the tool. */
export interface RecallRequest {
  app?: string;
  window?: string;
  query?: string;
  fromWindow?: string;
  /** 1..3 levels of transitions to unfold (default 1). */
  depth?: number;
  /** Epoch milliseconds: the server's current time. */
  now: number;
  limits?: Partial<RecallLimits>;
}

/** Why a question cannot be answered, with what is known instead. */
export interface RecallProblem {
  now: string;
  problem: "unknown_app" | "unknown_window" | "unknown_from_window" | "empty_query";
  asked: string;
  known_apps: string[];
  known_windows: WindowRef[];
}

/** Either a reply or a refusal. */
export type RecallOutcome =
  | { ok: true; data: RecallData }
  | { ok: false; problem: RecallProblem };

interface AppRow {
  id: number;
  name: string;
  version: string | null;
  last_seen: number;
  last_window: number | null;
  window_count: number;
}

interface WindowRow {
  id: number;
  title: string;
  kind: string;
  app_version: string | null;
  seen_count: number;
  first_seen: number;
  last_seen: number;
  element_count: number;
  acted_in: number;
  has_way_in: number;
}

interface EdgeRow {
  from_window: number;
  to_window: number;
  action: string;
  text: string;
  scope: Surface;
  via?: string | null;
  count: number;
  last_seen: number;
  to_title?: string;
  from_title?: string;
}

interface BriefRow {
  id: number;
  app_id: number;
  title: string;
  kind: string;
  app_version: string | null;
  seen_count: number;
  last_seen: number;
  app_name: string;
  app_version_now: string | null;
  app_last_window: number | null;
}

/** ISO time of an epoch-ms value. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
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

/** Reads the graph to answer one question. */
export function gatherRecall(store: Store, request: RecallRequest): RecallOutcome {
  return new RecallReader(store, request).run();
}

class RecallReader {
  readonly #store: Store;
  readonly #req: RecallRequest;
  readonly #limits: RecallLimits;
  readonly #now: number;
  readonly #depth: number;
  readonly #titles = new Map<number, string>();
  readonly #notes: string[] = [];
  #apps: AppRow[] | null = null;
  /** The resolved from_window, when one was given. */
  #fromWindow: number | null = null;

  constructor(store: Store, req: RecallRequest) {
    this.#store = store;
    this.#req = req;
    this.#limits = { ...DEFAULT_LIMITS, ...req.limits };
    this.#now = req.now;
    this.#depth = Math.min(3, Math.max(1, Math.trunc(req.depth ?? 1)));
  }

  run(): RecallOutcome {
    const { app: appName, window, query } = this.#req;
    let app: AppRow | null = null;
    if (appName !== undefined && appName.trim() !== "") {
      app = this.#findApp(appName);
      if (!app) return this.#problem("unknown_app", appName, null);
    }
    const from = this.#req.fromWindow;
    if (from !== undefined && from.trim() !== "") {
      this.#fromWindow = this.#findWindow(from, app);
      if (this.#fromWindow === null) return this.#problem("unknown_from_window", from, app);
    }
    if (query !== undefined) {
      if (query.trim() === "") return this.#problem("empty_query", query, app);
      return this.#query(query, app);
    }
    if (window !== undefined && window.trim() !== "") {
      const found = this.#findWindow(window, app);
      if (!found) return this.#problem("unknown_window", window, app);
      return this.#windowFocus(found);
    }
    if (app) return this.#appFocus(app);
    return this.#appsFocus();
  }

  // ---- the three focuses and the search ----

  #appsFocus(): RecallOutcome {
    const rows = this.#allApps();
    return this.#done({
      focus: "apps",
      apps: {
        items: rows.slice(0, this.#limits.apps).map((r) => this.#appFacts(r)),
        total: rows.length,
      },
      coverage: this.#coverage(null),
    });
  }

  #appFocus(app: AppRow): RecallOutcome {
    const rows = this.#store.all<WindowRow>("recall_app_windows", { app_id: app.id });
    for (const r of rows) this.#titles.set(r.id, r.title);
    const data: Partial<RecallData> = {
      focus: "app",
      app: this.#appFacts(app),
      windows: {
        items: rows.slice(0, this.#limits.windows).map((r) => this.#windowFacts(r, app.version)),
        total: rows.length,
      },
      coverage: this.#coverage(app),
    };
    if (app.last_window !== null) {
      const detail = this.#windowDetail(app.last_window);
      if (detail) data.window = detail;
    }
    return this.#done(data);
  }

  #windowFocus(node: NodeId): RecallOutcome {
    const detail = this.#windowDetail(node)!;
    const appId = this.#brief(node)!.app_id;
    const app = this.#allApps().find((a) => a.id === appId)!;
    const start = this.#startFor(app.id, app.last_window);
    return this.#done({
      focus: "window",
      app: this.#appFacts(app),
      window: detail,
      route_here: this.#routeFacts(app.id, start, node),
      coverage: this.#coverage(app),
    });
  }

  #query(query: string, app: AppRow | null): RecallOutcome {
    let onlyWindow: number | null = null;
    if (this.#req.window !== undefined && this.#req.window.trim() !== "") {
      onlyWindow = this.#findWindow(this.#req.window, app);
      if (onlyWindow === null) return this.#problem("unknown_window", this.#req.window, app);
    }
    const ranked = searchRanked(this.#store, query, app?.id ?? null, onlyWindow);
    const hits: Hit[] = [];
    for (const c of ranked.slice(0, this.#limits.hits)) {
      const b = this.#brief(c.window_id)!;
      const start = this.#startFor(b.app_id, b.app_last_window);
      hits.push({
        app: b.app_name,
        window: { id: b.id, title: b.title },
        kind: c.kind,
        text: c.text,
        stage: c.stage,
        score: c.score,
        last_seen: iso(b.last_seen),
        stale: staleReason(b.last_seen, b.app_version, b.app_version_now, this.#now),
        route: this.#routeFacts(b.app_id, start, b.id),
      });
    }
    return this.#done({
      focus: "query",
      query,
      app: app ? this.#appFacts(app) : undefined,
      hits: { items: hits, total: ranked.length },
      coverage: this.#coverage(app),
    });
  }

  // ---- windows ----

  #windowDetail(node: NodeId): WindowDetail | null {
    const row = this.#store.get<
      (WindowRow & { app_id: number; app_name: string; app_version_now: string | null })
    >("recall_window", { id: node });
    if (!row) return null;
    this.#titles.set(row.id, row.title);
    const elements = (this.#store.all<{ text: string; nth: number }>("recall_window_elements", {
      window_id: node,
      limit: this.#limits.elements,
    })).map((e) => e.text);
    const icons = this.#store.all<{
      label: string | null;
      n: number;
    }>("recall_window_icons", { window_id: node });
    const into = this.#store.all<EdgeRow>("recall_transitions_into", {
      window_id: node,
    });
    const transitions = this.#unfold(node);
    return {
      window: this.#windowFacts(row, row.app_version_now),
      elements: { items: elements, total: row.element_count },
      icons: {
        named: icons.filter((i) => i.label !== null).map((i) => i.label!),
        unnamed: icons.filter((i) => i.label === null).reduce((s, i) => s + i.n, 0),
      },
      transitions,
      ways_in: {
        items: into.slice(0, this.#limits.transitions).map((e) => this.#wayIn(e)),
        total: into.length,
      },
    };
  }

  /** Outgoing transitions, unfolded depth-first up to the requested depth. */
  #unfold(root: number): Listed<TransitionFacts> {
    const printed = new Set<number>([root]);
    const lines: TransitionFacts[] = [];
    let total = 0;
    const visit = (node: NodeId, level: number) => {
      const edges = this.#store.all<EdgeRow>("recall_transitions_from", {
        window_id: node,
      });
      total += edges.length;
      for (const e of edges) {
        this.#titles.set(e.to_window, e.to_title!);
        const shownAbove = printed.has(e.to_window);
        if (lines.length < this.#limits.transitions) {
          lines.push({
            level,
            from_id: node,
            action: e.action,
            text: e.text,
            scope: e.scope,
            via: e.via ?? null,
            count: e.count,
            last_seen: iso(e.last_seen),
            to_id: e.to_window,
            to_title: e.to_title!,
            shown_above: shownAbove,
          });
        }
        if (shownAbove) continue;
        printed.add(e.to_window);
        if (level < this.#depth) visit(e.to_window, level + 1);
      }
    };
    visit(root, 1);
    return { items: lines, total };
  }

  #findWindow(piece: string, app: AppRow | null): number | null {
    const asked = piece.trim();
    const byId = /^#?(\d+)$/.exec(asked);
    if (byId && asked.startsWith("#")) {
      const brief = this.#brief(Number(byId[1]));
      if (!brief || (app && brief.app_id !== app.id)) return null;
      return brief.id;
    }
    const apps = app ? [app] : this.#allApps();
    const windows: Array<{ id: number; title: string; last_seen: number }> = [];
    for (const a of apps) {
      windows.push(
        ...(this.#store.all<WindowRow>("recall_app_windows", { app_id: a.id })),
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
        this.#notes.push(
          `window "${asked}" also matches ${pool.slice(1, 4).map((w) => `#${w.id} "${w.title}"`).join(", ")}${
            pool.length > 4 ? ` and ${pool.length - 4} more` : ""
          }; showing the most recent`,
        );
      }
      return pool[0].id;
    }
    let best: { id: number; score: number } | null = null;
    for (const w of windows) {
      const m = matchText(asked, w.title);
      if (m && (!best || m.score > best.score)) best = { id: w.id, score: m.score };
    }
    return best?.id ?? null;
  }

  /**
   * The route start for a window of `appId`: from_window when it names a
   * window of that app, else where the app was last seen.
   */
  #startFor(appId: number, lastWindow: number | null): number | null {
    const from = this.#fromWindow;
    if (from !== null && this.#brief(from)?.app_id === appId) return from;
    return lastWindow;
  }

  #routeFacts(appId: number, start: number | null, target: number): RouteFacts {
    const startRef = start === null ? null : this.#ref(start);
    if (start === null) {
      return {
        from: null,
        steps: null,
        missing: { start: null, start_reaches: 0, start_acted_in: false, ways_in: this.#waysIn(target) },
      };
    }
    const map = this.#routeMap(appId);
    const route = map.route(start, target);
    if (route) {
      return { from: startRef, steps: route.map((e) => this.#step(e)), missing: null };
    }
    const startRow = this.#store.get<{ acted_in: number }>("recall_window", { id: start });
    return {
      from: startRef,
      steps: null,
      missing: {
        start: startRef,
        start_reaches: map.reachableFrom(start).length,
        start_acted_in: Boolean(startRow?.acted_in),
        ways_in: this.#waysIn(target),
      },
    };
  }

  #waysIn(target: number): WayIn[] {
    const rows = this.#store.all<EdgeRow>("recall_transitions_into", { window_id: target });
    return rows.slice(0, 3).map((e) => this.#wayIn(e));
  }

  #wayIn(e: EdgeRow): WayIn {
    this.#titles.set(e.from_window, e.from_title!);
    const fromRow = this.#store.get<{ has_way_in: number }>("recall_window", { id: e.from_window })!;
    return {
      from: { id: e.from_window, title: e.from_title! },
      action: e.action,
      text: e.text,
      scope: e.scope,
      via: e.via ?? null,
      from_has_way_in: Boolean(fromRow?.has_way_in),
    };
  }

  #step(edge: RouteEdge): string {
    return formatRouteStep(edge, (id) => this.#ref(id).title);
  }

  readonly #routes = new Map<number, RouteMap>();
  #routeMap(appId: number): RouteMap {
    let map = this.#routes.get(appId);
    if (!map) this.#routes.set(appId, map = cachedRouteMap(this.#store, appId, this.#now));
    return map;
  }

  #ref(id: number): WindowRef {
    let title = this.#titles.get(id);
    if (title === undefined) {
      title = this.#brief(id)?.title ?? "?";
      this.#titles.set(id, title);
    }
    return { id, title };
  }

  readonly #briefs = new Map<number, BriefRow | null>();
  #brief(id: number): BriefRow | null {
    if (!this.#briefs.has(id)) {
      const row = this.#store.get<BriefRow>("recall_window_brief", { id });
      this.#briefs.set(id, row ?? null);
      if (row) this.#titles.set(id, row.title);
    }
    return this.#briefs.get(id)!;
  }

  // ---- apps ----

  #allApps(): AppRow[] {
    return (this.#apps ??= this.#store.all<AppRow>("recall_apps"));
  }

  /** Exact name (case-insensitive) first, then a substring. */
  #findApp(name: string): AppRow | null {
    const want = normaliseText(name);
    const apps = this.#allApps();
    return apps.find((a) => normaliseText(a.name) === want) ??
      apps.find((a) => normaliseText(a.name).includes(want)) ?? null;
  }

  #appFacts(app: AppRow): AppFacts {
    return {
      name: app.name,
      version: app.version,
      windows: app.window_count,
      last_seen: iso(app.last_seen),
      last_window: app.last_window === null ? null : this.#ref(app.last_window),
    };
  }

  #windowFacts(r: WindowRow, appVersion: string | null): WindowFacts {
    return {
      id: r.id,
      title: r.title,
      kind: r.kind,
      seen_count: r.seen_count,
      first_seen: iso(r.first_seen),
      last_seen: iso(r.last_seen),
      stale: staleReason(r.last_seen, r.app_version, appVersion, this.#now),
      elements: r.element_count,
      acted_in: Boolean(r.acted_in),
      has_way_in: Boolean(r.has_way_in),
    };
  }

  // ---- coverage and framing ----

  #coverage(app: AppRow | null): Coverage {
    const c = readCoverage(this.#store, app?.id ?? null);
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

  #done(data: Partial<RecallData>): RecallOutcome {
    const full: RecallData = {
      now: iso(this.#now),
      focus: data.focus!,
      depth: this.#depth,
      ...data,
      coverage: data.coverage!,
      notes: this.#notes,
    };
    for (const key of Object.keys(full) as Array<keyof RecallData>) {
      if (full[key] === undefined) delete full[key];
    }
    return { ok: true, data: full };
  }

  #problem(
    problem: RecallProblem["problem"],
    asked: string,
    app: AppRow | null,
  ): RecallOutcome {
    const knownWindows = app
      ? (this.#store.all<WindowRow>("recall_app_windows", { app_id: app.id }))
        .slice(0, 15)
        .map((w) => ({ id: w.id, title: w.title }))
      : [];
    return {
      ok: false,
      problem: {
        now: iso(this.#now),
        problem,
        asked,
        known_apps: this.#allApps().slice(0, 20).map((a) => a.name),
        known_windows: knownWindows,
      },
    };
  }
}
