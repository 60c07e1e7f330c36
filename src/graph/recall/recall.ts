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

import type { Store } from "../../db/store.ts";
import type { NodeId } from "../identity.ts";
import { appFacts, coverageFacts, iso, staleReason, windowFacts } from "./facts.ts";
import { closestFirst, findApp, findWindow } from "./find.ts";
import { RouteFinder } from "./route_facts.ts";
import { type AppRow, type EdgeRow, RecallRows, type WindowRow } from "./rows.ts";
import type { Hit, Listed, RecallData, TransitionFacts, WindowDetail, WindowRef } from "./schema.ts";
import { searchRanked } from "./search.ts";

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
  problem:
    | "unknown_app"
    | "ambiguous_app"
    | "unknown_window"
    | "ambiguous_window"
    | "unknown_from_window"
    | "empty_query";
  asked: string;
  /** What an ambiguous name matched (apps, or windows as `#id title`). */
  candidates: string[];
  known_apps: string[];
  known_windows: WindowRef[];
  /** The app from_window narrowed the question to, when app_name did not name one. */
  narrowed_to?: string;
}

/** Either a reply or a refusal. */
export type RecallOutcome =
  | { ok: true; data: RecallData }
  | { ok: false; problem: RecallProblem };

/** Reads the graph to answer one question. */
export function gatherRecall(store: Store, request: RecallRequest): RecallOutcome {
  return new RecallReader(store, request).run();
}

class RecallReader {
  readonly #req: RecallRequest;
  readonly #limits: RecallLimits;
  readonly #now: number;
  readonly #depth: number;
  readonly #rows: RecallRows;
  readonly #routes: RouteFinder;
  readonly #notes: string[] = [];
  /** The resolved from_window, when one was given. */
  #fromWindow: NodeId | null = null;
  /** The app from_window narrowed the question to, when app_name named none. */
  #narrowedTo: string | null = null;

  constructor(store: Store, req: RecallRequest) {
    this.#req = req;
    this.#limits = { ...DEFAULT_LIMITS, ...req.limits };
    this.#now = req.now;
    this.#depth = Math.min(3, Math.max(1, Math.trunc(req.depth ?? 1)));
    this.#rows = new RecallRows(store);
    this.#routes = new RouteFinder(this.#rows, req.now);
  }

  run(): RecallOutcome {
    const { app: appName, window, query } = this.#req;
    let app: AppRow | null = null;
    if (appName !== undefined && appName.trim() !== "") {
      const hit = findApp(this.#rows, appName);
      if (hit.kind === "ambiguous") {
        return this.#problem("ambiguous_app", appName, null, hit.candidates.map((a) => a.name));
      }
      if (hit.kind === "none") return this.#problem("unknown_app", appName, null);
      app = hit.item;
    }
    const from = this.#req.fromWindow;
    if (from !== undefined && from.trim() !== "") {
      const found = this.#findWindow(from, app, "unknown_from_window");
      if (typeof found !== "number") return found;
      this.#fromWindow = found;
      // Routes run within one app: from_window narrows the question to its app, so it starts every route.
      const fromApp = this.#rows.brief(found)!.app_id;
      if (!app) {
        app = this.#rows.allApps().find((a) => a.id === fromApp) ?? null;
        this.#narrowedTo = app?.name ?? null;
      }
    }
    if (query !== undefined) {
      if (query.trim() === "") return this.#problem("empty_query", query, app);
      return this.#query(query, app);
    }
    if (window !== undefined && window.trim() !== "") {
      const found = this.#findWindow(window, app, "unknown_window");
      return typeof found === "number" ? this.#windowFocus(found) : found;
    }
    if (app) return this.#appFocus(app);
    return this.#appsFocus();
  }

  // ---- the three focuses and the search ----

  #appsFocus(): RecallOutcome {
    const rows = this.#rows.allApps();
    return this.#done({
      focus: "apps",
      apps: {
        items: rows.slice(0, this.#limits.apps).map((r) => appFacts(this.#rows, r)),
        total: rows.length,
      },
      coverage: coverageFacts(this.#rows, null),
    });
  }

