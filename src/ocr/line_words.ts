/**
 * A read's words in screen pixels, line by line, with what the line's
 * drawing says about them: a line cut at a box's side starts a new element
 * with its leftmost word; a word where the line runs into a view's edge is
 * drawn only in part, so its reading is a guess (capped, and an element of
 * its own: lines/cut_sides.ts); a point the recogniser dropped from a
 * number is put back where its dot is drawn (fixes/points.ts).
 *
 * @module
 */

import type { Rect } from "../common/rect.ts";
import type { Grey } from "../image/pixels.ts";
import { withPoint } from "./fixes/points.ts";
import { CUT_CONF, cutWords, type GreyAt, lineCutSides } from "./lines/cut_sides.ts";
import type { LineRead } from "./lines/find.ts";
import { lineGround } from "./lines/ground.ts";
import { ringLevel } from "./lines/prepare.ts";
import type { OcrWord } from "./types.ts";

/**
 * The words of `reads` (each relative to its line, in the pixels of region
 * `r`) in screen pixels; `edges` (null: none looked for) finds the views'
 * edges around the region.
 */
export function wordsOnScreen(
  reads: readonly LineRead[],
  grey: Grey,
  r: Rect,
  edges: GreyAt | null,
): OcrWord[] {
  const words: OcrWord[] = [];
  for (const { line, words: local } of reads) {
    if (!local.length) continue;
    const first = line.afterSide
      ? local.reduce<OcrWord | null>((a, w) => (a && a.x <= w.x ? a : w), null)
      : null;
    const ground = lineGround(line, grey) ?? ringLevel(grey, line);
    const { cut, starts } = cutWords(local, lineCutSides(edges, grey, line, ground));
    for (const w of local) {
      const placed = {
        ...w,
        x: w.x + line.x,
        y: w.y + line.y,
        ...(w === first || starts.has(w) ? { apart: true } : {}),
        ...(cut.has(w) ? { conf: Math.min(w.conf, CUT_CONF) } : {}),
      };
      const fixed = withPoint(grey, placed, ground);
      words.push({ ...fixed, x: fixed.x + r.x, y: fixed.y + r.y });
    }
  }
  return words;
}
