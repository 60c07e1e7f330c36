/**
 * Whether a band's ink has room for a connected shape of a given size with
 * its corner in a given place, answered from the rows and columns that hold
 * ink, without finding the shapes. Finding them joins every run of ink in
 * the band (each letter of a page of text), which cost most of a look's
 * search for controls; most labels have nothing the size of an entry, a
 * select, a button or a checkbox where theirs would be, and this shows it
 * reading far fewer pixels.
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import type { Box } from "../common/rect.ts";
import type { Rgb } from "./control_shapes.ts";

/** Where a shape's top-left corner may be, in frame pixels (inclusive), and the least and most it may span. */
export interface ShapeReach {
  left: readonly [number, number];
  top: readonly [number, number];
  minWidth: number;
  minHeight: number;
  maxHeight: number;
}

/**
 * False when no connected shape of ink (8 neighbours; pixels farther than
 * `threshold` from `ground`, as `groundAndShapes` finds them) in box `b`
 * can have its corner and size in `reach`; true says only that one may.
 * A connected shape's rows are a stretch of rows that each hold ink right of
 * its left side, and its first `minWidth` columns each hold ink within those
 * rows: with no such rows and columns, there is no such shape.
 */
export function mayHoldShape(
  img: RgbaImage,
  b: Box,
  ground: Rgb,
  threshold: number,
  reach: ShapeReach,
): boolean {
  const d = img.data;
  if (d.byteOffset % 4 !== 0) return true;
  const px = new Uint32Array(d.buffer, d.byteOffset, img.width * img.height);
  const [g0, g1, g2] = ground;
  const far = (v: number) =>
    Math.abs((v & 255) - g0) + Math.abs(((v >>> 8) & 255) - g1) + Math.abs(((v >>> 16) & 255) - g2) >
      threshold;
  // The shape's rows lie in `y0`..`y1` - 1, its first `minWidth` columns in `x0`..`x1` - 1.
  const x0 = Math.max(b.x, Math.floor(reach.left[0])),
    x1 = Math.min(b.x + b.w, Math.ceil(reach.left[1]) + Math.ceil(reach.minWidth));
  const y0 = Math.max(b.y, Math.floor(reach.top[0])),
    y1 = Math.min(b.y + b.h, Math.ceil(reach.top[1]) + Math.ceil(reach.maxHeight));
  const lastTop = Math.ceil(reach.top[1]);
  if (x1 - x0 < reach.minWidth || y1 - y0 < reach.minHeight) return false;
  /** Whether row `y` holds ink from the first column a shape may start at to the box's end, a run of one colour at a time. */
  const inked = (y: number) => {
    for (let i = y * img.width + x0, end = y * img.width + b.x + b.w; i < end;) {
      const v = px[i];
      if (far(v)) return true;
      while (++i < end && px[i] === v);
    }
    return false;
  };
  let top = y0;
  for (let y = y0; y <= y1; y++) {
    if (y < y1 && inked(y)) continue;
    // Rows `top`..`y` - 1 hold ink: a shape starting in them by `lastTop` and `minHeight` tall fits.
    if (
      top <= lastTop && y - top >= reach.minHeight &&
      inkedColumns(px, img.width, x0, x1, top, y, far) >= reach.minWidth
    ) {
      return true;
    }
    top = y + 1;
    if (top > lastTop) return false;
  }
  return false;
}

/** The longest stretch of columns `x0`..`x1` - 1 holding ink (`far`) in rows `y0`..`y1` - 1. */
function inkedColumns(
  px: Uint32Array,
  width: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  far: (v: number) => boolean,
): number {
  let most = 0, run = 0;
  for (let x = x0; x < x1; x++) {
    let any = false;
    for (let i = y0 * width + x, end = y1 * width + x; i < end && !any; i += width) any = far(px[i]);
    run = any ? run + 1 : 0;
    if (run > most) most = run;
  }
  return most;
}
