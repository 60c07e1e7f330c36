/**
 * Runs a validated plan step by step: resolve, act, verify. A step that
 * cannot find its target or whose expectation does not hold in time stops
 * the run with the evidence; the pointer in the top-left corner aborts it.
 * Everything seen is written to the interface graph, and a click that leads
 * to another window becomes a transition. Each action's handler lives in
 * `actions/`; `handlers.ts` says which runs which.
 *
 * @module
 */

import { DeniedError } from "../desktop/guard.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import { DisplayLost } from "../desktop/display_lost.ts";
import { StoreFault } from "../db/store_fault.ts";
import { type Clock, realClock } from "../common/time.ts";
import type { Surface } from "../perceive/surfaces.ts";
import type { Services } from "../services.ts";
import { isClick } from "./actions/click.ts";
import { runStep } from "./handlers.ts";
import type { Look } from "../look/look.ts";
import { Run, type RunHooks, type RunProgress, type RunStatus, RunStopped, StepFailure } from "./run.ts";
import type { Plan, Step } from "./steps.ts";
import type { InsteadOfClient, SeenWindow, StepReport } from "./step_report.ts";
import { meetFront } from "./front.ts";
import { AnswerNeeded, giveAnswer } from "./pause.ts";
import type { Answer } from "../services.ts";

/** What the request gives a run besides the plan: cancellation, and progress notifications. */
export interface PlanHooks {
  /** The request's abort signal: the client cancelled it. */
  signal?: AbortSignal;
  /** Called as the run moves on (when the client asked for progress), with the plan's steps to name them. */
  progress?(p: RunProgress, steps: readonly Step[]): Promise<void> | void;
}

/** Default time limit of a whole plan. */
export const DEFAULT_TIME_LIMIT_MS = 180_000;

/** Everything a run produced. */
export interface RunResult {
  status: RunStatus;
  reports: StepReport[];
  actions: number;
  maxActions: number;
  elapsedMs: number;
  extracts: Run["extracts"];
  windowsSeen: SeenWindow[];
  /** What the graph could not store (a full disk, a replaced database file); the run went on without it. */
  unstored: string[];
  failure: {
    /**
     * Whether the failed step sent input that reached an app before it
     * stopped (scrolling only to find or read does not count): such a step
     * is never to be sent again whole.
     */
    sent: boolean;
    step: number;
    action: string;
    reason: string;
    surface: Surface | null;
    target: string | null;
    closest: Array<{ text: string; similarity: number }>;
    look: Look | null;
  } | null;
}

/**
 * A run paused before a destructive step until the user answers (a client
 * that asks by the call's retry): nothing of the step was sent, and the
 * steps before it stay done.
 */
export interface PausedRun {
  /** The step the run stopped before (1-based). */
  step: number;
  /** The question for the user: the step, its element and why. */
  question: string;
  /** When the run paused (the run's clock), to leave the wait out of its time limit. */
  pausedAt: number;
  /** Goes on from the paused step with the user's answer, under the retry's cancellation and progress. */
  resume(answer: Answer, hooks: PlanHooks): Promise<RunResult | PausedRun>;
}

/**
 * Runs a plan to its end, its first failure, or an abort; `clock` is the
 * real one outside tests, `hooks` the request's cancellation and progress.
 */
export async function executePlan(
  services: Services,
  plan: Plan,
  clock: Clock = realClock,
  hooks: PlanHooks = {},
): Promise<RunResult> {
  const r = await startPlan(services, plan, clock, hooks);
  // Only a caller that set `asksByRetry` can be handed a pause; nobody else ever sees one.
  if ("resume" in r) throw new Error("the run paused for an answer its caller cannot ask for");
  return r;
}

/** Runs a plan as {@link executePlan} does, or pauses it before a destructive step when the client asks by retry. */
export async function startPlan(
  services: Services,
  plan: Plan,
  clock: Clock = realClock,
  hooks: PlanHooks = {},
): Promise<RunResult | PausedRun> {
  const run = new Run(
    services,
    plan.max_actions,
    plan.time_limit_ms ?? DEFAULT_TIME_LIMIT_MS,
    clock,
    runHooks(plan, hooks),
  );
  return await runFrom(run, plan, 0);
}

/** The run's hooks from the request's: progress names the plan's steps. */
function runHooks(plan: Plan, hooks: PlanHooks): RunHooks {
  const progress = hooks.progress;
  return { signal: hooks.signal, progress: progress ? (p) => progress(p, plan.steps) : undefined };
}

