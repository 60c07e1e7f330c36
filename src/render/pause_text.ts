/**
 * What replies say about a plan that paused for the user's answer (a client
 * that asks by the call's retry, MCP 2026-07-28): the retry that went on, and
 * the retry that could not.
 *
 * @module
 */

import type { Answer } from "../services.ts";

/** The line before the journey of a run that went on from its paused step. */
export function resumedLine(step: number, answer: Answer): string {
  return `Resumed at step ${step} with the user's answer (${answer}); steps before it ran in the first call and were not sent again, and step ${step} looked at the screen afresh before acting.`;
}

/** The refusal of a retry whose paused plan is not there (expired, answered already, or unknown). */
export function notResumedText(tool: string, reason: string): string {
  return `${tool} was not resumed: ${reason}. Nothing was sent by this call. Observe the screen, then send what is left of the plan as a new call (without the request state).`;
}
