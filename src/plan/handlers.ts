/**
 * Which handler runs each action. Every action has one, in its own file
 * under `actions/`; the type makes a new action without a handler an error.
 *
 * @module
 */

import { clickStep } from "./actions/click.ts";
import { dragStep } from "./actions/drag/drag.ts";
import { focusAppStep } from "./actions/focus_app.ts";
import { hotkeyStep } from "./actions/hotkey.ts";
import { readStep } from "./actions/read/read.ts";
import { readClipboardStep } from "./actions/read_clipboard.ts";
import { scrollStep } from "./actions/scroll.ts";
import { typeStep } from "./actions/type.ts";
import { waitStep } from "./actions/wait.ts";
import type { Run } from "./run.ts";
import type { Step } from "./steps.ts";
import type { StepReport } from "./step_report.ts";

/** A step handler: acts, verifies, and reports one line for the journey. */
export type Handler<A extends Step["action"]> = (
  run: Run,
  step: Extract<Step, { action: A }>,
  n: number,
) => Promise<StepReport>;

/** One handler per action. */
export const HANDLERS: { [A in Step["action"]]: Handler<A> } = {
  click: clickStep,
  double_click: clickStep,
  right_click: clickStep,
  type: typeStep,
  hotkey: hotkeyStep,
  scroll: scrollStep,
  wait: waitStep,
  focus_app: focusAppStep,
  read: readStep,
  read_clipboard: readClipboardStep,
  drag: dragStep,
};

/** Runs one step through its handler. */
export function runStep(run: Run, step: Step, n: number): Promise<StepReport> {
  return (HANDLERS[step.action] as Handler<Step["action"]>)(run, step, n);
}
