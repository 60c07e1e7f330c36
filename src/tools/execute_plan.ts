/**
 * `execute_plan`: run a batch of UI steps and report the journey.
 *
 * @module
 */

import { z } from "zod";
import { SURFACES } from "../perceive/surfaces.ts";
import { executePlan } from "../plan/executor.ts";
import { planSchema } from "../plan/steps.ts";
import { validatePlan } from "../plan/validate.ts";
import { screenshotPng } from "../image/codec.ts";
import { journeyText } from "../render/journey_text.ts";
import { stepOutput } from "../render/step_lines.ts";
import { elementOut, elementShape, missionStatusShape } from "./shared_shapes.ts";
import { fileTiedRun, missionFields, tieRun, validateWithMission } from "./support/mission_tie.ts";
import { defineTool } from "./tool.ts";
import { planInputShape } from "../plan/step_listing.ts";

const closeText = z.object({ text: z.string(), similarity: z.number() });

/** A target as matched: its text, the stage, equal matches, the surface and the point aimed at. */
const matchShape = z.object({
  text: z.string(),
  stage: z.enum(["exact", "fuzzy", "semantic", "contained", "words", "address"]),
  score: z.number(),
  candidates: z.number(),
  scope: z.enum(SURFACES),
  x: z.number(),
  y: z.number(),
});

export const executePlanTool = defineTool({
  name: "execute_plan",
  title: "Run UI steps",
  description: [
    "Runs UI steps in order on the user's desktop and answers with a journey: per step, what it matched, where, and what followed. Steps aim at visible text as observe or recall list it, not coordinates.",
    "Matching stages, first success wins: exact (case and spacing aside), fuzzy (OCR slips), semantic (UI synonyms: Settings finds Preferences), contained (whole words inside a longer text), words (the same words in order, one or two more between). A sheet's cell also answers to its address (B3). Of equal matches the first in reading order wins and the journey says '1 of N'; region picks another. A menu item is two steps: click the menu, then the item with scope chrome.",
    "The plan is checked first: a malformed one is refused naming the step and field, and nothing runs.",
    "status: success; escalated when a target, waypoint or window is not found, expect or a readout is not met, the app cannot be focused, the time limit or action budget runs out (checked before every key, notch and move; a cut step is partial and says how far it got), or on an internal error (the reply gives the step, cause, closest texts, elements now and a screenshot: fix that step, resend from it); aborted when the user moves the pointer into the top-left corner or the request is cancelled; declined when the user said no to a destructive step (a click on Delete, Discard…, Shift+Delete, a command line in a terminal): choto asks the user first.",
    "Learn the texts with observe or recall first; use focus_app alone to only bring an app forward. Side effects: real clicks, keys and drags in the user's apps (can send messages, change or move files); windows seen are recorded for recall; copying replaces the user's clipboard.",
  ].join("\n\n"),
  inputSchema: { ...planInputShape, ...missionFields },
  outputSchema: {
    status: z.enum(["success", "escalated", "aborted", "declined"]).describe(
      "escalated: a step failed (see failure); aborted: the user stopped the run; declined: the user refused a step.",
    ),
    steps: z.array(z.object({
      step: z.number(),
      action: z.string(),
      outcome: z.enum(["done", "skipped", "failed", "partial", "not_run"]),
      line: z.string(),
      match: matchShape.optional(),
      waypoints: z.array(z.union([matchShape, z.object({ x: z.number(), y: z.number() })])).optional(),
    })).describe(
      "Per step: its journey line and, for a target (each drag waypoint: waypoints), the text it matched, " +
        "the stage, how many equal matches there were, and where it aimed (screen pixels).",
    ),
    actions_used: z.number().describe("Actions spent (see max_actions)."),
    max_actions: z.number().describe("The action budget."),
    elapsed_ms: z.number().describe("Wall-clock time of the run."),
    extracted: z.array(z.object({ step: z.number(), source: z.string(), text: z.string(), note: z.string() }))
      .describe("Text brought back by read and read_clipboard; note says how it was read and any cut."),
    failure: z.object({
      step: z.number(),
      action: z.string(),
      reason: z.string(),
      surface: z.enum(SURFACES).nullable(),
      target: z.string().nullable(),
      closest: z.array(closeText),
      window: z.string().nullable(),
      elements: z.array(elementShape),
      chrome: z.array(elementShape),
    }).nullable().describe(
      "What stopped the run: the step, why, the surface searched, the closest texts to a missed target, " +
        "and the window's and chrome's elements now.",
    ),
    mission: z.object(missionStatusShape).optional().describe("The mission status, when tied to an item."),
    windows_seen: z.array(z.object({
      node: z.number(),
      app: z.string(),
      title: z.string(),
      sample: z.array(z.string()),
    })).describe("Each window the run passed through, with its graph node and a sample of its text."),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  actsOnScreen: true,
  carriesScreenText: true,
  askForRest: "read a smaller part of the screen (target.region), or fewer reads per plan",
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
    const r = await executePlan(services, plan, undefined, call.signal);
    const look = r.failure?.look ?? null;
    const shot = look && r.status === "escalated" ? await screenshotPng(look.frame) : null;
    const filed = tied.tie ? fileTiedRun(services, tied.tie, plan, r) : null;
    return {
      ok: true,
      text: journeyText(r, shot?.scale ?? null) + (filed?.text ?? ""),
      images: shot ? [shot.png] : [],
      structured: {
        status: r.status,
        steps: r.reports.map(stepOutput),
        actions_used: r.actions,
        max_actions: r.maxActions,
        elapsed_ms: r.elapsedMs,
        extracted: r.extracts,
        failure: r.failure
          ? {
            step: r.failure.step,
            action: r.failure.action,
            reason: r.failure.reason,
            surface: r.failure.surface,
            target: r.failure.target,
            closest: r.failure.closest,
            window: look?.window?.title ?? null,
            elements: (look?.windowElements ?? []).map(elementOut),
            chrome: (look?.chromeElements ?? []).map(elementOut),
          }
          : null,
        windows_seen: r.windowsSeen,
        ...(filed?.mission ? { mission: filed.mission } : {}),
      },
    };
  },
});
