/**
 * The user's question for a client on MCP 2026-07-28 that answers input
 * requests: a plan pauses before a destructive step, the call answers with
 * an `InputRequiredResult` naming the step and its element, and the retry
 * that carries the answer (and the request key as `requestState`) goes on
 * with the same run. 2025-era clients are asked inside the call as before
 * (elicitation), so none of this applies to them.
 *
 * @module
 */

import {
  type ClientCapabilities,
  inputRequired,
  type InputRequiredResult,
  inputResponse,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { PausedRun } from "../plan/executor.ts";
import type { PauseChannel } from "../tools/tool.ts";
import { goneReason, notResumedText } from "../render/pause_text.ts";
import { PAUSED_RUNS, type PausedRuns } from "./paused_runs.ts";

/** The input request's name in `inputRequests` and the retry's `inputResponses`. */
export const CONFIRM_KEY = "confirm";

/** Whether the client can answer a form question: `elicitation.form` declared, or a bare `elicitation: {}` (2025's form). */
export function answersForms(caps: ClientCapabilities | undefined): boolean {
  const e = caps?.elicitation as Record<string, unknown> | undefined;
  return e !== undefined && (e.form !== undefined || Object.keys(e).length === 0);
}

/**
 * The pause channel of one call: on a retry, the paused run its key names
 * with the user's answer (or why it cannot go on); on a first call, empty.
 * `held` receives a run that pauses during the call.
 */
export function pauseChannel(
  ctx: ServerContext,
  tool: string,
  args: unknown,
  held: (run: PausedRun) => void,
  table: PausedRuns = PAUSED_RUNS,
): { channel: PauseChannel } | { refused: string } {
  const key = ctx.mcpReq.requestState();
  if (key === undefined) return { channel: { resumed: null, hold: held } };
  const taken = typeof key === "string"
    ? table.take(key, tool, args)
    : { ok: false as const, gone: "unknown" as const };
  if (!taken.ok) return { refused: notResumedText(tool, goneReason(taken.gone, table.ttlMs, table.max)) };
  const view = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_KEY);
  // A retry without the answer has none from the user: that counts as the question dismissed.
  const answer = view.kind === "elicit" ? view.action : "cancel";
  return { channel: { resumed: { run: taken.run, answer }, hold: held } };
}

/** The call's answer for a paused run: the question as an input request, the run kept under a fresh key. */
export function pausedResult(
  run: PausedRun,
  tool: string,
  args: unknown,
  table: PausedRuns = PAUSED_RUNS,
): InputRequiredResult {
  return inputRequired({
    inputRequests: {
      [CONFIRM_KEY]: inputRequired.elicit({
        mode: "form",
        message: run.question,
        requestedSchema: { type: "object", properties: {} },
      }),
    },
    requestState: table.hold(run, tool, args),
  });
}
