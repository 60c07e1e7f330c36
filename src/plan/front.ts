/**
 * A step that names no window works in the window in front. While a denied
 * app's window is there the step is refused: no window behind it stands in
 * for it. While the client's own window is there (the chat the user types
 * in), the step works in the window choto chose instead, the next one down
 * the stack, brought forward first when the step acts or reads, so clicks
 * and keys reach it and never the chat. Naming a window (target.window) or
 * focus_app bypasses both; once a step names the client's own window, the
 * steps after it work there until one names another (`Run.clientNamed`).
 *
 * @module
 */

import { FRONT_WITHHELD } from "../common/policy.ts";
import { DeniedError } from "../desktop/guard.ts";
import type { Services } from "../services.ts";
import { chooseFront } from "../perceive/front.ts";
import { type Run, StepFailure } from "./run.ts";
import type { Step } from "./steps.ts";
import type { InsteadOfClient } from "./step_report.ts";
import { bringForward } from "./targeting.ts";

/** A target on the window surface with no window named. */
const inFrontWindow = (t: { scope?: string; window?: string }) => t.scope !== "chrome" && !t.window;

/** True for a step that works in the window in front: it names no window and acts or looks inside one. */
export function worksInFront(step: Step): boolean {
  switch (step.action) {
    case "focus_app":
    case "read_clipboard":
      return false;
    case "wait":
      return step.expect !== undefined;
    case "type":
    case "hotkey":
      return true;
    case "drag":
      return !step.path.some((wp) => "target" in wp && wp.target.window) && !step.until_readout?.watch.window;
    case "click":
    case "double_click":
    case "right_click":
      return inFrontWindow(step.target);
    case "scroll":
    case "read":
      return !step.target || inFrontWindow(step.target);
  }
}

/** Notes the refusal of a step because the window in front is withheld, in the audit log. */
function auditWithheld(services: Services, action: string): void {
  services.audit.record({
    kind: "refusal",
    action,
    app: null,
    window: null,
    outcome: "deny list (window in front)",
  });
}

/**
 * True (and the refusal audited) when the plan is refused before anything
 * runs: its first step works in the window in front, and that is withheld.
 */
export function refusedAtStart(services: Services, steps: readonly Step[]): boolean {
  if (!steps.length || !worksInFront(steps[0])) return false;
  if (chooseFront(services.desktop().windows()).kind !== "withheld") return false;
  auditWithheld(services, steps[0].action);
  return true;
}

/**
 * Meets the window in front before a step: refuses the step (DeniedError)
 * while it is withheld; when it is the client's own, brings the chosen
 * window forward (a wait only looks) and says so; else does nothing.
 */
export async function meetFront(run: Run, step: Step): Promise<InsteadOfClient | null> {
  if (!worksInFront(step)) return null;
  const choice = chooseFront(run.services.desktop().windows(), run.clientNamed);
  if (choice.kind === "withheld") {
    auditWithheld(run.services, step.action);
    throw new DeniedError(FRONT_WITHHELD);
  }
  if (choice.kind !== "client") return null;
  if (!choice.window) {
    throw new StepFailure(
      `the client's own window "${choice.client.title}" is in front and no other window is open; ` +
        "name it with target.window to work in it, or focus_app another app first",
    );
  }
  if (step.action !== "wait") await bringForward(run, choice.window);
  return { client: choice.client.title, window: choice.window.title };
}
