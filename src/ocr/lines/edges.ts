/**
 * The edge mask lines are cut from: pixels that differ strongly from a
 * neighbour, less the long straight runs that are rules and outlines.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";

/** Two neighbours differing by at least this much (0..255) make an edge pixel. */
export const EDGE_CONTRAST = 28;
/** Straight edge runs at least this long are rules or outlines, not character strokes. */
export const LONG_RUN = 30;

/** Where neighbouring pixels differ: across (`right`), down (`below`), and either (`any`). */
export interface EdgeMasks {
  any: Uint8Array;
  right: Uint8Array;
  below: Uint8Array;
}

/** Marks pixels that differ strongly from their right or lower neighbour. */
export function edgeMasks(g: Grey, contrast = EDGE_CONTRAST): EdgeMasks {
  const { width: w, height: h, data } = g;
  const any = new Uint8Array(w * h);
  const right = new Uint8Array(w * h);
  const below = new Uint8Array(w * h);
  // Two passes without bounds tests in their inner loops: this runs on every pixel of every look.
  for (let y = 0; y < h; y++) {
    const end = y * w + w - 1;
    for (let i = y * w; i < end; i++) {
      const d = data[i] - data[i + 1];
      if (d >= contrast || -d >= contrast) {
        right[i] = 1;
        any[i] = 1;
        any[i + 1] = 1;
      }
    }
  }
  const end = (h - 1) * w;
  for (let i = 0; i < end; i++) {
    const d = data[i] - data[i + w];
    if (d >= contrast || -d >= contrast) {
      below[i] = 1;
      any[i] = 1;
      any[i + w] = 1;
    }
  }
  return { any, right, below };
}

/**
 * Erases rules and outlines from `masks.any`. A horizontal rule is a long
 * unbroken run of vertical contrast along a row; inside text such runs break
 * at every letter, so characters survive. Vertical rules likewise, transposed.
 */
export function eraseRules(masks: EdgeMasks, w: number, h: number, long = LONG_RUN): void {
  const { any, right, below } = masks;
  for (let y = 0; y < h; y++) {
    let start = -1;
    for (let x = 0; x <= w; x++) {
      const on = x < w && below[y * w + x] === 1;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (x - start >= long) {
          any.fill(0, y * w + start, y * w + x);
          if (y + 1 < h) any.fill(0, (y + 1) * w + start, (y + 1) * w + x);
        }
        start = -1;
      }
    }
  }
  // Vertical runs are followed row by row, one open run per column, so memory is read in order.
  const start = new Int32Array(w).fill(-1);
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x < w; x++) {
      const on = y < h && right[y * w + x] === 1;
      if (on) {
        if (start[x] < 0) start[x] = y;
        continue;
      }
      if (start[x] < 0) continue;
      if (y - start[x] >= long) {
        for (let k = start[x]; k < y; k++) {
          any[k * w + x] = 0;
          if (x + 1 < w) any[k * w + x + 1] = 0;
        }
      }
      start[x] = -1;
    }
  }
}

/**
 * How far (rows) erasing rules reaches: a pixel's place in the erased mask
 * depends on the grey rows this near it and on no others.
 */
export const RULE_REACH = LONG_RUN + 2;

/**
 * The edge mask of `g` with rules and outlines erased (what lines are cut
 * from): of rows `top` to `bottom` only when given (the rest left 0), found
 * from those rows and `RULE_REACH` rows either side, which is all they
 * depend on: a rule that runs on past that far is erased however far it runs.
 */
export function ruleFreeMask(g: Grey, top = 0, bottom = g.height - 1, into?: Uint8Array): Uint8Array {
  const w = g.width;
  const out = into ?? new Uint8Array(w * g.height);
  const y0 = Math.max(0, top - RULE_REACH), y1 = Math.min(g.height - 1, bottom + RULE_REACH);
  const part = { width: w, height: y1 - y0 + 1, data: g.data.subarray(y0 * w, (y1 + 1) * w) };
  const masks = edgeMasks(part);
  eraseRules(masks, w, part.height);
  out.set(masks.any.subarray((top - y0) * w, (bottom - y0 + 1) * w), top * w);
  return out;
}
