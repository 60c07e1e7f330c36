/**
 * The fields of execute_plan's step language, each defined and described
 * once: the per-action schemas (steps.ts) and the one step shape tools/list
 * shows (step_listing.ts) are built from them. Every refusal names the field
 * and the fix; nothing here touches the desktop.
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
const MODIFIER_ACTIONS: readonly ActionName[] = ["click", "double_click", "right_click", "drag"];

/** Longest pause a wait step may ask for, in milliseconds. */
export const MAX_WAIT_MS = 30_000;
/** Default post-condition deadline of a step, in milliseconds. */
const DEFAULT_TIMEOUT_MS = 5_000;
/** Most steps one plan may carry. */
const MAX_STEPS = 50;
/** Longest text a target, bound, expect or window piece may be: longer is never on screen as one line. */
export const MAX_TEXT = 500;
/** Most characters one type step sends. */
export const MAX_TYPED = 5_000;
/** Most wheel notches one scroll step sends. */
export const MAX_NOTCHES = 10_000;
/** Longest reading a drag steers a readout to. */
export const MAX_READING = 50;
/** Most waypoints of a drag. */
export const MAX_WAYPOINTS = 20;

/** Default action budget of a plan (clicks, keystrokes and search scrolls together). */
const DEFAULT_MAX_ACTIONS = 60;

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
export function strictShape<S extends z.ZodRawShape>(shape: S, what: string) {
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

/** The surface a target is searched on (published as `scope`). */
export const scopeField = z.enum(SURFACES).default("window").describe(
  "The step's window or chrome (open menus, popovers, the macOS menu bar), never both: a menu item is two " +
    "steps, the menu, then the item in chrome.",
);

/** The part of the surface a match must lie in. */
export const regionField = z.enum(REGIONS).optional().describe(
  "Only matches here count (any stage): a half, or center (the middle half both ways); read: only there.",
);

/** The window to act in, by a piece of its title. */
export const windowField = z.string().min(1).max(200).optional().describe(
  "Any app's window by a title piece (as focus_app matches), raised first; none or several fail the step.",
);

/** Whether a window target may be scrolled into view. */
export const scrollToFindField = z.boolean().optional().meta({ default: true }).describe(
  "Scroll down, then up, for off-screen text (back only if not found); false where scrolling has " +
    "side effects.",
);

/** The visible text of an element to aim at. */
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
const onScreenTargetSchema = strictShape({
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

/** The keys a pointer action may hold down. */
export const MODIFIERS = ["cmd", "shift", "alt", "ctrl"] as const;

/** Keys held down through a pointer action. */
export const modifiersField = z.array(z.enum(MODIFIERS)).min(1).max(4).optional().describe(
  "click*, drag: keys held throughout (cmd-click adds to a selection; cmd: Ctrl on Linux).",
);

/** Whether a missing target skips the step instead of failing it. */
export const skipIfAbsentField = z.boolean().optional().describe(
  "click*, scroll, read: true skips the step if its target (read: from_text/to_text) is missing: for " +
    "optional noise (a cookie banner).",
);

/** A text an expectation looks for. */
const expectedText = (meaning: string) => z.string().trim().min(1).max(MAX_TEXT).optional().describe(meaning);

/** The fields of an expectation. */
export const expectShape = {
  appears: expectedText("a dialog, page, menu"),
  disappears: expectedText(
    "a closed dialog; not a cleared field's text: its grey hint stays",
  ),
  appears_count_increases: expectedText("on more lines: a sent message, a new row"),
  screen_changes: z.boolean().optional().describe("whether the screen visibly changes."),
  checked: expectedText("a checkbox, radio or switch's label, now on"),
  unchecked: expectedText("one now off"),
};

/** A post-condition checked, with retries, until the step's timeout. */
const expectSchema = strictShape(expectShape, "expect").check((ctx) => {
  const given = Object.values(ctx.value).some((v) => v !== undefined);
  if (given) return;
  ctx.issues.push({
    code: "custom",
    input: ctx.value,
    message: "expect is empty: give at least one of appears, disappears, appears_count_increases, " +
      "screen_changes, checked, unchecked, or leave expect out",
  });
});

/** The parsed form of {@link expectSchema}. */
export type Expectation = z.infer<typeof expectSchema>;

/** A step's post-condition. */
export const expectField = expectSchema.optional().describe(
  "Checked until timeout_ms; every field given must hold.",
);

const timeoutRange = { error: "timeout_ms must be a whole number of milliseconds from 100 to 60000" };
/** How long a step waits for its target and its expectation. */
export const timeoutField = z.number().int(timeoutRange).min(100, timeoutRange).max(60_000, timeoutRange)
  .default(DEFAULT_TIMEOUT_MS).describe(
    "ms to wait for targets (before scrolling for them) and expect; focus_app: 10000 at least.",
  );

/** The fields every action that changes the screen takes. */
export const outcomeFields = { expect: expectField, timeout_ms: timeoutField };

/** Keys validated against the shared hotkey vocabulary, so a typo fails before anything runs. */
export const keysField = z.array(z.string().min(1).max(20).describe("A key name or one character."))
  .min(1, { error: "keys is empty: name the keys to press together, e.g. ['cmd', 's']" }).max(6)
  .check((ctx) => {
    const combo = parseCombo(ctx.value);
    if ("error" in combo) ctx.issues.push({ code: "custom", input: ctx.value, message: combo.error });
  })
  .describe(
    "hotkey: pressed together, modifiers first: ['cmd','s'] (cmd: Ctrl on Linux); named keys as usual " +
      "(escape, f1-f20).",
  );

// ---------------------------------------------------------------------------
// Drag
// ---------------------------------------------------------------------------

/** A displacement from an element's centre, in pixels: + right and down. */
const offsetSchema = strictShape({ dx: z.number(), dy: z.number() }, "offset");

/** A waypoint named by an element, optionally displaced from its centre. */
const elementWaypointSchema = strictShape({
  target: onScreenTargetSchema,
  offset: offsetSchema.optional(),
}, "a waypoint {target, offset?}");

/** A waypoint given as raw screen coordinates. */
const pointWaypointSchema = strictShape({
  x: z.number(),
  y: z.number(),
}, "a waypoint {x, y}");

/** One point of a drag path: an element or a raw position. */
const waypointSchema = z.union([elementWaypointSchema, pointWaypointSchema]);

/** The parsed form of {@link waypointSchema}. */
export type Waypoint = z.infer<typeof waypointSchema>;

/** A drag steered until a readout shows a value. */
export const untilReadoutSchema = strictShape({
  watch: onScreenTargetSchema,
  value: z.string().trim().min(1).max(MAX_READING),
  tolerance: z.number().min(0, { error: "tolerance cannot be negative: use 0 for an exact reading" })
    .default(0),
}, "until_readout");

// ---------------------------------------------------------------------------
// Fields of one action
// ---------------------------------------------------------------------------

/** A drag's waypoints. */
export const pathField = z.array(waypointSchema).min(2, {
  error: "a drag needs at least two waypoints: where the button goes down and where it is released",
}).max(MAX_WAYPOINTS, {
  error: `a drag has at most ${MAX_WAYPOINTS} waypoints: split it into several drags`,
});

/** The characters a type step sends. */
export const typedTextField = z.string().min(1, { error: "text is empty: give the characters to type" }).max(
  MAX_TYPED,
  { error: `a type step sends at most ${MAX_TYPED} characters: split the text over several type steps` },
).describe(
  "type: characters for the focused field; \\n presses Return (in a chat, sends: type lines apart, " +
    "hotkey ['shift','enter'] between), \\t Tab.",
);

/** Wheel notches of a scroll step. */
export const notchesField = z.number().int({
  error: "amount must be a whole number of wheel notches, e.g. 3 or -2",
})
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
/** Milliseconds a wait step pauses. */
export const waitField = z.number().int(waitRange).min(1, waitRange).max(MAX_WAIT_MS, waitRange).default(
  1000,
);

/** The app a focus_app step brings forward. */
export const appNameField = z.string().trim().min(1, {
  error: "app_name is empty: name the app, e.g. 'Finder'",
})
  .max(200)
  .describe("focus_app: the app's name ('Mousepad'); launched if not running.");

/** A text bounding a read. */
const boundingText = (meaning: string) =>
  z.string().trim().min(1, { error: "leave it out rather than empty: an empty bound matches nothing" })
    .max(MAX_TEXT).optional().describe(meaning);

/** Where a read starts. */
export const fromTextField = boundingText(
  "read: from the line holding this text (included; matched like a target).",
);
/** Where a read ends. */
export const toTextField = boundingText("read: to the line holding this text (included).");

/** Screenfuls a read with scroll reads at most, whatever the budget. */
export const MAX_SCREENFULS = 60;
/** Screenfuls in a row with nothing but empty rows after which a read with scroll stops. */
export const EMPTY_SCREENFULS = 2;
/** Wheel notches per screenful while reading to the end: about a third of a page, so pages overlap. */
export const READ_NOTCHES = 3;

/** Whether a read scrolls to the document's end. */
export const readScrollField = z.boolean().default(false).describe(
  `read: true reads to the end or ${EMPTY_SCREENFULS} blank screenfuls (≤ ${MAX_SCREENFULS} of ${READ_NOTCHES} ` +
    "notches), joined without repeats, scrolls back unless the run stopped.",
);

/** Longest reply text a read gives by default. */
const DEFAULT_MAX_CHARS = 20_000;

/** The most characters a read returns. */
export const maxCharsField = z.number().int().min(200).max(200_000).default(DEFAULT_MAX_CHARS).describe(
  "read: most characters returned; a cut names the from_text to go on.",
);

/** The steps of a plan, bounded. */
export const stepsLimits = <T extends z.ZodType>(step: T) =>
  z.array(step).min(1, { error: "steps is empty: give at least one step" }).max(MAX_STEPS, {
    error: `a plan holds at most ${MAX_STEPS} steps: split it and send the rest after this one succeeds`,
  }).describe("The first failure stops the run.");

/** A plan's action budget. */
export const maxActionsField = z.number().int().min(1).max(500).default(DEFAULT_MAX_ACTIONS).describe(
  "Action budget: each step's input events (keys, clicks, notches, moves; searches too) cost 1 per 25 begun.",
);

/** A plan's wall-clock limit. */
export const timeLimitField = z.number().int().min(1000).max(600_000).optional().describe(
  "ms the run may take (default 180000; the user's answers not counted).",
);
