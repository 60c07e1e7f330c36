/**
 * What ties an execute_plan run to a mission's checklist item: the two input
 * fields, their validation beside the plan's, the refusal of an item that
 * does not exist before anything runs, and the verdict filed after the run
 * with the status block the reply ends with. Kept apart from execute_plan's
 * own file so the plan tool only calls in at two points.
 *
 * @module
 */

import { z } from "zod";
import { fileRun } from "../../mission/runs.ts";
import { activeItem, type Item, MAX_ITEMS } from "../../mission/store.ts";
import { filedLine, statusBlock, statusData } from "../../render/mission_text.ts";
import type { RunResult } from "../../plan/executor.ts";
import type { Plan } from "../../plan/steps.ts";
import type { Services } from "../../services.ts";

/** The input fields execute_plan gains; the rest of its input is the plan. */
export const missionFields = {
  mission_item_id: z.number().int().min(1).max(MAX_ITEMS).optional().describe(
    "Item N of the active mission: success passes it, keeping these steps as its recipe; else it fails.",
  ),
  llm_version_tag: z.string().trim().min(1).max(200).optional().describe(
    "With mission_item_id: the model driving, kept with the recipe for replays to compare.",
  ),
};
const missionFieldsSchema = z.object(missionFields);

type Validation = { ok: true; value: unknown } | { ok: false; text: string };

/**
 * Validates the mission fields beside the plan (checked by `validatePlan`,
 * which refuses keys it does not know), reporting both sets of problems at once.
 */
export function validateWithMission(args: unknown, validatePlan: (plan: unknown) => Validation): Validation {
  const isObject = typeof args === "object" && args !== null && !Array.isArray(args);
  const { mission_item_id, llm_version_tag, ...rest } = (isObject ? args : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const m = missionFieldsSchema.safeParse({ mission_item_id, llm_version_tag });
  if (!m.success) problems.push(...m.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`));
  if (llm_version_tag !== undefined && mission_item_id === undefined) {
    problems.push(
      "- llm_version_tag: it only applies with mission_item_id; add the item's id or leave it out",
    );
  }
  const v = validatePlan(isObject ? rest : args);
  if (!v.ok) return { ok: false, text: [v.text, ...problems].join("\n") };
  if (problems.length) {
    return {
      ok: false,
      text: ["The plan was not run. Nothing was clicked or typed; fix these and send it again.", ...problems]
        .join("\n"),
    };
  }
  return { ok: true, value: { ...(v.value as object), ...(m.success ? m.data : {}) } };
}

/** A run tied to an item, between the check before it and the filing after it. */
export interface Tie {
  missionId: number;
  item: Item;
  llmVersionTag: string | null;
  startedAt: number;
}

/**
 * Splits the validated input into the plan's fields and the tie. An item
 * that does not exist (or no active mission) is refused here, before the
 * run: its verdict would have nowhere to go.
 */
export function tieRun(
  services: Services,
  args: Record<string, unknown>,
): { ok: true; plan: Record<string, unknown>; tie: Tie | null } | { ok: false; text: string } {
  const { mission_item_id, llm_version_tag, ...plan } = args;
  if (mission_item_id === undefined) return { ok: true, plan, tie: null };
  const found = activeItem(services.store, mission_item_id as number, "execute_plan");
  if (!found.ok) return { ok: false, text: found.text.replace("Nothing was written.", "Nothing was run.") };
  return {
    ok: true,
    plan,
    tie: {
      missionId: found.mission.id,
      item: found.item,
      llmVersionTag: (llm_version_tag as string | undefined) ?? null,
      startedAt: services.now(),
    },
  };
}

/** Files the run's verdict on its item; returns the text to append and the status data. */
export function fileTiedRun(
  services: Services,
  tie: Tie,
  plan: Plan,
  result: RunResult,
): { text: string; mission?: ReturnType<typeof statusData> } {
  const filed = fileRun(services, { ...tie, kind: "plan", plan, result });
  if (!filed.mission) return { text: `\n\n${filedLine(filed.filed)}` };
  return {
    text: `\n\n${filedLine(filed.filed)}${statusBlock(filed.mission)}`,
    mission: statusData(filed.mission),
  };
}
