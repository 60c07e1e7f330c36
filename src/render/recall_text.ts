/**
 * Writes a `recall` reply as compact text. Pure: data in, text out.
 *
 * The reply is size-capped. Rather than cutting the text at a character
 * count, {@link fitRecall} shortens the data's lists (elements first, the
 * longest list next) until the text fits, so every cut shows up as
 * "elements (24 of 40)" and the structured copy of the reply carries exactly
 * what the text says.
 *
 * @module
 */

import { ambiguousName } from "../common/app_match.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import type { RecallProblem } from "../graph/recall/recall.ts";
import { quote } from "../graph/routes.ts";
import { iso as isoOf } from "../graph/recall/facts.ts";
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
} from "../graph/recall/schema.ts";

/** Default size cap of a reply, in characters (~600 tokens). */
export const DEFAULT_BUDGET = 2400;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** UTC time: '07-25 17:29Z', with the year only when it is not `now`'s year. */
export function formatUtc(ms: number, now: number): string {
  const iso = isoOf(ms);
  const sameYear = iso.slice(0, 4) === isoOf(now).slice(0, 4);
  return `${sameYear ? iso.slice(5, 10) : iso.slice(0, 10)} ${iso.slice(11, 16)}Z`;
}

/** How long ago: 'just now', '12m ago', '3h ago', '5d ago'. */
export function formatAgo(ms: number, now: number): string {
  const d = now - ms;
  if (d < -MINUTE) return "in the future (clock skew)";
  if (d < MINUTE) return "just now";
  if (d < HOUR) return `${Math.floor(d / MINUTE)}m ago`;
  if (d < 2 * DAY) return `${Math.floor(d / HOUR)}h ago`;
  return `${Math.floor(d / DAY)}d ago`;
}

/** Both forms: '07-25 17:29Z, 3h ago'. */
export function formatWhen(isoTime: string, now: number): string {
  const ms = Date.parse(isoTime);
  return `${formatUtc(ms, now)}, ${formatAgo(ms, now)}`;
}

/** The text of a reply, uncapped. */
export function renderRecall(data: RecallData): string {
  const now = Date.parse(data.now);
  const out: string[] = [`now ${new Date(now).toISOString().slice(0, 16).replace("T", " ")}Z`];
  switch (data.focus) {
    case "apps":
      renderApps(out, data.apps!, now);
      break;
    case "app":
      out.push(appLine(data.app!, now));
      renderWindows(out, data.windows!, now);
      if (data.window) {
        out.push(`last seen in ${ref(data.window.window)}:`);
        renderDetail(out, data.window, now, data.depth);
      } else {
        out.push("not yet read in any window: no starting point for routes");
      }
      break;
    case "window":
      out.push(`${data.app!.name} window ${windowLine(data.window!.window, now)}`);
      renderDetail(out, data.window!, now, data.depth);
      out.push(`route here${routeText(data.route_here!, data.window!.window.id, "  ")}`);
      break;
    case "query":
      renderHits(out, data, now);
      break;
  }
  for (const note of data.notes) out.push(`note: ${note}`);
  out.push(coverageText(data.coverage));
  return out.join("\n");
}

/**
 * Shortens the lists of `data` until its text fits `budget` characters.
 * Returns the text and the shortened data (the structured reply).
 */
export function fitRecall(
  data: RecallData,
  budget = DEFAULT_BUDGET,
): { text: string; data: RecallData } {
  const fitted: RecallData = structuredClone(data);
  let text = renderRecall(fitted);
  if (text.length <= budget) return { text, data: fitted };
  // Room for the advice that comes with a cut reply.
  const advice = narrowingAdvice(fitted);
  const room = budget - advice.length - "\nnote: ".length;
  while (text.length > room) {
    const list = longestCuttable(fitted);
    if (!list) break;
    const drop = Math.max(1, Math.ceil((text.length - budget) / averageItemChars(list)));
    list.items.length = Math.max(1, list.items.length - drop);
    text = renderRecall(fitted);
  }
  fitted.notes.push(advice);
  text = renderRecall(fitted);
  if (text.length > budget) {
    // Lists are down to one item each; what is left is headers and coverage.
    const tail = "\n[reply cut at the size cap]";
    text = text.slice(0, Math.max(0, budget - tail.length)) + tail;
  }
  return { text, data: fitted };
}

/** What to ask instead when the reply had to be cut, for the question it answered. */
function narrowingAdvice(data: RecallData): string {
  const lead = "the reply was cut to fit;";
  switch (data.focus) {
    case "apps":
      return `${lead} pass app_name= for one app's windows, or query= to find a text`;
    case "app":
      return `${lead} pass window= (a title piece or #id) for one window, or query= to find a text`;
    case "window":
      return `${lead} pass query= to find a text in it${data.depth > 1 ? ", or a smaller depth" : ""}`;
    case "query":
      return `${lead} narrow with app_name= or window=, or a longer query`;
  }
}

