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

import { nearestName, shortEcho } from "../common/nearest.ts";
import { z } from "zod";
import { parseCombo } from "../desktop/keys.ts";
import { REGIONS, SURFACES } from "../perceive/surfaces.ts";

/** Every action a step can take, in the order the schema lists them. */
export const ACTIONS = [
  "click",
  "double_click",
  "right_click",
  "drag",
  "type",
  "hotkey",
  "scroll",
  "wait",
  "focus_app",
  "read",
  "read_clipboard",
] as const;

/** One action name. */
export type ActionName = typeof ACTIONS[number];

/** The actions that hold modifier keys down while they run. */
export const MODIFIER_ACTIONS: readonly ActionName[] = ["click", "double_click", "right_click", "drag"];

/** Longest pause a wait step may ask for, in milliseconds. */
export const MAX_WAIT_MS = 30_000;
/** Default post-condition deadline of a step, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5_000;
/** Most steps one plan may carry. */
export const MAX_STEPS = 50;
/** Longest text a target, bound, expect or window piece may be: longer is never on screen as one line. */
export const MAX_TEXT = 500;
/** Most characters one type step sends. */
export const MAX_TYPED = 5_000;
/** Most wheel notches one scroll step sends. */
export const MAX_NOTCHES = 10_000;
/** Most waypoints of a drag. */
export const MAX_WAYPOINTS = 20;

/** Default action budget of a plan (clicks, keystrokes and search scrolls together). */
export const DEFAULT_MAX_ACTIONS = 60;

// ---------------------------------------------------------------------------
// Unknown fields
// ---------------------------------------------------------------------------

/**
 * Fields that exist in the language but not everywhere. Naming one in the
 * wrong place is a misunderstanding worth explaining, not just a typo.
 */
const MISPLACED_FIELD_HINTS: Record<string, string> = {
  modifiers: `modifiers only work on ${MODIFIER_ACTIONS.join(", ")}; remove it here, ` +
    "or press the combination with a hotkey step",
  skip_if_absent: "skip_if_absent needs a step that can miss something (click, double_click, " +
    "right_click, scroll with a target, or read with from_text/to_text); remove it here",
  expect: "expect checks what an action changed on screen, and this step changes nothing; remove it",
  timeout_ms: "this step waits for nothing (a read takes the screen as it is now); remove it, and to " +
    "wait for text first, put a wait step with expect {appears} before this one",
  scroll_to_find: "this target is never scrolled for (drag waypoints and readouts must already be on " +
    "screen, and a read has no element to find); remove scroll_to_find",
};

/**
 * A strict object whose refusal of unknown keys says where the key belongs
 * and which keys this object does take.
 */
function strictShape<S extends z.ZodRawShape>(shape: S, what: string) {
  const names = Object.keys(shape);
  const known = names.join(", ");
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== "unrecognized_keys") return undefined;
      const keys = issue.keys.slice(0, 3).map((key) => {
        const near = nearestName(key, names);
        return `"${shortEcho(key, 40)}": ${
          MISPLACED_FIELD_HINTS[key] ??
            `${what} has no field "${shortEcho(key, 40)}"; ${
              near ? `did you mean "${near}"? ` : ""
            }the fields it takes are ${known}`
        }`;
      });
      if (issue.keys.length > 3) keys.push(`and ${issue.keys.length - 3} more unknown field(s)`);
      return keys.join("; ");
    },
  });
}

// ---------------------------------------------------------------------------
// Fields. Each is described once: the model reads these descriptions in the
// one step shape of tools/list, and the per-action validator below reuses
// the same fields for their rules.
// ---------------------------------------------------------------------------

const scopeField = z.enum(SURFACES).default("window").describe(
  "Surface searched, never both: the step's window, or chrome (menu bar, open menus, popovers: every " +
    "menu item).",
);

const regionField = z.enum(REGIONS).optional().describe(
  "Match only in this part: top, bottom, left, right half; center: middle half both ways. A " +
    "filter: matches outside are ignored. On read: read only that part.",
);

const windowField = z.string().min(1).max(200).optional().describe(
  "Piece of a window title (any case) to act in instead of the front window; no match fails the step.",
);

const scrollToFindField = z.boolean().optional().meta({ default: true }).describe(
  "Scroll down and up to find text off screen, then back. false where scrolling has side effects.",
);

const elementTextField = z.string().trim().min(1, {
  error: "text is empty: name the visible text of the element to aim at",
}).max(MAX_TEXT);

