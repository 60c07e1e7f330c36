/**
 * A run's reply, as execute_plan and mission_replay both give it: the
 * journey's text, the screenshot of a failure, and the same facts as typed
 * data, down to the screenshot's scale and the advice of the `next:` line.
 *
 * @module
 */

import { z } from "zod";
import { screenshotPng } from "../../image/codec.ts";
import { SURFACES } from "../../perceive/surfaces.ts";
import type { PlanHooks, RunResult } from "../../plan/executor.ts";
import { journeyText } from "../../render/journey_text.ts";
import { nextStep } from "../../render/recovery.ts";
import { progressMessage, stepOutput } from "../../render/step_lines.ts";
import { elementOut } from "../shared_shapes.ts";
import type { Element } from "../../ocr/types.ts";
import type { CallContext } from "../tool.ts";

const closeText = z.object({ text: z.string(), similarity: z.number() });

/** Every status a run can end with. */
export const RUN_STATUSES = [
  "success",
  "unconfirmed",
  "escalated",
  "aborted",
  "declined",
  "refused",
] as const;

/** The status field, described once for both tools. */
export const runStatusField = z.enum(RUN_STATUSES).describe(
  "unconfirmed: ran, but a step's effect was not seen (see next); " +
    "escalated: a step failed (see failure); aborted: stopped by user or client; declined: the user said no; " +
    "refused: not allowed (deny list, nobody to ask).",
);

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

/** An element as a failure lists it: what to aim at next (observe gives boxes and confidences). */
const targetShape = z.object({
  text: z.string(),
  cx: z.number(),
  cy: z.number(),
  control: z.string().optional(),
});

/** The element as `targetShape` types it. */
function targetOut(e: Element): z.infer<typeof targetShape> {
  const { text, cx, cy, control } = elementOut(e);
  return { text, cx, cy, ...(control ? { control } : {}) };
}

/** The typed facts of a run, besides its status. */
export const runOutputShape = {
  steps: z.array(z.object({
    step: z.number(),
    action: z.string(),
    outcome: z.enum(["done", "unconfirmed", "skipped", "failed", "partial", "not_run"]),
    line: z.string(),
    match: matchShape.optional(),
    // A drag's waypoints: each as its target matched, or the bare point it was given as.
    waypoints: z.array(z.union([matchShape, z.object({ x: z.number(), y: z.number() })])).optional(),
  })).describe("candidates: equal matches."),
  actions_used: z.number(),
  max_actions: z.number(),
  elapsed_ms: z.number().describe("Less the user's answering."),
  extracted: z.array(z.object({ step: z.number(), source: z.string(), text: z.string(), note: z.string() }))
    .describe("What read and read_clipboard brought."),
  failure: z.object({
    step: z.number(),
    action: z.string(),
    reason: z.string(),
    input_sent: z.boolean(),
    surface: z.enum(SURFACES).nullable(),
    target: z.string().nullable(),
    closest: z.array(closeText),
    window: z.string().nullable(),
    elements: z.array(targetShape),
    chrome: z.array(targetShape),
  }).nullable().describe("input_sent: the step's input reached an app (never resend it whole)."),
  next: z.string().nullable().describe("What to do now, when not a success."),
  screenshot: z.object({ width: z.number(), height: z.number(), scale: z.number() }).nullable().describe(
    "The escalation's PNG; its coordinates / scale = screen pixels.",
  ),
  windows_seen: z.array(z.object({
    node: z.number(),
    app: z.string(),
    title: z.string(),
    sample: z.array(z.string()),
  })),
};

/**
 * The same fields as a reply that also carries other facts lists them
 * (mission_replay): typed at their top, their inner shape said once in
 * tools/list, in execute_plan's output schema, rather than twice.
 */
export const runOutputBrief = {
  steps: z.array(z.looseObject({})).describe("The run's fields, as execute_plan's output schema types them."),
  actions_used: z.number(),
  max_actions: z.number(),
  elapsed_ms: z.number(),
  extracted: z.array(z.looseObject({})),
  failure: z.looseObject({}).nullable(),
  next: z.string().nullable(),
  screenshot: z.looseObject({}).nullable(),
  windows_seen: z.array(z.looseObject({})),
} satisfies Record<keyof typeof runOutputShape, z.ZodType>;

/** The typed facts of a run, as {@link runOutputShape} and the status field describe them. */
export type RunFacts = z.infer<z.ZodObject<typeof runOutputShape>> & {
  status: typeof RUN_STATUSES[number];
};

/** The text, images and typed facts of a run's reply. */
export async function runReply(
  r: RunResult,
): Promise<{ text: string; images: Uint8Array[]; facts: RunFacts }> {
  const look = r.failure?.look ?? null;
  const shot = look && r.status === "escalated" ? await screenshotPng(look.frame) : null;
  return {
    text: journeyText(r, shot?.scale ?? null),
    images: shot ? [shot.png] : [],
    facts: {
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
          input_sent: r.failure.sent,
          surface: r.failure.surface,
          target: r.failure.target,
          closest: r.failure.closest,
          window: look?.window?.title ?? null,
          elements: (look?.windowElements ?? []).map(targetOut),
          chrome: (look?.chromeElements ?? []).map(targetOut),
        }
        : null,
      next: nextStep(r),
      screenshot: shot ? { width: shot.width, height: shot.height, scale: shot.scale } : null,
      windows_seen: r.windowsSeen,
    },
  };
}

/** The request's cancellation, and its progress notifications in the steps' own words. */
export function planHooks(call: CallContext): PlanHooks {
  const progress = call.progress;
  return {
    signal: call.signal,
    progress: progress ? (p, steps) => progress(p.done, p.total, progressMessage(p, steps)) : undefined,
  };
}