/** The text of a refusal: what is known instead and how to recover. */
export function renderProblem(p: RecallProblem): string {
  const now = `now ${p.now.slice(0, 16).replace("T", " ")}Z`;
  const apps = p.known_apps.length > 0
    ? `Known apps: ${p.known_apps.join(", ")}.`
    : "Nothing has been recorded yet: observe a window first.";
  const windows = p.known_windows.length > 0
    ? `Known windows: ${p.known_windows.map((w) => `#${w.id} ${quote(w.title)}`).join(", ")}.`
    : "";
  switch (p.problem) {
    case "unknown_app":
      return [
        now,
        `No app matching ${quote(p.asked)} has ever been seen. ${apps}`,
        "Retry with one of those names (a piece is enough), call recall with no arguments to list every app, " +
        "or observe the app (bring it to the front first) so it gets recorded.",
      ].join("\n");
    case "ambiguous_app":
      return [
        now,
        `${ambiguousName(escapeScreenText(p.asked), "recorded apps", p.candidates.map(escapeScreenText))}.`,
      ]
        .join("\n");
    case "ambiguous_window":
      return [
        now,
        `window ${
          ambiguousName(escapeScreenText(p.asked), "recorded windows", p.candidates.map(escapeScreenText))
        }, or its #id.`,
      ].join("\n");
    case "unknown_window":
      return [
        now,
        `No recorded window matches ${quote(p.asked)}${
          p.narrowed_to
            ? ` in ${quote(p.narrowed_to)}, the app from_window names (routes stay within an app)`
            : ""
        }. ${windows || apps}`,
        "Retry with a piece of one of those titles or its #id, leave window out to see the app's windows, " +
        "or navigate there and observe it so it gets recorded.",
      ].join("\n");
    case "unknown_from_window":
      return [
        now,
        `from_window ${quote(p.asked)} matches no recorded window of this app. ${windows}`,
        "Pass a piece of one of those titles or its #id, or leave from_window out to start where the app was last seen.",
      ].join("\n");
    case "empty_query":
      return [
        now,
        "query is empty. Pass a piece of text (a label, an icon name, a window title), or leave query out to browse the map.",
      ].join("\n");
  }
}

// ---- sections ----

function renderApps(out: string[], apps: Listed<AppFacts>, now: number): void {
  if (apps.total === 0) {
    out.push("no app has been recorded yet: observe a window to start the map");
    return;
  }
  out.push(`apps${count(apps)}:`);
  for (const a of apps.items) {
    const where = a.last_window ? ` in #${a.last_window.id} ${quote(a.last_window.title)}` : "";
    out.push(
      `  ${a.name}${a.version ? ` ${a.version}` : ""}: ${a.windows} window${plural(a.windows)}, last seen ${
        formatWhen(a.last_seen, now)
      }${where}`,
    );
  }
}

function appLine(app: AppFacts, now: number): string {
  return `app ${app.name}${app.version ? ` (version ${app.version})` : ""}: ${app.windows} window${
    plural(app.windows)
  }, last seen ${formatWhen(app.last_seen, now)}`;
}

function renderWindows(out: string[], windows: Listed<WindowFacts>, now: number): void {
  out.push(`windows${count(windows)}:`);
  for (const w of windows.items) out.push(`  ${windowLine(w, now)}`);
}

function windowLine(w: WindowFacts, now: number): string {
  const flags: string[] = [];
  if (w.stale) flags.push(`STALE: ${w.stale}`);
  if (!w.acted_in) flags.push("never clicked in");
  if (!w.has_way_in) flags.push("no recorded way in");
  return `${ref(w)}${w.kind === "normal" ? "" : ` ${w.kind}`}, seen ${w.seen_count}x, last ${
    formatWhen(w.last_seen, now)
  }, ${w.elements} element${plural(w.elements)}${flags.length ? ` [${flags.join("; ")}]` : ""}`;
}

function renderDetail(out: string[], d: WindowDetail, now: number, depth: number): void {
  out.push(
    d.elements.total === 0
      ? "  elements: none read"
      : `  elements${count(d.elements)}: ${d.elements.items.map((t) => quote(t)).join(", ")}`,
  );
  if (d.icons.named.length > 0 || d.icons.unnamed > 0) {
    const unnamed = d.icons.unnamed > 0 ? ` (+${d.icons.unnamed} unnamed)` : "";
    out.push(`  icons: ${d.icons.named.map((t) => quote(t)).join(", ") || "none named"}${unnamed}`);
  }
  if (d.transitions.total === 0) {
    out.push(
      d.window.acted_in
        ? "  transitions: none recorded (what was clicked here did not change the window)"
        : "  transitions: none — nothing was ever clicked here, so what its controls open is unknown",
    );
  } else {
    out.push(`  transitions${count(d.transitions)}${depth > 1 ? `, ${depth} levels` : ""}:`);
    for (const t of d.transitions.items) out.push(transitionLine(t, now));
  }
  if (d.ways_in.total > 0) {
    out.push(`  ways in${count(d.ways_in)}: ${d.ways_in.items.map(wayInText).join("; ")}`);
  } else {
    out.push("  ways in: none recorded");
  }
}

