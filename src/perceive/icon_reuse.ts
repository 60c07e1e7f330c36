/**
 * Icon shapes kept from the last look where the pixels did not change
 * (the same reasoning as lines/reuse.ts): the ink mask of a row, long runs
 * cleared, depends only on the frame's rows within `REACH` of it, so only
 * rows that near a changed row are masked again; rows with no ink cut the
 * window into strips no shape crosses, and a strip whose ink rows are as
 * they were keeps its shapes. The shapes are those `iconShapes` finds on the
 * whole window.
 *
 * @module
 */

import type { Box, Rect } from "../common/rect.ts";
import type { RgbaImage } from "../image/pixels.ts";
import { ChangedRows } from "../image/changed_rows.ts";
import { clearLongRuns, components, DEFAULTS, iconShapes, iconSized, inkMask } from "./icon_boxes.ts";

/** Runs longer than this are cleared as rules (`iconShapes`' own limit). */
const LONG = DEFAULTS.maxSide + 8;
/** Rows of the frame one row of the cleared mask depends on, either side. */
const REACH = LONG + 3;

interface Finding {
  frame: RgbaImage;
  region: string;
  x0: number;
  y0: number;
  w: number;
  h: number;
  ink: Uint8Array;
  shapes: Box[];
}

/** The cleared ink of rows `top`..`bottom` of a `w`-wide region at (x0, y0), `h` rows tall, into `out`. */
function inkRows(
  frame: RgbaImage,
  x0: number,
  y0: number,
  w: number,
  h: number,
  top: number,
  bottom: number,
  out: Uint8Array,
): void {
  const a = Math.max(0, top - REACH), b = Math.min(h - 1, bottom + REACH);
  const ink = inkMask(frame, x0, y0 + a, w, b - a + 1, DEFAULTS.contrast);
  clearLongRuns(ink, w, b - a + 1, LONG);
  out.set(ink.subarray((top - a) * w, (bottom - a + 1) * w), top * w);
}

const rowHasInk = (ink: Uint8Array, w: number, y: number) => {
  for (let i = y * w, end = i + w; i < end; i++) if (ink[i]) return true;
  return false;
};

const sameRow = (a: Uint8Array, b: Uint8Array, w: number, y: number) => {
  for (let i = y * w, end = i + w; i < end; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** `iconShapes` with the default options, keeping the last window's finding between looks. */
export class IconShapeFinder {
  #last: Finding | null = null;

  /** The icon-shaped drawings in `region` of `frame` (as `iconShapes(frame, region)`). */
  find(frame: RgbaImage, region: Rect): Box[] {
    const x0 = Math.max(0, Math.round(region.x));
    const y0 = Math.max(0, Math.round(region.y));
    const w = Math.min(frame.width, Math.round(region.x + region.width)) - x0;
    const h = Math.min(frame.height, Math.round(region.y + region.height)) - y0;
    if (w < 3 || h < 3) return iconShapes(frame, region);
    const key = `${x0},${y0},${w},${h}`;
    const last = this.#last;
    let ink: Uint8Array;
    let shapes: Box[];
    if (
      !last || last.region !== key || last.frame.width !== frame.width || last.frame.height !== frame.height
    ) {
      ink = inkMask(frame, x0, y0, w, h, DEFAULTS.contrast);
      clearLongRuns(ink, w, h, LONG);
      shapes = iconSized(components(ink, w, h, 0), DEFAULTS, x0, y0, w, h);
    } else ({ ink, shapes } = again(frame, last, ChangedRows.between(last.frame, frame)));
    this.#last = { frame, region: key, x0, y0, w, h, ink, shapes };
    return shapes.map((b) => ({ ...b }));
  }
}

function again(frame: RgbaImage, last: Finding, changed: ChangedRows): { ink: Uint8Array; shapes: Box[] } {
  const { x0, y0, w, h } = last;
  const ink = last.ink.slice();
  // Masked again: rows within REACH of a changed row, changed rows less than 2 * REACH apart taken as one.
  for (let y = 0; y < h; y++) {
    if (changed.clean(y0 + y, y0 + y)) continue;
    let end = y;
    while (end + 1 < h && !changed.clean(y0 + end + 1, y0 + end + 1 + 2 * REACH)) end++;
    inkRows(frame, x0, y0, w, h, Math.max(0, y - REACH), Math.min(h - 1, end + REACH), ink);
    y = end;
  }
  const shapes: Box[] = [];
  for (let y = 0; y < h; y++) {
    if (!rowHasInk(ink, w, y)) continue;
    let end = y;
    while (end + 1 < h && rowHasInk(ink, w, end + 1)) end++;
    let same = true;
    for (let r = Math.max(0, y - 1); r <= Math.min(h - 1, end + 1) && same; r++) {
      same = sameRow(ink, last.ink, w, r);
    }
    if (same) shapes.push(...last.shapes.filter((b) => b.y - y0 >= y && b.y - y0 <= end));
    else shapes.push(...iconSized(components(ink, w, h, 0, y, end), DEFAULTS, x0, y0, w, h));
    y = end;
  }
  return { ink, shapes };
}
