/**
 * `mission_mark`: the model marks a checklist item itself.
 *
 * @module
 */

import { z } from "zod";
import { markItem, MAX_ITEMS } from "../mission/store.ts";
import { statusBlock, statusData } from "../render/mission_text.ts";
import { missionStatusShape } from "./shared_shapes.ts";
import { defineTool } from "./tool.ts";

export const missionMarkTool = defineTool({
  name: "mission_mark",
  title: "Mark a mission item",
  summary: "the model marks an item passed, failed (with a reason) or skipped",
  description:
    "Marks an item of the active mission yourself, for acceptance only you can judge or when nothing ran; execute_plan with mission_item_id marks its own. skipped: deliberately not attempted. Replaces the previous mark. No active mission or no such item: an error saying what to call.",
  inputSchema: {
    mission_item_id: z.number().int().min(1).max(MAX_ITEMS).describe("Item id."),
    status: z.enum(["passed", "failed", "skipped"]).describe("The verdict."),
    reason: z.string().max(2000).optional().describe(
      "Why it failed: failed needs one, the others none.",
    ),
  },
  outputSchema: missionStatusShape,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, services) {
    const r = markItem(services.store, args.mission_item_id, args.status, args.reason, services.now());
    if (!r.ok) return r;
    return {
      ok: true,
      text: `item ${r.item.n} marked ${r.item.status}.${statusBlock(r.mission)}`,
      structured: statusData(r.mission),
    };
  },
});
