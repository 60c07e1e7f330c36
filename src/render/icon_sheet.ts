/**
 * The naming sheet: unnamed glyph crops at their real pixel size in a
 * numbered grid, one PNG. Numbers are drawn with a small built-in digit font,
 * so the sheet needs nothing but the image codec (image/codec.ts).
 *
 * @module
 */

import { encodePng } from "../image/codec.ts";
import type { RgbaImage } from "../image/pixels.ts";
import { DIGITS } from "../image/draw.ts";

/** Side of one cell in pixels: a 64 px glyph plus its number band and margins. */
const CELL = 84;
const BAND = 16;
/** Cells per row. */
export const SHEET_COLUMNS = 8;
/** Cells per sheet (8 x 5 grid: 672 x 420 px, far under 1568 px and 1 MB). */
export const SHEET_CELLS = 40;

function fill(img: RgbaImage, x: number, y: number, w: number, h: number, rgb: [number, number, number]) {
  for (let yy = Math.max(0, y); yy < Math.min(img.height, y + h); yy++) {
    for (let xx = Math.max(0, x); xx < Math.min(img.width, x + w); xx++) {
      const i = (yy * img.width + xx) * 4;
      img.data[i] = rgb[0];
      img.data[i + 1] = rgb[1];
      img.data[i + 2] = rgb[2];
      img.data[i + 3] = 255;
    }
  }
}

function drawNumber(img: RgbaImage, n: number, x: number, y: number) {
  let cx = x;
  for (const ch of String(n)) {
    // Drawn at 2x.
    const bits = DIGITS[Number(ch)];
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 3; c++) {
        if (bits[r * 3 + c] === "1") fill(img, cx + c * 2, y + r * 2, 2, 2, [0, 0, 0]);
      }
    }
    cx += 8;
  }
}

function blit(dst: RgbaImage, src: RgbaImage, x: number, y: number) {
  const w = Math.min(src.width, CELL - 4);
  const h = Math.min(src.height, CELL - BAND - 4);
  for (let yy = 0; yy < h; yy++) {
    for (let xx = 0; xx < w; xx++) {
      const s = (yy * src.width + xx) * 4;
      const d = ((y + yy) * dst.width + x + xx) * 4;
      const a = src.data[s + 3] / 255;
      for (let c = 0; c < 3; c++) {
        dst.data[d + c] = Math.round(src.data[s + c] * a + dst.data[d + c] * (1 - a));
      }
      dst.data[d + 3] = 255;
    }
  }
}

/**
 * Lays out crops (at most SHEET_CELLS) numbered from `first`, row by row,
 * each at real size on a white cell under its number, and encodes the PNG.
 */
export async function iconSheet(crops: RgbaImage[], first = 1): Promise<Uint8Array> {
  const cols = Math.min(SHEET_COLUMNS, Math.max(1, crops.length));
  const rows = Math.ceil(crops.length / cols);
  const img: RgbaImage = {
    width: cols * CELL,
    height: rows * CELL,
    data: new Uint8Array(cols * CELL * rows * CELL * 4),
  };
  fill(img, 0, 0, img.width, img.height, [200, 200, 200]);
  crops.forEach((crop, i) => {
    const x = (i % cols) * CELL;
    const y = Math.floor(i / cols) * CELL;
    fill(img, x + 1, y + 1, CELL - 2, CELL - 2, [255, 255, 255]);
    drawNumber(img, first + i, x + 4, y + 3);
    const gx = x + Math.max(2, Math.floor((CELL - crop.width) / 2));
    const gy = y + BAND + Math.max(2, Math.floor((CELL - BAND - crop.height) / 2));
    blit(img, crop, gx, gy);
  });
  return await encodePng(img);
}
