/**
 * Symbols a keypad or a toolbar draws that the English recogniser reads as
 * letters: `√` (read `V`, `v` or `J`), `π` (read `n`, `mn` or `TT`), the
 * backspace key's `⌫` (read `[x]`) and the chevrons `˅` `˄` of a drop-down
 * (read `v`, `wv` or `A`). Each is told by the layout of its ink, as
 * shapes.ts tells `÷` and the arrows:
 *
 * - `√`: one stroke (its bar may be drawn apart, right of it along its top) whose top row is inked only at its right end, whose
 *   upper third is empty left of the middle, whose left end (the tick) sits
 *   below the top third, and whose lowest point is left of the middle; a
 *   `V` is inked at both top corners and lowest in the middle. A tick mark
 *   draws the same, so a `√` is sure only in a keypad's grid (the caller's
 *   evidence), unsure elsewhere;
 * - `π`: a thin bar across the top with two legs below it, the bar reaching
 *   left of the left leg: an `n` or an `m` has its stem in its leftmost column;
 * - `⌫`: a solid plate, flat on the right, pointed on the left, with a hole
 *   (its cross) in the middle;
 * - `˅` `˄`: one thin stroke much wider than tall, two arms meeting at one
 *   point in the middle: a letter `v` is about as wide as tall.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";
import { type InkPart, inkParts } from "../../image/ink_parts.ts";
import { inkMask } from "./shapes.ts";

/** A part's ink, read in the part's own coordinates. */
type At = (x: number, y: number) => boolean;

function partReader(mask: Uint8Array, w: number, p: InkPart): At {
  return (x, y) => x >= 0 && y >= 0 && x < p.w && y < p.h && mask[(p.y + y) * w + p.x + x] === 1;
}

/** The runs of ink along row `y` of a part: [first, last] columns of each. */
function rowRuns(at: At, width: number, y: number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let x = 0; x < width; x++) {
    if (!at(x, y)) continue;
    if (runs.length && runs[runs.length - 1][1] === x - 1) runs[runs.length - 1][1] = x;
    else runs.push([x, x]);
  }
  return runs;
}

/**
 * Whether one part draws a radical sign `√`. `barred`: its bar is drawn
 * apart (the evidence of a `√‾`), and the long stroke may rise upright for
 * half its height and touch down a little right of the middle (xcalc's).
 */
export function isRadical(at: At, p: Box, barred = false): boolean {
  if (p.h < 7 || p.w < 5 || p.w > p.h * 1.3 || p.w < p.h * 0.45) return false;
  const top = rowRuns(at, p.w, 0);
  if (!top.length || top[0][0] < p.w * 0.6) return false;
  for (let y = 0; y < p.h * 0.35; y++) {
    for (let x = 0; x < p.w * 0.5; x++) if (at(x, y)) return false;
  }
  const tick = [...Array(p.h).keys()].filter((y) => at(0, y));
  if (!tick.length || tick[0] < p.h * 0.3 || tick[tick.length - 1] > p.h * 0.85) return false;
  const bottom = rowRuns(at, p.w, p.h - 1);
  const low = bottom.length ? (bottom[0][0] + bottom[bottom.length - 1][1]) / 2 : -1;
  if (low < p.w * 0.15 || low > p.w * (barred ? 0.7 : 0.6)) return false;
  // The long stroke reaches the top only at the right: the right column is inked high only.
  return [...Array(p.h).keys()].every((y) => !at(p.w - 1, y) || y < p.h * (barred ? 0.5 : 0.35));
}

/** Whether one part draws a `π`: a thin bar on top, two legs below, the bar reaching past the left leg. */
export function isPi(at: At, p: Box): boolean {
  if (p.h < 6 || p.w < 5 || p.w > p.h * 1.6 || p.w < p.h * 0.7) return false;
  let bar = 0;
  while (bar < p.h) {
    const runs = rowRuns(at, p.w, bar);
    if (runs.length !== 1 || runs[0][1] - runs[0][0] + 1 < p.w * 0.8) break;
    bar++;
  }
  if (bar === 0 || bar > Math.max(2, p.h * 0.3)) return false;
  const below = p.h - bar;
  let legs = 0;
  for (let y = bar; y < p.h; y++) if (rowRuns(at, p.w, y).length === 2) legs++;
  if (legs < below * 0.6) return false;
  // The leftmost column holds only the bar's end: no stem runs down it (an n's, an m's).
  const reach = Math.max(bar + 1, p.h * 0.35);
  return [...Array(p.h).keys()].every((y) => !at(0, y) || y < reach);
}

