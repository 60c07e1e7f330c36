/**
 * One actor at a time: calls that send input run one after another, in the
 * order they came, because each was planned against a screen the running
 * one is changing. A second call waits its turn (up to a cap, then it is
 * refused and nothing is done) and its reply says how long it waited. One
 * actor serves the whole process, so every server instance shares it.
 *
 * @module
 */

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { toResult } from "../tool.ts";

/** A call's turn to act: the signal to pass on, aborted when the call is cancelled or the process stops. */
export type Turn = (signal: AbortSignal) => Promise<CallToolResult>;

/** Serialises the calls that act on the screen. */
export class Actor {
  #current: { tool: string; since: number; abort: AbortController } | null = null;
  #queue: Array<() => void> = [];

  constructor(
    /** Longest a call waits for its turn before it is refused. */
    readonly maxWaitMs = 60_000,
    /** Calls that may wait at once; more are refused at once. */
    readonly maxWaiting = 4,
  ) {}

  /** Runs `turn` when no other actor runs; `signal` is the request's own. */
  async run(tool: string, signal: AbortSignal, turn: Turn): Promise<CallToolResult> {
    const asked = performance.now();
    if (this.#current) {
      const busy = this.#current;
      if (this.#queue.length >= this.maxWaiting) {
        return refusal(tool, busy.tool, `${this.maxWaiting} calls are already waiting`);
      }
      const got = await this.#wait(signal);
      if (got !== "turn") {
        const why = got === "cancelled"
          ? "the client cancelled it while it waited"
          : `it waited ${(this.maxWaitMs / 1000).toFixed(0)} s, the most a call waits`;
        return refusal(tool, busy.tool, why);
      }
    }
    const waitedMs = performance.now() - asked;
    const abort = new AbortController();
    const onCancel = () => abort.abort();
    signal.addEventListener("abort", onCancel);
    if (signal.aborted) abort.abort();
    this.#current = { tool, since: performance.now(), abort };
    try {
      const result = await turn(abort.signal);
      if (waitedMs >= 50) {
        const first = result.content[0];
        if (first?.type === "text") {
          first.text = `(waited ${
            (waitedMs / 1000).toFixed(1)
          } s for the call before it to finish)\n${first.text}`;
        }
      }
      return result;
    } finally {
      signal.removeEventListener("abort", onCancel);
      this.#current = null;
      this.#queue.shift()?.();
    }
  }

  /** Stops the running call (shutdown); waiting calls are refused as they wake. */
  abortAll(): void {
    this.#current?.abort.abort();
  }

  #wait(signal: AbortSignal): Promise<"turn" | "timeout" | "cancelled"> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", cancel);
        resolve("turn");
      };
      const leave = (why: "timeout" | "cancelled") => {
        const i = this.#queue.indexOf(wake);
        if (i >= 0) this.#queue.splice(i, 1);
        signal.removeEventListener("abort", cancel);
        clearTimeout(timer);
        resolve(why);
      };
      const cancel = () => leave("cancelled");
      const timer = setTimeout(() => leave("timeout"), this.maxWaitMs);
      signal.addEventListener("abort", cancel);
      this.#queue.push(wake);
      if (signal.aborted) cancel();
    });
  }
}

function refusal(tool: string, busy: string, why: string): CallToolResult {
  return toResult({
    ok: false,
    text:
      `${tool} refused: ${busy} is acting on the screen and one call acts at a time; ${why}. Nothing was done. Wait for its reply, observe, then call ${tool} again.`,
  });
}

/** The actor of this process. */
export const ACTOR = new Actor();
