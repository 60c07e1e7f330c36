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
  "Answers from what choto recorded of app windows, without touching the screen: try it before observe (fewer tokens).",
  "Stored: windows' texts, named icons and transitions ('click X -> window Y'); never menus or other chrome (their absence means nothing).",
  "Names match as in focus_app; an unknown or ambiguous one is an error listing the choices, closest first. Times are UTC; STALE (unseen 7 days, or the app changed): verify with observe. Not found means never seen. Replies are capped (~2,400 chars); a cut says how to narrow. It reads only choto's database.",
].join("\n\n");

const inputShape = {
  app_name: z.string().min(1).max(200).optional().describe(
    "An app (name or piece): its windows and the last one seen; none: all apps.",
  ),
  window: z.string().min(1).max(200).optional().describe(
    "A window (title piece or '#5', of app_name if given) and the route to it.",
  ),
  query: z.string().min(1).max(500).optional().describe(
    "Where a text, icon name or title was seen, with routes (execute_plan's stages; 'partial': in a " +
      "word); app_name or window narrows it.",
  ),
  from_window: z.string().min(1).max(200).optional().describe(
    "Where every route starts (title piece or '#id'); narrows to its app. Default: the app's last window.",
  ),
  depth: z.number().int().min(1).max(3).default(1).describe(
    "Levels of transitions to unfold.",
  ),
};

/** The recall tool definition. */
export const recallTool = defineTool({
  name: "recall",
  title: "Recall the interface map",
  summary: "what choto remembers of apps and windows, and the route to a text, without touching the screen",
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
