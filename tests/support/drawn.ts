/**
 * Drawing on a blank frame for tests of what is told from pixels: a white
 * frame, one pixel, a label's letters as strokes, and a checkbox.
 *
 * @module
 */

import type { RgbaImage } from "../../src/image/pixels.ts";
import type { Element } from "../../src/ocr/types.ts";

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

/** A 13 px checkbox at (x, y): a grey outline, or a blue fill with a white tick when checked. */
export function checkbox(img: RgbaImage, x: number, y: number, checked: boolean): void {
  for (let i = 0; i < 13; i++) {
    for (let j = 0; j < 13; j++) {
      const edge = i === 0 || j === 0 || i === 12 || j === 12;
      if (checked) {
        paint(
          img,
          x + i,
          y + j,
          edge || Math.abs(j - 8 + (i > 5 ? i - 5 : 5 - i) / 2) > 1 ? [0, 100, 220] : [255, 255, 255],
        );
      } else if (edge) paint(img, x + i, y + j, [118, 118, 118]);
    }
  }
}

/** A 13 px tall label element read at (x, y), `w` wide, at 0.9 confidence. */
export const label = (text: string, x: number, y: number, w: number): Element => ({
  text,
  x,
  y,
  w,
  h: 13,
  cx: x + Math.round(w / 2),
  cy: y + 6,
  conf: 0.9,
});
