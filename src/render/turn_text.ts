/**
 * What an acting call says about its turn: how long it waited and for whom
 * (the call before it in this process, or another choto process acting on
 * the same display), or why it was refused without doing anything.
 *
 * @module
 */

import { plainLine } from "../common/untrusted.ts";

/** What the process holding the screen wrote about itself beside the lock. */
export interface ScreenHolder {
  pid: number;
  /** The tool it runs. */
  tool: string;
  /** The MCP client that called it (its `initialize` name), when it said. */
  client: string | null;
  /** When it took the screen, ms since the epoch. */
  since: number;
}

/** Who a call waited for: a call of this process, or another process (null: it has not said who it is). */
export type Busy = { here: string } | { process: ScreenHolder | null };

/** Another process, as a reply names it; the client's name is whatever it sent, so it is made one plain line. */
function processText(h: ScreenHolder | null, now: number | null): string {
  if (!h) return "another choto process";
  const client = h.client ? ` for ${JSON.stringify(plainLine(h.client, 60))}` : "";
  // How long it has acted is said only when it still acts (a refusal), not after the wait for it is over.
  const age = now === null ? "" : `, acting for ${Math.max(0, (now - h.since) / 1000).toFixed(1)} s`;
  return `another choto process (pid ${h.pid}, ${plainLine(h.tool, 40)}${client}${age})`;
}

const busyText = (b: Busy, now: number) => ("here" in b ? b.here : processText(b.process, now));

/** The line put before the reply of a call that waited its turn. */
export function waitedText(waitedMs: number, last: Busy): string {
  const s = (waitedMs / 1000).toFixed(1);
  return "here" in last
    ? `(waited ${s} s for the call before it to finish)`
    : `(waited ${s} s for ${processText(last.process, null)} to finish on this display)`;
}

/** Why a call that did not get its turn was refused. */
export type RefusedWhy =
  | { kind: "queue"; waiting: number }
  | { kind: "cancelled" }
  | { kind: "limit"; waitedMs: number; own: boolean };

/** The refusal of a call that never got its turn: nothing was done. */
export function turnRefusal(tool: string, busy: Busy, why: RefusedWhy, now = Date.now()): string {
  const reason = why.kind === "queue"
    ? `${why.waiting} calls are already waiting`
    : why.kind === "cancelled"
    ? "the client cancelled it while it waited"
    : `it waited ${(why.waitedMs / 1000).toFixed(1)} s, ${
      why.own ? "the limit its own time limit sets" : "the most a call waits"
    }`;
  const [where, then] = "here" in busy
    ? ["the screen", "Wait for its reply"]
    : ["this display", "Wait until it is done"];
  return `${tool} refused: ${
    busyText(busy, now)
  } is acting on ${where} and one call acts at a time; ${reason}. Nothing was done. ${then}, observe, then call ${tool} again.`;
}
