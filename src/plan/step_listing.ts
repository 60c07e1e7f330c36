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
  expectShape,
  fromTextField,
  keysField,
  MAX_NOTCHES,
  MAX_READING,
  MAX_TEXT,
  MAX_TYPED,
  MAX_WAIT_MS,
  MAX_WAYPOINTS,
  maxActionsField,
  maxCharsField,
  MODIFIERS,
  modifiersField,
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
// The one step shape the model reads. Objects are shown without
// additionalProperties and strings without their minimum length: the
// validator refuses both with the field and the fix, and the listing is paid
// for in every conversation.
// ---------------------------------------------------------------------------

/** A field's own description, for a listing-only copy of it. */
const said = (field: z.ZodType) => field.description ?? "";

/** A text of at most `max` characters, described as the field it stands for. */
const textDoc = (field: z.ZodType, max = MAX_TEXT) => z.string().max(max).optional().describe(said(field));

/**
 * A target as tools/list shows it: one object for every action, since a
 * read's target only says where to read.
 */
const targetDoc = z.object({
  text: z.string().max(MAX_TEXT).describe("Visible text; '' on read."),
  scope: scopeField,
  region: regionField,
  window: textDoc(windowField, 200),
  scroll_to_find: scrollToFindField,
}).describe("click*: the element. scroll: the pane to scroll over. read: where to read.");

// Small objects of the drag, said in words rather than as typed fields: a
// waypoint's target and a readout's are the step target's fields (never
// scrolled for), and the validator names the field and the fix of any slip.

const waypointDoc = z.object({
  target: z.object({}).optional().describe("An element on screen (preferred): a target, never scrolled for."),
  offset: z.object({}).optional().describe(
    "{dx, dy}: pixels from its centre, + right/down (a spot with no text).",
  ),
  x: z.number().optional().describe("Screen x."),
  y: z.number().optional().describe("Screen y."),
}).describe("{target, offset?} or {x, y}.");

const untilReadoutDoc = z.object({
  value: z.string().max(MAX_READING).describe("As shown: 50%, -6 dB."),
  tolerance: z.number().min(0).optional().describe("Allowed distance (default 0)."),
}).describe(
  "drag: until a readout shows value; watch: its text (not its label), a target never scrolled for; " +
    "path: 2 points, the second a direction.",
);

/**
 * An expectation's fields in one sentence: six typed fields would cost twice its length. Their one limit
 * is published for every field at once (a length bounds strings only, so screen_changes passes).
 */
const expectDoc = z.object({}).meta({ additionalProperties: { maxLength: MAX_TEXT } }).optional().describe(
  `${said(expectField)} Texts: appears (${said(expectShape.appears)}), disappears ` +
    `(${said(expectShape.disappears)}), appears_count_increases (${
      said(expectShape.appears_count_increases)
    }), ` +
    `checked (${said(expectShape.checked)}), unchecked (${said(expectShape.unchecked)}); screen_changes: ` +
    `${said(expectShape.screen_changes)}`,
);

const actionDoc = z.enum(ACTIONS).describe(
  "Takes the fields marked with its name (click*: click, double_click, right_click) plus expect, " +
    "timeout_ms (not on read*). wait: amount ms, or until expect holds. read: the window's text as laid " +
    "out.",
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
    "drag: 2+ points in one window, found before the press: press on the first, release on the last.",
  ),
  until_readout: untilReadoutDoc.optional(),
  modifiers: z.array(z.enum(MODIFIERS)).max(4).optional().describe(said(modifiersField)),
  text: z.string().max(MAX_TYPED).optional().describe(said(typedTextField)),
  keys: z.array(z.string().max(20)).max(6).optional().describe(
    said(keysField),
  ),
  amount: z.number().int().min(-30_000).max(MAX_WAIT_MS).optional().describe(
    `scroll: wheel notches, + down, - up (≤ ${MAX_NOTCHES}). wait: ms (1-30000, default 1000).`,
  ),
  app_name: textDoc(appNameField, 200),
  from_text: textDoc(fromTextField),
  to_text: textDoc(toTextField),
  scroll: readScrollField.optional(),
  max_chars: maxCharsField.optional(),
  skip_if_absent: skipIfAbsentField,
  expect: expectDoc,
  timeout_ms: timeoutField.optional(),
});

/** The input shape execute_plan publishes in tools/list. */
export const planInputShape = {
  steps: stepsLimits(stepDoc),
  max_actions: maxActionsField,
  time_limit_ms: timeLimitField,
};