/** Runs the plan's steps from index `from` on (0 at the start, the paused step's on resuming). */
async function runFrom(run: Run, plan: Plan, from: number): Promise<RunResult | PausedRun> {
  const services = run.services;
  let failure: RunResult["failure"] = null;
  let status: RunStatus = "success";
  const unpressable = from === 0 ? keyRefusal(services, plan) : null;
  if (unpressable) {
    // The keyboard layout has no key for a shortcut: refused before the first step, nothing done.
    const { n, action, reason } = unpressable;
    plan.steps.forEach((st, i) =>
      run.reports.push(
        i + 1 === n
          ? {
            step: n,
            action,
            outcome: "failed",
            did: { kind: "failed", reason: `refused: ${reason}`, howFar: null },
          }
          : { step: i + 1, action: st.action, outcome: "not_run", did: { kind: "not_run" } },
      )
    );
    status = "escalated";
    failure = {
      sent: false,
      step: n,
      action,
      reason: `refused: ${reason}`,
      surface: null,
      target: null,
      closest: [],
      look: null,
    };
  }
  for (let i = from; i < plan.steps.length && !unpressable; i++) {
    const step = plan.steps[i];
    const n = i + 1;
    run.beginStep();
    let instead: InsteadOfClient | null = null;
    try {
      await run.tell({ kind: "step" }, { n, total: plan.steps.length });
      run.checkpoint();
      // Only a click keeps track of an open menu; anything else may have closed it.
      if (!isClick(step.action) && step.action !== "wait" && step.action !== "read") run.menuPath = null;
      instead = await meetFront(run, step);
      const report = await runStep(run, step, n);
      run.reports.push(instead ? { ...report, instead } : report);
    } catch (err) {
      if (err instanceof AnswerNeeded && !run.acted()) return paused(run, plan, i, err);
      const stopped = err instanceof RunStopped;
      // The deny list is the user's rule: a step it stops is refused, not a failure to fix and resend.
      status = stopped ? err.status : err instanceof DeniedError ? "refused" : "escalated";
      const reason = escapeScreenText(
        stopped || err instanceof StepFailure || err instanceof StoreFault || err instanceof DisplayLost
          ? err.message
          : err instanceof DeniedError
          ? `refused: ${err.message}`
          : `internal error: ${(err as Error).message}`,
      );
      // A step that sent input is never "not run" nor plain "failed": resending it would repeat what was done.
      const sent = run.acted();
      const howFar = sent ? run.progress ?? "its input was sent" : null;
      const cut = stopped || (sent && err instanceof DeniedError);
      run.reports.push({
        step: n,
        action: step.action,
        outcome: sent && cut ? "partial" : stopped ? "not_run" : "failed",
        did: { kind: cut ? "stopped" : "failed", reason, howFar },
        ...(instead ? { instead } : {}),
      });
      const evidence = err instanceof StepFailure ? err.evidence : {};
      failure = {
        sent,
        step: n,
        action: step.action,
        reason,
        surface: evidence.surface ?? null,
        target: evidence.target === undefined ? null : escapeScreenText(evidence.target),
        closest: evidence.closest ?? [],
        // The user who aborted wants the screen left alone: no look.
        look: status === "escalated" ? await safeLook(run) : null,
      };
      for (let j = i + 1; j < plan.steps.length; j++) {
        run.reports.push({
          step: j + 1,
          action: plan.steps[j].action,
          outcome: "not_run",
          did: { kind: "not_run" },
        });
      }
      break;
    }
  }
  // A run that reached its end with a step whose effect was never seen has not shown it succeeded,
  // unless its last step's expect held: the plan's own check of the state it was written to reach
  // (an expect on one control in the middle says nothing of a field typed before it).
  const unconfirmed = finalCheckHeld(run, plan)
    ? []
    : run.reports.filter((s) => s.outcome === "unconfirmed").map((s) => s.step);
  if (status === "success" && unconfirmed.length) status = "unconfirmed";
  await run.tell({ kind: "end", status, unconfirmed }, {
    n: failure?.step ?? plan.steps.length,
    total: plan.steps.length,
  });
  return {
    status,
    reports: run.reports,
    actions: run.actions,
    maxActions: run.maxActions,
    elapsedMs: Math.round(run.elapsedMs()),
    extracts: run.extracts,
    windowsSeen: [...run.seen.values()],
    unstored: run.unstored,
    failure,
  };
}

/** The run paused before step index `i`, to go on from there with the user's answer. */
function paused(run: Run, plan: Plan, i: number, asked: AnswerNeeded): PausedRun {
  const pausedAt = run.clock.now();
  return {
    step: i + 1,
    question: asked.question,
    pausedAt,
    resume(answer, hooks) {
      run.resumeWith(runHooks(plan, hooks), run.clock.now() - pausedAt);
      giveAnswer(run, i + 1, asked.described, answer);
      return runFrom(run, plan, i);
    },
  };
}

/** The first hotkey step the desktop's keyboard layout cannot press, and why. */
function keyRefusal(services: Services, plan: Plan): { n: number; action: string; reason: string } | null {
  const desktop = services.desktop();
  if (!desktop.keyRefusal) return null;
  for (const [i, step] of plan.steps.entries()) {
    if (step.action !== "hotkey") continue;
    const reason = desktop.keyRefusal(step.keys);
    if (reason) return { n: i + 1, action: step.action, reason };
  }
  return null;
}

async function safeLook(run: Run): Promise<Look | null> {
  try {
    return await run.look();
  } catch {
    return null;
  }
}

/** Whether the plan's last step carries an expect and it held. */
function finalCheckHeld(run: Run, plan: Plan): boolean {
  const last = plan.steps[plan.steps.length - 1];
  const report = run.reports[run.reports.length - 1];
  return last !== undefined && "expect" in last && last.expect !== undefined &&
    report?.step === plan.steps.length && report.outcome === "done";
}
