/**
 * The step language of `execute_plan` as a zod schema: one strict object per
 * action, joined into a discriminated union on `action`.
 *
 * The schema is the contract the model reads from tools/list, so every field
 * says what it is for, and every combination the executor cannot honour is
 * refused here with a message that names the field and the fix. Nothing in
 * this module touches the desktop; the executor consumes what it parses.
 *
 * @module
 */

import { z } from "zod";
import {
  ACTIONS,
  appNameField,
  fromTextField,
  keysField,
  maxActionsField,
  maxCharsField,
  modifiersField,
  notchesField,
  outcomeFields,
  pathField,
  readLocationSchema,
  readScrollField,
  skipIfAbsentField,
  stepsLimits,
  strictShape,
  targetSchema,
  timeLimitField,
  toTextField,
  typedTextField,
  untilReadoutSchema,
  waitField,
} from "./step_fields.ts";

// ---------------------------------------------------------------------------
// Cross-field rules
// ---------------------------------------------------------------------------

type StepPayload = z.core.ParsePayload<Record<string, unknown>>;

/** skip_if_absent turns "target not found" into a skip, so without a target it means nothing. */
function requireTargetForSkip(ctx: StepPayload): void {
  if (ctx.value.skip_if_absent === undefined || ctx.value.target !== undefined) return;
  ctx.issues.push({
    code: "custom",
    path: ["skip_if_absent"],
    input: ctx.value.skip_if_absent,
    message: "skip_if_absent only applies to a step with a target; add the target that may be missing, " +
      "or remove skip_if_absent",
  });
}

/** On a read, what can be absent is a bounding text, so skip_if_absent needs one. */
function requireBoundForSkip(ctx: StepPayload): void {
  const v = ctx.value;
  if (v.skip_if_absent === undefined || v.from_text !== undefined || v.to_text !== undefined) return;
  ctx.issues.push({
    code: "custom",
    path: ["skip_if_absent"],
    input: v.skip_if_absent,
    message: "on a read, skip_if_absent skips the step when from_text or to_text is not there; add " +
      "the bound that may be missing, or remove skip_if_absent",
  });
}

/** Reading toward a value pushes from the first point toward the second, so the route cannot bend. */
function requireTwoPointsForReadout(ctx: StepPayload): void {
  const path = ctx.value.path as unknown[] | undefined;
  if (ctx.value.until_readout === undefined || !path || path.length === 2) return;
  ctx.issues.push({
    code: "custom",
    path: ["path"],
    input: path,
    message: `with until_readout the path must be exactly two waypoints (got ${path.length}): the ` +
      "first is where the button goes down, the second only gives the direction; drop the extra ones",
  });
}

// ---------------------------------------------------------------------------
// Actions, validated one by one
// ---------------------------------------------------------------------------

function pointerStep<A extends "click" | "double_click" | "right_click">(name: A) {
  return strictShape({
    action: z.literal(name),
    target: targetSchema,
    modifiers: modifiersField,
    skip_if_absent: skipIfAbsentField,
    ...outcomeFields,
  }, `a ${name} step`);
}

const dragStep = strictShape({
  action: z.literal("drag"),
  path: pathField,
  modifiers: modifiersField,
  until_readout: untilReadoutSchema.optional(),
  ...outcomeFields,
}, "a drag step").check(requireTwoPointsForReadout);

const typeStep = strictShape({
  action: z.literal("type"),
  text: typedTextField,
  ...outcomeFields,
}, "a type step");

const hotkeyStep = strictShape({
  action: z.literal("hotkey"),
  keys: keysField,
  ...outcomeFields,
}, "a hotkey step");

const scrollStep = strictShape({
  action: z.literal("scroll"),
  amount: notchesField,
  target: targetSchema.optional(),
  skip_if_absent: skipIfAbsentField,
  ...outcomeFields,
}, "a scroll step").check(requireTargetForSkip);

const waitStep = strictShape({
  action: z.literal("wait"),
  amount: waitField,
  ...outcomeFields,
}, "a wait step");

const focusAppStep = strictShape({
  action: z.literal("focus_app"),
  app_name: appNameField,
  ...outcomeFields,
}, "a focus_app step");

const readStep = strictShape({
  action: z.literal("read"),
  target: readLocationSchema.optional(),
  from_text: fromTextField,
  to_text: toTextField,
  scroll: readScrollField,
  max_chars: maxCharsField,
  skip_if_absent: skipIfAbsentField,
}, "a read step").check(requireBoundForSkip);

const readClipboardStep = strictShape({
  action: z.literal("read_clipboard"),
}, "a read_clipboard step");

/** One step of a plan: a discriminated union on `action`. */
export const stepSchema = z.discriminatedUnion("action", [
  pointerStep("click"),
  pointerStep("double_click"),
  pointerStep("right_click"),
  dragStep,
  typeStep,
  hotkeyStep,
  scrollStep,
  waitStep,
  focusAppStep,
  readStep,
  readClipboardStep,
], {
  error: (issue) =>
    issue.code === "invalid_union" ? `action must be one of ${ACTIONS.join(", ")}` : undefined,
});

/** The parsed form of {@link stepSchema}. */
export type Step = z.infer<typeof stepSchema>;

/** A whole plan: the steps and the limits that stop a runaway run. */
export const planSchema = strictShape({
  steps: stepsLimits(stepSchema),
  max_actions: maxActionsField,
  time_limit_ms: timeLimitField,
}, "the plan");

/** The parsed form of {@link planSchema}. */
export type Plan = z.infer<typeof planSchema>;
