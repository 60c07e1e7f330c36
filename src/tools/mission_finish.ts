/**
 * `mission_finish`: close the active mission and hand back its record.
 *
 * @module
 */

import { z } from "zod";
import { finishMission } from "../mission/store.ts";
import { statusBlock, statusData } from "../render/mission_text.ts";
import { missionStatusShape } from "./shared_shapes.ts";
import { defineTool } from "./tool.ts";

export const missionFinishTool = defineTool({
  name: "mission_finish",
  title: "Finish the mission",
  summary: "closes the mission as done or abandoned; its recipes stay replayable",
  description:
    "Closes the active mission for good: done when nothing is left to try (failed items too: your call), abandoned when the checklist was not worked through; frees the slot mission_start needs. Nothing is deleted: reasons stay; mission_replay(mission_id) still replays recipes. Its reply pages the checklist (~12,000 chars each). No active mission: an error. Writes only choto's database.",
  inputSchema: {
    status: z.enum(["done", "abandoned"]).describe("How the mission ends."),
  },
  outputSchema: missionStatusShape,
  askForRest: "mission_status(full=true, from_item=N) lists the items a page at a time",
  annotations: {
    readOnlyHint: false,
    // A closed mission cannot be reopened.
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
  async run(args, services) {
    const r = finishMission(services.store, args.status, services.now());
    if (!r.ok) return r;
    return {
      ok: true,
      text: `closing record of mission #${r.mission.id}:${statusBlock(r.mission, true)}`,
      structured: statusData(r.mission),
    };
  },
});
