/**
 * Icon detection + hashing per 1440x900 frame (target 30 ms), on the hand-
 * labelled toolbar fixtures: the glyphs of the app window (what observe
 * does), and of the whole frame with no OCR words to mask (the worst case:
 * every word is a candidate, and each candidate is hashed).
 *
 * Run with `deno task bench` or `deno bench --allow-read --allow-env --allow-ffi --allow-sys bench/icons.bench.ts`.
 */

import { loadIconFixtures } from "./icon_score.ts";
import { findIconBoxes } from "../src/perceive/icon_boxes.ts";
import { cropImage, drawingHash } from "../src/perceive/phash.ts";
import type { Rect } from "../src/common/rect.ts";
import type { RgbaImage } from "../src/image/pixels.ts";

const fixtures = await loadIconFixtures();

function detectAndHash(frame: RgbaImage, region: Rect): number {
  let n = 0;
  for (const g of findIconBoxes(frame, region, [])) {
    drawingHash(cropImage(frame, g));
    n++;
  }
  return n;
}

for (const f of fixtures) {
  Deno.bench(`${f.name}: app window`, { group: "window" }, () => {
    detectAndHash(f.frame, f.windows[0]);
  });
  Deno.bench(`${f.name}: whole 1440x900 frame`, { group: "frame" }, () => {
    detectAndHash(f.frame, { x: 0, y: 0, width: f.frame.width, height: f.frame.height });
  });
}
