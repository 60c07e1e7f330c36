/**
 * The `recall` tool: what the interface graph remembers, and routes to it,
 * read from the database alone. Also the `choto recall` command line.
 *
 * @module
 */

import { z } from "zod";
import { defineTool, type Reply } from "./tool.ts";
import { gatherRecall, type RecallRequest } from "../graph/recall.ts";
import type { Store } from "../graph/store.ts";
import { DEFAULT_BUDGET, fitRecall, renderProblem } from "../render/recall_text.ts";

const DESCRIPTION = [
  "Look up what choto has already recorded about application windows, as text, without touching the screen. " +
  "Use it FIRST, before observe or execute_plan: a remembered window can be planned against for a few hundred tokens " +
  "instead of a screenshot's ~1400. Use observe instead when you need the screen as it is right now, and execute_plan to act.",
  "What is stored: windows only, each with the text elements read in it, its named icons and its recorded transitions " +
  "('click X -> window Y'). Menus, the menu bar and other chrome are never stored, so their absence means nothing; " +
  "reach them with target.scope='chrome' in execute_plan or look at them with observe.",
  "Focus widens with the arguments (all optional): none lists every known app with its window count and when it was last seen; " +
  "app_name lists that app's windows and shows the window it was last seen in (its elements and outgoing transitions); " +
  "app_name + window shows that one window plus the route to it. depth (1-3) unfolds that many levels of transitions; " +
  "a window already printed is marked '[shown above]' instead of repeated.",
  "query answers 'where is X?': it searches element texts, icon names and window titles with the same exact -> fuzzy -> semantic " +
  "matcher execute_plan uses for targets, and every hit gives the app, window, matched text and stage, freshness, and a ROUTE " +
  "written as the steps to run: 'in #1 \"Main\" click \"General\" -> #2' ('(chrome)' marks a menu step, i.e. target.scope='chrome'). " +
  "Routes start in the window the app was last seen in, or in from_window. When no route exists the reply says what is missing: " +
  "the unreachable window, the recorded windows that lead into it and whether those were ever entered, and what the start reaches — " +
  "that is where to go and look next.",
  "Reading the reply: it starts with the server's current time; every window and transition shows UTC time ('07-25 17:29Z') and age " +
  "('3h ago'). Minutes or hours old is usually safe to plan against; days old or STALE (unseen for 7 days, or the app's version changed) " +
  "means verify first with one short navigation plan or an observe. COVERAGE lines count what has been SEEN — windows never clicked in, " +
  "seen once, with no recorded way in, 'N of M known controls ever clicked' — so 'not found' means 'never seen here', never 'does not exist'. " +
  "No coordinates are given: target the text and the executor finds it. The reply is capped (~2400 characters) and says what it cut " +
  "('elements (24 of 40)').",
  "Errors: an unknown app or window returns isError with the names that ARE known; retry with one of them or call recall with no arguments. " +
  "Side effects: none. It only reads the local database; it never captures the screen or moves input.",
].join("\n\n");

const windowRef = z.object({
  id: z.number().int().describe("Window node id; write it as '#id' in window/from_window."),
  title: z.string().describe("The window's title when it was last seen."),
});

const appFacts = z.object({
  name: z.string().describe("Application name."),
  version: z.string().nullable().describe("Version last reported by the platform, if any."),
  windows: z.number().int().describe("How many window nodes are recorded for it."),
  last_seen: z.string().describe("When it was last read (ISO 8601, UTC)."),
  last_window: windowRef.nullable().describe("The window it was last read in: where routes start."),
});

const windowFacts = z.object({
  id: z.number().int().describe("Window node id."),
  title: z.string().describe("Title when last seen."),
  kind: z.string().describe("normal, dialog or utility."),
  seen_count: z.number().int().describe("How many times it has been read."),
  first_seen: z.string().describe("First sighting (ISO 8601, UTC)."),
  last_seen: z.string().describe("Latest sighting (ISO 8601, UTC)."),
  stale: z.string().nullable().describe("Why it is STALE, or null when it is not."),
  elements: z.number().int().describe("Text elements recorded in it."),
  acted_in: z.boolean().describe("Whether anything was ever clicked in it."),
  has_way_in: z.boolean().describe("Whether a recorded transition leads into it."),
});

