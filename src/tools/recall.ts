/**
 * The `recall` tool: what the interface graph remembers, and routes to it,
 * read from the database alone.
 *
 * @module
 */

import { z } from "zod";
import { defineTool, type Reply } from "./tool.ts";
import { gatherRecall, type RecallRequest } from "../graph/recall/recall.ts";
import { recallOutputShape as outputShape } from "../graph/recall/schema.ts";
import type { Store } from "../db/store.ts";
import { DEFAULT_BUDGET, fitRecall, renderProblem } from "../render/recall_text.ts";

const DESCRIPTION = [
  "Answers from what choto recorded about app windows, without touching the screen: use it first, as a remembered window costs a few hundred tokens and a screenshot ~1,600. observe shows the screen now; execute_plan acts.",
  "Stored: windows only, with their texts, named icons and transitions ('click X -> window Y'); menus and other chrome never, so their absence means nothing.",
  "No arguments: the known apps. app_name: its windows and the one last seen. window: that one and the route to it; depth unfolds transitions. query: where a text was seen (texts, icon names, titles) by execute_plan's matching stages (exact, fuzzy, semantic, contained, words; 'partial' if only part of a word), each with a route of steps ('(chrome)' marks a menu item) or what is missing for one.",
  "Times are UTC with ages; days old or STALE (unseen 7 days, or the app changed): verify with observe or a short plan. Coverage counts what was seen: not found means never seen. The reply is capped (~2,400 chars); a cut says what it left out and how to narrow.",
  "An unknown app or window is an error listing known names. Side effects: none; reads the local database only.",
].join("\n\n");

const inputShape = {
  app_name: z.string().min(1).max(200).optional().describe(
    "App to focus on: its name or a piece of it, any case. Leave out to list every app.",
  ),
  window: z.string().min(1).max(200).optional().describe(
    "A window of that app: a piece of its title or its id ('#5').",
  ),
  query: z.string().min(1).max(500).optional().describe(
    "Text to find: a label, icon name or window title; app_name narrows it.",
  ),
  from_window: z.string().min(1).max(200).optional().describe(
    "Where routes start (title piece or '#id'); default: where the app was last seen.",
  ),
  depth: z.number().int().min(1).max(3).default(1).describe(
    "Levels of transitions to unfold.",
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
  carriesScreenText: true,
  run(args, services) {
    return Promise.resolve(recallReply(services.store, {
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

/** Gathers, fits to the size cap and renders; never throws. The tool and `choto recall` answer with it. */
export function recallReply(store: Store, request: RecallRequest, budget = DEFAULT_BUDGET): Reply<RecallOut> {
  try {
    const outcome = gatherRecall(store, request);
    if (!outcome.ok) {
      return { ok: false, text: renderProblem(outcome.problem) };
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
