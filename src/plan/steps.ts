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
import { parseCombo } from "../desktop/keys.ts";

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
  skip_if_absent: "skip_if_absent needs a step that has a target (click, double_click, right_click, " +
    "scroll or read); remove it here",
  expect: "expect checks what an action changed on screen, and this step changes nothing; remove it",
  timeout_ms: "this step waits for nothing, so it takes no timeout_ms; remove it",
  scroll_to_find: "this target is never scrolled for (drag waypoints and readouts must already be on " +
    "screen, and a read has no element to find); remove scroll_to_find",
};

/**
 * A strict object whose refusal of unknown keys says where the key belongs
 * and which keys this object does take.
 */
function strictShape<S extends z.ZodRawShape>(shape: S, what: string) {
  const known = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== "unrecognized_keys") return undefined;
      return issue.keys
        .map((key) =>
          `"${key}": ${
            MISPLACED_FIELD_HINTS[key] ?? `${what} has no field "${key}"; the fields it takes are ${known}`
          }`
        )
        .join("; ");
    },
  });
}

// ---------------------------------------------------------------------------
// Targets
// ---------------------------------------------------------------------------

const scopeField = z.enum(["window", "chrome"]).default("window").describe(
  "Which surface to search, never both. 'window' (default): inside the window the step works in. " +
    "'chrome': the menu bar, status items and any open menu or popover; use it for every menu item, " +
    "including the one right after the click that opened its menu.",
);

const regionField = z.enum(["top", "bottom", "left", "right", "center"]).optional().describe(
  "Part of the window to prefer when the same text appears more than once (e.g. 'bottom' for the " +
    "OK button rather than a heading above). Leave it out when the text is unique.",
);

const windowField = z.string().min(1).optional().describe(
  "A piece of a window title (case-insensitive) to work in instead of the app's frontmost window. " +
    "Use it when the app has several windows open and the one you mean is behind. Not allowed with " +
    "scope 'chrome'. No match fails the step; another window is never used in its place.",
);

const scrollToFindField = z.boolean().optional().meta({ default: true }).describe(
  "Whether to scroll the window a few notches down and up to look for text that is not visible " +
    "(default true; the position is restored if nothing is found). Set false where scrolling has side " +
    "effects: endless feeds, lists that load more as they move. Not allowed with scope 'chrome'.",
);

const elementTextField = z.string().trim().min(1, {
  error: "text is empty: name the visible text of the element to aim at",
}).describe(
  "The visible text of the element, as observe lists it. Matched exactly first, then fuzzily, then " +
    "by meaning (Settings finds Preferences).",
);

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
    error: "a read has no element to aim at, so target.text must be empty (''); to read only " +
      "part of the window, put the bounding texts in from_text and to_text instead",
  }).describe("Always the empty string: the target of a read only says where to read, not what."),
  scope: scopeField,
  region: z.enum(["top", "bottom", "left", "right", "center"]).optional().describe(
    "Read only this part of the window instead of all of it.",
  ),
  window: windowField,
}, "the target of a read").check(refuseWindowOptionsOnChrome);

/** The parsed form of {@link targetSchema}. */
export type Target = z.infer<typeof targetSchema>;

// ---------------------------------------------------------------------------
// Fields shared by several actions
// ---------------------------------------------------------------------------

const modifiersField = z.array(z.enum(["cmd", "shift", "alt", "ctrl"]).describe("One modifier key."))
  .min(1).optional().describe(
    "Keys held down for the whole action: cmd-click adds one item to a selection, shift-click extends " +
      "it to a range, alt-drag copies in Finder instead of moving.",
  );

const skipIfAbsentField = z.boolean().optional().describe(
  "Set true for an element that may or may not show up (a cookie banner, an update prompt): if the " +
    "target is not found the step is skipped and the plan goes on, with expect unchecked. Only where " +
    "both outcomes end on the same screen; never on a step the plan depends on. Needs a target.",
);

