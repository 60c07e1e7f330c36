/**
 * `mission_status`: where the active mission stands.
 *
 * @module
 */

import { z } from "zod";
import { activeMission, noActiveMission } from "../mission/store.ts";
import { statusBlock, statusData } from "../mission/status_text.ts";
import { missionStatusShape } from "./shared_shapes.ts";
import { defineTool } from "./tool.ts";

export const missionStatusTool = defineTool({
  name: "mission_status",
  title: "Mission status",
  description:
    "Shows where the active mission stands: its goal, progress, the item in play with its intent and acceptance, and the failures with their reasons, the same block execute_plan with mission_item_id ends with. Call it when you have lost the thread, not after every run. full=true lists every item with its id and status instead; ask for it before deciding a mission is done. Reads only.",
  inputSchema: {
    full: z.boolean().default(false).describe("List every item, nothing elided."),
  },
  outputSchema: missionStatusShape,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, services) {
    const m = activeMission(services.store);
    if (!m) return noActiveMission("mission_status");
    return { ok: true, text: statusBlock(m, args.full).trimStart(), structured: statusData(m) };
  },
});
