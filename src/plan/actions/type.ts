/**
 * The `type` step: type text into the focused window and verify.
 *
 * @module
 */

import { detailSuffix, quote } from "../report.ts";
import type { Run, StepReport } from "../run.ts";
import type { Step } from "../steps.ts";
import { beforeOf, verify } from "../verify.ts";
import { confirmStep, runsCommand } from "../confirm.ts";

type TypeStep = Extract<Step, { action: "type" }>;

/** Runs a type step. */
export async function typeStep(run: Run, step: TypeStep, n: number): Promise<StepReport> {
  const before = await run.look();
  const app = before.window?.app ?? null;
  if (runsCommand(step.text, app)) {
    await confirmStep(run, {
      what: `type ${JSON.stringify(step.text)} (a newline runs it as a command)`,
      app,
      window: before.window?.title ?? null,
      step: n,
    });
  }
  await run.type(step.text);
  const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
  const shown = step.text.length > 40 ? `${step.text.slice(0, 40)}…` : step.text;
  return {
    step: n,
    action: step.action,
    outcome: "done",
    line: `type ${JSON.stringify(shown)} (${[...step.text].length} chars) into ${
      quote(before.window?.title ?? "the focused window")
    }${detailSuffix(after.detail)}`,
  };
}
