import type { RgbaImage } from "../image/pixels.ts";
/**
 * Whether a frame is one flat colour: what a capture without the Screen
 * Recording grant, or of a sleeping display, looks like.
 *
 * @module
 */

/** True when every sampled pixel is within `tolerance` of the first, per channel. */
export function isFlat(img: RgbaImage, tolerance = 2): boolean {
  const n = img.width * img.height;
  if (n === 0) return true;
  const step = Math.max(1, Math.floor(n / 20_000));
  const d = img.data;
  for (let i = 0; i < n; i += step) {
    const o = i * 4;
    if (
      Math.abs(d[o] - d[0]) > tolerance || Math.abs(d[o + 1] - d[1]) > tolerance ||
      Math.abs(d[o + 2] - d[2]) > tolerance
    ) return false;
  }
  return true;
}
