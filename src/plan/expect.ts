/**
 * Post-conditions: what must be true on screen after a step. Checked on a
 * fresh look, repeatedly, until they hold or the step's timeout passes.
 *
 * @module
 */

import type { RgbaImage } from "../desktop/types.ts";
import type { Element } from "../ocr/types.ts";
import { countMatches } from "./resolve.ts";
import type { Expectation } from "./steps.ts";

/** What the screen looked like before the step acted. */
export interface Before {
  frame: RgbaImage;
  elements: Element[];
}

/** The verdict on one look. */
export interface Verdict {
  holds: boolean;
  /** One line per field, saying what was seen. */
  details: string[];
}

/** A cheap fingerprint of a frame: sampled pixels hashed (FNV-1a). */
export function frameHash(frame: RgbaImage): number {
  let h = 0x811c9dc5;
  const d = frame.data;
  // Every 3rd pixel of every row: a typed character changes several of them.
  for (let i = 0; i < d.length; i += 12) {
    h ^= d[i] ^ (d[i + 1] << 8) ^ (d[i + 2] << 16);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Fraction of pixels that differ between two frames of one size. */
export function changedFraction(a: RgbaImage, b: RgbaImage): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let changed = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n * 4; i += 4) {
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) {
      changed++;
    }
  }
  return changed / n;
}

/** Judges an expectation on the screen as it is now. */
export function judge(
  expect: Expectation,
  before: Before,
  now: { frame: RgbaImage; elements: Element[] },
): Verdict {
  const details: string[] = [];
  let holds = true;
  if (expect.appears !== undefined) {
    const n = countMatches(expect.appears, now.elements);
    if (n === 0) holds = false;
    details.push(n ? `"${expect.appears}" appeared` : `"${expect.appears}" is not on screen`);
  }
  if (expect.disappears !== undefined) {
    const n = countMatches(expect.disappears, now.elements);
    if (n > 0) holds = false;
    details.push(n ? `"${expect.disappears}" is still on screen (${n}x)` : `"${expect.disappears}" is gone`);
  }
  if (expect.appears_count_increases !== undefined) {
    const was = countMatches(expect.appears_count_increases, before.elements);
    const is = countMatches(expect.appears_count_increases, now.elements);
    if (is <= was) holds = false;
    details.push(`"${expect.appears_count_increases}" on ${is} line(s), was ${was}`);
  }
  if (expect.screen_changes !== undefined) {
    const changed = changedFraction(before.frame, now.frame);
    const did = changed > 0;
    if (did !== expect.screen_changes) holds = false;
    details.push(did ? `screen changed (${(changed * 100).toFixed(2)}% of pixels)` : "screen did not change");
  }
  return { holds, details };
}
