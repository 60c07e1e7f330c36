/**
 * The two pixel buffers every layer passes around (RGBA captures and the
 * greyscale images OCR works on) and pure helpers on them. Kept free of
 * native libraries so the hot paths (crop, scale) cost no encode/decode
 * round trip.
 *
 * @module
 */

import type { Rect } from "../common/rect.ts";

/** 8-bit RGBA pixels, 4 bytes per pixel, rows packed without padding (every capture has this shape). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Copies a rectangle out of an RGBA image (the rectangle must lie inside it). */
export function crop(src: RgbaImage, r: Rect): RgbaImage {
  const out = new Uint8Array(r.width * r.height * 4);
  for (let row = 0; row < r.height; row++) {
    const from = ((r.y + row) * src.width + r.x) * 4;
    out.set(src.data.subarray(from, from + r.width * 4), row * r.width * 4);
  }
  return { width: r.width, height: r.height, data: out };
}

/** An 8-bit greyscale image, one byte per pixel, row-major. */
export interface Grey {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Integer Rec. 601 luma of a rectangle of an RGBA image (the rectangle must lie inside it). */
export function greyOf(src: RgbaImage, r: Rect): Grey {
  const out = new Uint8Array(r.width * r.height);
  const d = src.data;
  if (d.byteOffset % 4 === 0) {
    // A pixel like the one before it in all four bytes has its grey: screens are long runs of one colour.
    const px = new Uint32Array(d.buffer, d.byteOffset, src.width * src.height);
    for (let row = 0; row < r.height; row++) {
      const from = (r.y + row) * src.width + r.x, end = from + r.width, at = row * r.width - from;
      for (let p = from; p < end;) {
        const v = px[p];
        const grey = ((v & 255) * 77 + ((v >>> 8) & 255) * 150 + ((v >>> 16) & 255) * 29) >> 8;
        let q = p + 1;
        while (q < end && px[q] === v) q++;
        if (q - p > 8) out.fill(grey, p + at, q + at);
        else for (let k = p; k < q; k++) out[k + at] = grey;
        p = q;
      }
    }
    return { width: r.width, height: r.height, data: out };
  }
  for (let row = 0; row < r.height; row++) {
    let k = ((r.y + row) * src.width + r.x) * 4;
    let j = row * r.width;
    for (let col = 0; col < r.width; col++, k += 4, j++) {
      out[j] = (d[k] * 77 + d[k + 1] * 150 + d[k + 2] * 29) >> 8;
    }
  }
  return { width: r.width, height: r.height, data: out };
}

/** Expands greyscale to opaque RGBA, the format engines take. */
export function rgbaOf(g: Grey): RgbaImage {
  const n = g.width * g.height;
  const out = new Uint8Array(n * 4);
  for (let i = 0, k = 0; i < n; i++, k += 4) {
    const v = g.data[i];
    out[k] = v;
    out[k + 1] = v;
    out[k + 2] = v;
    out[k + 3] = 255;
  }
  return { width: g.width, height: g.height, data: out };
}

/** The size `scaleGrey` gives an image of `width` x `height` scaled by `factor`. */
export function scaledSize(width: number, height: number, factor: number): { width: number; height: number } {
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

/** Bilinear resize of a greyscale image by a (possibly fractional) factor. */
export function scaleGrey(src: Grey, factor: number): Grey {
  const { width: w, height: h, data } = src;
  const { width: W, height: H } = scaledSize(w, h, factor);
  const fxOf = new Float32Array(W);
  const x0Of = new Int32Array(W);
  const x1Of = new Int32Array(W);
  for (let X = 0; X < W; X++) {
    const fx = Math.min(w - 1, Math.max(0, (X + 0.5) * w / W - 0.5));
    x0Of[X] = Math.floor(fx);
    x1Of[X] = Math.min(w - 1, x0Of[X] + 1);
    fxOf[X] = fx - x0Of[X];
  }
  // A source row of one grey (a prepared line's padding, the gaps between its letters' rows) blends
  // to that grey: output rows between two such rows are filled, not computed pixel by pixel.
  const flat = new Int16Array(h).fill(-1);
  for (let y = 0; y < h; y++) {
    const row = y * w, v = data[row];
    let x = 1;
    while (x < w && data[row + x] === v) x++;
    if (x === w) flat[y] = v;
  }
  // Each source row is blended across once, not once per output row that reads it: output rows go
  // down, so the two source rows in hand (above and below) are all that is kept.
  let above = new Float64Array(W), below = new Float64Array(W);
  let aboveY = -1, belowY = -1;
  const blend = (y: number, into: Float64Array) => {
    const row = y * w;
    for (let X = 0; X < W; X++) {
      const tx = fxOf[X], a = x0Of[X], b = x1Of[X];
      into[X] = data[row + a] + (data[row + b] - data[row + a]) * tx;
    }
  };
  const out = new Uint8Array(W * H);
  for (let Y = 0; Y < H; Y++) {
    const fy = Math.min(h - 1, Math.max(0, (Y + 0.5) * h / H - 0.5));
    const y0 = Math.floor(fy), ty = fy - y0;
    const y1 = Math.min(h - 1, y0 + 1);
    if (flat[y0] >= 0 && flat[y0] === flat[y1]) {
      out.fill(flat[y0], Y * W, Y * W + W);
      continue;
    }
    if (y0 !== aboveY) {
      if (y0 === belowY) [above, below, aboveY, belowY] = [below, above, belowY, -1];
      else blend(y0, above), aboveY = y0;
    }
    if (y1 !== belowY) blend(y1, below), belowY = y1;
    const at = Y * W;
    for (let X = 0; X < W; X++) {
      const top = above[X], bot = below[X];
      out[at + X] = top + (bot - top) * ty + 0.5;
    }
  }
  return { width: W, height: H, data: out };
}

/** Copies a rectangle of a greyscale image, clipped to it. */
export function cropGrey(src: Grey, r: Rect): Grey {
  const out = new Uint8Array(r.width * r.height);
  for (let row = 0; row < r.height; row++) {
    const from = (r.y + row) * src.width + r.x;
    out.set(src.data.subarray(from, from + r.width), row * r.width);
  }
  return { width: r.width, height: r.height, data: out };
}
