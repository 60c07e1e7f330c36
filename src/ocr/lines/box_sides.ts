/**
 * Lines cut at the sides of the boxes their words sit in. Athena (Xaw)
 * buttons stand a few pixels apart, each a 1-pixel outline round its label,
 * and xedit's button row is boxes touching at one shared side: the words of
 * neighbouring buttons are close enough to chain into one line, their boxes'
 * sides are dropped as no character (too thin and tall), and the recogniser
 * then reads the whole row with the sides inside it (`Quit | Save | Load`,
 * or in some runs `Quit ... /memo txt`). A thin upright bar standing between
 * two components of a line and reaching past both of them above and below is
 * a side of a box, never a character (an `l` spans the letters' height, no
 * more; a `|` that tall is already no character to the line finder): the
 * line is cut there, and each button reads alone.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";

/** A line as find.ts chains it (its `TextLine`): its box, its components, and whether a box's side stands before it. */
export interface SidedLine<P extends Box> extends Box {
  blobs: P[];
  afterSide?: boolean;
}

/** Widest a box's side is, in pixels (a 1-pixel outline is 3 wide in the edge mask). */
const SIDE_WIDTH = 3;
/** How far past the letters beside it, above and below, a box's side reaches at least, in pixels. */
const PAST = 3;

/** The thin upright bars among `blobs`: the sides of boxes, as the edge mask has them. */
export function boxSides<P extends Box>(blobs: readonly P[]): P[] {
  return blobs.filter((b) => b.w <= SIDE_WIDTH && b.h >= 12 && b.h >= 3 * b.w);
}

/**
 * Whether `bar` stands between `a` and `b` (left to right), reaching past
 * the shorter of them above and below and as tall as the taller (which may
 * be the next button drawn in reverse: a dark box whose outline is one
 * component round its label).
 */
function parts(a: Box, b: Box, bar: Box): boolean {
  if (bar.x < a.x + a.w - 1 || bar.x + bar.w > b.x + 1) return false;
  const short = a.h <= b.h ? a : b;
  return bar.y <= short.y - PAST && bar.y + bar.h >= short.y + short.h + PAST &&
    bar.h >= Math.max(a.h, b.h) - 1;
}

/** A line of `blobs` (at least one), its box theirs; `afterSide`: a box's side stands before it. */
function lineOf<P extends Box>(blobs: P[], afterSide: boolean): SidedLine<P> {
  const x = Math.min(...blobs.map((b) => b.x)),
    y = Math.min(...blobs.map((b) => b.y));
  const x2 = Math.max(...blobs.map((b) => b.x + b.w)),
    y2 = Math.max(...blobs.map((b) => b.y + b.h));
  return {
    x,
    y,
    w: x2 - x,
    h: y2 - y,
    blobs,
    ...(afterSide ? { afterSide } : {}),
  };
}

/**
 * `line` less a box's side chained to either end of it: a button's rounded
 * outline leaves its sides short enough to pass for characters, and read
 * with its label they come back as `|` (`| send application |`). Such a side
 * is a thin bar reaching past all the line's other components above and
 * below, which no character at the end of a line does.
 */
function withoutEndSides<P extends Box>(line: SidedLine<P>): SidedLine<P> {
  const sorted = [...line.blobs].sort((a, b) => a.x - b.x);
  const bar = (b: Box) => b.w <= SIDE_WIDTH + 1 && b.h >= 12 && b.h >= 3 * b.w;
  const letters = sorted.filter((b) => !bar(b));
  if (!letters.length) return line;
  const top = Math.min(...letters.map((b) => b.y)),
    bottom = Math.max(...letters.map((b) => b.y + b.h));
  const isSide = (b: Box) => bar(b) && b.y <= top - PAST && b.y + b.h >= bottom + PAST;
  while (sorted.length > 1 && isSide(sorted[0])) sorted.shift();
  while (sorted.length > 1 && isSide(sorted[sorted.length - 1])) sorted.pop();
  return sorted.length === line.blobs.length ? line : { ...lineOf(sorted, line.afterSide === true) };
}

/**
 * `line` cut wherever a side of a box (one of `sides`) stands between two of
 * its components. A piece after a cut starts an element (`afterSide`) only
 * where the pixels show buttons side by side: two sides between the pieces
 * (two boxes a few pixels apart), or a line cut more than once (a row of
 * boxes sharing their sides, as xedit's). One side alone may be a field's
 * border after its label ("Bean [Arabica v]"): label and field stay one
 * element, as the select's reading expects, though read apart.
 */
export function splitAtBoxSides<P extends Box>(
  whole: SidedLine<P>,
  sides: readonly Box[],
): SidedLine<P>[] {
  const line = withoutEndSides(whole);
  if (line.blobs.length < 2) return [line];
  const near = sides.filter((s) =>
    s.x > line.x && s.x < line.x + line.w && s.y < line.y + line.h &&
    s.y + s.h > line.y
  );
  if (!near.length) return [line];
  const sorted = [...line.blobs].sort((a, b) => a.x - b.x);
  const runs: P[][] = [];
  /** For each run after the first, how many sides stand between it and the one before. */
  const between: number[] = [];
  let run: P[] = [sorted[0]];
  for (let i = 1; i < sorted.length; i++) {
    const a = run.reduce((p, q) => (q.x + q.w > p.x + p.w ? q : p));
    const n = near.filter((s) => parts(a, sorted[i], s)).length;
    if (n > 0) {
      runs.push(run);
      between.push(n);
      run = [];
    }
    run.push(sorted[i]);
  }
  if (!runs.length) return [line];
  runs.push(run);
  const row = runs.length > 2;
  return runs.map((r, i) => lineOf(r, i === 0 ? line.afterSide === true : row || between[i - 1] >= 2));
}
