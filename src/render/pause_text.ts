/**
 * What replies say about a plan that paused for the user's answer (a client
 * that asks by the call's retry, MCP 2026-07-28): the retry that went on, and
 * the retry that could not.
 *
 * @module
 */

import type { Answer } from "../services.ts";

/**
 * Why a retry's key holds no paused plan: it expired, was used, came back
 * with other arguments, was pushed out by newer ones, or was never given.
 */
export type Gone = "expired" | "answered" | "other_arguments" | "pushed_out" | "unknown";

/** The line before the journey of a run that went on from its paused step. */
export function resumedLine(step: number, answer: Answer): string {
  return `Resumed at step ${step} with the user's answer (${answer}); steps before it ran in the first call and were not sent again, and step ${step} looked at the screen afresh before acting.`;
}

/** Why a retry's key holds no paused plan, in words; `ttlMs` and `max` are the table's bounds. */
export function goneReason(gone: Gone, ttlMs: number, max: number): string {
  switch (gone) {
    case "expired":
      return `its key expired: a paused plan waits ${Math.round(ttlMs / 1000)} s for the answer`;
    case "answered":
      return "its answer was already given: a key is good for one retry";
    case "other_arguments":
      return "the retry's tool or arguments differ from the paused call's, so the paused plan was dropped";
    case "pushed_out":
      return `newer paused plans took its place (choto keeps at most ${max})`;
    case "unknown":
      return "choto never gave this key, or has restarted since";
  }
}

/** The refusal of a retry whose paused plan is not there. */
export function notResumedText(tool: string, reason: string): string {
  return `${tool} was not resumed: ${reason}. Nothing was sent by this call. Observe the screen, then send what is left of the plan as a new call (without the request state).`;
}
