/**
 * The connected parts of a binary mask (8 neighbours): what a drawing or a
 * glyph is made of, each part with its box and pixel count.
 *
 * @module
 */

import type { Box } from "../common/rect.ts";

/** A connected part of a mask: its box (in the mask's pixels) and how many pixels it holds. */
export interface InkPart extends Box {
  n: number;
}

/** The flood fill's scratch, kept between calls (every label's band is filled in each look). */
let scratch = { seen: new Uint8Array(0), stack: new Int32Array(0) };

/** The 8-connected parts of `mask`, `w` by `h` pixels (1 = ink), in the order their first pixel is met. */
export function inkParts(mask: Uint8Array, w: number, h: number): InkPart[] {
  const size = w * h;
  if (scratch.seen.length < size) scratch = { seen: new Uint8Array(size), stack: new Int32Array(size) };
  const { seen, stack } = scratch;
  seen.fill(0, 0, size);
  const parts: InkPart[] = [];
  for (let s = 0; s < size; s++) {
    if (!mask[s] || seen[s]) continue;
    let top = 0;
    stack[top++] = s;
    seen[s] = 1;
    let x0 = w, y0 = h, x1 = -1, y1 = -1, n = 0;
    while (top > 0) {
      const i = stack[--top];
      const x = i % w, y = (i - x) / w;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let yy = y - 1; yy <= y + 1; yy++) {
        if (yy < 0 || yy >= h) continue;
        for (let xx = x - 1; xx <= x + 1; xx++) {
          if (xx < 0 || xx >= w) continue;
          const j = yy * w + xx;
          if (mask[j] && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    parts.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, n });
  }
  return parts;
}