const scope = z.enum(["window", "chrome"]).describe(
  "Where the control was: in the window or in chrome (menus).",
);

const transitionFacts = z.object({
  level: z.number().int().describe(
    "1 for transitions leaving the focused window, 2-3 when unfolded further.",
  ),
  from_id: z.number().int().describe("Window the action was taken in."),
  action: z.string().describe("The step action (click, double_click, …)."),
  text: z.string().describe("The target text acted on."),
  scope,
  via: z.string().nullable().describe(
    "For a menu item (chrome scope): the menu clicked open just before it, e.g. 'File'; null otherwise.",
  ),
  count: z.number().int().describe("How often this transition was observed."),
  last_seen: z.string().describe("When it was last observed (ISO 8601, UTC)."),
  to_id: z.number().int().describe("Window it led to."),
  to_title: z.string().describe("That window's title."),
  shown_above: z.boolean().describe("True when the target window was already printed earlier in the reply."),
});

const wayIn = z.object({
  from: windowRef.describe("A window with a recorded transition into the target."),
  action: z.string().describe("The step action taken there."),
  text: z.string().describe("The target text acted on there."),
  scope,
  via: z.string().nullable().describe("The menu clicked open just before it, if it is a menu item."),
  from_has_way_in: z.boolean().describe("Whether any recorded transition leads into that window itself."),
});

const routeFacts = z.object({
  from: windowRef.nullable().describe("Starting window, or null when the app was never read in one."),
  steps: z.array(z.string()).nullable().describe(
    'execute_plan steps in order, e.g. \'in #1 "Main" click "General" -> #2\'; [] when already there; null when no route is recorded.',
  ),
  missing: z.object({
    start: windowRef.nullable().describe("The starting window."),
    start_reaches: z.number().int().describe(
      "How many windows the start reaches through recorded transitions.",
    ),
    start_acted_in: z.boolean().describe("Whether anything was ever clicked in the start."),
    ways_in: z.array(wayIn).describe("Recorded transitions into the unreachable window."),
  }).nullable().describe("What is missing when there is no route; null when there is one."),
});

const listed = <T extends z.ZodType>(item: T, what: string) =>
  z.object({
    items: z.array(item).describe(`The ${what} shown.`),
    total: z.number().int().describe(`How many ${what} exist (more than items when the reply was cut).`),
  });

const inputShape = {
  app_name: z.string().min(1).optional().describe(
    "Application to focus on. Exact name first (case-insensitive), then a piece of it ('settings' finds 'System Settings'). Leave out to list every app.",
  ),
  window: z.string().min(1).optional().describe(
    "A window of that app: a piece of its title (case-insensitive) or its node id such as '#5'. Shows that window and the route to it.",
  ),
  query: z.string().min(1).optional().describe(
    "Text to find: a label, icon name or window title. Returns where it was seen and the route there. Combine with app_name to narrow.",
  ),
  from_window: z.string().min(1).optional().describe(
    "Where routes should start (title piece or '#id'); by default the window the app was last seen in.",
  ),
  depth: z.number().int().min(1).max(3).default(1).describe(
    "Levels of transitions to unfold from the focused window, 1 to 3 (default 1).",
  ),
};

