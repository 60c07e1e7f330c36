/**
 * `mission_replay`: repeat what already passed one checklist item, but only
 * in the world it was recorded in.
 *
 * @module
 */

import { z } from "zod";
import { type Comparison, PREFLIGHT_FIELDS } from "../mission/fingerprint.ts";
import { replayItem } from "../mission/replay.ts";
import { MAX_ITEMS, MAX_MISSION_ID } from "../mission/store.ts";
import { filedLine, statusBlock } from "../render/mission_text.ts";
import { planHooks, RUN_STATUSES, runOutputBrief, runReply } from "./support/run_reply.ts";
import { defineTool } from "./tool.ts";

function preflightLines(c: Comparison, compared: string[], ran: boolean): string[] {
  const lines: string[] = [];
  if (c.differences.length) {
    lines.push("preflight: the world differs from the recorded one, so no step was run:");
    for (const d of c.differences) lines.push(`  ${d.field}: recorded ${d.recorded}, now ${d.now}`);
  } else if (!ran) {
    lines.push(
      `preflight: ${
        c.uncomparable.map((u) => u.field).join(", ")
      } could not be compared, so no step was run: nothing vouches that the world is the recorded one.`,
    );
  } else {
    lines.push(
      `preflight: ${compared.length ? `${compared.join(", ")} match the recording` : "nothing to compare"}`,
    );
  }
  if (c.uncomparable.length) {
    lines.push(`  not compared: ${c.uncomparable.map((u) => `${u.field} (${u.why})`).join(", ")}`);
  }
  lines.push("  route: held against the recorded one after a successful run");
  return lines;
}

/** A run's fields, absent when the world differed and nothing ran. */
const runFields = z.object(runOutputBrief).partial().shape;

export const missionReplayTool = defineTool({
  name: "mission_replay",
  title: "Replay a mission item",
  summary: "repeats an item's recipe, only when the world matches the one it was recorded in",
  description:
    "Repeats item N's recipe (the steps that passed it) as execute_plan would, with its reply. It runs only if each field of the recorded world (app, build, llm_version_tag, screen, start window, its size) is known and matches now (allow_unknown: or unknown), else it says which and what to do. No such mission, item or recipe: an error saying what to run. A failed replay fails the item. Clicks and types.",
  inputSchema: {
    mission_item_id: z.number().int().min(1).max(MAX_ITEMS).describe("Item id."),
    llm_version_tag: z.string().trim().min(1).max(200).describe("The model driving now."),
    mission_id: z.number().int().min(1).max(MAX_MISSION_ID).optional().describe(
      "A closed mission's item instead (its marks are kept).",
    ),
    allow_unknown: z.boolean().default(false).describe("Run though a field is unknown."),
  },
  outputSchema: {
    status: z.enum(RUN_STATUSES).nullable().describe(
      "How the run ended, as execute_plan's status; null: not run.",
    ),
    differences: z.array(z.object({ field: z.string(), recorded: z.string(), now: z.string() })),
    not_compared: z.array(z.string()).describe("Fields unknown then or now."),
    route_warning: z.string().nullable().describe("How the route differed."),
    ...runFields,
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  actsOnScreen: true,
  carriesScreenText: true,
  async run(args, services, call) {
    const n = args.mission_item_id;
    const r = await replayItem(services, n, args.llm_version_tag, {
      missionId: args.mission_id,
      hooks: planHooks(call),
      allowUnknown: args.allow_unknown,
    });
    if (!r.ok) return { ok: false, text: r.text + (r.mission ? statusBlock(r.mission) : "") };
    const compared = PREFLIGHT_FIELDS.filter((f) =>
      !r.comparison.differences.some((d) => d.field === f) &&
      !r.comparison.uncomparable.some((u) => u.field === f)
    );
    const preflight = preflightLines(r.comparison, compared, r.ran).join("\n");
    if (!r.ran) {
      return {
        ok: false,
        text: [
          preflight,
          "",
          r.comparison.differences.length === 0
            ? `If the world is the recorded one as far as you can tell, call again with allow_unknown=true to replay anyway; or run the steps deliberately with ${
              r.mission.status === "active"
                ? `execute_plan(mission_item_id=${n}, llm_version_tag)`
                : "execute_plan"
            }, which records a fuller world.`
            : `A difference is not proof the app changed: a resized window, a dialog in the way, another model or a real update all show up here, and only you can tell which. ${
              r.mission.status === "active"
                ? `To go ahead, run the steps deliberately with execute_plan(mission_item_id=${n}); a success records this world as the item's new recipe. Or judge the item yourself with mission_mark.`
                : "To go ahead, run the steps deliberately with execute_plan; the closed mission's recipe stays as it was."
            }`,
        ].join("\n") + statusBlock(r.mission),
        structured: {
          status: null,
          differences: r.comparison.differences,
          not_compared: r.comparison.uncomparable.map((u) => u.field),
          route_warning: null,
        },
      };
    }
    const run = r.result!;
    const reply = await runReply(run);
    const parts = [preflight, "", reply.text, "", filedLine(r.filed!)];
    if (r.routeWarning) parts.push(`warning: ${r.routeWarning}; the recorded world is kept as it was.`);
    return {
      ok: true,
      text: parts.join("\n") + statusBlock(r.mission),
      images: reply.images,
      structured: {
        ...reply.facts,
        differences: [],
        not_compared: r.comparison.uncomparable.map((u) => u.field),
        route_warning: r.routeWarning,
      },
    };
  },
});
