/**
 * The second look at short lines: a line of a few characters (a key label such
 * as `+/-`, a table cell such as `C41`) read inside a stack sometimes comes
 * back empty, below the confidence floor, or with only part of its ink
 * covered (`+` for `+/-`). The recogniser's reading of so little text
 * depends on its scale and its neighbours, so such a line is read again
 * alone at two other enlargements, and the reading that covers more of its
 * ink, then the more confident one, is kept.
 *
 * @module
 */

import type { OcrEngine, OcrWord } from "../types.ts";
import type { TextLine } from "../lines/find.ts";
import type { Grey } from "../../image/pixels.ts";
import { readGrey } from "../engines/read_grey.ts";
import { prepareLine } from "../lines/prepare.ts";
import { toSource } from "../lines/stack.ts";

/** A line at most this many row heights wide is short enough to read again. */
export const SHORT_LINE_RATIO = 6;
/** Words covering less than this share of a line's width leave it under-read. */
export const MIN_COVERAGE = 0.6;
/** Text heights the second look prepares a line at: 4x and ~1.7x enlargement. */
export const REREAD_HEIGHTS = [8, 20];

/** Share of the line's width (0..1) that words, relative to the line box, cover. */
export function coverage(line: { w: number }, words: OcrWord[]): number {
  const spans = words
    .map((w) => [Math.max(0, w.x), Math.min(line.w, w.x + w.w)] as const)
    .filter(([a, b]) => b > a)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0, end = 0;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    covered += b - Math.max(a, end);
    end = b;
  }
  return line.w > 0 ? covered / line.w : 0;
}

/** Whether a line read as `words` deserves a second look. */
export function needsReread(line: TextLine, textHeight: number, words: OcrWord[]): boolean {
  if (line.w > textHeight * SHORT_LINE_RATIO) return false;
  return coverage(line, words) < MIN_COVERAGE;
}

/** Mean confidence of a reading (0 when empty). */
function meanConf(words: OcrWord[]): number {
  return words.length ? words.reduce((s, w) => s + w.conf, 0) / words.length : 0;
}

/**
 * Reads `line` alone at each of `REREAD_HEIGHTS` and returns the best
 * reading relative to the line box: words below `minConf` are dropped, then
 * the reading with the most coverage (ties within 10% go to confidence)
 * wins. `current` (the stack's reading) competes too, so a second look can
 * only add.
 */
export async function rereadLine(
  engine: OcrEngine,
  grey: Grey,
  line: TextLine,
  ground: number | undefined,
  current: OcrWord[],
  minConf: number,
  fix: (text: string) => string = (t) => t,
): Promise<OcrWord[]> {
  let best = current;
  let bestCover = coverage(line, current);
  // Both enlargements at once, one per recogniser; the readings are weighed in the same order after.
  const readings = await Promise.all(REREAD_HEIGHTS.map(async (textHeight) => {
    const prepared = prepareLine(grey, line, textHeight, ground);
    return { prepared, read: await readGrey(engine, prepared.image, "block") };
  }));
  for (const { prepared, read } of readings) {
    const words = read
      .filter((w) => w.conf >= minConf)
      .map((w) => toSource(prepared, { ...w, text: fix(w.text) }, -line.x, -line.y));
    const cover = coverage(line, words);
    if (cover > bestCover + 0.1 || (cover >= bestCover - 0.1 && meanConf(words) > meanConf(best))) {
      best = words;
      bestCover = cover;
    }
  }
  if (best.length) return best;
  // Still nothing: one last read at the line's own height as a single line of text, which the page
  // layout of the reads above can find no block in (a lone word such as `NName`, read alone).
  const prepared = prepareLine(grey, line, line.h, ground);
  return (await readGrey(engine, prepared.image, "line"))
    .filter((w) => w.conf >= minConf)
    .map((w) => toSource(prepared, { ...w, text: fix(w.text) }, -line.x, -line.y));
}
