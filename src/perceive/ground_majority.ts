/**
 * A box's ground found without its colour histogram when one colour bin
 * holds most of the box, as the ground of a label's band nearly always
 * does: `groundOf` (control_shapes.ts) returns the colour of the last
 * pixel, in reading order, of the bin that first reaches the highest count,
 * and when the bin of the box's last pixel (its bottom-right one) holds more
 * than half of the box, that bin is the highest and that pixel is its last.
 * Counting one bin stops as soon as it is settled, and costs less per pixel
 * than the histogram, which a look's search for controls fills for every
 * label's bands.
 *
 * @module
 */

import type { Box } from "../common/rect.ts";

/** The bits of a frame's 32-bit word (little-endian RGBA) that make its 5-bit-per-channel bin. */
const BIN_BITS = 0xf8f8f8;

/**
 * The index in `px` (a frame `width` pixels wide) of the pixel whose colour
 * is box `b`'s ground, when the bin of its last pixel holds more than half
 * of it; -1 when it does not (the histogram must decide).
 */
export function majorityGroundAt(px: Uint32Array, width: number, b: Box): number {
  const total = b.w * b.h;
  if (total <= 0) return -1;
  const last = (b.y + b.h - 1) * width + b.x + b.w - 1;
  const bin = px[last] & BIN_BITS;
  let inBin = 0, seen = 0;
  for (let y = b.y; y < b.y + b.h; y++) {
    for (let i = y * width + b.x, end = i + b.w; i < end; i++) if ((px[i] & BIN_BITS) === bin) inBin++;
    seen += b.w;
    if (2 * inBin > total) return last;
    // Even if every pixel left were in the bin, it would not hold more than half.
    if (2 * (inBin + total - seen) <= total) return -1;
  }
  return -1;
}
