/**
 * What a recall reply holds, as the zod shapes the tool publishes for its
 * structured content; the types the graph code fills in are inferred from
 * them, so the two cannot drift apart.
 *
 * @module
 */

import { z } from "zod";
import { SURFACES } from "../../perceive/surfaces.ts";

// Fields are typed but described only where a name does not say it: the
// reply's text explains every fact (tools/list publishes only the top-level
// fields' kinds: json_schema.ts).
const iso = z.string();
/** Whole numbers, typed as numbers: the integer bounds zod would print cost more than they say. */
const count = z.number();

export const windowRef = z.object({ id: count, title: z.string() });

export const appFacts = z.object({
  name: z.string(),
  version: z.string().nullable(),
  windows: count,
  last_seen: iso,
  last_window: windowRef.nullable(),
});

export const windowFacts = z.object({
  id: count,
  title: z.string(),
  kind: z.string(),
  seen_count: count,
  first_seen: iso,
  last_seen: iso,
  stale: z.string().nullable(),
  elements: count,
  acted_in: z.boolean(),
  has_way_in: z.boolean(),
});

const scope = z.enum(SURFACES);

export const transitionFacts = z.object({
  level: count,
  from_id: count,
  action: z.string(),
  text: z.string(),
  scope,
  via: z.string().nullable(),
  count,
  last_seen: iso,
  to_id: count,
  to_title: z.string(),
  shown_above: z.boolean(),
});

export const wayIn = z.object({
  from: windowRef,
  action: z.string(),
  text: z.string(),
  scope,
  via: z.string().nullable(),
  from_has_way_in: z.boolean(),
});

export const routeFacts = z.object({
  from: windowRef.nullable(),
  steps: z.array(z.string()).nullable(),
  missing: z.object({
    start: windowRef.nullable(),
    start_reaches: count,
    start_acted_in: z.boolean(),
    ways_in: z.array(wayIn),
  }).nullable(),
});

const listed = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: count });

/** The structured content of a recall reply (the tool's output schema). */
export const recallOutputShape = {
  now: z.string().describe("Server time; all times are ISO 8601 UTC."),
  focus: z.enum(["apps", "app", "window", "query"]).describe("Which question was answered."),
  depth: count,
  apps: listed(appFacts).optional().describe("total: before any cut."),
  app: appFacts.optional(),
  windows: listed(windowFacts).optional(),
  window: z.object({
    window: windowFacts,
    elements: listed(z.string()),
    icons: z.object({ named: z.array(z.string()), unnamed: count }),
    transitions: listed(transitionFacts),
    ways_in: listed(wayIn),
  }).optional(),
  route_here: routeFacts.optional(),
  query: z.string().optional(),
  hits: listed(z.object({
    app: z.string(),
    window: windowRef,
    kind: z.enum(["element", "icon", "window"]),
    text: z.string(),
    stage: z.enum(["exact", "fuzzy", "semantic", "contained", "words", "partial"]),
    score: z.number(),
    last_seen: iso,
    stale: z.string().nullable(),
    route: routeFacts,
  })).optional(),
  coverage: z.object({
    scope: z.string(),
    windows: count,
    never_clicked_in: count,
    seen_once: count,
    no_way_in: count,
    controls_known: count,
    controls_clicked: count,
  }).describe("Counts of what was seen, not of what exists."),
  notes: z.array(z.string()).describe("What a cut left out; how to narrow."),
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
/**
 * The executor's matching stages (a hit at one of them is a promise that a
 * step naming the query finds the text), plus "partial": the query is only
 * a piece of a word there, so a step must name the full text.
 */
export type HitStage = Hit["stage"];
/** What the map does not know, for the apps the reply covers. */
export type Coverage = RecallData["coverage"];
