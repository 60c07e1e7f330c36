/**
 * The failsafe corner: the user stops a run by pushing the pointer into the
 * top-left corner of whichever display holds it. Positions and display
 * bounds are global (X11 root coordinates, macOS global points), so a
 * display left of or above the main one has negative origins.
 *
 * @module
 */

import type { Point, Rect } from "../common/rect.ts";

/** How far from a display's top-left corner, in global units, still counts as in the corner. */
export const CORNER = 2;

/** The display holding a global point (half-open bounds), or null when it is off every display. */
export function displayHolding(displays: Rect[], p: Point): Rect | null {
  return displays.find((d) => p.x >= d.x && p.y >= d.y && p.x < d.x + d.width && p.y < d.y + d.height) ??
    null;
}

/** True when the pointer sits in the top-left corner of the display that holds it. */
export function inTopLeftCorner(displays: Rect[], p: Point, margin = CORNER): boolean {
  const d = displayHolding(displays, p);
  return d !== null && p.x - d.x <= margin && p.y - d.y <= margin;
}
