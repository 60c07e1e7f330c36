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
 * Resolves on the next turn of the event loop, once every microtask queued
 * before it has run. Work started before it (a read handed to a recogniser
 * through a chain of promises) reaches its native call before the caller
 * goes on with synchronous work.
 */
export function nextTurn(): Promise<void> {
  return sleep(0);
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
