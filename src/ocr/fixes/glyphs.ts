/**
 * The glyphs of a short label, told apart on the pixels: each ink part, a
 * dot joined to the stem below it (`i`), sorted left to right. What a
 * recogniser cannot be asked is read off them: where the baseline runs, how
 * tall a glyph stands on it, whether it floats above it. A caret `^` is a
 * chevron hanging from the top of the line, its legs ending above the
 * baseline with no bar between them (an `A` stands on the baseline, a `Λ`
 * too); a raised glyph after a base glyph (the `2` of `x²`) is an exponent.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";
import { inkParts } from "../../image/ink_parts.ts";
import { inkMask } from "./shapes.ts";

/** One glyph: its ink box in the grey image's pixels, and how many ink parts it joins. */
export interface Glyph extends Box {
  parts: number;
}

/** Parts whose columns overlap by this share of the narrower one are one glyph (an `i`'s dot and stem). */
const SAME_COLUMNS = 0.5;
/** Labels of more glyphs than this are words, not the short labels these rules are for. */
export const MAX_LABEL_GLYPHS = 8;

/** The glyphs of `box` in `g` on `ground`, left to right; specks of one pixel are no glyph. */
export function glyphsIn(g: Grey, box: Box, ground: number): Glyph[] {
  const mask = inkMask(g, box, ground);
  const parts = inkParts(mask, box.w, box.h).filter((p) => p.n >= 2).sort((a, b) => a.x - b.x);
  const glyphs: Glyph[] = [];
  for (const p of parts) {
    const joined = glyphs.find((q) => {
      const overlap = Math.min(q.x + q.w, p.x + p.w) - Math.max(q.x, p.x);
      return overlap >= Math.min(q.w, p.w) * SAME_COLUMNS;
    });
    if (!joined) {
      glyphs.push({ x: p.x, y: p.y, w: p.w, h: p.h, parts: 1 });
      continue;
    }
    const x2 = Math.max(joined.x + joined.w, p.x + p.w), y2 = Math.max(joined.y + joined.h, p.y + p.h);
    joined.x = Math.min(joined.x, p.x), joined.y = Math.min(joined.y, p.y);
    joined.w = x2 - joined.x, joined.h = y2 - joined.y, joined.parts++;
  }
  return glyphs.sort((a, b) => a.x - b.x).map((q) => ({ ...q, x: q.x + box.x, y: q.y + box.y }));
}

/**
 * The row below the glyphs' baseline: the bottom most of them share, or
 * where none share one (`y^x`: a descender, a caret, a letter), the middle
 * bottom, between what hangs below the baseline and what floats above it.
 */
export function baselineOf(glyphs: readonly Box[]): number {
  const bottoms = glyphs.map((q) => q.y + q.h).sort((a, b) => a - b);
  const count = new Map<number, number>();
  for (const b of bottoms) count.set(b, (count.get(b) ?? 0) + 1);
  const most = Math.max(0, ...count.values());
  const shared = [...count].filter(([, n]) => n === most).map(([b]) => b);
  return most > 1 && shared.length === 1 ? shared[0] : bottoms[bottoms.length >> 1];
}

/** A caret's legs end at least this many pixels above the baseline. */
const CARET_LIFT = 2;

/**
 * Whether `glyph` is a caret: one part hanging from the label's top
 * (`top`), ending `CARET_LIFT` or more above `baseline`, whose ink widens
 * row by row from a peak into two legs with nothing between them.
 */
export function isCaret(g: Grey, glyph: Glyph, top: number, baseline: number, ground: number): boolean {
  if (glyph.parts !== 1 || glyph.h < 4 || glyph.w < 4 || glyph.w > glyph.h * 1.5) return false;
  if (glyph.y > top + 1 || glyph.y + glyph.h > baseline - CARET_LIFT) return false;
  const mask = inkMask(g, glyph, ground);
  let lastSpan = 0, twoLegs = 0;
  for (let y = 0; y < glyph.h; y++) {
    const row = mask.subarray(y * glyph.w, (y + 1) * glyph.w);
    const first = row.indexOf(1), last = row.lastIndexOf(1);
    if (first < 0) return false;
    const span = last - first + 1;
    if (span + 1 < lastSpan) return false;
    lastSpan = Math.max(lastSpan, span);
    let runs = 0;
    for (let x = first; x <= last; x++) if (row[x] && !row[x - 1]) runs++;
    if (runs > 2) return false;
    if (runs === 2) twoLegs++;
  }
  // The lower half is two legs apart: a filled or barred row there is a letter.
  return twoLegs >= glyph.h / 2 && lastSpan >= glyph.w - 1;
}

/** A raised glyph's bottom stands this share of its base's height above the base's bottom. */
const RAISE = 0.3;

/**
 * Whether `glyph` is raised after `base` as an exponent is: its bottom
 * well above the base's, its top at or above the base's, and no taller.
 */
export function isRaised(glyph: Box, base: Box): boolean {
  const lift = base.y + base.h - (glyph.y + glyph.h);
  return lift >= Math.max(2, base.h * RAISE) && glyph.y <= base.y && glyph.h <= base.h + 1;
}

/** Superscript forms of the characters Unicode has one for. */
const SUPERSCRIPT: Record<string, string> = {
  "0": "⁰",
  "1": "¹",
  "2": "²",
  "3": "³",
  "4": "⁴",
  "5": "⁵",
  "6": "⁶",
  "7": "⁷",
  "8": "⁸",
  "9": "⁹",
  "+": "⁺",
  "-": "⁻",
  n: "ⁿ",
  i: "ⁱ",
  x: "ˣ",
  y: "ʸ",
};

/** `raised` written as the exponent it is drawn as: `²` for a raised 2, `^(ab)` where no form exists. */
export function exponent(raised: string): string {
  const chars = [...raised];
  if (chars.every((c) => SUPERSCRIPT[c])) return chars.map((c) => SUPERSCRIPT[c]).join("");
  return chars.length === 1 ? `^${raised}` : `^(${raised})`;
}