const expectedTextField = (meaning: string) => z.string().trim().min(1).optional().describe(meaning);

/** A post-condition checked, with retries, until the step's timeout. */
export const expectSchema = strictShape({
  appears: expectedTextField(
    "Text that must be on screen afterwards. Use it when the step opens something new: a dialog, a " +
      "page, a menu.",
  ),
  disappears: expectedTextField(
    "Text that must be gone afterwards, such as the title of a dialog being closed. Not for text " +
      "cleared from an input field: its grey hint text comes back, so the text stays on screen.",
  ),
  appears_count_increases: expectedTextField(
    "Text that must be on more lines afterwards than before. The check for adding another copy of " +
      "something that is already visible: a sent chat message, a new row, an extra tag.",
  ),
  screen_changes: z.boolean().optional().describe(
    "true: the screen must visibly change, even slightly; false: it must stay as it was.",
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
  "What must be true after the step; when several fields are set, all must hold. Leave it out when " +
    "the next step's target is check enough.",
);

const timeoutRange = { error: "timeout_ms must be a whole number of milliseconds from 100 to 60000" };
const timeoutField = z.number().int(timeoutRange).min(100, timeoutRange).max(60_000, timeoutRange)
  .default(DEFAULT_TIMEOUT_MS).describe(
    "Milliseconds to wait for the target to be found and expect to hold before the step escalates " +
      "(100 to 60000, default 5000). Raise it for slow loads.",
  );

/** The fields every action that changes the screen takes. */
const outcomeFields = { expect: expectField, timeout_ms: timeoutField };

/** Keys validated against the shared hotkey vocabulary, so a typo fails before anything runs. */
const keysField = z.array(z.string().min(1).describe("A key name or a single character."))
  .min(1, { error: "keys is empty: name the keys to press together, e.g. ['cmd', 's']" })
  .check((ctx) => {
    const combo = parseCombo(ctx.value);
    if ("error" in combo) ctx.issues.push({ code: "custom", input: ctx.value, message: combo.error });
  })
  .describe(
    "The keys pressed together, modifiers first: ['cmd', 's'], ['cmd', 'shift', '4'], ['enter']. " +
      "Modifiers are cmd, ctrl, alt, shift; other keys are one character or a name such as enter, " +
      "escape, tab, space, backspace, delete, up, down, left, right, home, end, pageup, pagedown, f1-f20.",
  );

// ---------------------------------------------------------------------------
// Drag
// ---------------------------------------------------------------------------

/** A waypoint named by an element, optionally displaced from its centre. */
export const elementWaypointSchema = strictShape({
  target: onScreenTargetSchema.describe("The element the waypoint sits on."),
  offset: strictShape({
    dx: z.number().describe("Pixels to the right of the element's centre (negative: to the left)."),
    dy: z.number().describe("Pixels below the element's centre (negative: above)."),
  }, "offset").optional().describe(
    "Displacement from the element's centre, for a spot with no text on it, such as the empty margin " +
      "a rubber-band selection starts from.",
  ),
}, "a waypoint {target, offset?}");

/** A waypoint given as raw screen coordinates. */
export const pointWaypointSchema = strictShape({
  x: z.number().describe("Horizontal position in the pixel coordinates observe reports."),
  y: z.number().describe("Vertical position in the pixel coordinates observe reports."),
}, "a waypoint {x, y}");

/** One point of a drag path: an element or a raw position. */
export const waypointSchema = z.union([elementWaypointSchema, pointWaypointSchema]).describe(
  "Either {target, offset?}, found on screen when the drag runs (preferred: it survives scrolling), " +
    "or {x, y}, a fixed position in pixels.",
);

/** The parsed form of {@link waypointSchema}. */
export type Waypoint = z.infer<typeof waypointSchema>;

const untilReadoutSchema = strictShape({
  watch: onScreenTargetSchema.describe(
    "The readout itself (the text showing the value), not a label next to it. Must be on screen " +
      "before the drag starts.",
  ),
  value: z.string().trim().min(1).describe(
    "The reading to stop at, written the way the app writes it: 00:12:00, 50%, -6 dB, 1250.",
  ),
  tolerance: z.number().min(0, { error: "tolerance cannot be negative: use 0 for an exact reading" })
    .default(0).describe(
      "How far from value still counts, in the readout's own units (default 0, exact). Widen it for a " +
        "control that jumps over the exact number.",
    ),
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
// Actions
// ---------------------------------------------------------------------------

const action = <A extends ActionName>(name: A, meaning: string) => z.literal(name).describe(meaning);

function pointerStep<A extends "click" | "double_click" | "right_click">(name: A, meaning: string) {
  return strictShape({
    action: action(name, meaning),
    target: targetSchema.describe(`The element to ${name.replace("_", "-")}. Required.`),
    modifiers: modifiersField,
    skip_if_absent: skipIfAbsentField,
    ...outcomeFields,
  }, `a ${name} step`);
}

const clickStep = pointerStep("click", "Click an element once with the left button.");
const doubleClickStep = pointerStep(
  "double_click",
  "Double-click an element: open a file, select a word, enter a folder.",
);
const rightClickStep = pointerStep(
  "right_click",
  "Right-click an element to open its context menu; pick the entry with a chrome click next.",
);

const dragStep = strictShape({
  action: action(
    "drag",
    "Press, move and release the left button along a path: rubber-band selection, moving files, " +
      "sliders, resizing. Hard to undo, so be deliberate.",
  ),
  path: z.array(waypointSchema).min(2, {
    error: "a drag needs at least two waypoints: where the button goes down and where it is released",
  }).describe(
    "Waypoints in order: pressed on the first, moved through the rest, released on the last. All in " +
      "one window, and all resolved before the button goes down, so a missing one escalates without " +
      "dragging.",
  ),
  modifiers: modifiersField,
  until_readout: untilReadoutSchema.optional().describe(
    "Drag until an on-screen reading shows a value instead of a fixed distance (a playhead, a slider " +
      "percentage, a level in dB). path[1] is then only a direction and first guess; the pointer is " +
      "corrected after each push by reading watch. Needs exactly two waypoints.",
  ),
  ...outcomeFields,
}, "a drag step").check(requireTwoPointsForReadout);

const typeStep = strictShape({
  action: action("type", "Type text into whatever has the keyboard focus (click the field first)."),
  text: z.string().min(1, { error: "text is empty: give the characters to type" }).describe(
    "The characters to type, exactly as given. Use a hotkey step for enter, tab or shortcuts.",
  ),
  ...outcomeFields,
}, "a type step");

const hotkeyStep = strictShape({
  action: action("hotkey", "Press a key or key combination once: a shortcut, enter, escape, an arrow."),
  keys: keysField,
  ...outcomeFields,
}, "a hotkey step");

const scrollStep = strictShape({
  action: action("scroll", "Turn the mouse wheel, over a target if given, else over the window."),
  amount: z.number().int({ error: "amount must be a whole number of wheel notches, e.g. 3 or -2" }).refine(
    (n) => n !== 0,
    {
      error: "amount is 0: give the number of wheel notches, positive to scroll down, negative up",
    },
  ).describe("Wheel notches: positive scrolls down, negative up. A whole number, not zero."),
  target: targetSchema.optional().describe(
    "An element to put the pointer over before scrolling, for a pane other than the main one.",
  ),
  skip_if_absent: skipIfAbsentField,
  ...outcomeFields,
}, "a scroll step").check(requireTargetForSkip);

const waitRange = {
  error: `a wait's amount is a whole number of milliseconds from 1 to ${MAX_WAIT_MS}; for longer, ` +
    "use several waits or an expect with a longer timeout_ms",
};

const waitStep = strictShape({
  action: action("wait", "Pause, e.g. for an animation or a page to settle."),
  amount: z.number().int(waitRange).min(1, waitRange).max(MAX_WAIT_MS, waitRange).default(1000).describe(
    `Milliseconds to pause (1 to ${MAX_WAIT_MS}, default 1000). Prefer expect on the previous step ` +
      "when you are waiting for something specific.",
  ),
  ...outcomeFields,
}, "a wait step");

const focusAppStep = strictShape({
  action: action("focus_app", "Bring an app to the front (launching it if needed) without clicking."),
  app_name: z.string().trim().min(1, { error: "app_name is empty: name the app, e.g. 'Finder'" })
    .describe("The application's name as the system shows it: 'Finder', 'Safari', 'Terminal'."),
  ...outcomeFields,
}, "a focus_app step");

const boundingTextField = (meaning: string) =>
  z.string().trim().min(1, { error: "leave it out rather than empty: an empty bound matches nothing" })
    .optional().describe(meaning);

const readStep = strictShape({
  action: action(
    "read",
    "Bring back the text of the window, laid out as drawn (table columns stay columns), in full.",
  ),
  target: readLocationSchema.optional().describe(
    "Where to read, with text always '': window picks another window, scope 'chrome' reads the menu " +
      "bar or an open menu, region reads one part. Leave it out to read the step's window.",
  ),
  from_text: boundingTextField(
    "Start reading at the line holding this visible text (the line included). Missing text fails the " +
      "step.",
  ),
  to_text: boundingTextField(
    "Stop reading at the line holding this visible text (the line included). Missing text fails the " +
      "step.",
  ),
  scroll: z.boolean().default(false).describe(
    "true: scroll through to the end and join the screenfuls without repeats, then restore the " +
      "position; for long pages, chats, logs. Each screenful costs a parse and counts against " +
      "max_actions, so leave it false (default) when everything is visible.",
  ),
  skip_if_absent: skipIfAbsentField,
  timeout_ms: timeoutField,
}, "a read step").check(requireTargetForSkip);

const readClipboardStep = strictShape({
  action: action(
    "read_clipboard",
    "Bring back the text on the clipboard, e.g. after selecting and copying with hotkey steps. " +
      "Copying replaces what the user had there, so copy only when needed.",
  ),
}, "a read_clipboard step");

/** One step of a plan: a discriminated union on `action`. */
export const stepSchema = z.discriminatedUnion("action", [
  clickStep,
  doubleClickStep,
  rightClickStep,
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
}).describe("One step; action decides which other fields it takes.");

/** The parsed form of {@link stepSchema}. */
export type Step = z.infer<typeof stepSchema>;

/** A whole plan: the steps and the limits that stop a runaway run. */
export const planSchema = strictShape({
  steps: z.array(stepSchema).min(1, { error: "steps is empty: give at least one step" })
    .max(MAX_STEPS, {
      error: `a plan holds at most ${MAX_STEPS} steps: split it and send the rest after this one succeeds`,
    }).describe(
      "The steps, run in order; the first one that fails stops the run, so later steps can rely on " +
        "earlier ones.",
    ),
  max_actions: z.number().int().min(1).max(500).default(DEFAULT_MAX_ACTIONS).describe(
    `Most input events the run may send, counting scrolls made to find targets or read to the end ` +
      `(default ${DEFAULT_MAX_ACTIONS}). A guard against loops; raise it for long scrolling reads.`,
  ),
  time_limit_ms: z.number().int().min(1000).max(600_000).optional().describe(
    "Wall-clock limit for the whole run in milliseconds (1000 to 600000); the run stops at the step " +
      "in progress when it is reached (default 180000, three minutes).",
  ),
}, "the plan");

/** The parsed form of {@link planSchema}. */
export type Plan = z.infer<typeof planSchema>;
