/**
 * The `type` step: type text into the focused window and verify.
 *
 * @module
 */

import { escapeScreenText } from "../../common/untrusted.ts";
import { breaksLine } from "../../desktop/terminals.ts";
import type { Run } from "../run.ts";
import type { Step } from "../steps.ts";
import { beforeOf, verify } from "../verify.ts";
import { buttonKeyOf, buttonMark, confirmStep, dialogButtonFor } from "../confirm.ts";
import {
  addToLine,
  commandLineAt,
  commandLineName,
  keysWindow,
  lineBroken,
  lineInput,
} from "../command_line.ts";
import { focusOf } from "../aim.ts";
import type { StepReport } from "../step_report.ts";
import { confirmedByKeys, joinChecks, keysAfterClick } from "../effect.ts";

type TypeStep = Extract<Step, { action: "type" }>;

/** Runs a type step. */
export async function typeStep(run: Run, step: TypeStep, n: number): Promise<StepReport> {
  // Keys right after a click the app was not seen to take wait for it once more, and say so.
  const landed = await keysAfterClick(run, n);
  const before = await run.look();
  const into = keysWindow(before);
  const id = into?.id ?? null;
  const shownText = escapeScreenText(JSON.stringify(step.text));
  const breaks = breaksLine(step.text);
  // A newline typed into a dialog presses its default button; into a terminal or a run box it runs the line.
  const button = breaks ? dialogButtonFor(run.services.policy, buttonKeyOf(["enter"]), before) : null;
  const command = breaks && !button ? await commandLineAt(run, into) : null;
  if (command || button) {
    const earlier = lineInput(run, id)?.text;
    await confirmStep(run, {
      what: button
        ? `type ${shownText}, whose newline presses the dialog's button "${escapeScreenText(button)}"`
        : `type ${shownText}${
          earlier ? ` after ${escapeScreenText(JSON.stringify(earlier))} typed there before` : ""
        } into the ${commandLineName(command!)}, where a newline runs the line as a command`,
      app: into?.app ?? null,
      window: into?.title ?? null,
      step: n,
      label: button ?? undefined,
      mark: buttonMark(before, button),
    });
  }
  // Kept before the keys go: a step cut short has still left its first characters on the line.
  addToLine(run, id, { text: step.text });
  // Every key goes to the window that had the focus when the step began, or the step stops.
  await run.type(step.text, focusOf(before));
  if (breaks) lineBroken(run, id, step.text.split(/[\r\n]/).pop());
  const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
  if (step.expect) confirmedByKeys(run, n);
  return {
    step: n,
    action: step.action,
    // Keys after a click never seen to land are unconfirmed too, unless their own expect held.
    outcome: landed.unconfirmed && !step.expect ? "unconfirmed" : "done",
    did: {
      kind: "type",
      text: step.text,
      into: before.window?.title ?? null,
      check: joinChecks(landed.said, after.detail),
    },
  };
}
