/**
 * The `focus_app` step: bring an app to the front (launching it when
 * needed) and, with an expectation, verify.
 *
 * @module
 */

import { focusApp } from "../../desktop/focus_app.ts";
import { DeniedError } from "../../desktop/guard.ts";
import { type Run, StepFailure } from "../run.ts";
import type { Step } from "../steps.ts";
import { beforeOf, verify } from "../verify.ts";
import type { StepReport } from "../step_report.ts";
import { isClientWindow } from "../../perceive/front.ts";

type FocusAppStep = Extract<Step, { action: "focus_app" }>;

/** Runs a focus_app step. */
export async function focusAppStep(run: Run, step: FocusAppStep, n: number): Promise<StepReport> {
  // Bringing an app forward sends nothing into it: the step may be sent again as it is.
  await run.lookingOnly(() => Promise.resolve(run.event()));
  // Launching an app takes longer than most post-conditions: allow at least 10 s.
  const r = await focusApp(
    run.services.desktop(),
    step.app_name,
    Math.min(Math.max(step.timeout_ms, 10_000), run.remainingMs()),
    run.clock,
    run.signal,
    (ms, of) => run.tell({ kind: "waiting", ms, of }),
  );
  if (!r.ok) {
    // A cancelled request ends the run as cancelled, not as an app that failed to come forward.
    run.checkpoint();
    // The deny list is the user's rule: the run ends refused, as for input into a denied window.
    if (r.reason === "denied") throw new DeniedError(r.message);
    throw new StepFailure(r.message);
  }
  // The client's own app, once named, is the plan's to work in until another is named.
  run.clientNamed = isClientWindow(run.services.desktop().windows(), r.window);
  const l = await run.look();
  const after = step.expect ? await verify(run, step.expect, beforeOf(l), step.timeout_ms) : null;
  return {
    step: n,
    action: step.action,
    outcome: "done",
    did: {
      kind: "focus_app",
      asked: step.app_name,
      app: r.app,
      how: r.via ? `${r.how}, ${r.via}` : r.how,
      window: r.window.title,
      check: after?.detail ?? "",
    },
  };
}
