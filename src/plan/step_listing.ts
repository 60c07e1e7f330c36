/**
 * The step as tools/list shows it: one object with `action` and every other
 * field, each described once and marked with the actions it belongs to. The
 * per-action rules are the validator's (steps.ts), which runs before
 * anything moves.
 *
 * @module
 */

import { z } from "zod";
import {
  ACTIONS,
  appNameField,
  expectField,
  fromTextField,
  keysField,
  MAX_NOTCHES,
  MAX_TEXT,
  MAX_WAIT_MS,
  MAX_WAYPOINTS,
  maxActionsField,
  maxCharsField,
  modifiersField,
  offsetSchema,
  readScrollField,
  regionField,
  scopeField,
  scrollToFindField,
  skipIfAbsentField,
  stepsLimits,
  timeLimitField,
  timeoutField,
  toTextField,
  typedTextField,
  windowField,
} from "./step_fields.ts";

// ---------------------------------------------------------------------------
// The one step shape the model reads
// ---------------------------------------------------------------------------

/**
 * A target as tools/list shows it: one object for every action, since a
 * read's target only says where to read.
 */
const targetDoc = z.strictObject({
  text: z.string().max(MAX_TEXT).describe("Visible text as observe lists it; '' on read."),
  scope: scopeField,
  region: regionField,
  window: windowField,
  scroll_to_find: scrollToFindField,
}).describe(
  "click, double_click, right_click: the element. scroll: the pane to scroll over. read: where to read.",
);

/**
 * Waypoints and readouts are never scrolled for; their other target fields
 * are the step target's, named rather than repeated to keep the listing short.
 */
const onScreenTargetDoc = (meaning: string) =>
  z.object({
    text: z.string().max(MAX_TEXT).describe("Visible text; scope, region, window as in target."),
  }).describe(meaning);

const waypointDoc = z.strictObject({
  target: onScreenTargetDoc("An element on screen (preferred: survives scrolling).").optional(),
  offset: offsetSchema.optional().describe("From the element's centre, for a spot with no text."),
  x: z.number().optional().describe("Or a fixed point: x in screen pixels."),
  y: z.number().optional().describe("With x: y in screen pixels."),
}).describe("{target, offset?} or {x, y}.");

const untilReadoutDoc = z.strictObject({
  watch: onScreenTargetDoc("The readout's own text (not its label), on screen before the drag."),
  value: z.string().max(50).describe("The reading to stop at, as the app writes it: 50%, -6 dB, 00:12:00."),
  tolerance: z.number().default(0).describe("Allowed distance from value, in its units."),
}).describe(
  "drag: until the readout shows value; path is 2 points, path[1] only the direction.",
);

const actionDoc = z.enum(ACTIONS).describe(
  "Takes the fields marked with its name, plus expect and timeout_ms (not on read, read_clipboard). " +
    "wait: amount ms, or until expect holds. read: the window's text as laid out. read_clipboard: " +
    "the clipboard's text.",
);

/**
 * The step as tools/list shows it: one object with `action` and every
 * other field optional and described once. A union of eleven strict
 * objects repeats the shared fields eleven times; the per-action rules
 * are enforced by {@link stepSchema} before anything runs.
 */
const stepDoc = z.strictObject({
  action: actionDoc,
  target: targetDoc.optional(),
  path: z.array(waypointDoc).max(MAX_WAYPOINTS).optional().describe(
    "drag: 2+ waypoints in one window, all found before the press; pressed on the first, released on " +
      "the last.",
  ),
  until_readout: untilReadoutDoc.optional(),
  modifiers: modifiersField,
  text: typedTextField.optional(),
  keys: keysField.optional(),
  amount: z.number().int().min(-30_000).max(MAX_WAIT_MS).optional().describe(
    `scroll: wheel notches, + down, - up (at most ${MAX_NOTCHES}). wait: ms (1-30000, default 1000).`,
  ),
  app_name: appNameField.optional(),
  from_text: fromTextField,
  to_text: toTextField,
  scroll: readScrollField.optional(),
  max_chars: maxCharsField.optional(),
  skip_if_absent: skipIfAbsentField,
  expect: expectField,
  timeout_ms: timeoutField.optional(),
}).describe("One step.");

/** The input shape execute_plan publishes in tools/list. */
export const planInputShape = {
  steps: stepsLimits(stepDoc),
  max_actions: maxActionsField,
  time_limit_ms: timeLimitField,
};
