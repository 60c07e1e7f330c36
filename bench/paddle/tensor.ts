/**
 * A grey line crop as the PP-OCR recogniser's input: float32 [1, 3, 48, W],
 * resized to 48 rows keeping its aspect, pixels scaled to -1..1 (PaddleOCR's
 * normalisation), the same value in all three channels.
 *
 * @module
 */

import type { Grey } from "../../src/image/pixels.ts";

/** Rows of every input line: the model refuses any other height. */
export const REC_HEIGHT = 48;
/** Input columns per output time step (the model narrows width by 8). */
export const REC_STRIDE = 8;

/** Columns the crop takes at REC_HEIGHT rows, rounded up to whole time steps (two at least). */
export function tensorColumns(g: Grey): number {
  const w = Math.max(1, Math.round((g.width * REC_HEIGHT) / g.height));
  return Math.max(2, Math.ceil(w / REC_STRIDE)) * REC_STRIDE;
}

/** The model input for one crop, and its scale: tensor columns per crop pixel. */
export function lineTensor(g: Grey): { data: Float32Array; dims: number[]; scale: number } {
  const W = tensorColumns(g), H = REC_HEIGHT;
  const w = Math.min(W, Math.max(1, Math.round((g.width * H) / g.height)));
  const plane = H * W;
  // Columns right of the text stay 0, the mid grey PaddleOCR pads with.
  const data = new Float32Array(3 * plane);
  const sx = g.width / w, sy = g.height / H;
  for (let y = 0; y < H; y++) {
    const fy = Math.min(g.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy), y1 = Math.min(g.height - 1, y0 + 1), wy = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(g.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx), x1 = Math.min(g.width - 1, x0 + 1), wx = fx - x0;
      const top = g.data[y0 * g.width + x0] * (1 - wx) + g.data[y0 * g.width + x1] * wx;
      const bottom = g.data[y1 * g.width + x0] * (1 - wx) + g.data[y1 * g.width + x1] * wx;
      const v = (top * (1 - wy) + bottom * wy) / 127.5 - 1;
      const k = y * W + x;
      data[k] = data[k + plane] = data[k + 2 * plane] = v;
    }
  }
  return { data, dims: [1, 3, H, W], scale: w / g.width };
}
