/**
 * Short codes read in the wrong case: a table cell `C8` comes back as `cs`,
 * `C9` as `co`, sure of it. The recogniser scales each line to one height,
 * so a line holding only `C8` gives it no small letter to measure against,
 * and `C` drawn large is `c`, `8` is `s`. The height is still on the screen:
 * the words beside it on the same baseline (`Fruit8` in the column before)
 * show how tall a small letter is there. A word made only of letters whose
 * capital has the same shape (`c o s v w x z`) and digits, whose ink stands
 * well above that small-letter height, is read again with capitals and
 * digits only, and that reading is kept when each character is the capital
 * of the one it replaces or a digit of that shape.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { OcrWord } from "../types.ts";

/** Letters whose capital differs from them only in size. */
const SAME_SHAPE = new Set([..."cosvwxz"]);
/** The alphabet of the second reading. */
export const CAPITALS_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** For a letter read small, what the capital reading may put in its place. */
const REPLACEMENTS: Record<string, string> = {
  c: "C",
  o: "O069",
  s: "S58",
  v: "V",
  w: "W",
  x: "X",
  z: "Z2",
};
/** Ink this many small-letter heights tall is capitals or digits. */
export const CAPITAL_RATIO = 1.2;
/** Neighbouring ink whose bottom is this close (pixels) shares the baseline. */
const BASELINE_SLACK = 1;

/**
 * Whether `text` could be capitals read as small letters: two to four
 * characters, each a same-shape letter or a digit, and at least one of them
 * a small letter.
 */
export function caseBlind(text: string): boolean {
  const chars = [...text];
  if (chars.length < 2 || chars.length > 4) return false;
  if (!chars.every((c) => SAME_SHAPE.has(c) || /[0-9]/.test(c))) return false;
  return chars.some((c) => SAME_SHAPE.has(c));
}

/**
 * The height of a small letter on the baseline at `bottom` (the last row of
 * ink, exclusive), measured on `inks` (the boxes of the ink around the word,
 * never the word's own): the middle height of those standing on that
 * baseline that are clearly shorter than the tallest there (touching
 * letters, as `ru`, are one box). Null when the neighbours show none.
 */
export function smallLetterHeight(inks: readonly Box[], bottom: number): number | null {
  const onBaseline = inks.filter((b) => Math.abs(b.y + b.h - bottom) <= BASELINE_SLACK);
  if (!onBaseline.length) return null;
  const tallest = Math.max(...onBaseline.map((b) => b.h));
  // Dots, commas and rules are no letters; a letter 0.8 of the tallest may be a `t`.
  const small = onBaseline.map((b) => b.h).filter((h) => h <= tallest * 0.8 && h >= tallest * 0.4)
    .sort((a, b) => a - b);
  return small.length ? small[small.length >> 1] : null;
}

/** Whether ink `inkHeight` tall stands above small letters `small` tall as capitals do. */
export function tallAsCapitals(inkHeight: number, small: number): boolean {
  return inkHeight >= small * CAPITAL_RATIO;
}

/**
 * The capitals' text for `was`, or null: `again` (read with the capitals'
 * alphabet) must be one word of as many characters, each the same digit or
 * an allowed replacement of the small letter it stands for.
 */
export function acceptCapitals(was: string, again: readonly OcrWord[]): string | null {
  if (again.length !== 1) return null;
  const now = [...again[0].text];
  const before = [...was];
  if (now.length !== before.length) return null;
  const fits = before.every((c, i) => c === now[i] || (REPLACEMENTS[c] ?? "").includes(now[i]));
  return fits ? now.join("") : null;
}
