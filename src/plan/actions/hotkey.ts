/**
 * The `hotkey` step: press a key combination, verify, and remember where it led.
 *
 * @module
 */

import { type Run, StepFailure } from "../run.ts";
import type { Step } from "../steps.ts";
import { beforeOf, remember, verify } from "../verify.ts";
import { buttonKeyOf, buttonMark, confirmStep, destructiveHotkey, dialogButtonFor } from "../confirm.ts";
import { commandKeyQuestion, keysWindow, noteKeyOnLine } from "../command_line.ts";
import { focusOf } from "../aim.ts";
import { escapeScreenText } from "../../common/untrusted.ts";
import type { StepReport } from "../step_report.ts";
import { confirmedByKeys, joinChecks, keysAfterClick } from "../effect.ts";

type HotkeyStep = Extract<Step, { action: "hotkey" }>;

/** Runs a hotkey step. */
export async function hotkeyStep(run: Run, step: HotkeyStep, n: number): Promise<StepReport> {
  const desktop = run.services.desktop();
  // Keys right after a click the app was not seen to take wait for it once more, and say so.
  const landed = await keysAfterClick(run, n);
  const before = await run.look();
  const into = keysWindow(before);
  const app = into?.app ?? null;
  const keys = escapeScreenText(step.keys.join("+"));
  const button = dialogButtonFor(run.services.policy, buttonKeyOf(step.keys), before);
  // An Enter that runs the line choto typed, or a paste that may hold a line break, in a terminal or a run box.
  const command = button ? null : await commandKeyQuestion(run, step.keys, into);
  if (destructiveHotkey(step.keys, app) || button || command) {
    await confirmStep(run, {
      what: button
        ? `press ${keys}, which presses the dialog's button "${escapeScreenText(button)}"`
        : command
        ? `press ${keys}, ${command.why}`
        : `press ${keys}`,
      app,
      window: into?.title ?? null,
      step: n,
      label: button ?? undefined,
      mark: buttonMark(before, button),
    });
  }
  // The layout may have changed since the plan was checked: refuse before anything counts as sent.
  const refused = desktop.keyRefusal?.(step.keys);
  if (refused) throw new StepFailure(refused);
  const line = noteKeyOnLine(run, step.keys, into, command);
  await run.hotkey(step.keys, focusOf(before));
  line.sent();
  const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
  if (step.expect) confirmedByKeys(run, n);
  const moved = remember(run, before, after.look, "hotkey", keys, "window");
  const cmdMeaning = step.keys.includes("cmd") && desktop.platform !== "macos" ? desktop.cmdMeaning : null;
  return {
    step: n,
    action: step.action,
    // Keys after a click never seen to land are unconfirmed too, unless their own expect held.
    outcome: landed.unconfirmed && !step.expect ? "unconfirmed" : "done",
    did: {
      kind: "hotkey",
      keys: step.keys,
      cmdMeaning,
      movedTo: moved,
      check: joinChecks(landed.said, after.detail),
    },
  };
}
