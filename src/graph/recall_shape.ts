/**
 * What a recall reply holds, as the zod shapes the tool publishes for its
 * structured content; the types the graph code fills in are inferred from
 * them, so the two cannot drift apart.
 *
 * @module
 */

import { z } from "zod";

export const windowRef = z.object({
  id: z.number().int().describe("Window node id; write it as '#id' in window/from_window."),
  title: z.string().describe("The window's title when it was last seen."),
});

export const appFacts = z.object({
  name: z.string().describe("Application name."),
  version: z.string().nullable().describe("Version last reported by the platform, if any."),
  windows: z.number().int().describe("How many window nodes are recorded for it."),
  last_seen: z.string().describe("When it was last read (ISO 8601, UTC)."),
  last_window: windowRef.nullable().describe("The window it was last read in: where routes start."),
});

export const windowFacts = z.object({
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

export const transitionFacts = z.object({
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

export const wayIn = z.object({
  from: windowRef.describe("A window with a recorded transition into the target."),
  action: z.string().describe("The step action taken there."),
  text: z.string().describe("The target text acted on there."),
  scope,
  via: z.string().nullable().describe("The menu clicked open just before it, if it is a menu item."),
  from_has_way_in: z.boolean().describe("Whether any recorded transition leads into that window itself."),
});

export const routeFacts = z.object({
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

/** The structured content of a recall reply (the tool's output schema). */
export const recallOutputShape = {
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

/** A list that may hold fewer items than exist. */
export interface Listed<T> {
  items: T[];
  total: number;
}

/** Everything one reply says. */
export type RecallData = z.infer<z.ZodObject<typeof recallOutputShape>>;
/** A window, by id and title. */
export type WindowRef = z.infer<typeof windowRef>;
/** One known app. */
export type AppFacts = z.infer<typeof appFacts>;
/** One window node with its coverage flags. */
export type WindowFacts = z.infer<typeof windowFacts>;
/** One transition line; `level` 1 leaves the focused window. */
export type TransitionFacts = z.infer<typeof transitionFacts>;
/** A recorded way into a window that the start cannot reach. */
export type WayIn = z.infer<typeof wayIn>;
/** How to get to a window: the plan, or what is missing. */
export type RouteFacts = z.infer<typeof routeFacts>;
/** What is missing when there is no route. */
export type NoRoute = NonNullable<RouteFacts["missing"]>;
/** One window's contents. */
export type WindowDetail = NonNullable<RecallData["window"]>;
/** One answer to "where is X". */
export type Hit = NonNullable<RecallData["hits"]>["items"][number];
/** What a query hit matched on. */
export type HitKind = Hit["kind"];
/** The matcher's stages, plus "partial": the text only contains the query. */
export type HitStage = Hit["stage"];
/** What the map does not know, for the apps the reply covers. */
export type Coverage = RecallData["coverage"];
