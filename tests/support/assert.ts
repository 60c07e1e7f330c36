/**
 * Assertions for tests (JSR's std/assert cannot be fetched here), built on
 * node:assert so failures print a diff.
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

/** Fails unless `text` matches `re`. */
export function assertMatch(text: string, re: RegExp, msg?: string): void {
  nodeAssert.match(text, re, msg);
}

/** Fails unless `fn` throws an error whose message matches `re`. */
export function assertThrows(fn: () => unknown, re?: RegExp): void {
  if (re) nodeAssert.throws(fn, re);
  else nodeAssert.throws(fn);
}

/** Fails unless the promise rejects with a message matching `re`. */
export async function assertRejects(fn: () => Promise<unknown>, re?: RegExp): Promise<void> {
  if (re) await nodeAssert.rejects(fn, re);
  else await nodeAssert.rejects(fn);
}
