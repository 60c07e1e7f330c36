/**
 * The `type` step: type text into the focused window and verify.
 *
 * @module
 */

import { escapeScreenText } from "../../common/untrusted.ts";
import type { Run } from "../run.ts";
import type { Step } from "../steps.ts";
import { beforeOf, verify } from "../verify.ts";
import { buttonKeyOf, buttonMark, confirmStep, dialogButtonFor, runsCommand } from "../confirm.ts";
import { focusOf } from "../aim.ts";
import type { StepReport } from "../step_report.ts";

type TypeStep = Extract<Step, { action: "type" }>;

/** Runs a type step. */
export async function typeStep(run: Run, step: TypeStep, n: number): Promise<StepReport> {
  const before = await run.look();
  const app = before.window?.app ?? null;
  const shownText = escapeScreenText(JSON.stringify(step.text));
  // A newline typed into a dialog presses its default button.
  const button = /[\r\n]/.test(step.text)
    ? dialogButtonFor(run.services.policy, buttonKeyOf(["enter"]), before)
    : null;
  if (runsCommand(step.text, app) || button) {
    await confirmStep(run, {
      what: button
        ? `type ${shownText}, whose newline presses the dialog's button "${escapeScreenText(button)}"`
        : `type ${shownText} (a newline runs it as a command)`,
      app,
      window: before.window?.title ?? null,
      step: n,
      label: button ?? undefined,
      mark: buttonMark(before, button),
    });
  }
  // Every key goes to the window that had the focus when the step began, or the step stops.
  await run.type(step.text, focusOf(before));
  const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
  return {
    step: n,
    action: step.action,
    outcome: "done",
    did: { kind: "type", text: step.text, into: before.window?.title ?? null, check: after.detail },
  };
}
