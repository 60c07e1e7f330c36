/**
 * Words with screen boxes from the CTC reading of one line.
 *
 * CTC says at which time step a character fired, not where its ink begins
 * and ends. So a word is cut where the model wrote a space or where the ink
 * of the line (its blobs from choto's line finder) has a gap too wide for a
 * word (the Chinese model often writes none between Latin words: a menu bar
 * comes back as `FileEdit View`), and its box is the ink between its first
 * and last characters.
 *
 * @module
 */

import type { TextLine } from "../../src/ocr/lines/find.ts";
import type { OcrWord } from "../../src/ocr/types.ts";
import type { LineReading } from "./recogniser.ts";
import { REC_STRIDE } from "./tensor.ts";

/** An ink gap this many text heights wide breaks a word even where the model wrote no space. */
export const GAP_SPLIT = 0.6;

/** A character at its centre, in pixels from the line box's left edge. */
interface Placed {
  char: string;
  cx: number;
  prob: number;
}

/** For each column of the line box: is there ink (a blob) in it. */
function inkColumns(line: TextLine): Uint8Array {
  const cols = new Uint8Array(line.w);
  for (const b of line.blobs) cols.fill(1, b.x - line.x, b.x - line.x + b.w);
  return cols;
}

/** The widest run of inkless columns between two positions of the line box. */
function widestGap(cols: Uint8Array, from: number, to: number): number {
  let widest = 0, run = 0;
  for (let x = Math.max(0, Math.ceil(from)); x < Math.min(cols.length, Math.floor(to)); x++) {
    run = cols[x] ? 0 : run + 1;
    widest = Math.max(widest, run);
  }
  return widest;
}

/** A word's box, relative to the line box: its blobs between the outer characters, with half a pitch. */
function wordOf(chars: Placed[], line: TextLine, textHeight: number): OcrWord {
  const first = chars[0].cx, last = chars[chars.length - 1].cx;
  const half = chars.length > 1 ? (last - first) / (chars.length - 1) / 2 : textHeight * 0.35;
  const lo = first - half, hi = last + half;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const b of line.blobs) {
    const cx = b.x - line.x + b.w / 2;
    if (cx < lo || cx > hi) continue;
    x0 = Math.min(x0, b.x - line.x);
    x1 = Math.max(x1, b.x - line.x + b.w);
    y0 = Math.min(y0, b.y - line.y);
    y1 = Math.max(y1, b.y - line.y + b.h);
  }
  // No blob: the characters' span; a blob running into the next word (touching ink) is cut there.
  const box = x0 === Infinity
    ? { x: lo, y: 0, w: hi - lo, h: line.h }
    : { x: Math.max(x0, lo - half), y: y0, w: Math.min(x1, hi + half) - Math.max(x0, lo - half), h: y1 - y0 };
  return {
    text: chars.map((c) => c.char).join(""),
    conf: chars.reduce((s, c) => s + c.prob, 0) / chars.length,
    x: Math.round(box.x),
    y: Math.round(box.y),
    w: Math.max(1, Math.round(box.w)),
    h: Math.max(1, Math.round(box.h)),
  };
}

/**
 * The words of one line reading, relative to the line box. `cropX` is the
 * screen x of the crop's left edge, `textHeight` one row's height.
 */
export function lineWords(
  reading: LineReading,
  line: TextLine,
  cropX: number,
  textHeight: number,
): OcrWord[] {
  const cols = inkColumns(line);
  const groups: Placed[][] = [[]];
  for (const c of reading.chars) {
    const cx = ((c.t0 + c.t1 + 1) / 2) * REC_STRIDE / reading.scale + cropX - line.x;
    const current = groups[groups.length - 1];
    if (c.char === " ") {
      if (current.length) groups.push([]);
      continue;
    }
    const previous = current.at(-1);
    if (previous && widestGap(cols, previous.cx, cx) >= textHeight * GAP_SPLIT) groups.push([]);
    groups[groups.length - 1].push({ char: c.char, cx, prob: c.prob });
  }
  return groups.filter((g) => g.length).map((g) => wordOf(g, line, textHeight));
}