const outputShape = {
  now: z.string().describe("Server time of the reply (ISO 8601, UTC)."),
  focus: z.enum(["apps", "app", "window", "query"]).describe("Which question was answered."),
  depth: z.number().int().describe("Transition levels unfolded."),
  apps: listed(appFacts, "apps").optional().describe("Every known app (no-argument focus)."),
  app: appFacts.optional().describe("The app in focus."),
  windows: listed(windowFacts, "windows").optional().describe("The app's windows, most recent first."),
  window: z.object({
    window: windowFacts.describe("The window's own facts."),
    elements: listed(z.string(), "element texts").describe("Text elements in reading order."),
    icons: z.object({
      named: z.array(z.string()).describe("Names of icons seen in the window."),
      unnamed: z.number().int().describe("Icons seen without a name."),
    }).describe("Wordless icons recorded in the window."),
    transitions: listed(transitionFacts, "transitions").describe(
      "Outgoing transitions, unfolded depth-first.",
    ),
    ways_in: listed(wayIn, "ways in").describe("Recorded transitions into this window."),
  }).optional().describe("The window in focus (or where the app was last seen)."),
  route_here: routeFacts.optional().describe("Route from the start to the focused window."),
  query: z.string().optional().describe("The searched text."),
  hits: listed(
    z.object({
      app: z.string().describe("Application of the hit."),
      window: windowRef.describe("The window the hit is in."),
      kind: z.enum(["element", "icon", "window"]).describe(
        "What matched: an element text, an icon name or the window title.",
      ),
      text: z.string().describe("The recorded text that matched."),
      stage: z.enum(["exact", "fuzzy", "semantic", "partial"]).describe(
        "Matcher stage; 'partial' means the text only contains the query, so a step must target the full text.",
      ),
      score: z.number().describe("Similarity 0..1."),
      last_seen: z.string().describe("When its window was last seen (ISO 8601, UTC)."),
      stale: z.string().nullable().describe("Why the window is STALE, or null."),
      route: routeFacts.describe("How to get there from the starting window."),
    }),
    "hits",
  ).optional().describe("Search results, best first."),
  coverage: z.object({
    scope: z.string().describe("'all apps' or the app name."),
    windows: z.number().int().describe("Windows recorded."),
    never_clicked_in: z.number().int().describe("Windows in which nothing was ever clicked."),
    seen_once: z.number().int().describe("Windows read only once."),
    no_way_in: z.number().int().describe("Windows no recorded transition leads into."),
    controls_known: z.number().int().describe("Distinct element texts seen in those windows."),
    controls_clicked: z.number().int().describe("How many of them were ever clicked."),
  }).describe("What the map does not know; counts are of what was seen, not of what exists."),
  notes: z.array(z.string()).describe("Remarks such as other windows that also matched."),
};

/** The recall tool definition. */
export const recallTool = defineTool({
  name: "recall",
  title: "Recall the interface map",
  description: DESCRIPTION,
  inputSchema: inputShape,
  outputSchema: outputShape,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  run(args, services) {
    return Promise.resolve(answer(services.store, {
      app: args.app_name,
      window: args.window,
      query: args.query,
      fromWindow: args.from_window,
      depth: args.depth,
      now: services.now(),
    }));
  },
});

type RecallOut = z.infer<z.ZodObject<typeof outputShape>>;

/** Gathers, fits to the size cap and renders; never throws. */
function answer(store: Store, request: RecallRequest, budget = DEFAULT_BUDGET): Reply<RecallOut> {
  try {
    const outcome = gatherRecall(store, request);
    if (!outcome.ok) {
      return {
        ok: false,
        text: renderProblem(outcome.problem),
        structured: { ...outcome.problem },
      };
    }
    const { text, data } = fitRecall(outcome.data, budget);
    return { ok: true, text, structured: data };
  } catch (err) {
    return {
      ok: false,
      text: `recall could not read the interface graph: ${(err as Error).message}. ` +
        "The database may be locked or damaged; retry, or run `choto db` to check it.",
    };
  }
}

/** Options of `choto recall`. */
export interface RecallCliOptions {
  app?: string;
  window?: string;
  query?: string;
  fromWindow?: string;
  depth?: number;
  /** Size cap in characters (default ~2400). */
  budget?: number;
  /** Epoch ms (default: now). */
  now?: number;
}

/**
 * `choto recall [--app NAME] [--window W] [--query Q] [--from W] [--depth N]`:
 * the same reply the tool gives, as text. `ok` is false for an unknown app
 * or window (the text then says what is known).
 */
export function runRecallCli(store: Store, opts: RecallCliOptions): { ok: boolean; text: string } {
  const reply = answer(store, {
    app: opts.app,
    window: opts.window,
    query: opts.query,
    fromWindow: opts.fromWindow,
    depth: opts.depth ?? 1,
    now: opts.now ?? Date.now(),
  }, opts.budget);
  return { ok: reply.ok, text: reply.text };
}
