/**
 * Lines cut off at a side: text wider than its view (a long line in an
 * editor with wrapping off, a file name in a narrow column, an entry
 * scrolled sideways) stops at the view's edge in the middle of a
 * character. Read, the half character comes back as another letter, sure
 * of itself: "bread" cut after its "o" reads "bc", "flickering" reads
 * "flickerir", both above 0.9. The word at that side is only ever a guess,
 * so its confidence is capped and it is listed as unsure; in fixed-pitch
 * text the cut character itself is left out (cache/cut_cells.ts).
 *
 * A side counts as cut when the line's ink runs up to a column of one flat
 * grey, unlike the line's ground, that reaches past the line above and
 * below (the view's edge or the window's), or up to the frame's end. A
 * line that ends before such an edge has ground between its last character
 * and the edge, and keeps its confidence; so does one whose end is a side of
 * a box drawn around it (one grey as tall as the line: a selected file's
 * outline), and one on a surface of its own (the pipeline checks only lines
 * on their view's ground).
 *
 * @module
 */

import type { Box, Rect } from "../../common/rect.ts";
import type { Grey, RgbaImage } from "../../image/pixels.ts";
import { EDGE_CONTRAST } from "./edges.ts";
import type { TextLine } from "./find.ts";
import { lineGround } from "./ground.ts";
import { ringLevel } from "./prepare.ts";

/** The confidence a word cut at a view's edge keeps at most: below the replies' unsure line. */
export const CUT_CONF = 0.5;
/** The edge column is checked this far above and below the line's box. */
const BEYOND = 2;
/** Greys down the edge column differ by at most this much. */
const FLAT = 8;
/**
 * How far past the line's box the edge column is looked for: a window's
 * text is read from 2 px inside its edge (perceive.ts).
 */
const REACH = 3;

/** The grey at (x, y) of a read's pixels, outside them too; undefined past the frame's edge. */
export type GreyAt = (x: number, y: number) => number | undefined;

/**
 * The grey of a read's region `r` of `frame` (already made, `grey`) with
 * the frame's own pixels around it, in the region's coordinates.
 */
export function greyAround(grey: Grey, frame: RgbaImage, r: Rect): GreyAt {
  return (x, y) => {
    if (x >= 0 && y >= 0 && x < grey.width && y < grey.height) return grey.data[y * grey.width + x];
    const fx = x + r.x, fy = y + r.y;
    if (fx < 0 || fy < 0 || fx >= frame.width || fy >= frame.height) return undefined;
    const k = (fy * frame.width + fx) * 4, d = frame.data;
    // The same luma as greyOf (image/pixels.ts).
    return (d[k] * 77 + d[k + 1] * 150 + d[k + 2] * 29) >> 8;
  };
}

/** Neither side cut. */
const UNCUT: Readonly<{ left: boolean; right: boolean }> = { left: false, right: false };

/**
 * Which sides of a found line a view's edge cuts: none when `at` is null (a
 * read that does not look for edges), or when the line sits on a surface of
 * its own (a selected file's caption, whose ends are that surface's sides).
 */
export function lineCutSides(
  at: GreyAt | null,
  grey: Grey,
  line: TextLine,
  ground: number = lineGround(line, grey) ?? ringLevel(grey, line),
): { left: boolean; right: boolean } {
  return at && ground === lineGround(line) ? cutSides(at, line, ground) : UNCUT;
}

/** Which sides of `line` (a line's or a lone character's box, on `ground`) stop at a view's edge mid-character. */
export function cutSides(at: GreyAt, line: Box, ground: number): { left: boolean; right: boolean } {
  return {
    left: cutAt(at, line, ground, line.x, -1),
    right: cutAt(at, line, ground, line.x + line.w - 1, 1),
  };
}

/**
 * Whether the ink at column `end` (the line's first or last column) runs
 * into an edge: the frame's end, or a flat column just beyond the ink,
 * `step` pointing outwards. A column of ground between means the line ends
 * on its own (a margin a view keeps, as Tk's text box does, is not told
 * from that).
 */
function cutAt(at: GreyAt, line: Box, ground: number, end: number, step: 1 | -1): boolean {
  // A flat side as tall as the line is a box drawn around it (a selection's outline), not a cut character.
  if (!hasInk(at, line, end, ground) || isFlat(at, end, line.y, line.y + line.h)) return false;
  for (let k = 1; k <= REACH; k++) {
    const x = end + k * step;
    if (at(x, line.y) === undefined || isEdgeColumn(at, line, x, ground)) return true;
    if (!hasInk(at, line, x, ground)) return false;
  }
  return false;
}

/** Whether column `x` holds a pixel unlike `ground` within the line's rows. */
function hasInk(at: GreyAt, line: Box, x: number, ground: number): boolean {
  for (let y = line.y; y < line.y + line.h; y++) {
    const v = at(x, y);
    if (v !== undefined && Math.abs(v - ground) >= EDGE_CONTRAST) return true;
  }
  return false;
}

/** Whether column `x` is one flat grey, unlike `ground`, from above the line to below it. */
function isEdgeColumn(at: GreyAt, line: Box, x: number, ground: number): boolean {
  const level = flatLevel(at, x, line.y - BEYOND, line.y + line.h + BEYOND);
  return level !== null && Math.abs(level - ground) >= EDGE_CONTRAST;
}

/** Whether column `x` is one flat grey from row `y0` to before `y1`. */
function isFlat(at: GreyAt, x: number, y0: number, y1: number): boolean {
  return flatLevel(at, x, y0, y1) !== null;
}

/** The grey of column `x` from row `y0` to before `y1` when it is flat, else null (past the frame too). */
function flatLevel(at: GreyAt, x: number, y0: number, y1: number): number | null {
  let lo = 255, hi = 0;
  for (let y = y0; y < y1; y++) {
    const v = at(x, y);
    // Cut by the frame's top or bottom, the column cannot be seen to reach past the line.
    if (v === undefined) return null;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi - lo <= FLAT ? (lo + hi) / 2 : null;
}

/**
 * The words of a line (in its own pixels) at its cut sides, and the words
 * that start an element of their own so that the cut word is not averaged
 * into a sure phrase: the last word when the right side is cut, the word
 * after the first when the left one is.
 */
export function cutWords<W extends { x: number; w: number }>(
  words: readonly W[],
  sides: { left: boolean; right: boolean },
): { cut: Set<W>; starts: Set<W> } {
  const cut = new Set<W>(), starts = new Set<W>();
  if (!words.length || !(sides.left || sides.right)) return { cut, starts };
  const inOrder = [...words].sort((a, b) => a.x - b.x);
  if (sides.left) {
    cut.add(inOrder[0]);
    if (inOrder.length > 1) starts.add(inOrder[1]);
  }
  if (sides.right) {
    const last = inOrder[inOrder.length - 1];
    cut.add(last);
    starts.add(last);
  }
  return { cut, starts };
}
