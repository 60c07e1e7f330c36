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

import { createMatcher, foldText, matchText, normaliseText, synonymsOf } from "../common/match.ts";
import type { MatchStage } from "../common/match.ts";
import { readCoverage, routeEdgesVersion } from "./coverage.ts";
import { formatRouteStep, loadRouteMap, type RouteEdge, type RouteMap } from "./routes.ts";
import type { Store } from "./store.ts";
import type { Scope } from "./transitions.ts";

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

/** A list that may hold fewer items than exist. */
export interface Listed<T> {
  items: T[];
  total: number;
}

/** A window, by id and title. */
export interface WindowRef {
  id: number;
  title: string;
}

/** One known app. */
export interface AppFacts {
  name: string;
  version: string | null;
  windows: number;
  last_seen: string;
  /** Where the app was last read: where routes start. */
  last_window: WindowRef | null;
}

/** One window node with its coverage flags. */
export interface WindowFacts {
  id: number;
  title: string;
  kind: string;
  seen_count: number;
  first_seen: string;
  last_seen: string;
  /** Why the window is STALE, or null when it is not. */
  stale: string | null;
  elements: number;
  /** Something was ever clicked in it (either surface). */
  acted_in: boolean;
  /** A recorded transition leads into it. */
  has_way_in: boolean;
}

/** One transition line; `level` 1 leaves the focused window. */
export interface TransitionFacts {
  level: number;
  from_id: number;
  action: string;
  text: string;
  scope: Scope;
  /** The menu opened just before this chrome-scope click, if any. */
  via: string | null;
  count: number;
  last_seen: string;
  to_id: number;
  to_title: string;
  /** The target window was already printed above (a cycle or a shared window). */
  shown_above: boolean;
}

/** A recorded way into a window that the start cannot reach. */
export interface WayIn {
  from: WindowRef;
  action: string;
  text: string;
  scope: Scope;
  /** The menu opened just before this chrome-scope click, if any. */
  via: string | null;
  /** Whether any recorded transition leads into `from` itself. */
  from_has_way_in: boolean;
}

/** What is missing when there is no route. */
export interface NoRoute {
  /** The starting window, or null when the app was never read in one. */
  start: WindowRef | null;
  /** How many windows the start reaches through recorded transitions. */
  start_reaches: number;
  /** Whether anything was ever clicked in the start. */
  start_acted_in: boolean;
  ways_in: WayIn[];
}

/** How to get to a window: the plan, or what is missing. */
export interface RouteFacts {
  from: WindowRef | null;
  /** execute_plan steps in order ([] when already there); null when no route. */
  steps: string[] | null;
  missing: NoRoute | null;
}

/** What a query hit matched on. */
export type HitKind = "element" | "icon" | "window";
/** The matcher's stages, plus "partial": the text only contains the query. */
export type HitStage = MatchStage | "partial";

/** One answer to "where is X". */
export interface Hit {
  app: string;
  window: WindowRef;
  kind: HitKind;
  text: string;
  stage: HitStage;
  score: number;
  last_seen: string;
  stale: string | null;
  route: RouteFacts;
}

/** One window's contents. */
export interface WindowDetail {
  window: WindowFacts;
  elements: Listed<string>;
  icons: { named: string[]; unnamed: number };
  transitions: Listed<TransitionFacts>;
  ways_in: Listed<WayIn>;
}

/** What the map does not know, for the apps the reply covers. */
export interface Coverage {
  scope: string;
  windows: number;
  never_clicked_in: number;
  seen_once: number;
  no_way_in: number;
  controls_known: number;
  controls_clicked: number;
}

/** Everything one reply says. */
export interface RecallData {
  now: string;
  focus: "apps" | "app" | "window" | "query";
  depth: number;
  apps?: Listed<AppFacts>;
  app?: AppFacts;
  windows?: Listed<WindowFacts>;
  window?: WindowDetail;
  route_here?: RouteFacts;
  query?: string;
  hits?: Listed<Hit>;
  coverage: Coverage;
  notes: string[];
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
  scope: Scope;
  via?: string | null;
  count: number;
  last_seen: number;
  to_title?: string;
  from_title?: string;
}

/** A search candidate with what ranking needs from its window. */
interface Candidate {
  text: string;
  kind: HitKind;
  window_id: number;
  app_id: number;
  last_seen: number;
}

