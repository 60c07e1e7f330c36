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
  // A hovered Athena button draws a second outline inside its own: its side is two lines, 5 wide.
  return blobs.filter((b) => b.w <= SIDE_WIDTH + 2 && b.h >= 12 && b.h >= 3 * b.w);
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
  // A hovered Athena button's side is two lines, as in `boxSides`.
  const bar = (b: Box) => b.w <= SIDE_WIDTH + 2 && b.h >= 12 && b.h >= 3 * b.w;
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
 * `line` cut where the pixels show buttons side by side: two sides of boxes
 * between two of its components (two buttons a few pixels apart, or a
 * button's side and the next button drawn in reverse, whose outline is the
 * component itself), or sides cutting the line more than once (a row of
 * boxes sharing their sides, as xedit's). Each piece after a cut starts an
 * element (`afterSide`). One side alone may be a field's border after its
 * label ("Bean [Arabica v]"): that line is left whole, as the select's
 * reading expects.
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
  const sorted = [...line.blobs].sort((a, b) => a.x - b.x);
  /** Where a side stands before component `at`, and how many sides (a boxed neighbour counts as one). */
  const cuts: Array<{ at: number; sides: number }> = [];
  /** Where two boxes drawn in reverse stand side by side: no side between them, the boxes are the components. */
  const reversed: number[] = [];
  let end = sorted[0];
  for (let i = 1; i < sorted.length; i++) {
    const bars = near.filter((s) => parts(end, sorted[i], s));
    if (bars.length) {
      const tall = Math.max(...bars.map((s) => s.h)) - 1;
      const boxed = (end.h >= tall ? 1 : 0) + (sorted[i].h >= tall ? 1 : 0);
      cuts.push({ at: i, sides: bars.length + boxed });
    } else if (twinBoxes(end, sorted[i])) reversed.push(i);
    if (sorted[i].x + sorted[i].w > end.x + end.w) end = sorted[i];
  }
  const kept = cuts.filter((c) =>
    cuts.length > 1 || c.sides >= 2 || buttonAfterLabel(sorted.slice(c.at), sides, near)
  ).map((c) => c.at);
  if (!kept.length && !reversed.length) return [line];
  // Two reversed boxes' labels are words far enough apart to be two elements: their cut starts none.
  const bounds = [0, ...[...kept, ...reversed].sort((a, b) => a - b), sorted.length];
  return bounds.slice(0, -1).map((from, i) =>
    lineOf(sorted.slice(from, bounds[i + 1]), i === 0 ? line.afterSide === true : kept.includes(from))
  );
}

/** How far apart the paddings left and right of a button's label may be, in pixels (its label is centred). */
const CENTRED = 3;

/**
 * Whether `rest` (the components after a lone side, to the line's end) is
 * a button's label beside the label before it ("Alerts [Email me]", an
 * Athena Label left of a boxed Toggle): a second side, as tall as the first,
 * closes the box right after its last component, the label centred between
 * the two. A field after its label is not cut: an entry's text leaves its
 * box's far side away from it, and a select ends in its chevron, a small
 * mark above the letters' baseline ("Bean [Arabica v]"), which its reading
 * wants with the label.
 */
function buttonAfterLabel(
  rest: readonly Box[],
  sides: readonly Box[],
  near: readonly Box[],
): boolean {
  const first = rest[0];
  const left = near.filter((s) => s.x + s.w <= first.x + 1).reduce<Box | null>(
    (p, s) => (p && p.x >= s.x ? p : s),
    null,
  );
  if (!left) return false;
  const last = rest.reduce((p, b) => (b.x + b.w > p.x + p.w ? b : p));
  const end = last.x + last.w;
  const tallest = Math.max(...rest.map((b) => b.h)), bottom = Math.max(...rest.map((b) => b.y + b.h));
  if (last.h <= 0.6 * tallest && last.y + last.h < bottom - 1) return false;
  const leftPad = first.x - (left.x + left.w);
  return sides.some((s) =>
    s.x >= end - 1 && Math.abs(s.x - end - leftPad) <= CENTRED &&
    Math.abs(s.y - left.y) <= 2 && Math.abs(s.h - left.h) <= 2
  );
}

/**
 * Whether `a` and `b` are two boxes side by side, each one component (a
 * button drawn in reverse: its fill's outline round the label's holes):
 * wide, taller than UI text, of one height and top, a gap apart. Words of
 * large text are seldom twice as wide as tall, one height and one top.
 */
function twinBoxes(a: Box, b: Box): boolean {
  const box = (c: Box) => c.h >= 20 && c.w >= 2 * c.h;
  return box(a) && box(b) && Math.abs(a.h - b.h) <= 1 && Math.abs(a.y - b.y) <= 1 && b.x - (a.x + a.w) >= 3;
}

/**
 * `lines` less those that are only a box's side beside another line's text
 * (a hovered Athena Toggle drawn in reverse leaves its sides apart from its
 * label, and each would be read `|`): a side is a boundary, not text. A `|`
 * of the text spans its letters' height and stays.
 */
export function withoutLoneSides<L extends SidedLine<Box>>(lines: readonly L[]): L[] {
  const lone = (l: L) => l.blobs.length === 1 && boxSides(l.blobs).length === 1;
  return lines.filter((l) =>
    !lone(l) ||
    !lines.some((t) =>
      t !== l && !lone(t) && l.y <= t.y - PAST && l.y + l.h >= t.y + t.h + PAST &&
      Math.min(Math.abs(l.x - (t.x + t.w)), Math.abs(t.x - (l.x + l.w))) <= Math.max(8, t.h)
    )
  );
}
