/**
 * The `scroll` step: scroll over a target, or over the busiest part of the
 * focus window, and verify.
 *
 * @module
 */

import type { Look } from "../../look/look.ts";
import type { Run } from "../run.ts";
import type { Step } from "../steps.ts";
import { busiestPoint, findOrSkip, matchSaid } from "../targeting.ts";
import { beforeOf, verify } from "../verify.ts";
import { underPointer } from "../aim.ts";
import type { Point } from "../../common/rect.ts";
import type { MatchSaid, StepReport } from "../step_report.ts";

type ScrollStep = Extract<Step, { action: "scroll" }>;

/** Runs a scroll step. */
export async function scrollStep(run: Run, step: ScrollStep, n: number): Promise<StepReport> {
  let at: Point;
  let over: MatchSaid | { window: string | null; at: Point };
  let before: Look;
  if (step.target) {
    const found = await findOrSkip(run, { ...step, target: step.target }, n);
    if ("outcome" in found) return found;
    at = found.point;
    before = found.look;
    over = matchSaid(found);
  } else {
    before = await run.look();
    at = busiestPoint(before.window, before.windowElements, {
      x: 0,
      y: 0,
      width: before.frame.width,
      height: before.frame.height,
    });
    over = { window: before.window?.title ?? null, at };
  }
  await run.scroll(at, step.amount, underPointer(before, at));
  const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
  return {
    step: n,
    action: step.action,
    outcome: "done",
    did: { kind: "scroll", amount: step.amount, over, check: after.detail },
  };
}