/** Chrome is not a window and is never scrolled, so window-only options make no sense there. */
function refuseWindowOptionsOnChrome(
  ctx: z.core.ParsePayload<{ scope: string; window?: string; scroll_to_find?: boolean }>,
): void {
  const target = ctx.value;
  if (target.scope !== "chrome") return;
  const reasons = {
    window: "the menu bar and open menus belong to no window",
    scroll_to_find: "the menu bar and open menus are never scrolled",
  };
  for (const key of ["window", "scroll_to_find"] as const) {
    if (target[key] === undefined) continue;
    ctx.issues.push({
      code: "custom",
      path: [key],
      input: target[key],
      message: `scope 'chrome' takes no ${key} (${reasons[key]}); remove ${key}, or use scope 'window' ` +
        "to search inside a window",
    });
  }
}

/** An element to aim at, which may be scrolled into view. */
export const targetSchema = strictShape({
  text: elementTextField,
  scope: scopeField,
  region: regionField,
  window: windowField,
  scroll_to_find: scrollToFindField,
}, "a target").check(refuseWindowOptionsOnChrome);

/**
 * An element that must already be on screen: drag waypoints are all resolved
 * before the button goes down, so scrolling would move the ones already found.
 */
export const onScreenTargetSchema = strictShape({
  text: elementTextField,
  scope: scopeField,
  region: regionField,
  window: windowField,
}, "a target that must already be on screen").check(refuseWindowOptionsOnChrome);

/** Where a read looks: a window, the chrome, or a region; never an element. */
export const readLocationSchema = strictShape({
  text: z.string().max(0, {
    error: "a read has no element to aim at, so target.text must be empty ('') or left out; to read " +
      "only part of the window, put the bounding texts in from_text and to_text instead",
  }).optional(),
  scope: scopeField,
  region: regionField,
  window: windowField,
}, "the target of a read").check(refuseWindowOptionsOnChrome);

/** The parsed form of {@link targetSchema}. */
export type Target = z.infer<typeof targetSchema>;

const modifiersField = z.array(
  z.enum(["cmd", "shift", "alt", "ctrl"]).describe("cmd is Ctrl on Linux."),
).min(1).max(4).optional().describe(
  "click, double_click, right_click, drag: keys held throughout (cmd-click adds to a selection).",
);

const skipIfAbsentField = z.boolean().optional().describe(
  "click, double_click, right_click, scroll with a target, read: true skips the step when its target " +
    "(read: from_text/to_text) is missing. Only for optional noise (a cookie banner).",
);

const expectedText = (meaning: string) => z.string().trim().min(1).max(MAX_TEXT).optional().describe(meaning);

/** A post-condition checked, with retries, until the step's timeout. */
export const expectSchema = strictShape({
  appears: expectedText("Text on screen afterwards (a dialog, page, menu opened)."),
  disappears: expectedText(
    "Text gone afterwards (a closed dialog); not text cleared from a field (its grey hint stays).",
  ),
  appears_count_increases: expectedText(
    "Text on more lines than before: a sent message, a new row.",
  ),
  screen_changes: z.boolean().optional().describe(
    "true: the screen visibly changes; false: it does not.",
  ),
}, "expect").check((ctx) => {
  const given = Object.values(ctx.value).some((v) => v !== undefined);
  if (given) return;
  ctx.issues.push({
    code: "custom",
    input: ctx.value,
    message: "expect is empty: give at least one of appears, disappears, appears_count_increases, " +
      "screen_changes, or leave expect out",
  });
});

/** The parsed form of {@link expectSchema}. */
export type Expectation = z.infer<typeof expectSchema>;

const expectField = expectSchema.optional().describe(
  "Post-condition retried until timeout_ms; all fields given must hold.",
);

const timeoutRange = { error: "timeout_ms must be a whole number of milliseconds from 100 to 60000" };
const timeoutField = z.number().int(timeoutRange).min(100, timeoutRange).max(60_000, timeoutRange)
  .default(DEFAULT_TIMEOUT_MS).describe(
    "ms to wait for the target or waypoints to appear (before any scroll search) and for expect; " +
      "focus_app waits 10000 at least.",
  );

/** The fields every action that changes the screen takes. */
const outcomeFields = { expect: expectField, timeout_ms: timeoutField };

/** Keys validated against the shared hotkey vocabulary, so a typo fails before anything runs. */
const keysField = z.array(z.string().min(1).max(20).describe("A key name or one character."))
  .min(1, { error: "keys is empty: name the keys to press together, e.g. ['cmd', 's']" }).max(6)
  .check((ctx) => {
    const combo = parseCombo(ctx.value);
    if ("error" in combo) ctx.issues.push({ code: "custom", input: ctx.value, message: combo.error });
  })
  .describe(
    "hotkey: pressed together, modifiers first: ['cmd','s'], ['shift','enter']. Modifiers cmd (Ctrl on " +
      "Linux), ctrl, alt, shift; then one character or enter, escape, tab, space, backspace, delete, " +
      "up, down, left, right, home, end, pageup, pagedown, f1-f20.",
  );

// ---------------------------------------------------------------------------
// Drag
// ---------------------------------------------------------------------------

