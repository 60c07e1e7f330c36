/**
 * `mission_start`: write down a long run's checklist in choto's database.
 *
 * @module
 */

import { z } from "zod";
import { MAX_ITEMS, startMission } from "../mission/store.ts";
import { statusBlock, statusData } from "../render/mission_text.ts";
import { missionStatusShape } from "./shared_shapes.ts";
import { defineTool } from "./tool.ts";

export const missionStartTool = defineTool({
  name: "mission_start",
  title: "Start a mission",
  summary: "writes a long task's checklist into the database",
  description:
    "Keeps a long task's checklist in choto's database. Do item N with execute_plan(mission_item_id=N): it marks it, keeping passing steps for mission_replay; then mission_finish. One mission is active at a time: a second start is an error (mission_finish frees the slot), as is a blank field.",
  inputSchema: {
    goal: z.string().max(1000).describe("The run's aim."),
    items: z.array(z.object({
      title: z.string().max(500).describe("What to do."),
      intent: z.string().max(500).describe("Why."),
      acceptance: z.string().max(500).describe("Done when."),
    })).min(1).max(MAX_ITEMS).describe("Checklist; ids from 1."),
  },
  outputSchema: missionStatusShape,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  async run(args, services) {
    const r = startMission(services.store, args.goal, args.items, services.now());
    if (!r.ok) {
      return { ok: false, text: r.text, structured: r.active ? statusData(r.active) : undefined };
    }
    return {
      ok: true,
      text: `started mission #${r.mission.id} with ${r.mission.items.length} item(s).${
        statusBlock(r.mission)
      }`,
      structured: statusData(r.mission),
    };
  },
});
