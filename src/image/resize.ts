import type { RgbaImage } from "./pixels.ts";
/**
 * Downscaling without a native library: each output pixel is the average of
 * the source area it covers (partial pixels weighted by coverage). For
 * screenshots of text this keeps strokes legible and never rings.
 *
 * @module
 */

/** Per output index: the first source index and the weights of the source pixels it covers. */
interface Taps {
  start: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  /** Taps per output index (the stride into weights). */
  span: number;
}

function taps(src: number, dst: number): Taps {
  const ratio = src / dst;
  const span = Math.ceil(ratio) + 1;
  const start = new Int32Array(dst);
  const count = new Int32Array(dst);
  const weights = new Float32Array(dst * span);
  for (let i = 0; i < dst; i++) {
    const lo = i * ratio, hi = Math.min(src, (i + 1) * ratio);
    const first = Math.floor(lo);
    let n = 0;
    for (let s = first; s < hi && n < span; s++, n++) {
      weights[i * span + n] = (Math.min(s + 1, hi) - Math.max(s, lo)) / (hi - lo);
    }
    start[i] = first;
    count[i] = n;
  }
  return { start, count, weights, span };
}

/** Scales an RGBA image down to `width` x `height` by area averaging (no upscaling). */
export function downscale(image: RgbaImage, width: number, height: number): RgbaImage {
  if (width > image.width || height > image.height) throw new Error("downscale cannot enlarge an image");
  if (width === image.width && height === image.height) return image;
  const src = image.data;
  const xs = taps(image.width, width), ys = taps(image.height, height);
  // Horizontal pass into floats, then vertical pass into bytes.
  const mid = new Float32Array(width * image.height * 4);
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width * 4;
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      const base = x * xs.span;
      for (let k = 0, s = row + xs.start[x] * 4; k < xs.count[x]; k++, s += 4) {
        const w = xs.weights[base + k];
        r += src[s] * w;
        g += src[s + 1] * w;
        b += src[s + 2] * w;
        a += src[s + 3] * w;
      }
      const d = (y * width + x) * 4;
      mid[d] = r;
      mid[d + 1] = g;
      mid[d + 2] = b;
      mid[d + 3] = a;
    }
  }
  const out = new Uint8Array(width * height * 4);
  const rowLen = width * 4;
  for (let y = 0; y < height; y++) {
    const base = y * ys.span;
    const d = y * rowLen;
    for (let i = 0; i < rowLen; i++) {
      let v = 0;
      for (let k = 0; k < ys.count[y]; k++) v += mid[(ys.start[y] + k) * rowLen + i] * ys.weights[base + k];
      out[d + i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  return { width, height, data: out };
}
