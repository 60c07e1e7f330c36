/**
 * Plans paused for the user's answer, kept server side under a request key
 * until the client's retry brings the answer (MCP 2026-07-28 input
 * requests). The key is the `requestState` the client echoes: random, used
 * once, and good for a short while. Every server instance of the process
 * shares one table: over HTTP the retry may reach another instance.
 *
 * @module
 */

import type { PausedRun } from "../plan/executor.ts";
import type { Gone } from "../render/pause_text.ts";

/** How long a paused run waits for the retry. */
export const PAUSE_TTL_MS = 120_000;
/** Paused runs kept at once; a new one beyond it lets go of the oldest. */
export const MAX_PAUSED = 16;
/** Keys remembered after use or expiry, to say why a late or repeated retry is refused. */
const MAX_GONE = 256;

/** A paused run and what its retry must match. */
interface Entry {
  run: PausedRun;
  tool: string;
  /** The call's arguments as sent: the retry must send the same. */
  args: string;
  expires: number;
}

/** What a retry's key found: the paused run, or why there is none. */
export type Taken = { ok: true; run: PausedRun } | { ok: false; gone: Gone };

/** The paused runs of one process. */
export class PausedRuns {
  #entries = new Map<string, Entry>();
  /** Keys no longer held, and why. */
  #gone = new Map<string, Gone>();

  constructor(
    readonly ttlMs = PAUSE_TTL_MS,
    readonly max = MAX_PAUSED,
    readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Keeps a paused run; returns its key. */
  hold(run: PausedRun, tool: string, args: unknown): string {
    this.#expire();
    while (this.#entries.size >= this.max) {
      const [oldest] = this.#entries.keys();
      this.#drop(oldest, "pushed_out");
    }
    const key = crypto.randomUUID();
    this.#entries.set(key, { run, tool, args: JSON.stringify(args ?? {}), expires: this.now() + this.ttlMs });
    return key;
  }

  /** The paused run under `key`, taken out (a key is good once), when the retry matches its call. */
  take(key: string, tool: string, args: unknown): Taken {
    this.#expire();
    const e = this.#entries.get(key);
    if (!e) return { ok: false, gone: this.#gone.get(key) ?? "unknown" };
    // A retry must repeat its call: a paused run goes on with the plan it paused, never another.
    if (e.tool !== tool || e.args !== JSON.stringify(args ?? {})) {
      this.#drop(key, "other_arguments");
      return { ok: false, gone: "other_arguments" };
    }
    this.#drop(key, "answered");
    return { ok: true, run: e.run };
  }

  #expire(): void {
    const now = this.now();
    for (const [key, e] of this.#entries) {
      if (e.expires <= now) this.#drop(key, "expired");
    }
  }

  #drop(key: string, why: Gone): void {
    this.#entries.delete(key);
    this.#gone.set(key, why);
    if (this.#gone.size > MAX_GONE) this.#gone.delete(this.#gone.keys().next().value!);
  }
}

/** The table every server instance of this process shares. */
export const PAUSED_RUNS = new PausedRuns();
