/**
 * Rows cut off by the bottom edge of a scrolled view. An editor or a list
 * shows its last row only in part; read, its half characters come back as other
 * letters ("24 nark with Tinunr andick" for the top half of "24 mark with
 * ..."), and every change of the view makes them new pixels to read again.
 * Such a row is left unread when all of these hold, so that a short line
 * that is merely the last one (`ok`, all x-height) keeps its text:
 * - at least `MIN_PEERS` other lines start at the same x (a column of rows);
 * - it is the column's last row, one row pitch below the one before;
 * - it is clearly shorter than the column's rows;
 * - its ink runs into a pixel row of one flat grey that differs from the
 *   line's ground over the whole line and a little beyond: the view's
 *   border, not an underline, which stops with its words.
 *
 * A row cut at the top is not handled: there the border's edges join the
 * characters and the view's side frame into one box (seen when a view was made
 * to show half a row at its top), and telling them apart was left for later.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";
import { EDGE_CONTRAST, type TextLine } from "./find.ts";
import { lineGround } from "./ground.ts";

/** Rows of a column besides the cut one. */
export const MIN_PEERS = 3;
/** A cut row is at most this share of its column's median height. */
export const CUT_HEIGHT = 0.75;
/** Slack in pixels when comparing a row's position with the column's pitch. */
const PITCH_SLACK = 2;
/** A column's rows start within this many pixels of each other. */
const SAME_X = 2;
/** The border is checked this far past the line on both sides. */
const BEYOND = 2;
/** Greys along the border row differ by at most this much. */
const FLAT = 8;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];

/** The lines of `lines` that are rows cut off by a view's bottom edge (see the module note). */
export function clippedLines(lines: TextLine[], g: Grey): Set<TextLine> {
  const cut = new Set<TextLine>();
  for (const line of lines) {
    const peers = lines.filter((p) => p !== line && Math.abs(p.x - line.x) <= SAME_X);
    if (peers.length < MIN_PEERS) continue;
    if (line.h > CUT_HEIGHT * median(peers.map((p) => p.h))) continue;
    const byY = [...peers].sort((a, b) => a.y - b.y);
    const pitch = median(byY.slice(1).map((p, i) => p.y - byY[i].y));
    const last = byY[byY.length - 1];
    if (line.y <= last.y || Math.abs(line.y - last.y - pitch) > PITCH_SLACK) continue;
    const ground = lineGround(line, g);
    if (ground === undefined) continue;
    // The border is the row after the box, or the box's own last row when its edges joined the characters.
    const end = line.y + line.h;
    if (isBorderRow(g, line, end, ground) || isBorderRow(g, line, end - 1, ground)) cut.add(line);
  }
  return cut;
}

/** Whether pixel row `y` is one flat grey, unlike `ground`, from before the line to past its end. */
function isBorderRow(g: Grey, line: TextLine, y: number, ground: number): boolean {
  if (y < 0 || y >= g.height) return false;
  const x0 = line.x - BEYOND, x1 = line.x + line.w + BEYOND;
  if (x0 < 0 || x1 > g.width) return false;
  let lo = 255, hi = 0;
  for (let x = x0; x < x1; x++) {
    const v = g.data[y * g.width + x];
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi - lo <= FLAT && Math.abs((lo + hi) / 2 - ground) >= EDGE_CONTRAST;
}