/** Whether one part is a backspace key's plate: flat on the right, pointed on the left, a hole inside. */
export function isBackspace(at: At, p: Box): boolean {
  if (p.h < 8 || p.w < p.h || p.w > p.h * 2) return false;
  const lefts: number[] = [], rights: number[] = [];
  let ink = 0, holes = 0;
  for (let y = 0; y < p.h; y++) {
    const runs = rowRuns(at, p.w, y);
    if (!runs.length) return false;
    lefts.push(runs[0][0]), rights.push(runs[runs.length - 1][1]);
    for (const [a, b] of runs) ink += b - a + 1;
    for (let i = 1; i < runs.length; i++) holes += runs[i][0] - runs[i - 1][1] - 1;
  }
  const mid = p.h >> 1;
  const point = Math.min(...lefts.slice(mid - 1, mid + 2));
  const pointed = lefts[0] >= point + p.h * 0.25 && lefts[p.h - 1] >= point + p.h * 0.25;
  const flat = Math.max(...rights) - Math.min(...rights) <= 2;
  return pointed && flat && holes > 0 && ink + holes >= p.w * p.h * 0.55;
}

/** `˅` or `˄` for one thin part, two arms meeting in the middle, much wider than tall; else null. */
export function chevronOf(at: At, p: Box): string | null {
  if (p.h < 3 || p.w < 5 || p.w < p.h * 1.35 || p.w > p.h * 3.5) return null;
  const spans: Array<[number, number]> = [];
  let doubled = false;
  for (let y = 0; y < p.h; y++) {
    const runs = rowRuns(at, p.w, y);
    if (!runs.length || runs.length > 2) return null;
    if (runs.length === 2) doubled = true;
    spans.push([runs[0][0], runs[runs.length - 1][1]]);
  }
  if (!doubled) return null;
  // Every row centred on the part's middle, its reach narrowing one way.
  const centre = (p.w - 1) / 2;
  if (spans.some(([a, b]) => Math.abs((a + b) / 2 - centre) > 1.5)) return null;
  const widths = spans.map(([a, b]) => b - a + 1);
  const narrowing = widths.every((v, i) => i === 0 || v <= widths[i - 1]);
  const widening = widths.every((v, i) => i === 0 || v >= widths[i - 1]);
  const wide = p.w * 0.8, point = p.w * 0.45;
  if (narrowing && widths[0] >= wide && widths[p.h - 1] <= point) return "˅";
  if (widening && widths[p.h - 1] >= wide && widths[0] <= point) return "˄";
  return null;
}

/** What `drawnSymbol` tells: the symbol, and whether its shape alone is sure of it. */
export interface DrawnSymbol {
  text: string;
  /** False when another mark draws the same shape (a tick for `√`): sure only with more evidence. */
  sure: boolean;
}

/** Shares of the strongest ink a pixel must reach: a thin stroke's faint antialiased joins count at the second. */
const INK_SHARES = [0.45, 0.2];

/**
 * The ink of a box as one part (specks of a pixel or two ignored), with its
 * reader; null when it is more parts even with its faint pixels counted.
 */
function onePart(g: Grey, box: Box, ground: number): { at: At; part: InkPart } | null {
  for (const share of INK_SHARES) {
    const mask = inkMask(g, box, ground, share);
    const parts = inkParts(mask, box.w, box.h).filter((p) => p.n >= 3);
    if (parts.length === 1) return { at: partReader(mask, box.w, parts[0]), part: parts[0] };
  }
  return null;
}

/**
 * Whether the ink of a box is a radical with its bar drawn apart (xcalc's
 * `√‾`): two parts, a `√` and, right of it along its top, a flat bar.
 */
function radicalAndBar(g: Grey, box: Box, ground: number): boolean {
  const mask = inkMask(g, box, ground, INK_SHARES[0]);
  const parts = inkParts(mask, box.w, box.h).filter((p) => p.n >= 3).sort((a, b) => a.x - b.x);
  if (parts.length !== 2) return false;
  const [sign, bar] = parts;
  const flat = bar.h <= 3 && bar.w >= 4 && bar.x >= sign.x + sign.w - 2 && Math.abs(bar.y - sign.y) <= 2;
  return flat && isRadical(partReader(mask, box.w, sign), sign, true);
}

/** The keypad symbol (`√`, `π`, `⌫`) a lone line's ink draws, or null. `box` is relative to `g`. */
export function drawnSymbol(g: Grey, box: Box, ground: number): DrawnSymbol | null {
  if (box.h < 6 || box.h > 40 || box.w > box.h * 2.5) return null;
  const one = onePart(g, box, ground);
  if (!one) return radicalAndBar(g, box, ground) ? { text: "√", sure: false } : null;
  const { at, part } = one;
  if (isRadical(at, part)) return { text: "√", sure: false };
  if (isPi(at, part)) return { text: "π", sure: true };
  if (isBackspace(at, part)) return { text: "⌫", sure: true };
  return null;
}

/** The chevron a short word's ink draws (a drop-down's `˅` read `v` or `wv`), or null. */
export function drawnChevron(g: Grey, box: Box, ground: number): string | null {
  if (box.h < 3 || box.h > 40 || box.w < 5) return null;
  const one = onePart(g, box, ground);
  return one ? chevronOf(one.at, one.part) : null;
}
