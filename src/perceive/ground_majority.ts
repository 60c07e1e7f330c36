/**
 * A box's ground found without its colour histogram when one colour bin
 * holds most of the box, as the ground of a label's band nearly always
 * does. `groundOf` (control_shapes.ts) returns the colour of the last pixel,
 * in reading order, of the bin that first reaches the highest count; a bin
 * holding more than half of the box is that bin, and its last pixel is found
 * by reading back from the box's end. Counting one bin stops as soon as it
 * is settled and costs less per pixel than the histogram, which a look's
 * search for controls would fill for every band of every label.
 *
 * @module
 */

import type { Box } from "../common/rect.ts";

/** The bits of a frame's 32-bit word (little-endian RGBA) that make its 5-bit-per-channel bin. */
const BIN_BITS = 0xf8f8f8;
/** Pixels of the box's middle and last rows whose commonest bin is counted (its edges may be a border). */
const SAMPLES = 8;

/**
 * The index in `px` (a frame `width` pixels wide) of the pixel whose colour
 * is box `b`'s ground, when one bin holds more than half of the box; -1 when
 * that could not be shown (the histogram must decide).
 */
export function majorityGroundAt(px: Uint32Array, width: number, b: Box): number {
  const total = b.w * b.h;
  if (total <= 0) return -1;
  const bin = likelyBin(px, width, b);
  let inBin = 0, seen = 0;
  for (let y = b.y; y < b.y + b.h; y++) {
    for (let i = y * width + b.x, end = i + b.w; i < end; i++) if ((px[i] & BIN_BITS) === bin) inBin++;
    seen += b.w;
    if (2 * inBin > total) return lastInBin(px, width, b, bin);
    // Even if every pixel left were in the bin, it would not hold more than half.
    if (2 * (inBin + total - seen) <= total) return -1;
  }
  return -1;
}

/** The commonest bin among a few pixels of the box's middle and last rows. */
function likelyBin(px: Uint32Array, width: number, b: Box): number {
  const bins: number[] = [];
  for (const y of [b.y + (b.h >> 1), b.y + b.h - 1]) {
    for (let k = 0; k < SAMPLES; k++) {
      bins.push(px[y * width + b.x + Math.floor(((k + 0.5) * b.w) / SAMPLES)] & BIN_BITS);
    }
  }
  let best = bins[0], most = 0;
  for (const bin of bins) {
    const n = bins.filter((o) => o === bin).length;
    if (n > most) [best, most] = [bin, n];
  }
  return best;
}

/** The index of the box's last pixel, in reading order, in `bin` (there is one: the bin holds most of the box). */
function lastInBin(px: Uint32Array, width: number, b: Box, bin: number): number {
  for (let y = b.y + b.h - 1; y >= b.y; y--) {
    for (let i = y * width + b.x + b.w - 1, start = y * width + b.x; i >= start; i--) {
      if ((px[i] & BIN_BITS) === bin) return i;
    }
  }
  return -1;
}
