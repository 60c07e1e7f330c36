/**
 * Output-schema pieces shared by several tools.
 *
 * @module
 */

import { z } from "zod";

/** A rectangle in screen pixels. */
export const rectShape = z.object({
  x: z.number().describe("Left edge in screen pixels."),
  y: z.number().describe("Top edge in screen pixels."),
  width: z.number().describe("Width in pixels."),
  height: z.number().describe("Height in pixels."),
});

/** One targetable text element. */
export const elementShape = z.object({
  text: z.string().describe("The text as read; use it as target.text in execute_plan."),
  cx: z.number().describe("Centre x in screen pixels."),
  cy: z.number().describe("Centre y in screen pixels."),
  x: z.number().describe("Left edge of the text box in screen pixels."),
  y: z.number().describe("Top edge of the text box in screen pixels."),
  w: z.number().describe("Width of the text box in pixels."),
  h: z.number().describe("Height of the text box in pixels."),
  conf: z.number().describe("Recognition confidence from 0 to 1."),
});

/** A window as replies describe it. */
export const windowShape = z.object({
  id: z.string().describe("The platform's window id."),
  app: z.string().describe("Application that owns the window."),
  title: z.string().describe("Window title."),
  kind: z.string().describe("normal, dialog, utility, menu, popup, tooltip, dock, menubar or status."),
  bounds: rectShape.describe("Bounds in screen pixels, frame included."),
});

/**
 * The mission status block as typed data, returned by every mission tool and
 * by execute_plan tied to an item: every item's status, from which the
 * counts and the item in play (the first pending, else the first failed)
 * follow. Titles, intents and reasons are in the text block.
 */
export const missionStatusShape = {
  mission: z.number().describe("Mission id."),
  state: z.enum(["active", "done", "abandoned"]).describe("Its state."),
  items: z.array(z.object({
    id: z.number().describe("Item id."),
    status: z.enum(["pending", "passed", "failed", "skipped"]).describe("Its status."),
  })).describe("All items, in order."),
};
