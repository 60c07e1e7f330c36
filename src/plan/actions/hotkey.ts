/**
 * The `hotkey` step: press a key combination, verify, and remember where it led.
 *
 * @module
 */

import { type Run, StepFailure } from "../run.ts";
import type { Step } from "../steps.ts";
import { beforeOf, remember, verify } from "../verify.ts";
import { buttonKeyOf, buttonMark, confirmStep, destructiveHotkey, dialogButtonFor } from "../confirm.ts";
import { focusOf } from "../aim.ts";
import { escapeScreenText } from "../../common/untrusted.ts";
import type { StepReport } from "../step_report.ts";

type HotkeyStep = Extract<Step, { action: "hotkey" }>;

/** Runs a hotkey step. */
export async function hotkeyStep(run: Run, step: HotkeyStep, n: number): Promise<StepReport> {
  const desktop = run.services.desktop();
  const before = await run.look();
  const app = before.window?.app ?? null;
  const keys = escapeScreenText(step.keys.join("+"));
  const button = dialogButtonFor(run.services.policy, buttonKeyOf(step.keys), before);
  if (destructiveHotkey(step.keys, app) || button) {
    await confirmStep(run, {
      what: button
        ? `press ${keys}, which presses the dialog's button "${escapeScreenText(button)}"`
        : `press ${keys}`,
      app,
      window: before.window?.title ?? null,
      step: n,
      label: button ?? undefined,
      mark: buttonMark(before, button),
    });
  }
  // The layout may have changed since the plan was checked: refuse before anything counts as sent.
  const refused = desktop.keyRefusal?.(step.keys);
  if (refused) throw new StepFailure(refused);
  await run.hotkey(step.keys, focusOf(before));
  const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
  const moved = remember(run, before, after.look, "hotkey", keys, "window");
  const cmdMeaning = step.keys.includes("cmd") && desktop.platform !== "macos" ? desktop.cmdMeaning : null;
  return {
    step: n,
    action: step.action,
    outcome: "done",
    did: { kind: "hotkey", keys: step.keys, cmdMeaning, movedTo: moved, check: after.detail },
  };
}
