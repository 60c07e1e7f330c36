/**
 * A plan paused before a destructive step, for a client that answers
 * questions by calling again (MCP 2026-07-28's input requests): the run
 * stops before anything of the step is sent, its state stays here, and the
 * retry with the user's answer goes on from that step with the same run.
 * The step looks again on resuming; the answer counts only for the step the
 * user was asked about, as it was described then.
 *
 * @module
 */

import type { Answer } from "../services.ts";
import { type Run, RunStopped } from "./run.ts";

/**
 * Thrown by a step that needs the user's answer from a client that asks by
 * the retry (confirm.ts throws it). The run pauses on it; should the step have sent input already
 * (it never does before its question), it stops the run as refused instead.
 */
export class AnswerNeeded extends RunStopped {
  constructor(
    /** The question, as the user sees it. */
    readonly question: string,
    /** The step as described when asked: the answer holds for this alone. */
    readonly described: string,
  ) {
    super(
      `refused: ${described} needed the user's answer, but the step had sent input before it could pause for one; nothing more was sent`,
      "refused",
    );
  }
}

/** The answer a resumed run carries for its paused step, and what that step was when asked. */
interface GivenAnswer {
  step: number;
  described: string;
  answer: Answer;
}

/** Answers by run: kept beside the run rather than in it, which knows nothing of pausing. */
const GIVEN = new WeakMap<Run, GivenAnswer>();

/** Gives a resumed run the user's answer about step `step`, described as `described` when asked. */
export function giveAnswer(run: Run, step: number, described: string, answer: Answer): void {
  GIVEN.set(run, { step, described, answer });
}

/**
 * The user's answer for step `step`, when the run was paused there and the
 * step is still what the user was asked about; used once. `changed` is true
 * when an answer was given but the step now describes something else (the
 * screen changed while the user answered): the user must be asked again.
 */
export function takeAnswer(
  run: Run,
  step: number,
  described: string,
): { answer: Answer } | { changed: boolean } {
  const given = GIVEN.get(run);
  if (!given || given.step !== step) return { changed: false };
  GIVEN.delete(run);
  return given.described === described ? { answer: given.answer } : { changed: true };
}
