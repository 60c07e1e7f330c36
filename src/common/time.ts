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
