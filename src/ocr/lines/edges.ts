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
  // Most of a screen is flat: four pixels at a time are passed over when they equal their neighbours.
  const words = w % 4 === 0 && data.byteOffset % 4 === 0
    ? new Uint32Array(data.buffer, data.byteOffset, (w * h) >> 2)
    : null;
  const across = (i: number) => {
    const d = data[i] - data[i + 1];
    if (d >= contrast || -d >= contrast) {
      right[i] = 1;
      any[i] = 1;
      any[i + 1] = 1;
    }
  };
  const down = (i: number) => {
    const d = data[i] - data[i + w];
    if (d >= contrast || -d >= contrast) {
      below[i] = 1;
      any[i] = 1;
      any[i + w] = 1;
    }
  };
  for (let y = 0; y < h; y++) {
    const end = y * w + w - 1;
    let i = y * w;
    if (words) {
      for (; i + 4 <= end; i += 4) {
        const v = words[i >> 2], p = v & 0xff;
        if (v === p * 0x01010101 && data[i + 4] === p) continue;
        across(i), across(i + 1), across(i + 2), across(i + 3);
      }
    }
    for (; i < end; i++) across(i);
  }
  const end = (h - 1) * w;
  if (words) {
    const n = end >> 2, row = w >> 2;
    for (let k = 0; k < n; k++) {
      if (words[k] === words[k + row]) continue;
      const i = k << 2;
      down(i), down(i + 1), down(i + 2), down(i + 3);
    }
  } else for (let i = 0; i < end; i++) down(i);
  return { any, right, below };
}

/**
 * Erases rules and outlines from `masks.any`. A horizontal rule is a long
 * unbroken run of vertical contrast along a row; inside text such runs break
 * at every letter, so characters survive. Vertical rules likewise, transposed.
 */
export function eraseRules(masks: EdgeMasks, w: number, h: number, long = LONG_RUN): void {
  const { any, right, below } = masks;
  // Four columns at a time are passed over where no run is open and none starts.
  const wide = w % 4 === 0 && below.byteOffset % 4 === 0 && right.byteOffset % 4 === 0;
  const belowWords = wide ? new Uint32Array(below.buffer, below.byteOffset, (w * h) >> 2) : null;
  const rightWords = wide ? new Uint32Array(right.buffer, right.byteOffset, (w * h) >> 2) : null;
  for (let y = 0; y < h; y++) {
    let start = -1;
    for (let x = 0; x <= w; x++) {
      if (belowWords && start < 0 && (x & 3) === 0 && x < w && belowWords[(y * w + x) >> 2] === 0) {
        x += 3;
        continue;
      }
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
  /** Open runs per four columns. */
  const open = new Uint8Array((w >> 2) + 1);
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x < w; x++) {
      if (
        rightWords && (x & 3) === 0 && open[x >> 2] === 0 && (y === h || rightWords[(y * w + x) >> 2] === 0)
      ) {
        x += 3;
        continue;
      }
      const on = y < h && right[y * w + x] === 1;
      if (on) {
        if (start[x] < 0) {
          start[x] = y;
          open[x >> 2]++;
        }
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
      open[x >> 2]--;
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
  const y0 = Math.max(0, top - RULE_REACH), y1 = Math.min(g.height - 1, bottom + RULE_REACH);
  const part = { width: w, height: y1 - y0 + 1, data: g.data.subarray(y0 * w, (y1 + 1) * w) };
  const masks = edgeMasks(part);
  eraseRules(masks, w, part.height);
  // The whole image's mask is the one just made: it is handed back, not copied.
  if (!into && y0 === 0 && y1 === g.height - 1 && top === 0 && bottom === g.height - 1) return masks.any;
  const out = into ?? new Uint8Array(w * g.height);
  out.set(masks.any.subarray((top - y0) * w, (bottom - y0 + 1) * w), top * w);
  return out;
}