  #appFocus(app: AppRow): RecallOutcome {
    const rows = this.#rows.store.all<WindowRow>("recall_app_windows", { app_id: app.id });
    for (const r of rows) this.#rows.noteTitle(r.id, r.title);
    const data: Partial<RecallData> = {
      focus: "app",
      app: appFacts(this.#rows, app),
      windows: {
        items: rows.slice(0, this.#limits.windows).map((r) => windowFacts(r, app.version, this.#now)),
        total: rows.length,
      },
      coverage: coverageFacts(this.#rows, app),
    };
    if (app.last_window !== null) {
      const detail = this.#windowDetail(app.last_window);
      if (detail) data.window = detail;
    }
    return this.#done(data);
  }

  #windowFocus(node: NodeId): RecallOutcome {
    const detail = this.#windowDetail(node)!;
    const appId = this.#rows.brief(node)!.app_id;
    const app = this.#rows.allApps().find((a) => a.id === appId)!;
    const start = this.#startFor(app.id, app.last_window);
    return this.#done({
      focus: "window",
      app: appFacts(this.#rows, app),
      window: detail,
      route_here: this.#routes.routeFacts(app.id, start, node),
      coverage: coverageFacts(this.#rows, app),
    });
  }

  #query(query: string, app: AppRow | null): RecallOutcome {
    let onlyWindow: NodeId | null = null;
    if (this.#req.window !== undefined && this.#req.window.trim() !== "") {
      const found = this.#findWindow(this.#req.window, app, "unknown_window");
      if (typeof found !== "number") return found;
      onlyWindow = found;
    }
    const ranked = searchRanked(this.#rows.store, query, app?.id ?? null, onlyWindow);
    const hits: Hit[] = [];
    for (const c of ranked.slice(0, this.#limits.hits)) {
      const b = this.#rows.brief(c.window_id)!;
      const start = this.#startFor(b.app_id, b.app_last_window);
      hits.push({
        app: b.app_name,
        window: { id: b.id, title: b.title },
        kind: c.kind,
        text: c.kind === "icon" && this.#packNamed(c.window_id, c.text)
          ? `${c.text} (name from a pack)`
          : c.text,
        stage: c.stage,
        score: c.score,
        last_seen: iso(b.last_seen),
        stale: staleReason(b.last_seen, b.app_version, b.app_version_now, this.#now),
        route: this.#routes.routeFacts(b.app_id, start, b.id),
      });
    }
    return this.#done({
      focus: "query",
      query,
      app: app ? appFacts(this.#rows, app) : undefined,
      hits: { items: hits, total: ranked.length },
      coverage: coverageFacts(this.#rows, app),
    });
  }

  // ---- windows ----

  #windowDetail(node: NodeId): WindowDetail | null {
    const store = this.#rows.store;
    const row = store.get<
      (WindowRow & { app_id: number; app_name: string; app_version_now: string | null })
    >("recall_window", { id: node });
    if (!row) return null;
    this.#rows.noteTitle(row.id, row.title);
    const elements = (store.all<{ text: string; nth: number }>("recall_window_elements", {
      window_id: node,
      limit: this.#limits.elements,
    })).map((e) => e.text);
    const icons = store.all<{
      label: string | null;
      n: number;
      from_pack: number;
    }>("recall_window_icons", { window_id: node });
    const into = store.all<EdgeRow>("recall_transitions_into", {
      window_id: node,
    });
    const transitions = this.#unfold(node);
    return {
      window: windowFacts(row, row.app_version_now, this.#now),
      elements: { items: elements, total: row.element_count },
      icons: {
        named: icons.filter((i) => i.label !== null).map((i) =>
          i.from_pack ? `${i.label!} (name from a pack)` : i.label!
        ),
        unnamed: icons.filter((i) => i.label === null).reduce((s, i) => s + i.n, 0),
      },
      transitions,
      ways_in: {
        items: into.slice(0, this.#limits.transitions).map((e) => this.#routes.wayIn(e)),
        total: into.length,
      },
    };
  }

  /** Outgoing transitions, unfolded depth-first up to the requested depth. */
  #unfold(root: NodeId): Listed<TransitionFacts> {
    const printed = new Set<NodeId>([root]);
    const lines: TransitionFacts[] = [];
    let total = 0;
    const visit = (node: NodeId, level: number) => {
      const edges = this.#rows.store.all<EdgeRow>("recall_transitions_from", {
        window_id: node,
      });
      total += edges.length;
      for (const e of edges) {
        this.#rows.noteTitle(e.to_window, e.to_title!);
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

  /** The window `piece` names, or the problem to answer with (none, or several). */
  #findWindow(
    piece: string,
    app: AppRow | null,
    missing: "unknown_window" | "unknown_from_window",
  ): NodeId | RecallOutcome {
    const found = findWindow(this.#rows, piece, app);
    if (found.kind === "found") return found.node;
    if (found.kind === "none") return this.#problem(missing, piece, app, [], found.closest);
    return this.#problem(
      "ambiguous_window",
      piece,
      app,
      found.windows.map((w) => `#${w.id} ${w.title}`),
    );
  }

  /**
   * The route start for a window of `appId`: from_window when it names a
   * window of that app, else where the app was last seen.
   */
  /** True when the icon so named in this window got its name from a memory pack alone. */
  #packNamed(windowId: number, label: string): boolean {
    return this.#rows.store.get<{ n: number }>("recall_icon_named_by_pack", { window_id: windowId, label })!
      .n > 0;
  }

  #startFor(appId: number, lastWindow: NodeId | null): NodeId | null {
    const from = this.#fromWindow;
    if (from !== null && this.#rows.brief(from)?.app_id === appId) return from;
    return lastWindow;
  }

  // ---- framing ----

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
    candidates: string[] = [],
    windows?: WindowRef[],
  ): RecallOutcome {
    const knownWindows = (windows ??
      (app ? this.#rows.store.all<WindowRow>("recall_app_windows", { app_id: app.id }) : []))
      .slice(0, 15)
      .map((w) => ({ id: w.id, title: w.title }));
    return {
      ok: false,
      problem: {
        now: iso(this.#now),
        problem,
        asked,
        candidates,
        // An unknown app's name is answered with the nearest names first; otherwise the most recent.
        known_apps:
          (problem === "unknown_app"
            ? closestFirst(asked, this.#rows.allApps(), (a) => a.name)
            : this.#rows.allApps()).slice(0, 20).map((a) => a.name),
        known_windows: knownWindows,
        ...(this.#narrowedTo !== null ? { narrowed_to: this.#narrowedTo } : {}),
      },
    };
  }
}
