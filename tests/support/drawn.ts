/**
 * Drawing on a blank frame for tests of what is told from pixels: a white
 * frame, one pixel, and a label's letters as strokes.
 *
 * @module
 */

import type { RgbaImage } from "../../src/image/pixels.ts";

/** A white frame `width` by `height`. */
export function whiteFrame(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8Array(width * height * 4).fill(255) };
}

/** Paints one opaque pixel. */
export function paint(img: RgbaImage, x: number, y: number, rgb: readonly number[]): void {
  img.data.set([...rgb, 255], (y * img.width + x) * 4);
}

/** Letters as ink: short dark strokes a pixel apart, as text is, from `x` for `w` pixels. */
export function letters(img: RgbaImage, x: number, y: number, w: number, h: number): void {
  for (let i = x; i < x + w; i += 3) for (let j = y; j < y + h; j++) paint(img, i, j, [30, 30, 30]);
}
