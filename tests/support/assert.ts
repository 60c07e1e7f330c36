/**
 * The one assertion module every test uses (JSR's std/assert cannot be
 * fetched here), built on node:assert so failures print a diff. Tests
 * import from here, never from node:assert.
 *
 * @module
 */

import nodeAssert from "node:assert/strict";

/** Fails unless `cond` is truthy. */
export function assert(cond: unknown, msg?: string): asserts cond {
  nodeAssert.ok(cond, msg);
}

/** Deep, strict equality. */
export function assertEquals<T>(actual: unknown, expected: T, msg?: string): asserts actual is T {
  nodeAssert.deepStrictEqual(actual, expected, msg);
}

/** Fails when the two are deeply, strictly equal. */
export function assertNotEquals(actual: unknown, expected: unknown, msg?: string): void {
  nodeAssert.notDeepStrictEqual(actual, expected, msg);
}

/** Fails unless `text` matches `re`. */
export function assertMatch(text: string, re: RegExp, msg?: string): void {
  nodeAssert.match(text, re, msg);
}

/** Fails when `text` matches `re`. */
export function assertNotMatch(text: string, re: RegExp, msg?: string): void {
  nodeAssert.doesNotMatch(text, re, msg);
}

/** Fails unless `fn` throws an error whose message matches `re`. */
export function assertThrows(fn: () => unknown, re?: RegExp): void {
  if (re) nodeAssert.throws(fn, re);
  else nodeAssert.throws(fn);
}

/** Fails unless the promise (or the one `fn` returns) rejects with a message matching `re`. */
export async function assertRejects(
  fn: Promise<unknown> | (() => Promise<unknown>),
  re?: RegExp,
): Promise<void> {
  if (re) await nodeAssert.rejects(fn, re);
  else await nodeAssert.rejects(fn);
}
