/**
 * A number and its unit read as one word: `1.2GB` for `1.2 GB`. The
 * recogniser joins them when the space between is narrow (small UI fonts),
 * but the ink keeps it: the gap between the number's and the unit's
 * components is the widest in the word, twice any other. Such a word is cut
 * there into the number and the unit, each with its own box.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { OcrWord } from "../types.ts";
import { groupByGap, type TextLine } from "../lines/find.ts";

/** A number (digits, with `.` or `,` inside) directly followed by a unit of one to three letters. */
const NUMBER_UNIT = /^([+-]?\d(?:[\d.,]*\d)?)(\p{L}{1,3})$/u;
/** The narrowest gap, in pixels between components, that can be a space. */
export const MIN_SPACE_PX = 2;

/**
 * Splits `w` (relative to `line`'s box) into number and unit when its text
 * is a number followed by a unit and its ink has exactly two parts whose
 * gap is a space: at least `MIN_SPACE_PX` and at least twice any gap
 * inside either part. Other words come back as they are.
 */
export function splitNumberUnit(w: OcrWord, line: TextLine): OcrWord[] {
  const m = NUMBER_UNIT.exec(w.text);
  if (!m) return [w];
  const inside = line.blobs
    .filter((b) => {
      const cx = b.x - line.x + b.w / 2;
      return cx >= w.x && cx <= w.x + w.w;
    })
    .sort((a, b) => a.x - b.x);
  if (inside.length < 2) return [w];
  const gaps = inside.slice(1).map((b, i) => b.x - (inside[i].x + inside[i].w));
  const widest = Math.max(...gaps);
  const others = gaps.filter((_, i) => i !== gaps.indexOf(widest));
  if (widest < MIN_SPACE_PX || others.some((g) => g * 2 > widest)) return [w];
  const parts: Box[] = groupByGap(inside, widest);
  if (parts.length !== 2) return [w];
  return [m[1], m[2]].map((text, i) => ({
    ...w,
    text,
    x: parts[i].x - line.x,
    y: parts[i].y - line.y,
    w: parts[i].w,
    h: parts[i].h,
  }));
}
