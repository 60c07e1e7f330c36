/**
 * A press stopped before anything was sent because its window moved or
 * changed size since the look (the user dragging it, the app resizing
 * itself): the title bar or another window is now where the target was. The
 * target is looked for once more, without scrolling, and pressed where it
 * now is, but only when that look finds it as surely as before, with the
 * same text, in the same window, somewhere else. Anything else leaves the
 * stop as it was.
 *
 * @module
 */

import { LandingMoved, type Run, StepFailure } from "./run.ts";
import { findTarget, type Found, type TargetSpec } from "./targeting.ts";

/** The target found again after `err` stopped a press aimed by `was`, or null when the stop stands. */
export async function foundAgain(
  run: Run,
  target: TargetSpec,
  was: Found,
  err: unknown,
): Promise<Found | null> {
  if (!(err instanceof LandingMoved) || err.sent > 0) return null;
  let now: Found;
  try {
    now = await findTarget(run, target, { allowScroll: false });
  } catch (e) {
    if (e instanceof StepFailure) return null;
    throw e;
  }
  const same = now.element.text === was.element.text && now.look.window?.id === was.look.window?.id;
  const moved = now.point.x !== was.point.x || now.point.y !== was.point.y;
  if (!same || !moved || now.tied || (now.unsure && !was.unsure)) return null;
  const where = `(${was.point.x},${was.point.y})`;
  return { ...now, via: `the window moved before the press (the target was @ ${where}); looked again` };
}
