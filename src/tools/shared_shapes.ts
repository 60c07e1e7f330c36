/**
 * Output-schema pieces shared by several tools. Output fields are described
 * only where a name does not say what it holds: no model reads them, and the
 * reply's text says the rest (tools/list publishes only the top-level
 * fields' kinds: server/json_schema.ts).
 *
 * @module
 */

import { z } from "zod";
import type { Element } from "../ocr/types.ts";

/** A rectangle in screen pixels. */
export const rectShape = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/** One targetable text element: its centre, its box (screen pixels) and OCR confidence 0-1. */
export const elementShape = z.object({
  text: z.string(),
  cx: z.number(),
  cy: z.number(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  conf: z.number(),
  control: z.string().optional(),
});

/**
 * An element as replies give it: its text, centre, box and confidence, and
 * the control it labels as one phrase ("checkbox checked", "switch off").
 */
export function elementOut(e: Element): z.infer<typeof elementShape> {
  const { text, cx, cy, x, y, w, h, conf, control } = e;
  return {
    text,
    cx,
    cy,
    x,
    y,
    w,
    h,
    conf,
    ...(control ? { control: `${control.kind} ${control.state}` } : {}),
  };
}

/** A window as replies describe it; bounds include the frame. */
export const windowShape = z.object({
  id: z.string(),
  app: z.string(),
  title: z.string(),
  kind: z.string(),
  bounds: rectShape,
});

const missionFields = {
  mission: z.number(),
  goal: z.string(),
  state: z.enum(["active", "done", "abandoned"]),
  in_play: z.number().nullable(),
  items: z.array(z.object({
    id: z.number(),
    title: z.string(),
    status: z.enum(["pending", "passed", "failed", "skipped"]),
    reason: z.string().nullable(),
  })),
  next_item: z.number().nullable(),
};

/**
 * The mission status block as typed data, returned by every mission tool and
 * by execute_plan tied to an item. Intents and acceptances are in the text.
 */
export const missionStatusShape = {
  ...missionFields,
  in_play: missionFields.in_play.describe("Item id."),
  items: missionFields.items.describe("One page."),
  next_item: missionFields.next_item.describe("First item not listed (from_item)."),
};

/** The same block nested in another tool's reply: the mission tools say what its fields hold. */
export const missionStatusObject = z.object(missionFields);
