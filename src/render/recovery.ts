/**
 * What to do after a run that did not succeed: one rule, written once here
 * and used by execute_plan's description, the journey's `next:` line and
 * the typed reply's `next`. A step whose input reached an app is never to be
 * sent again whole (an expectation is judged after the click or keys went
 * out: resending would click or send twice); a step that sent nothing is
 * fixed and resent from there; a step the user's settings refused, or the
 * user declined, is for the user to decide, never to be tried another way.
 * A run that reached its end with a step whose effect was never seen is
 * checked before anything else is sent: the step may have done nothing, or
 * done it unseen, and sending it again blind could do it twice.
 *
 * @module
 */

import type { RunStatus } from "../plan/run.ts";
import { type StepOutcome, unconfirmedSteps } from "../plan/step_report.ts";

/** The three answers, each in the words every reply uses. */
const SENT = "observe, then send only what is missing; never resend it whole";
const UNSENT = "fix it and resend the plan from it";
const USER = "ask the user; do not retry it another way";

/** The rule as execute_plan's description states it. */
export const RECOVERY_RULE =
  `A run short of success says next: what to do. A step that sent input: ${SENT}. One that sent nothing: ${UNSENT}. Refused or declined: ${USER}.`;

/** What the advice is drawn from: how the run ended, whether the stopped step had sent input, each step's outcome. */
export interface Ending {
  status: RunStatus;
  failure: { step: number; sent: boolean } | null;
  reports: ReadonlyArray<{ step: number; action: string; outcome: StepOutcome }>;
}

/** The advice for a run's ending, or null after a success. */
export function nextStep(r: Ending): string | null {
  if (r.status === "unconfirmed") {
    return `the run reached its end, but ${unconfirmedSteps(r.reports)} showed no effect of its input ` +
      "(the journey says what): observe and check the app's state before going on; send again only what " +
      "did not happen, with an expect.";
  }
  const f = r.failure;
  if (r.status === "success" || !f) return null;
  const n = f.step;
  const partly = f.sent ? ` (it had sent input: see its line; never resend it whole)` : "";
  switch (r.status) {
    case "refused":
      return `step ${n} was refused (its line says why)${partly}: ${USER}.`;
    case "declined":
      return `the user said no to step ${n}${partly}: ${USER}.`;
    case "aborted":
      return `the run was stopped (the pointer in the top-left corner, or the request cancelled)${partly}: ask the user before going on.`;
    case "escalated":
      return f.sent
        ? `step ${n} sent input before it stopped (see its line): ${
          SENT.replace("it whole", `step ${n} whole`)
        }.`
        : `step ${n} sent nothing: ${
          UNSENT.replace("fix it", `fix step ${n}`).replace("from it", `from step ${n}`)
        }.`;
  }
}
