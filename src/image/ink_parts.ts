/**
 * The connected parts of a binary mask (8 neighbours): what a drawing or a
 * glyph is made of, each part with its box and pixel count.
 *
 * The mask is read as runs of ink along each row, and a run joins the runs
 * of the row above that it touches, corners included (union-find over the
 * runs): a part's pixels are visited once, with no neighbour tests per
 * pixel, which is what a look over a whole window costs least with.
 *
 * @module
 */

import type { Box } from "../common/rect.ts";

/** A connected part of a mask: its box (in the mask's pixels) and how many pixels it holds. */
export interface InkPart extends Box {
  n: number;
}

/** The runs' scratch, kept between calls and grown as needed: a look allocates it once, not per band. */
let runs = { x0: new Int32Array(0), x1: new Int32Array(0), y: new Int32Array(0), parent: new Int32Array(0) };

function room(n: number): void {
  if (runs.x0.length >= n) return;
  const size = Math.max(n, runs.x0.length * 2, 1024);
  const grown = {
    x0: new Int32Array(size),
    x1: new Int32Array(size),
    y: new Int32Array(size),
    parent: new Int32Array(size),
  };
  grown.x0.set(runs.x0), grown.x1.set(runs.x1), grown.y.set(runs.y), grown.parent.set(runs.parent);
  runs = grown;
}

/** Runs gathered so far (`addRun`). */
let count = 0;

/** Starts gathering runs for a new labelling. */
export function beginRuns(): void {
  count = 0;
}

/** How many runs are gathered: where the next row's runs start. */
export function runCount(): number {
  return count;
}

/** Adds a run of ink, `x0` to `x1` (inclusive) of row `y`: runs come row by row, left to right. */
export function addRun(x0: number, x1: number, y: number): void {
  if (count === runs.x0.length) room(count + 1);
  runs.x0[count] = x0, runs.x1[count] = x1, runs.y[count] = y, runs.parent[count] = count;
  count++;
}

/** Joins the runs of a row (from `row` on) with those of the row above it (`above` to `row` - 1) they touch. */
export function joinRows(above: number, row: number): void {
  const { x0, x1, parent } = runs;
  let a = above;
  for (let b = row; b < count && a < row; b++) {
    while (a < row && x1[a] < x0[b] - 1) a++;
    for (let k = a; k < row && x0[k] <= x1[b] + 1; k++) {
      let ra = k, rb = b;
      while (parent[ra] !== ra) ra = parent[ra] = parent[parent[ra]];
      while (parent[rb] !== rb) rb = parent[rb] = parent[parent[rb]];
      // The earlier run is the root, so a part's root is its first run.
      if (ra < rb) parent[rb] = ra;
      else if (rb < ra) parent[ra] = rb;
    }
  }
}

/** The parts of the gathered runs, in the order of their first pixels. */
export function gatheredParts(): InkPart[] {
  const { x0, x1, y: ys, parent } = runs;
  const n = count;
  // Each root gathers its part's box and count; roots are met in the order of their parts' first pixels.
  const parts: InkPart[] = [];
  const slot = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let r = i;
    while (parent[r] !== r) r = parent[r];
    parent[i] = r;
    const len = x1[i] - x0[i] + 1;
    if (r === i) {
      slot[i] = parts.length;
      parts.push({ x: x0[i], y: ys[i], w: len, h: 1, n: len });
      continue;
    }
    const p = parts[slot[r]];
    if (x0[i] < p.x) {
      p.w += p.x - x0[i];
      p.x = x0[i];
    }
    if (x1[i] >= p.x + p.w) p.w = x1[i] - p.x + 1;
    p.h = ys[i] - p.y + 1;
    p.n += len;
  }
  return parts;
}

/**
 * The 8-connected parts of rows `first` to `last` of `mask`, `w` pixels
 * wide (nonzero = ink), in the order their first pixel is met reading row by
 * row; `y` is counted from row 0 of the mask. Rows outside the range are not
 * read: a part crossing its edge is cut there.
 */
export function inkParts(mask: Uint8Array, w: number, h: number, first = 0, last = h - 1): InkPart[] {
  beginRuns();
  // Four pixels without ink at a time are passed over where the bytes line up.
  const aligned = mask.byteOffset % 4 === 0;
  const words = aligned ? new Uint32Array(mask.buffer, mask.byteOffset, mask.length >> 2) : null;
  /** Runs of the row above: indexes `above`..`row`-1. */
  let above = 0;
  for (let y = first; y <= last; y++) {
    const row = count;
    const base = y * w, end = base + w;
    let i = base;
    while (i < end) {
      if (words && (i & 3) === 0 && i + 4 <= end && words[i >> 2] === 0) {
        i += 4;
        continue;
      }
      if (mask[i] === 0) {
        i++;
        continue;
      }
      const start = i;
      while (i < end && mask[i] !== 0) i++;
      addRun(start - base, i - 1 - base, y);
    }
    joinRows(above, row);
    above = row;
  }
  return gatheredParts();
}
