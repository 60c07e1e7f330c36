/**
 * Output-schema pieces shared by several tools. Output fields are typed in
 * full but described only at the top level of each reply: the field names
 * and the reply's text say the rest, and every description here would be
 * repeated wherever the shape is inlined.
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

/**
 * The mission status block as typed data, returned by every mission tool and
 * by execute_plan tied to an item. Intents and acceptances are in the text.
 */
export const missionStatusShape = {
  mission: z.number().describe("Mission id."),
  goal: z.string().describe("What it is for."),
  state: z.enum(["active", "done", "abandoned"]).describe("Its state."),
  in_play: z.number().nullable().describe("Item to work on now."),
  items: z.array(z.object({
    id: z.number(),
    title: z.string(),
    status: z.enum(["pending", "passed", "failed", "skipped"]),
    reason: z.string().nullable(),
  })).describe("Items listed (a page of a long list); reason: why it failed."),
  next_item: z.number().nullable().describe("First item not listed, for from_item; null: none."),
};
