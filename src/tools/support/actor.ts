/**
 * One actor at a time: calls that send input or draw on the screen run one
 * after another, because each was planned against a screen the running one
 * is changing. Within the process they take turns in the order they came
 * (every server instance, so every HTTP session, shares one actor); the
 * call whose turn it is then takes the display's lock, which every choto
 * process on the machine shares (`screen_lock.ts`), so two servers (two
 * clients, or two started by one app) never interleave their keys either.
 * A call waits up to its cap (its own time limit, when shorter) and is
 * otherwise refused with nothing done; a call that waited says how long and
 * for whom. Held buttons and modifiers are let go before the turn passes.
 *
 * @module
 */

import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  type Busy,
  type RefusedWhy,
  type ScreenHolder,
  turnRefusal,
  waitedText,
} from "../../render/turn_text.ts";
import { toResult } from "../tool.ts";
import type { ScreenLock } from "./screen_lock.ts";

/** A call's turn to act: the signal to pass on, aborted when the call is cancelled or the process stops. */
export type Turn = (signal: AbortSignal) => Promise<CallToolResult>;

/** An acting call, as the actor needs to know it. */
export interface ActingCall {
  tool: string;
  /** The request's own signal: the client cancelled it. */
  signal: AbortSignal;
  /** The client's name from MCP `initialize`, written beside the lock for others to name. */
  client?: string | null;
  /** The call's own cap on waiting (a plan's time limit), when it has one. */
  waitLimitMs?: number;
  /** Lets go of held input; runs after the turn, on every exit, before the screen passes on. */
  release?: () => Promise<void>;
}

/** How often a waiter tries the display's lock: first after this, then twice as long each time, up to `most`. */
export interface Polling {
  firstMs: number;
  mostMs: number;
}

/** Serialises the calls that act on the screen. */
export class Actor {
  #current: { tool: string; abort: AbortController } | null = null;
  #queue: Array<() => void> = [];
  #screen: ScreenLock | null = null;

  constructor(
    /** Longest a call waits for its turn before it is refused. */
    readonly maxWaitMs = 60_000,
    /** Calls that may wait at once; more are refused at once. */
    readonly maxWaiting = 4,
    readonly polling: Polling = { firstMs: 20, mostMs: 250 },
  ) {}

  /** Shares the screen with the other choto processes on this display through `lock` (null: this process only). */
  shareScreen(lock: ScreenLock | null): void {
    this.#screen = lock;
  }

  /** Runs `turn` when no other actor, here or in another choto process on this display, runs. */
  async run(call: ActingCall, turn: Turn): Promise<CallToolResult> {
    const asked = performance.now();
    const own = call.waitLimitMs !== undefined && call.waitLimitMs < this.maxWaitMs;
    const deadline = asked + (own ? call.waitLimitMs! : this.maxWaitMs);
    const limit = (): RefusedWhy => ({ kind: "limit", waitedMs: performance.now() - asked, own });
    let last: Busy | null = null;
    if (this.#current) {
      const busy = { here: this.#current.tool };
      if (this.#queue.length >= this.maxWaiting) {
        return refusal(call.tool, busy, { kind: "queue", waiting: this.maxWaiting });
      }
      const got = await this.#wait(call.signal, deadline);
      if (got !== "turn") {
        return refusal(call.tool, busy, got === "cancelled" ? { kind: "cancelled" } : limit());
      }
      last = busy;
    }
    const abort = new AbortController();
    const onCancel = () => abort.abort();
    call.signal.addEventListener("abort", onCancel);
    if (call.signal.aborted) abort.abort();
    this.#current = { tool: call.tool, abort };
    try {
      const me = { pid: Deno.pid, tool: call.tool, client: call.client ?? null, since: Date.now() };
      const screen = await this.#takeScreen(me, abort.signal, deadline);
      if (!screen.ok) {
        return refusal(
          call.tool,
          { process: screen.holder },
          screen.cancelled ? { kind: "cancelled" } : limit(),
        );
      }
      if (screen.waited) last = { process: screen.holder };
      let result: CallToolResult;
      try {
        result = await turn(abort.signal);
      } finally {
        // Nothing this call holds may reach the keys of whoever acts next.
        await call.release?.().catch(() => {});
        this.#screen?.release();
      }
      const first = result.content[0];
      if (last && first?.type === "text") {
        first.text = `${waitedText(screen.tookAt - asked, last)}\n${first.text}`;
      }
      return result;
    } finally {
      call.signal.removeEventListener("abort", onCancel);
      this.#current = null;
      this.#queue.shift()?.();
    }
  }

  /** Stops the running call (shutdown); waiting calls are refused as they wake. */
  abortAll(): void {
    this.#current?.abort.abort();
  }

  /** Takes the display's lock, trying again and again until `deadline`; a waiter learns who holds it. */
  async #takeScreen(
    me: ScreenHolder,
    signal: AbortSignal,
    deadline: number,
  ): Promise<
    | { ok: true; waited: boolean; holder: ScreenHolder | null; tookAt: number }
    | { ok: false; cancelled: boolean; holder: ScreenHolder | null }
  > {
    const lock = this.#screen;
    let waited = false;
    let holder: ScreenHolder | null = null;
    let delay = this.polling.firstMs;
    for (;;) {
      let got: boolean;
      try {
        got = !lock || lock.tryTake({ ...me, since: Date.now() });
      } catch {
        // A lock file that cannot be opened now leaves this process's own queue as the rule.
        got = true;
      }
      if (got) return { ok: true, waited, holder, tookAt: performance.now() };
      waited = true;
      holder = lock!.holder() ?? holder;
      if (signal.aborted) return { ok: false, cancelled: true, holder };
      const left = deadline - performance.now();
      if (left <= 0) return { ok: false, cancelled: false, holder };
      await pause(Math.min(delay, left), signal);
      delay = Math.min(delay * 2, this.polling.mostMs);
    }
  }

  #wait(signal: AbortSignal, deadline: number): Promise<"turn" | "timeout" | "cancelled"> {
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
      const timer = setTimeout(() => leave("timeout"), Math.max(0, deadline - performance.now()));
      signal.addEventListener("abort", cancel);
      this.#queue.push(wake);
      if (signal.aborted) cancel();
    });
  }
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });
}

function refusal(tool: string, busy: Busy, why: RefusedWhy): CallToolResult {
  return toResult({ ok: false, text: turnRefusal(tool, busy, why) });
}

/** The actor of this process. */
export const ACTOR = new Actor();
