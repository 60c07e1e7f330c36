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
