/**
 * Waiting. One `sleep` for the whole program, so a test can see every place
 * that waits and a run's clock can replace it.
 *
 * @module
 */

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Steps of a promise chain `letChainsRun` lets run: a read handed to a
 * recogniser takes under ten (the pool's slot, its worker, parameters, the
 * serial queue) before its native call starts.
 */
const CHAIN_STEPS = 32;

/**
 * Lets the promise chains already started run their next steps, up to
 * their first real wait (a native call, I/O, a timer), before the caller
 * goes on with synchronous work. Nothing else queued on the event loop (a
 * timer, I/O) runs first, so it costs only microtasks.
 */
export async function letChainsRun(): Promise<void> {
  for (let i = 0; i < CHAIN_STEPS; i++) await undefined;
}

/**
 * Lets the event loop turn once: completions that came meanwhile (a native
 * call on another thread, I/O) are handled before the caller goes on. A
 * promise chain alone (`letChainsRun`) never sees them, since the loop
 * polls for them only between tasks.
 */
export function turnLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Where time comes from: a monotonic `now` in milliseconds and a way to wait.
 * Code that waits or measures takes one, so tests can pass a clock that
 * jumps instead of sleeping.
 */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real clock: `performance.now()` and timers. */
export const realClock: Clock = { now: () => performance.now(), sleep };
