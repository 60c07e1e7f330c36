/**
 * `mission_status`: where the active mission stands.
 *
 * @module
 */

import { z } from "zod";
import { activeMission, MAX_ITEMS, MAX_MISSION_ID, missionById, noActiveMission } from "../mission/store.ts";
import { statusBlock, statusData } from "../render/mission_text.ts";
import { missionStatusShape } from "./shared_shapes.ts";
import { defineTool } from "./tool.ts";

export const missionStatusTool = defineTool({
  name: "mission_status",
  title: "Mission status",
  summary: "where the mission stands: progress, the item in play, failures",
  description:
    "Shows where the active mission stands: goal, progress, the item in play, failures with reasons. Call it when you lost the thread, not after every run; before calling a mission done, ask for full=true. No such mission: an error saying how to start or find one. Reads only.",
  inputSchema: {
    full: z.boolean().default(false).describe("List every item (in pages)."),
    from_item: z.number().int().min(1).max(MAX_ITEMS).default(1).describe(
      "With full, the first item listed.",
    ),
    mission_id: z.number().int().min(1).max(MAX_MISSION_ID).optional().describe(
      "A finished mission instead of the active one.",
    ),
  },
  outputSchema: missionStatusShape,
  askForRest: "mission_status(full=true, from_item=N) lists the items a page at a time",
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, services) {
    const m = args.mission_id === undefined
      ? activeMission(services.store)
      : missionById(services.store, args.mission_id);
    if (!m) {
      return args.mission_id === undefined ? noActiveMission("mission_status") : {
        ok: false,
        text:
          `there is no mission #${args.mission_id}; call without mission_id for the active one (\`choto missions\` lists past ones)`,
      };
    }
    return {
      ok: true,
      text: statusBlock(m, args.full, args.from_item).trimStart(),
      structured: statusData(m, args.full ? args.from_item : 1),
    };
  },
});
