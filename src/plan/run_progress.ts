/**
 * What a run tells the request it serves: progress as data (the step, the
 * screenful, the search, the wait, the end), and the hooks the request
 * gives the run (cancellation, progress notifications).
 *
 * @module
 */

import type { RunStatus } from "./run_stops.ts";

/** What a run is doing, as data for a progress notification (render/step_lines.ts words it). */
export interface RunProgress {
  /** How far the run is, in steps: fractions while a step reads or searches screen by screen. */
  done: number;
  /** The plan's steps. */
  total: number;
  /** The step running (1-based), or the last one run when the run has ended. */
  step: number;
  /** At the end, `unconfirmed` lists the steps whose input showed no effect. */
  doing:
    | { kind: "step" }
    | { kind: "screenful"; n: number }
    | { kind: "search"; direction: "down" | "up"; notches: number }
    | { kind: "waiting"; ms: number; of: number }
    | { kind: "end"; status: RunStatus; unconfirmed: number[] };
}

/** What the request gives a run besides the plan: cancellation and progress notifications. */
export interface RunHooks {
  /** The request's abort signal: the client cancelled it. */
  signal?: AbortSignal;
  /** Called as the run moves on, when the client asked for progress. */
  progress?(p: RunProgress): Promise<void> | void;
}
