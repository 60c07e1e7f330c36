/**
 * Which Accessibility window is the CoreGraphics window asked for. The two
 * APIs share no id, so a window is recognised by its frame (global points,
 * top-left origin in both) and its title. Pure, for tests.
 *
 * @module
 */

import type { Rect } from "../types.ts";

/** What both APIs can tell about a window. */
export interface WindowFacts {
  title: string;
  bounds: Rect;
}

/** How far apart two frames may be, in points, and still be one window. */
const FRAME_SLACK = 1;

function sameFrame(a: Rect, b: Rect): boolean {
  return Math.abs(a.x - b.x) <= FRAME_SLACK && Math.abs(a.y - b.y) <= FRAME_SLACK &&
    Math.abs(a.width - b.width) <= FRAME_SLACK && Math.abs(a.height - b.height) <= FRAME_SLACK;
}

/**
 * The Accessibility windows that can be the target, best first: same frame
 * and same title. Without Screen Recording CoreGraphics gives no titles; then
 * the frame alone decides. An empty list means the window cannot be found,
 * and nothing must be raised in its place.
 */
export function matchingWindows(target: WindowFacts, candidates: Array<WindowFacts | null>): number[] {
  const out: number[] = [];
  candidates.forEach((c, i) => {
    if (!c || !sameFrame(c.bounds, target.bounds)) return;
    if (target.title !== "" && c.title !== target.title) return;
    out.push(i);
  });
  return out;
}
