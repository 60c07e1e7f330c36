/**
 * PP-OCRv4's own text detector (DB), as the alternative to choto's line
 * finder: the frame at its own resolution (small UI fonts do not survive
 * shrinking), a text probability map from the model, and one box per
 * connected region of it, scored and grown back out by DB's unclip rule.
 * Boxes are axis-aligned: screen text is not rotated.
 *
 * @module
 */

import { openSession, ort } from "./packages.ts";
import type { RgbaImage } from "../../src/image/pixels.ts";
import type { Box } from "../../src/common/rect.ts";
import { MODEL_FILES } from "./models.ts";

/** PaddleOCR's DB defaults: map threshold, mean score a box needs, and how far a box grows back. */
export const DB_THRESHOLD = 0.3, DB_BOX_SCORE = 0.6, DB_UNCLIP = 1.5;
/** The model narrows its input 32-fold, so both sides are padded to multiples of 32. */
const DB_STEP = 32;
/** ImageNet's channel means and spreads, in the BGR order PaddleOCR feeds. */
const MEAN = [0.485, 0.456, 0.406], SPREAD = [0.229, 0.224, 0.225];

/** A detection session. */
export interface Detector {
  detect(frame: RgbaImage): Promise<Box[]>;
  close(): Promise<void>;
}

/**
 * Boxes of the connected regions of `map` (W x H) above DB_THRESHOLD whose
 * mean score reaches DB_BOX_SCORE, each grown by area x DB_UNCLIP /
 * perimeter (DB trains on shrunk regions), clipped to `width` x `height`;
 * top to bottom, then left to right.
 */
export function mapBoxes(map: Float32Array, W: number, H: number, width: number, height: number): Box[] {
  const seen = new Uint8Array(W * H);
  const todo = new Int32Array(W * H);
  const boxes: Box[] = [];
  for (let start = 0; start < W * H; start++) {
    if (seen[start] || map[start] <= DB_THRESHOLD) continue;
    let top = 0, n = 0, sum = 0, x0 = W, y0 = H, x1 = -1, y1 = -1;
    todo[top++] = start;
    seen[start] = 1;
    while (top) {
      const i = todo[--top], x = i % W, y = (i - x) / W;
      n++;
      sum += map[i];
      x0 = Math.min(x0, x), x1 = Math.max(x1, x), y0 = Math.min(y0, y), y1 = Math.max(y1, y);
      const next = [x > 0 ? i - 1 : -1, x < W - 1 ? i + 1 : -1, i - W, i + W];
      for (const j of next) {
        if (j < 0 || j >= W * H || seen[j] || map[j] <= DB_THRESHOLD) continue;
        seen[j] = 1;
        todo[top++] = j;
      }
    }
    const w = x1 - x0 + 1, h = y1 - y0 + 1;
    if (Math.min(w, h) < 3 || sum / n < DB_BOX_SCORE) continue;
    const grow = (w * h * DB_UNCLIP) / (2 * (w + h));
    const x = Math.max(0, Math.round(x0 - grow)), y = Math.max(0, Math.round(y0 - grow));
    const bw = Math.min(width, Math.round(x1 + 1 + grow)) - x,
      bh = Math.min(height, Math.round(y1 + 1 + grow)) - y;
    if (bw > 0 && bh > 0) boxes.push({ x, y, w: bw, h: bh });
  }
  return boxes.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The frame as the detector's input: [1, 3, H, W], BGR, ImageNet-normalised, padded with zeros. */
function frameTensor(frame: RgbaImage): { data: Float32Array; W: number; H: number } {
  const W = Math.ceil(frame.width / DB_STEP) * DB_STEP, H = Math.ceil(frame.height / DB_STEP) * DB_STEP;
  const plane = W * H;
  const data = new Float32Array(3 * plane);
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const k = (y * frame.width + x) * 4, j = y * W + x;
      for (let c = 0; c < 3; c++) data[j + c * plane] = (frame.data[k + 2 - c] / 255 - MEAN[c]) / SPREAD[c];
    }
  }
  return { data, W, H };
}

/**
 * Opens the shipped detection model in this thread with `threads` intra-op
 * threads (one frame at a time; a read blocks the event loop while it runs).
 */
export async function openDetector(threads: number): Promise<Detector> {
  const { session, input, output } = await openSession(MODEL_FILES.detection, threads);
  return {
    async detect(frame) {
      const { data, W, H } = frameTensor(frame);
      const out = (await session.run({ [input]: new ort.Tensor("float32", data, [1, 3, H, W]) }))[output];
      return mapBoxes(out.data as Float32Array, W, H, frame.width, frame.height);
    },
    close: () => session.release(),
  };
}
