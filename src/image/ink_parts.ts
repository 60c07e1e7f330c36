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

/** The 8-connected parts of `mask`, `w` by `h` pixels (1 = ink), in the order their first pixel is met. */
export function inkParts(mask: Uint8Array, w: number, h: number): InkPart[] {
  const seen = new Uint8Array(w * h);
  const parts: InkPart[] = [];
  const todo: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (!mask[s] || seen[s]) continue;
    todo.push(s);
    seen[s] = 1;
    let x0 = w, y0 = h, x1 = -1, y1 = -1, n = 0;
    while (todo.length) {
      const i = todo.pop()!;
      const x = i % w, y = (i - x) / w;
      n++;
      x0 = Math.min(x0, x), x1 = Math.max(x1, x), y0 = Math.min(y0, y), y1 = Math.max(y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx, yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const j = yy * w + xx;
          if (mask[j] && !seen[j]) {
            seen[j] = 1;
            todo.push(j);
          }
        }
      }
    }
    parts.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, n });
  }
  return parts;
}
