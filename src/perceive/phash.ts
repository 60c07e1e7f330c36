/**
 * A drawing's identity: a 64-bit perceptual hash of its crop, taken on the
 * crop's contrast against its own background. The same icon drawn at another
 * place, in another window, or over a hover highlight hashes alike, while
 * different icons differ in many bits.
 *
 * @module
 */

import type { Box } from "../common/rect.ts";
import type { RgbaImage } from "../image/pixels.ts";

/** Hashes at most this many bits apart are the same drawing. */
export const SAME_DRAWING_BITS = 6;

const N = 32;
const K = 8;

/** The crop of `box` (clamped to the frame) as its own image, at real size. */
export function cropImage(frame: RgbaImage, box: Box): RgbaImage {
  const x0 = Math.max(0, Math.round(box.x));
  const y0 = Math.max(0, Math.round(box.y));
  const w = Math.max(1, Math.min(frame.width, Math.round(box.x + box.w)) - x0);
  const h = Math.max(1, Math.min(frame.height, Math.round(box.y + box.h)) - y0);
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const from = ((y0 + y) * frame.width + x0) * 4;
    data.set(frame.data.subarray(from, from + w * 4), y * w * 4);
  }
  return { width: w, height: h, data };
}

/**
 * The perceptual hash of an icon's crop, as 16 hex digits. Each pixel becomes
 * its distance from the crop's background colour (the median of its border),
 * so light-on-dark and dark-on-light strokes and a tinted hover background
 * read alike; the result is scaled to 32x32 and the signs of its lowest 8x8
 * cosine frequencies against their median make the bits.
 */
export function drawingHash(crop: RgbaImage): string {
  const { width: w, height: h, data } = crop;
  const bg = borderMedian(crop);
  const contrast = new Float32Array(w * h);
  let peak = 1;
  for (let i = 0; i < w * h; i++) {
    const c = Math.max(
      Math.abs(data[i * 4] - bg[0]),
      Math.abs(data[i * 4 + 1] - bg[1]),
      Math.abs(data[i * 4 + 2] - bg[2]),
    );
    contrast[i] = c;
    if (c > peak) peak = c;
  }
  const grid = resample(contrast, w, h, peak);
  const coeffs = dctLow(grid);
  const sorted = [...coeffs].sort((a, b) => a - b);
  const median = (sorted[31] + sorted[32]) / 2;
  let hex = "";
  for (let nibble = 0; nibble < 16; nibble++) {
    let v = 0;
    for (let b = 0; b < 4; b++) v = (v << 1) | (coeffs[nibble * 4 + b] > median ? 1 : 0);
    hex += v.toString(16);
  }
  return hex;
}

/** How many bits two hashes differ in. */
export function hashDistance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    let x = parseInt(a[i], 16) ^ parseInt(b[i], 16);
    while (x) {
      bits += x & 1;
      x >>= 1;
    }
  }
  return bits + 4 * Math.abs(a.length - b.length);
}

/**
 * True when two icons are one drawing: hashes within SAME_DRAWING_BITS and
 * sizes within a quarter of each other (a 16 px and a 48 px square that
 * happen to hash alike are still different controls).
 */
export function sameDrawing(
  a: { hash: string; w: number; h: number },
  b: { hash: string; w: number; h: number },
): boolean {
  const near = (p: number, q: number) => Math.abs(p - q) <= Math.max(2, Math.max(p, q) / 4);
  return near(a.w, b.w) && near(a.h, b.h) && hashDistance(a.hash, b.hash) <= SAME_DRAWING_BITS;
}

function borderMedian(crop: RgbaImage): [number, number, number] {
  const { width: w, height: h, data } = crop;
  const chans: number[][] = [[], [], []];
  const take = (x: number, y: number) => {
    const i = (y * w + x) * 4;
    for (let c = 0; c < 3; c++) chans[c].push(data[i + c]);
  };
  for (let x = 0; x < w; x++) {
    take(x, 0);
    if (h > 1) take(x, h - 1);
  }
  for (let y = 1; y < h - 1; y++) {
    take(0, y);
    if (w > 1) take(w - 1, y);
  }
  return chans.map((v) => v.sort((a, b) => a - b)[v.length >> 1]) as [number, number, number];
}

/** Area-averaged (or, when enlarging, nearest) 32x32 copy, scaled to 0..1 by `peak`. */
function resample(src: Float32Array, w: number, h: number, peak: number): Float32Array {
  const out = new Float32Array(N * N);
  for (let gy = 0; gy < N; gy++) {
    const ya = Math.floor((gy * h) / N);
    const yb = Math.max(ya + 1, Math.floor(((gy + 1) * h) / N));
    for (let gx = 0; gx < N; gx++) {
      const xa = Math.floor((gx * w) / N);
      const xb = Math.max(xa + 1, Math.floor(((gx + 1) * w) / N));
      let sum = 0;
      for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) sum += src[y * w + x];
      out[gy * N + gx] = sum / ((yb - ya) * (xb - xa) * peak);
    }
  }
  return out;
}

const COS = (() => {
  const t = new Float64Array(K * N);
  for (let u = 0; u < K; u++) {
    for (let x = 0; x < N; x++) t[u * N + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N));
  }
  return t;
})();

/** The 8x8 lowest frequencies of the 2-D cosine transform, the constant term replaced by the next. */
function dctLow(grid: Float32Array): Float64Array {
  const rows = new Float64Array(N * K);
  for (let y = 0; y < N; y++) {
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += grid[y * N + x] * COS[u * N + x];
      rows[y * K + u] = s;
    }
  }
  const out = new Float64Array(K * K);
  for (let v = 0; v < K; v++) {
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let y = 0; y < N; y++) s += rows[y * K + u] * COS[v * N + y];
      out[v * K + u] = s;
    }
  }
  // The constant term only measures overall ink; it carries no shape.
  out[0] = out[1];
  return out;
}
