/**
 * The `recall` tool: what the interface graph remembers, and routes to it,
 * read from the database alone. Also the `choto recall` command line.
 *
 * @module
 */

import { z } from "zod";
import { defineTool, type Reply } from "./tool.ts";
import { gatherRecall, type RecallRequest } from "../graph/recall.ts";
import { recallOutputShape as outputShape } from "../graph/recall_shape.ts";
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
        "The database may be locked or damaged; retry, or run `choto doctor` to check it.",
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
