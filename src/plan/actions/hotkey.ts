/**
 * The `hotkey` step: press a key combination, verify, and remember where it led.
 *
 * @module
 */

import { detailSuffix } from "../report.ts";
import { type Run, StepFailure, type StepReport } from "../run.ts";
import type { Step } from "../steps.ts";
import { beforeOf, remember, verify } from "../verify.ts";
import { confirmStep, destructiveHotkey } from "../confirm.ts";

type HotkeyStep = Extract<Step, { action: "hotkey" }>;

/** Runs a hotkey step. */
export async function hotkeyStep(run: Run, step: HotkeyStep, n: number): Promise<StepReport> {
  const desktop = run.services.desktop();
  const before = await run.look();
  const app = before.window?.app ?? null;
  if (destructiveHotkey(step.keys, app)) {
    await confirmStep(run, {
      what: `press ${step.keys.join("+")}`,
      app,
      window: before.window?.title ?? null,
      step: n,
    });
  }
  // The layout may have changed since the plan was checked: refuse before anything counts as sent.
  const refused = desktop.keyRefusal?.(step.keys);
  if (refused) throw new StepFailure(refused);
  run.event();
  await desktop.hotkey(step.keys);
  const after = await verify(run, step.expect, beforeOf(before), step.timeout_ms);
  const moved = remember(run, before, after.look, "hotkey", step.keys.join("+"), "window");
  const note = step.keys.includes("cmd") && desktop.platform !== "macos" ? ` (${desktop.cmdMeaning})` : "";
  return {
    step: n,
    action: step.action,
    outcome: "done",
    line: `hotkey ${step.keys.join("+")}${note}${moved}${detailSuffix(after.detail)}`,
  };
}