/** A candidate the matcher (or the containment fallback) accepted. */
interface Ranked extends Candidate {
  stage: HitStage;
  score: number;
}

const HIT_ORDER: Record<HitStage, number> = { exact: 0, fuzzy: 1, semantic: 2, partial: 3 };

/**
 * Ranks candidates with the shared matcher; texts that only contain the
 * query come last as "partial" (a step would have to name the full text).
 */
function rankCandidates(query: string, candidates: Iterable<Candidate>): Ranked[] {
  const folded = foldText(query);
  const matcher = createMatcher(query);
  const out: Ranked[] = [];
  for (const c of candidates) {
    const m = matcher(c.text);
    if (m) {
      out.push({ ...c, stage: m.stage, score: m.score });
      continue;
    }
    const fc = foldText(c.text);
    if (folded.length > 0 && fc.includes(folded)) {
      out.push({ ...c, stage: "partial", score: Math.round((folded.length / fc.length) * 1000) / 1000 });
    }
  }
  return out.sort((a, b) =>
    HIT_ORDER[a.stage] - HIT_ORDER[b.stage] || b.score - a.score || b.last_seen - a.last_seen
  );
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

/**
 * Route graphs are kept per store and app, keyed on the app's edges version
 * (which triggers change whenever one of its transitions does, whoever
 * writes), so a click, a sighting or another app's transition leaves them
 * valid. Route weights age with time, so a graph is also rebuilt after an hour.
 */
interface CachedRoutes {
  version: number;
  builtAt: number;
  map: RouteMap;
}
const ROUTES_TTL_MS = 60 * 60 * 1000;
const routeCaches = new WeakMap<Store, Map<number, CachedRoutes>>();

/** Drops the route graphs cached for a store (the next questions rebuild them). */
export function forgetRouteCache(store: Store): void {
  routeCaches.delete(store);
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
    const rows = this.#store.q("recall_app_windows").all({ app_id: app.id }) as unknown as WindowRow[];
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

  #windowFocus(windowId: number): RecallOutcome {
    const detail = this.#windowDetail(windowId)!;
    const appId = this.#brief(windowId)!.app_id;
    const app = this.#allApps().find((a) => a.id === appId)!;
    const start = this.#startFor(app.id, app.last_window);
    return this.#done({
      focus: "window",
      app: this.#appFacts(app),
      window: detail,
      route_here: this.#routeFacts(app.id, start, windowId),
      coverage: this.#coverage(app),
    });
  }

  #query(query: string, app: AppRow | null): RecallOutcome {
    let onlyWindow: number | null = null;
    if (this.#req.window !== undefined && this.#req.window.trim() !== "") {
      onlyWindow = this.#findWindow(this.#req.window, app);
      if (onlyWindow === null) return this.#problem("unknown_window", this.#req.window, app);
    }
    const ranked = this.#searchRanked(query, app?.id ?? null, onlyWindow);
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

  // ---- search ----

  /** Every accepted candidate, best first: by stage, score, then freshness. */
  #searchRanked(query: string, appId: number | null, onlyWindow: number | null): Ranked[] {
    const candidates = new Map<string, Candidate>();
    const add = (rows: Candidate[]) => {
      for (const r of rows) {
        if (onlyWindow !== null && r.window_id !== onlyWindow) continue;
        candidates.set(`${r.window_id}\u0000${r.kind}\u0000${r.text}`, r);
      }
    };
    add(this.#candidatesFor(query, appId, false, 400));
    for (const term of synonymsOf(query)) add(this.#candidatesFor(term, appId, false, 100));
    let ranked = rankCandidates(query, candidates.values());
    if (!ranked.some((r) => r.stage !== "partial")) {
      // Nothing matched as written: widen to texts sharing pieces of the query (typos).
      add(this.#candidatesFor(query, appId, true, 400));
      ranked = rankCandidates(query, candidates.values());
    }
    return ranked;
  }

  /** Candidate texts for one term: trigram phrase search, or the short-text lookups. */
  #candidatesFor(term: string, appId: number | null, widen: boolean, limit: number): Candidate[] {
    const core = normaliseText(term).replace(/(\u2026|\.\.\.)$/, "").trim();
    const app_id = appId;
    if ([...core].length < 3) {
      if (widen || core === "") return [];
      const rows = this.#store.q("search_short_elements").all({
        lo: core,
        hi: core + "\uffff",
        app_id,
        limit,
      }) as unknown as Candidate[];
      const pattern = `%${core.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
      rows.push(
        ...(this.#store.q("search_short_titles_icons").all({
          pattern,
          app_id,
          limit,
        }) as unknown as Candidate[]),
      );
      return rows;
    }
    const match = widen ? widenedMatch(core) : phrase(core);
    if (match === null) return [];
    return this.#store.q("search_phrase").all({ match, app_id, limit }) as unknown as Candidate[];
  }

  // ---- windows ----

  #windowDetail(windowId: number): WindowDetail | null {
    const row = this.#store.q("recall_window").get({ id: windowId }) as
      | (WindowRow & { app_id: number; app_name: string; app_version_now: string | null })
      | undefined;
    if (!row) return null;
    this.#titles.set(row.id, row.title);
    const elements = (this.#store.q("recall_window_elements").all({
      window_id: windowId,
      limit: this.#limits.elements,
    }) as Array<{ text: string; nth: number }>).map((e) => e.text);
    const icons = this.#store.q("recall_window_icons").all({ window_id: windowId }) as Array<{
      label: string | null;
      n: number;
    }>;
    const into = this.#store.q("recall_transitions_into").all({
      window_id: windowId,
    }) as unknown as EdgeRow[];
    const transitions = this.#unfold(windowId);
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
    const visit = (windowId: number, level: number) => {
      const edges = this.#store.q("recall_transitions_from").all({
        window_id: windowId,
      }) as unknown as EdgeRow[];
      total += edges.length;
      for (const e of edges) {
        this.#titles.set(e.to_window, e.to_title!);
        const shownAbove = printed.has(e.to_window);
        if (lines.length < this.#limits.transitions) {
          lines.push({
            level,
            from_id: windowId,
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
        ...(this.#store.q("recall_app_windows").all({ app_id: a.id }) as unknown as WindowRow[]),
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
    const startRow = this.#store.q("recall_window").get({ id: start }) as { acted_in: number } | undefined;
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
    const rows = this.#store.q("recall_transitions_into").all({ window_id: target }) as unknown as EdgeRow[];
    return rows.slice(0, 3).map((e) => this.#wayIn(e));
  }

  #wayIn(e: EdgeRow): WayIn {
    this.#titles.set(e.from_window, e.from_title!);
    const fromRow = this.#store.q("recall_window").get({ id: e.from_window }) as { has_way_in: number };
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
    if (map) return map;
    let cache = routeCaches.get(this.#store);
    if (!cache) routeCaches.set(this.#store, cache = new Map());
    const version = routeEdgesVersion(this.#store, appId) ?? -1;
    const cached = cache.get(appId);
    if (cached && cached.version === version && Math.abs(this.#now - cached.builtAt) <= ROUTES_TTL_MS) {
      map = cached.map;
    } else {
      map = loadRouteMap(this.#store, appId, this.#now);
      cache.set(appId, { version, builtAt: this.#now, map });
    }
    this.#routes.set(appId, map);
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
      const row = this.#store.q("recall_window_brief").get({ id }) as BriefRow | undefined;
      this.#briefs.set(id, row ?? null);
      if (row) this.#titles.set(id, row.title);
    }
    return this.#briefs.get(id)!;
  }

  // ---- apps ----

  #allApps(): AppRow[] {
    return (this.#apps ??= this.#store.q("recall_apps").all() as unknown as AppRow[]);
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
      ? (this.#store.q("recall_app_windows").all({ app_id: app.id }) as unknown as WindowRow[])
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

/** An FTS5 phrase query for a piece of text, or null when it is too short for trigrams. */
function phrase(text: string): string | null {
  if ([...text].length < 3) return null;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A looser FTS5 query for typos: any of the query's halves (one edit leaves
 * at least one intact), or any of its trigrams when it is too short to halve.
 */
function widenedMatch(text: string): string | null {
  const chars = [...text];
  if (chars.length >= 6) {
    const mid = Math.floor(chars.length / 2);
    const parts = [chars.slice(0, mid).join(""), chars.slice(mid).join("")];
    return parts.map((p) => phrase(p)).filter((p) => p !== null).join(" OR ") || null;
  }
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(""));
  return [...grams].map((g) => phrase(g)).join(" OR ") || null;
}
