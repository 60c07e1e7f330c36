/**
 * Line crops for a one-row CTC recogniser, from choto's line finder: a box
 * holding two touching rows is cut into one line per row (libtesseract reads
 * such a box as a block, the CTC model reads one row and garbles it), and
 * each line is cut out on its own, made dark on white and given a white
 * margin, so no neighbouring row or outline leaks into the crop.
 *
 * @module
 */

import { cropGrey, type Grey } from "../../src/image/pixels.ts";
import { rowHeight, type TextLine } from "../../src/ocr/lines/find.ts";
import { lineGround, surfaceBox } from "../../src/ocr/lines/ground.ts";
import { normalisePolarity, ringLevel } from "../../src/ocr/lines/prepare.ts";

/** White margin around the line box, in text heights (0.15 and 0.35 read worse on the fixtures). */
export const MARGIN = 0.25;
/** Crops lower than this are grown: a lone `-` or `.` is too little for the model. */
const MIN_CROP_HEIGHT = 16;
/** Grey steps from the ground that count as ink when looking for the gap between two rows. */
const INK_STEP = 40;

/** A line ready for the recogniser: the crop, its left edge on the screen, one row's height. */
export interface LineCrop {
  line: TextLine;
  crop: Grey;
  cropX: number;
  textHeight: number;
}

/** `g` with `px` columns and `py` rows of white on each side. */
function padWhite(g: Grey, px: number, py: number): Grey {
  const width = g.width + 2 * px, height = g.height + 2 * py;
  const data = new Uint8Array(width * height).fill(255);
  for (let r = 0; r < g.height; r++) {
    data.set(g.data.subarray(r * g.width, (r + 1) * g.width), (r + py) * width + px);
  }
  return { width, height, data };
}

/** The line's box (its surface, when it sits on one) cut out, dark on white, with a white margin. */
export function cropLine(grey: Grey, line: TextLine): LineCrop {
  const textHeight = rowHeight(line);
  const ground = lineGround(line, grey);
  const box = surfaceBox(grey, line, ground);
  const m = Math.max(2, Math.round(textHeight * MARGIN));
  const grow = Math.max(0, Math.ceil((MIN_CROP_HEIGHT - box.h - 2 * m) / 2));
  const inner = cropGrey(grey, { x: box.x, y: box.y, width: box.w, height: box.h });
  const crop = padWhite(normalisePolarity(inner, ground ?? ringLevel(grey, line)), m, m + grow);
  return { line, crop, cropX: box.x - m, textHeight };
}

/** The smallest box around a line's blobs. */
function fitBlobs(blobs: TextLine["blobs"]): TextLine {
  const x = Math.min(...blobs.map((b) => b.x)), y = Math.min(...blobs.map((b) => b.y));
  const x1 = Math.max(...blobs.map((b) => b.x + b.w)), y1 = Math.max(...blobs.map((b) => b.y + b.h));
  return { x, y, w: x1 - x, h: y1 - y, blobs };
}

/**
 * One line per row of `line`: a box at least 1.6 text heights tall is cut at
 * its pixel row with the least ink, 0.6-1.4 text heights from the top; each
 * blob goes to the side(s) it reaches into, clipped at the cut, and each side
 * is cut again if it still holds two rows.
 */
export function splitRows(grey: Grey, line: TextLine): TextLine[] {
  const textHeight = rowHeight(line);
  if (line.h < textHeight * 1.6) return [line];
  const ground = lineGround(line, grey) ?? ringLevel(grey, line);
  const ink = new Int32Array(line.h);
  for (let r = 0; r < line.h; r++) {
    const row = (line.y + r) * grey.width;
    for (let x = line.x; x < line.x + line.w; x++) {
      if (Math.abs(grey.data[row + x] - ground) > INK_STEP) ink[r]++;
    }
  }
  const from = Math.round(textHeight * 0.6), to = Math.min(line.h - 4, Math.round(textHeight * 1.4));
  let cut = -1;
  for (let r = from; r <= to; r++) if (cut < 0 || ink[r] < ink[cut]) cut = r;
  if (cut < 0) return [line];
  const at = line.y + cut;
  const above = line.blobs.filter((b) => b.y < at).map((b) => ({ ...b, h: Math.min(b.h, at - b.y) }));
  const below = line.blobs.filter((b) => b.y + b.h > at)
    .map((b) => ({ ...b, y: Math.max(b.y, at), h: b.y + b.h - Math.max(b.y, at) }));
  return [above, below].filter((blobs) => blobs.length).flatMap((blobs) => splitRows(grey, fitBlobs(blobs)));
}