function transitionLine(t: TransitionFacts, now: number): string {
  const indent = "  ".repeat(t.level + 1);
  const chrome = t.scope === "chrome" ? " (chrome)" : "";
  const target = `-> #${t.to_id} ${quote(t.to_title)}`;
  const tail = t.shown_above ? " [shown above]" : "";
  const opener = t.via ? `click ${quote(t.via)} then ` : "";
  return `${indent}${opener}${t.action} ${quote(t.text)}${chrome} ${target}${tail} (${t.count}x, ${
    formatWhen(t.last_seen, now)
  })`;
}

function wayInText(w: WayIn): string {
  const chrome = w.scope === "chrome" ? " (chrome)" : "";
  const opener = w.via ? `click ${quote(w.via)} then ` : "";
  return `${opener}${w.action} ${quote(w.text)}${chrome} in #${w.from.id} ${quote(w.from.title)}`;
}

function renderHits(out: string[], data: RecallData, now: number): void {
  const hits = data.hits!;
  const where = data.app ? ` in ${data.app.name}` : "";
  if (hits.total === 0) {
    out.push(
      `nothing matching ${quote(data.query!)} has been seen${where}. That means never seen here, ` +
        "not that it does not exist: observe the window where you expect it, or explore with recall app_name=… to see which windows were never clicked in.",
    );
    return;
  }
  out.push(`where is ${quote(data.query!)}${where}: hits${count(hits)}`);
  hits.items.forEach((h, i) => {
    out.push(`${i + 1}. ${hitLine(h, now)}`);
    out.push(`   route${routeText(h.route, h.window.id, "   ")}`);
  });
}

function hitLine(h: Hit, now: number): string {
  const stage = h.stage === "partial"
    ? "partial: the query is only part of a word here, target the full text"
    : h.stage === "exact"
    ? "exact"
    : `${h.stage} ${h.score}`;
  const stale = h.stale ? ` STALE: ${h.stale}` : "";
  return `${h.app} #${h.window.id} ${quote(h.window.title)}: ${h.kind} ${quote(h.text)} (${stage}), seen ${
    formatWhen(h.last_seen, now)
  }${stale}`;
}

/** ": <steps>" or ": none — <what is missing>". */
function routeText(r: RouteFacts, targetId: number, indent: string): string {
  if (r.steps !== null) {
    if (r.steps.length === 0) {
      return `: already there (the route starts in #${targetId})`;
    }
    return `: ${r.steps.join("; ")}`;
  }
  const m = r.missing!;
  const parts: string[] = [];
  if (!m.start) {
    parts.push("the app was never read in a window to start from; pass from_window");
  } else {
    parts.push(`#${targetId} cannot be reached from #${m.start.id} ${quote(m.start.title)}`);
  }
  if (m.ways_in.length === 0) {
    parts.push(`no recorded transition leads into #${targetId} (it was opened some way never recorded)`);
  } else {
    parts.push(
      "recorded ways in: " +
        m.ways_in.map((w) =>
          `${wayInText(w)} (#${w.from.id} itself ${
            w.from_has_way_in
              ? "is entered only from windows the start does not reach"
              : "has no recorded way in"
          })`
        ).join("; "),
    );
  }
  if (m.start) {
    parts.push(
      m.start_acted_in
        ? `#${m.start.id} reaches ${m.start_reaches} window${plural(m.start_reaches)}`
        : `nothing has ever been clicked in #${m.start.id}, so where its controls lead is unknown`,
    );
  }
  return `: none\n${indent}  ${parts.join(";\n" + indent + "  ")}`;
}

function coverageText(c: Coverage): string {
  return `coverage (${c.scope}): ${c.windows} window${
    plural(c.windows)
  }; ${c.never_clicked_in} never clicked in; ` +
    `${c.seen_once} seen once; ${c.no_way_in} with no recorded way in; ` +
    `${c.controls_clicked} of ${c.controls_known} known control${plural(c.controls_known)} ever clicked. ` +
    "Counts are of what was SEEN: 'not found' means never seen here, not absent from the app.";
}

// ---- helpers ----

function ref(w: { id: number; title: string }): string {
  return `#${w.id} ${quote(w.title)}`;
}

/** " (24 of 40)" when cut, " (40)" when whole. */
function count(list: Listed<unknown>): string {
  return list.items.length < list.total ? ` (${list.items.length} of ${list.total})` : ` (${list.total})`;
}

function plural(n: number): string {
  return n === 1 ? "" : "s";
}

/** The list to shorten next: elements first, then the longest other list. */
function longestCuttable(data: RecallData): Listed<unknown> | null {
  const lists: Listed<unknown>[] = [];
  if (data.window) {
    lists.push(data.window.elements, data.window.transitions, data.window.ways_in);
  }
  if (data.windows) lists.push(data.windows);
  if (data.apps) lists.push(data.apps);
  if (data.hits) lists.push(data.hits);
  const cuttable = lists.filter((l) => l.items.length > 1);
  if (data.window && data.window.elements.items.length > 8) return data.window.elements;
  cuttable.sort((a, b) => b.items.length - a.items.length);
  return cuttable[0] ?? null;
}

function averageItemChars(list: Listed<unknown>): number {
  const chars = JSON.stringify(list.items).length / Math.max(1, list.items.length);
  return Math.max(8, chars);
}
