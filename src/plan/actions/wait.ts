/**
 * The `wait` step: wait until an expectation holds, or for a fixed time.
 *
 * @module
 */

import type { Run } from "../run.ts";
import type { Step } from "../steps.ts";
import { beforeOf, verify } from "../verify.ts";
import type { StepReport } from "../step_report.ts";

type WaitStep = Extract<Step, { action: "wait" }>;

/** Runs a wait step. */
export async function waitStep(run: Run, step: WaitStep, n: number): Promise<StepReport> {
  const base = { step: n, action: step.action, outcome: "done" as const };
  if (step.expect) {
    const before = await run.look();
    const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
    return { ...base, did: { kind: "wait_until", check: after.detail } };
  }
  await run.pause(step.amount);
  await run.look();
  return { ...base, did: { kind: "wait", ms: step.amount } };
}
