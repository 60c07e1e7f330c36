/**
 * `point`: shows the user where and how, on the screen itself, and touches
 * nothing.
 *
 * @module
 */

import { z } from "zod";
import { firstProblems } from "../common/nearest.ts";
import { plainLine } from "../common/untrusted.ts";
import { GESTURES, type Pointing, type PointMark } from "../desktop/types.ts";
import { REGIONS, SURFACES } from "../perceive/surfaces.ts";
import { MAX_TEXT } from "../plan/step_fields.ts";
import { placeMarks } from "../plan/pointing.ts";
import { failedText, notShownText, refusedText, shownText } from "../render/point_text.ts";
import { rectShape } from "./shared_shapes.ts";
import { defineTool } from "./tool.ts";
import { argumentProblems } from "./support/arg_problems.ts";

/** Most marks one call shows. */
const MAX_MARKS = 8;
/** Longest note, in characters. */
const MAX_NOTE = 120;
/** How long marks stay up, in ms, at least and at most. */
const MIN_DURATION = 1000;
const MAX_DURATION = 30_000;

const target = z.strictObject({
  text: z.string().min(1).max(MAX_TEXT),
  scope: z.enum(SURFACES).optional(),
  region: z.enum(REGIONS).optional(),
  window: z.string().min(1).max(200).optional(),
});

const mark = z.strictObject({
  target: target.optional(),
  // Whole pixels: a mark is drawn on the pixel grid, and the X server's text calls take no fractions.
  box: z.array(z.number()).length(4).transform((b) => b.map(Math.round)).optional(),
  gesture: z.enum(GESTURES).default("look"),
  note: z.string().max(MAX_NOTE).optional(),
}).refine((m) => (m.target === undefined) !== (m.box === undefined), {
  error: "each mark takes exactly one of target (a text to find) or box ([x, y, width, height] from observe)",
});

/** What the call takes, checked in full; tools/list shows the summary in `inputSchema`. */
const input = z.strictObject({
  marks: z.array(mark).min(1).max(MAX_MARKS).refine(
    (ms) => ms.every((m, i) => m.gesture !== "drag_to" || i + 1 < ms.length),
    { error: "a drag_to mark points onto the mark after it: add the mark where the drag ends" },
  ),
  duration_ms: z.number().int().min(MIN_DURATION).max(MAX_DURATION).default(6000),
});

const matched = z.object({
  text: z.string(),
  stage: z.enum(["exact", "fuzzy", "semantic", "contained", "words", "address"]),
  scope: z.enum(SURFACES),
});

export const pointTool = defineTool({
  name: "point",
  title: "Show where to act",
  summary: "marks elements on screen for the user (frame, gesture, note) and sends no input; X11 only",
  description:
    "Shows the user where to act, sending no input: frames (numbered if several), the gesture's glyph, a note. For the user to act or look first; execute_plan acts. Marks go after duration_ms or choto's next input; shown false says why. Windows read are recorded for recall. X11 only: elsewhere shown is false.",
  // Typed with the limits the validator holds (the same constants), in few words: paid for in every conversation.
  inputSchema: {
    marks: z.array(
      z.object({
        target: z.object({
          text: z.string().min(1).max(MAX_TEXT).describe("Text."),
          scope: z.enum(SURFACES).optional().describe("Default window."),
          region: z.enum(REGIONS).optional().describe("Part."),
          window: z.string().min(1).max(200).optional().describe("Title piece."),
        }).describe("An execute_plan target."),
        box: z.array(z.number()).length(4).describe("Or [x,y,w,h], rounded."),
        gesture: z.enum(GESTURES).describe("Default look; drag_to: onto next mark."),
        note: z.string().max(MAX_NOTE).describe("For the user."),
      }).partial(),
    ).min(1).max(MAX_MARKS).describe("Target or box each."),
    duration_ms: z.number().int().min(MIN_DURATION).max(MAX_DURATION).optional().describe("Default 6000."),
  },
  outputSchema: {
    shown: z.boolean().describe("True: every mark is on screen."),
    exact: z.boolean().describe("Every mark on a read element or icon."),
    where: z.array(rectShape).describe("Each mark's box, screen pixels."),
    matched: z.array(matched.nullable()).describe("Per mark: element and stage; null: a box."),
    reason: z.string().nullable().describe("Why nothing was shown."),
    closest: z.array(z.object({ text: z.string(), similarity: z.number() })).describe(
      "Closest texts to a target not found.",
    ),
  },
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  // Marks drawn while another call acts would cover what it reads, or be read as the app's own.
  actsOnScreen: true,
  carriesScreenText: true,
  validate(args: unknown) {
    const parsed = input.safeParse(args);
    if (parsed.success) return { ok: true, value: parsed.data };
    return {
      ok: false,
      text: [
        "point was not run: its arguments need fixing. Nothing was drawn.",
        ...firstProblems(argumentProblems(parsed.error, Object.keys(input.shape))),
      ]
        .join("\n"),
    };
  },
  async run(raw, services, call) {
    const args = raw as z.infer<typeof input>;
    const nothing = (reason: string, closest: { text: string; similarity: number }[] = []) => ({
      ok: true as const,
      text: notShownText(reason, closest),
      structured: { shown: false, exact: false, where: [], matched: [], reason, closest },
    });
    const desktop = services.desktop();
    if (!desktop.point) return nothing("this desktop backend cannot draw marks");
    const placed = await placeMarks(services, args.marks);
    if (!placed.found) return nothing(placed.reason, placed.closest);
    if (call.signal.aborted) return nothing("the request was cancelled before the marks were drawn");
    const several = args.marks.length > 1;
    const marks: PointMark[] = args.marks.map((m, i) => ({
      box: placed.marks[i].box,
      gesture: m.gesture,
      number: several ? i + 1 : null,
      note: m.note ? plainLine(m.note, MAX_NOTE) || null : null,
      to: m.gesture === "drag_to" ? placed.marks[i + 1].box : null,
    }));
    let shown: Pointing;
    try {
      shown = await desktop.point(marks, { durationMs: args.duration_ms, tone: "guide" });
    } catch (err) {
      // The backend takes down whatever it drew of a set that failed part-way.
      return { ok: false, text: failedText((err as Error).message) };
    }
    if (!shown.shown) return shown.refused ? { ok: false, text: refusedText(shown.why) } : nothing(shown.why);
    // From here on the marks are up: any way out but the reply takes them down.
    let kept = false;
    try {
      if (call.signal.aborted) return nothing("the request was cancelled; the marks were taken down");
      const where = placed.marks.map((p) => p.box);
      const reply = {
        ok: true as const,
        text: shownText(
          placed.marks.map((p, i) => ({ ...p, gesture: marks[i].gesture, note: marks[i].note !== null })),
          args.duration_ms,
          shown.notes,
        ),
        structured: {
          shown: true,
          exact: placed.marks.every((p) => p.matched !== null),
          where,
          matched: placed.marks.map((p) =>
            p.matched && { text: p.matched.text, stage: p.matched.stage, scope: p.matched.scope }
          ),
          reason: null,
          closest: [],
        },
      };
      kept = true;
      return reply;
    } finally {
      if (!kept) shown.close();
    }
  },
});
