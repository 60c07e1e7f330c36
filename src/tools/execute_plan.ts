/**
 * `execute_plan`: run a batch of UI steps and report the journey.
 *
 * @module
 */

import { startPlan } from "../plan/executor.ts";
import { planSchema } from "../plan/steps.ts";
import { refusedAtStart } from "../plan/front.ts";
import { withheldPlanText } from "../render/front_text.ts";
import { validatePlan } from "../plan/validate.ts";
import { RECOVERY_RULE } from "../render/recovery.ts";
import { missionStatusObject } from "./shared_shapes.ts";
import { fileTiedRun, missionFields, tieRun, validateWithMission } from "./support/mission_tie.ts";
import { planHooks, runOutputShape, runReply, runStatusField } from "./support/run_reply.ts";
import { defineTool } from "./tool.ts";
import { planInputShape } from "../plan/step_listing.ts";
import { resumedLine } from "../render/pause_text.ts";

export const executePlanTool = defineTool({
  name: "execute_plan",
  title: "Run UI steps",
  summary: "up to 50 UI steps (click, drag, type, hotkey, scroll, wait, focus_app, read…) with expectations",
  description: [
    "Runs UI steps in order, aimed at visible text as observe or recall list it; answers with a journey: what each step matched, where, what followed.",
    "Matching, first success wins: exact (case, spacing aside), fuzzy (OCR slips), semantic (synonyms, Remove↔Delete: check it before consequential clicks), contained (whole words in a longer text), words (3+ words in order, same first and last, 1-2 added, not adjacent); a sheet cell answers to its address (B3) unless a text (its Name Box aside) reads exactly that; of equals, the best score, then a key or control over text, then reading order ('1 of N'; a left click escalates).",
    "Destructive steps ask the user first (via the client, else a desktop dialog) unless the user's settings decide: a no is declined, nobody to ask refused. They include a click or key on Delete, Discard…, Shift+Delete, and in a terminal app or run box (not one inside another app) a typed newline, Enter after input choto sent there, a paste that may hold one.",
    RECOVERY_RULE,
    "Side effects: real input (it can send messages, change or move files); windows seen are recorded; a copy replaces the clipboard.",
  ].join("\n\n"),
  inputSchema: { ...planInputShape, ...missionFields },
  outputSchema: {
    status: runStatusField,
    ...runOutputShape,
    mission: missionStatusObject.optional().describe("As mission_status's, when tied to an item."),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  actsOnScreen: true,
  // A plan waits for its turn no longer than it may run.
  waitLimitMs: (args) => args.time_limit_ms,
  carriesScreenText: true,
  askForRest: "read a smaller part of the screen (target.region), or fewer reads per plan",
  pausesForAnswers: true,
  validate(args: unknown) {
    return validateWithMission(args, (plan) => {
      const v = validatePlan(plan);
      return v.ok ? { ok: true as const, value: v.plan } : { ok: false as const, text: v.text };
    });
  },
  async run(args, services, call) {
    const tied = tieRun(services, args);
    if (!tied.ok) return tied;
    const plan = planSchema.parse(tied.plan);
    const resumed = call.pause?.resumed;
    if (!resumed && refusedAtStart(services, plan.steps)) {
      return { ok: false, text: withheldPlanText(plan.steps[0].action) };
    }
    const r = resumed
      ? await resumed.run.resume(resumed.answer, planHooks(call))
      : await startPlan(services, plan, undefined, planHooks(call));
    // Paused before a destructive step: the server asks the client, whose retry goes on from here.
    if ("resume" in r) {
      call.pause?.hold(r);
      return { ok: false, text: r.question };
    }
    const reply = await runReply(r);
    if (resumed) reply.text = `${resumedLine(resumed.run.step, resumed.answer)}\n${reply.text}`;
    const filed = tied.tie ? fileTiedRun(services, tied.tie, plan, r) : null;
    return {
      ok: true,
      text: reply.text + (filed?.text ?? ""),
      images: reply.images,
      structured: { ...reply.facts, ...(filed?.mission ? { mission: filed.mission } : {}) },
    };
  },
});
