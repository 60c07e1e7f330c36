/**
 * Decimal points the recogniser left out. In a stack of lines a cell's
 * `34.5` can come back as `345` (LibreOffice Calc at 100% zoom, its point a
 * 2x2 dot): a number read as digits alone is checked against its pixels, and
 * where its ink is as many digit-tall parts as the reading has digits plus one
 * dot on their baseline between two of them, the point is put back where the
 * dot is (a comma, when the mark hangs below the baseline).
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";
import type { Box } from "../../common/rect.ts";
import { type InkPart, inkParts } from "../../image/ink_parts.ts";
import type { OcrWord } from "../types.ts";
import { inkMask } from "./shapes.ts";

/** A reading of digits alone, a sign allowed: the only kind of word a point can be missing from. */
const BARE_NUMBER = /^-?\d{2,}$/;

/** Parts whose columns overlap are one character (a digit drawn in two strokes). */
function characters(parts: InkPart[]): InkPart[] {
  const out: InkPart[] = [];
  for (const p of [...parts].sort((a, b) => a.x - b.x)) {
    const last = out.at(-1);
    if (last && p.x < last.x + last.w) {
      const x1 = Math.max(last.x + last.w, p.x + p.w), y1 = Math.max(last.y + last.h, p.y + p.h);
      last.x = Math.min(last.x, p.x), last.y = Math.min(last.y, p.y);
      last.w = x1 - last.x, last.h = y1 - last.y, last.n += p.n;
    } else out.push({ ...p });
  }
  return out;
}

/**
 * `word` (its box in the pixels of `g`) with the decimal point its ink shows
 * and its text lacks, or `word` itself. `ground` is the grey around the text.
 */
export function withPoint(g: Grey, word: OcrWord, ground: number): OcrWord {
  if (!BARE_NUMBER.test(word.text)) return word;
  const box: Box = {
    x: Math.max(0, word.x - 1),
    y: Math.max(0, word.y - 1),
    w: Math.min(g.width, word.x + word.w + 1) - Math.max(0, word.x - 1),
    h: Math.min(g.height, word.y + word.h + 3) - Math.max(0, word.y - 1),
  };
  if (box.w < 4 || box.h < 6) return word;
  const chars = characters(inkParts(inkMask(g, box, ground), box.w, box.h));
  const tallest = Math.max(...chars.map((c) => c.h));
  const digits = chars.filter((c) => c.h >= tallest * 0.6);
  const marks = chars.filter((c) => c.h < tallest * 0.6);
  const count = word.text.replace("-", "").length;
  // A minus sign is a flat mark before the digits: only marks between digits count.
  const between = marks.filter((m) => m.x > digits[0]?.x && m.x < (digits.at(-1)?.x ?? 0));
  if (digits.length !== count || between.length !== 1) return word;
  const [mark] = between;
  const base = Math.max(...digits.map((d) => d.y + d.h));
  const small = mark.w <= Math.max(3, tallest * 0.3) && mark.h <= Math.max(3, tallest * 0.45);
  if (!small) return word;
  let sep: string;
  if (Math.abs(mark.y + mark.h - base) <= 1 && mark.h <= Math.max(3, tallest * 0.3)) sep = ".";
  else if (mark.y + mark.h > base + 1 && mark.y < base) sep = ",";
  else return word;
  const at = digits.filter((d) => d.x < mark.x).length + (word.text.startsWith("-") ? 1 : 0);
  return { ...word, text: word.text.slice(0, at) + sep + word.text.slice(at) };
}