const offsetSchema = strictShape({
  dx: z.number().describe("Pixels right of the centre (negative: left)."),
  dy: z.number().describe("Pixels below the centre (negative: above)."),
}, "offset");

/** A waypoint named by an element, optionally displaced from its centre. */
export const elementWaypointSchema = strictShape({
  target: onScreenTargetSchema,
  offset: offsetSchema.optional(),
}, "a waypoint {target, offset?}");

/** A waypoint given as raw screen coordinates. */
export const pointWaypointSchema = strictShape({
  x: z.number(),
  y: z.number(),
}, "a waypoint {x, y}");

/** One point of a drag path: an element or a raw position. */
export const waypointSchema = z.union([elementWaypointSchema, pointWaypointSchema]);

/** The parsed form of {@link waypointSchema}. */
export type Waypoint = z.infer<typeof waypointSchema>;

const untilReadoutSchema = strictShape({
  watch: onScreenTargetSchema,
  value: z.string().trim().min(1).max(50),
  tolerance: z.number().min(0, { error: "tolerance cannot be negative: use 0 for an exact reading" })
    .default(0),
}, "until_readout");

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
// Fields of one action
// ---------------------------------------------------------------------------

const pathField = z.array(waypointSchema).min(2, {
  error: "a drag needs at least two waypoints: where the button goes down and where it is released",
}).max(MAX_WAYPOINTS, {
  error: `a drag has at most ${MAX_WAYPOINTS} waypoints: split it into several drags`,
});

const typedTextField = z.string().min(1, { error: "text is empty: give the characters to type" }).max(
  MAX_TYPED,
  { error: `a type step sends at most ${MAX_TYPED} characters: split the text over several type steps` },
).describe(
  "type: characters for the focused field. \\n presses Return (in a chat it sends: type the lines " +
    "separately with hotkey ['shift','enter'] between), \\t Tab.",
);

const notchesField = z.number().int({ error: "amount must be a whole number of wheel notches, e.g. 3 or -2" })
  .refine((n) => n !== 0, {
    error: "amount is 0: give the number of wheel notches, positive to scroll down, negative up",
  }).refine((n) => Math.abs(n) <= MAX_NOTCHES, {
    error: `a scroll step sends at most ${MAX_NOTCHES} notches either way: use read with scroll, or a ` +
      "target and scroll_to_find, to reach far text",
  });

const waitRange = {
  error: `a wait's amount is a whole number of milliseconds from 1 to ${MAX_WAIT_MS}; for longer, ` +
    "use several waits or an expect with a longer timeout_ms",
};
const waitField = z.number().int(waitRange).min(1, waitRange).max(MAX_WAIT_MS, waitRange).default(1000);

const appNameField = z.string().trim().min(1, { error: "app_name is empty: name the app, e.g. 'Finder'" })
  .max(200)
  .describe("focus_app: the app's name ('Finder', 'Mousepad'); launched if not running.");

const boundingText = (meaning: string) =>
  z.string().trim().min(1, { error: "leave it out rather than empty: an empty bound matches nothing" })
    .max(MAX_TEXT).optional().describe(meaning);

const fromTextField = boundingText(
  "read: from the line holding this text (included); matched like a target, missing fails.",
);
const toTextField = boundingText("read: up to the line holding this text (included).");

const readScrollField = z.boolean().default(false).describe(
  "read: true reads to the document's end, joining screenfuls without repeats, then scrolls back; " +
    "each screenful is an action. false: one screenful.",
);

/** Longest reply text a read gives by default. */
export const DEFAULT_MAX_CHARS = 20_000;

const maxCharsField = z.number().int().min(200).max(200_000).default(DEFAULT_MAX_CHARS).describe(
  "read: most characters returned; a cut names the from_text to go on.",
);

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

const stepsLimits = <T extends z.ZodType>(step: T) =>
  z.array(step).min(1, { error: "steps is empty: give at least one step" }).max(MAX_STEPS, {
    error: `a plan holds at most ${MAX_STEPS} steps: split it and send the rest after this one succeeds`,
  }).describe(`Up to ${MAX_STEPS} steps, run in order; the first failure stops the run.`);

const maxActionsField = z.number().int().min(1).max(500).default(DEFAULT_MAX_ACTIONS).describe(
  "Action budget: each step's input events (key, click, wheel notch, pointer move; searches included) cost 1 per 25 begun.",
);

const timeLimitField = z.number().int().min(1000).max(600_000).optional().describe(
  "Wall-clock limit of the run in ms (default 180000); reached, the run stops and escalates.",
);

/** A whole plan: the steps and the limits that stop a runaway run. */
export const planSchema = strictShape({
  steps: stepsLimits(stepSchema),
  max_actions: maxActionsField,
  time_limit_ms: timeLimitField,
}, "the plan");

/** The parsed form of {@link planSchema}. */
export type Plan = z.infer<typeof planSchema>;

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
