import type { Rect } from "../../common/rect.ts";
/**
 * Which Accessibility window is the CoreGraphics window asked for. The two
 * APIs share no id, so a window is recognised by its frame (global points,
 * top-left origin in both) and its title. Pure, for tests.
 *
 * @module
 */

/** What both APIs can tell about a window. */
export interface WindowClues {
  title: string;
  bounds: Rect;
}

/** How far apart two frames may be, in points, and still be one window. */
const FRAME_SLACK = 1;

function sameFrame(a: Rect, b: Rect): boolean {
  return Math.abs(a.x - b.x) <= FRAME_SLACK && Math.abs(a.y - b.y) <= FRAME_SLACK &&
    Math.abs(a.width - b.width) <= FRAME_SLACK && Math.abs(a.height - b.height) <= FRAME_SLACK;
}

/** How a window was recognised across the two APIs. */
export type MatchBy = "frame and title" | "frame";

/**
 * The Accessibility windows that can be the target, best first: same frame
 * and same title. Without Screen Recording CoreGraphics gives no titles, and
 * the two APIs can word a title differently (a document's edited mark, an
 * app that titles its AX window on its own); then a frame no other window of
 * the app has decides. An empty list means the window cannot be found, and
 * nothing must be raised in its place.
 */
export function matchingWindows(
  target: WindowClues,
  candidates: Array<WindowClues | null>,
): { indices: number[]; by: MatchBy } {
  const framed: number[] = [];
  candidates.forEach((c, i) => {
    if (c && sameFrame(c.bounds, target.bounds)) framed.push(i);
  });
  const titled = target.title === "" ? [] : framed.filter((i) => candidates[i]!.title === target.title);
  if (titled.length) return { indices: titled, by: "frame and title" };
  // Without a title to go by, every window with that frame may be tried: each is confirmed in front.
  if (target.title === "" || framed.length === 1) return { indices: framed, by: "frame" };
  return { indices: [], by: "frame" };
}
