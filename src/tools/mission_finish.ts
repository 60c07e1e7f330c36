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
  description:
    "Closes the active mission: done when nothing is left to try (failed items do not prevent it; that is your call), abandoned when the checklist was not worked through. Frees the one active slot mission_start needs. The reply is the whole checklist as a closing record; nothing is deleted, items keep their recipes and reasons. Writes only choto's database.",
  inputSchema: {
    status: z.enum(["done", "abandoned"]).describe("How the mission ends."),
  },
  outputSchema: missionStatusShape,
  askForRest: "mission_status(full=true, from_item=N) lists the items a page at a time",
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
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
