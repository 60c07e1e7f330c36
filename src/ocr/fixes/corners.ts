/**
 * Tiny "words" that are the corner or end of a larger shape: the rounded
 * corner of a banner or a dialog read as `.` or `a`, the rounded end of a
 * scrollbar's thumb read as `-`. Line finding erases long straight edges,
 * so what is left of such a shape is a mark of a few pixels that the
 * recogniser reads as a character. A real mark (a full stop, a minus sign)
 * is an island of ink on its ground; a shape's corner is the edge of a
 * region of its colour that runs on far beyond the mark's box.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";

/** Words at most this many pixels wide and tall are checked. */
export const CORNER_MAX_SIDE = 8;
/** A mark's colour reaching this many pixels past its box on any side belongs to a larger shape. */
export const CORNER_REACH = 10;
/** Greys this close to the mark's ink count as its colour. */
const SAME_GREY = 14;
/** The ground is measured on a ring this far outside the box. */
const RING = 3;

/** Median grey of the ring `RING` pixels outside `box` (clamped to the image). */
function ringGround(g: Grey, box: Box): number {
  const values: number[] = [];
  const x0 = box.x - RING, y0 = box.y - RING, x1 = box.x + box.w - 1 + RING, y1 = box.y + box.h - 1 + RING;
  const at = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < g.width && y < g.height) values.push(g.data[y * g.width + x]);
  };
  for (let x = x0; x <= x1; x++) at(x, y0), at(x, y1);
  for (let y = y0 + 1; y < y1; y++) at(x0, y), at(x1, y);
  values.sort((a, b) => a - b);
  return values.length ? values[values.length >> 1] : 255;
}

/**
 * Whether a tiny word's box (in `g`'s pixels) is the corner of a larger
 * shape: the pixels of its ink's colour (the grey in the box farthest from
 * the ground around it), followed from the box, reach `CORNER_REACH`
 * pixels beyond it.
 */
export function isShapeCorner(g: Grey, box: Box): boolean {
  if (box.w > CORNER_MAX_SIDE || box.h > CORNER_MAX_SIDE) return false;
  const x0 = Math.max(0, Math.round(box.x)), y0 = Math.max(0, Math.round(box.y));
  const x1 = Math.min(g.width, Math.round(box.x + box.w)), y1 = Math.min(g.height, Math.round(box.y + box.h));
  if (x1 <= x0 || y1 <= y0) return false;
  const ground = ringGround(g, box);
  let ink = ground;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = g.data[y * g.width + x];
      if (Math.abs(v - ground) > Math.abs(ink - ground)) ink = v;
    }
  }
  if (Math.abs(ink - ground) <= SAME_GREY) return false;
  // Follow the ink's colour out of the box; stop as soon as it leaves the reach.
  const lx = x0 - CORNER_REACH, ly = y0 - CORNER_REACH, rx = x1 + CORNER_REACH, ry = y1 + CORNER_REACH;
  const seen = new Set<number>();
  const todo: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (Math.abs(g.data[y * g.width + x] - ink) <= SAME_GREY) todo.push(y * g.width + x);
    }
  }
  for (const p of todo) seen.add(p);
  while (todo.length) {
    const p = todo.pop()!;
    const x = p % g.width, y = (p - x) / g.width;
    if (x <= lx || x >= rx || y <= ly || y >= ry) return true;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= g.width || ny >= g.height) continue;
      const q = ny * g.width + nx;
      if (seen.has(q) || Math.abs(g.data[q] - ink) > SAME_GREY) continue;
      seen.add(q);
      todo.push(q);
    }
  }
  return false;
}
