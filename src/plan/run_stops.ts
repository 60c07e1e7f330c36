/**
 * How a plan run or one of its steps stops: the run's end states, a step's
 * failure (or its skip when what it needs is absent), the run stopped by
 * the user, the budget or the clock, and an event that would land on
 * another window than the one the step was aimed at.
 *
 * @module
 */

import type { Surface } from "../perceive/surfaces.ts";
import type { Landing, WindowPart } from "../desktop/types.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import type { Look } from "../look/look.ts";
import type { NearText } from "../common/match.ts";
import type { StepReport } from "./step_report.ts";

/**
 * How a run ended: unconfirmed when it ran to its end but a step's input
 * showed no effect (its outcome says which) and the last step had no
 * expect that held, declined when the user said
 * no to a destructive step, refused when a step was not allowed and nobody
 * was asked (a destructive step nobody could be asked about, an app on the
 * deny list, choto's own question to the user).
 */
export type RunStatus = "success" | "unconfirmed" | "escalated" | "aborted" | "declined" | "refused";

/** A step failed: stop and escalate with the evidence. */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly evidence: {
      surface?: Surface;
      target?: string;
      closest?: NearText[];
      look?: Look;
    } = {},
  ) {
    super(message);
  }
}

/**
 * What a step does when what it needs is absent: with `skip_if_absent` it
 * is skipped (the plan goes on), otherwise `failure` stops the run.
 */
export function skipOrThrow(
  step: { action: string; skip_if_absent?: boolean },
  n: number,
  reason: string,
  failure: StepFailure,
): StepReport {
  if (!step.skip_if_absent) throw failure;
  return { step: n, action: step.action, outcome: "skipped", did: { kind: "skipped", reason } };
}

/** The user pulled the pointer into the corner, said no, or the run ran out of budget/time. */
export class RunStopped extends Error {
  constructor(message: string, readonly status: Exclude<RunStatus, "success" | "unconfirmed">) {
    super(message);
  }
}

/**
 * The window a step expects its input to reach, as the look that resolved
 * the step saw it: the focus window for keys, the window under the point
 * for buttons and the wheel (id null: the bare desktop).
 */
export interface Expected {
  kind: Landing["kind"];
  id: string | null;
  title: string;
  /** For a button: on the app's own drawing or on the window manager's frame; absent when unknown. */
  part?: WindowPart;
}

/** True when an event landing at `landing` reaches what `expect` aimed at (a part either side cannot tell passes). */
export function landsAsExpected(expect: Expected, landing: Landing): boolean {
  if (landing.kind !== expect.kind) return true;
  if (landing.id !== expect.id) return false;
  return !expect.part || !landing.part || landing.part === expect.part;
}

/** An event would land elsewhere than the step was resolved for: the step stops before it. */
export class LandingMoved extends RunStopped {
  constructor(message: string, readonly sent: number) {
    super(message, "escalated");
  }
}

/** What a landing that is not the expected window is called in a reply. */
export function landingMessage(expect: Expected, landing: Landing): string {
  const w = landing.window();
  const now = landing.id === null || !w
    ? "no window"
    : `"${escapeScreenText(w.title)}"${w.app ? ` (${escapeScreenText(w.app)})` : ""}`;
  const was = `"${expect.title}"`;
  if (landing.id === expect.id && expect.part && landing.part && landing.part !== expect.part) {
    const where = landing.part === "frame"
      ? `on the frame the window manager draws around ${was} (its title bar or border), not on the app's own drawing`
      : `on ${was}'s own drawing, not on the frame around it`;
    return `the pointer is now ${where}: the window moved or changed size since the look; input goes only where the step was aimed, so the step stopped there`;
  }
  return expect.kind === "keys"
    ? `the keyboard focus moved from ${was} to ${now}; input goes only to the window the step was aimed at, so the step stopped there`
    : `the window under the pointer is now ${now}, not ${was}; input goes only to the window the step was aimed at, so the step stopped there`;
}
