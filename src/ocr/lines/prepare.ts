/**
 * Turns one found line into the picture a recogniser reads best: dark text
 * on a white ground, full contrast, and tall enough.
 *
 * The ground is the most common grey inside the line box (screens are flat
 * colour); if the text is lighter than it, the line is negated. Contrast is
 * stretched per line so grey shortcut labels and greyed-out items read like
 * black text. Pixels outside the box are painted ground, so a neighbouring
 * row or a button outline never leaks into the crop.
 *
 * @module
 */

import { cropGrey, type Grey, scaledSize, scaleGrey } from "../../image/pixels.ts";
import type { Box } from "../../common/rect.ts";

/** Text about this tall (in pixels, ascender to descender) reads best. */
export const TARGET_HEIGHT = 34;
/** Never enlarge more than this. */
export const MAX_SCALE = 4;

/** A line prepared for recognition and how to map it back. */
export interface PreparedLine {
  image: Grey;
  /** Prepared pixels per source pixel. */
  scale: number;
  /** Source-image position of the prepared image's top-left corner. */
  originX: number;
  originY: number;
}

/** The most common value of a greyscale image (the flat ground of a UI line). */
export function groundLevel(g: Grey): number {
  const hist = new Int32Array(256);
  for (const v of g.data) hist[v]++;
  let best = 0;
  for (let v = 1; v < 256; v++) if (hist[v] > hist[best]) best = v;
  return best;
}

/** The median grey of a ring `gap` pixels outside a box (clipped to the image). */
export function ringLevel(g: Grey, box: Box, gap = 2): number {
  const values: number[] = [];
  const x0 = Math.max(0, box.x - gap), x1 = Math.min(g.width - 1, box.x + box.w - 1 + gap);
  const y0 = Math.max(0, box.y - gap), y1 = Math.min(g.height - 1, box.y + box.h - 1 + gap);
  for (let x = x0; x <= x1; x++) values.push(g.data[y0 * g.width + x], g.data[y1 * g.width + x]);
  for (let y = y0; y <= y1; y++) values.push(g.data[y * g.width + x0], g.data[y * g.width + x1]);
  values.sort((a, b) => a - b);
  return values[values.length >> 1];
}

/**
 * How `normalisePolarity` maps each grey, given how many of the image's
 * pixels hold each grey (`hist`) and its ground: the map depends on nothing
 * else, so each pixel is a table lookup.
 */
function polarityTable(hist: Int32Array, ground: number): Uint8Array {
  // Ink is whatever departs from the ground; its extreme decides polarity.
  let darker = 0, lighter = 0;
  let darkest = ground, lightest = ground;
  for (let v = 0; v < 256; v++) {
    if (!hist[v]) continue;
    if (v < ground - 24) darker += hist[v];
    else if (v > ground + 24) lighter += hist[v];
    if (v < darkest) darkest = v;
    if (v > lightest) lightest = v;
  }
  const inkIsLight = lighter > darker;
  const ink = inkIsLight ? lightest : darkest;
  const span = Math.max(1, Math.abs(ground - ink));
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    // Distance from the ground towards the ink, on the ink's side only.
    const d = inkIsLight ? v - ground : ground - v;
    const t = d <= 0 ? 0 : Math.min(1, d / span);
    table[v] = 255 - Math.round(t * 255);
  }
  return table;
}

/**
 * Maps ground to 255 and the strongest ink to 0, negating light-on-dark.
 * `ground` defaults to the most common grey. Returns a new image.
 */
export function normalisePolarity(g: Grey, ground = groundLevel(g)): Grey {
  const hist = new Int32Array(256);
  for (const v of g.data) hist[v]++;
  const table = polarityTable(hist, ground);
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = table[g.data[i]];
  return { width: g.width, height: g.height, data: out };
}

/** The upscale factor for text of a given height, enlarged towards `target` px. */
export function scaleFor(textHeight: number, target = TARGET_HEIGHT): number {
  return Math.max(1, Math.min(MAX_SCALE, target / Math.max(1, textHeight)));
}

/** The white margin around a prepared line with text `textHeight` tall. */
function linePad(textHeight: number): number {
  return Math.max(3, Math.round(textHeight * 0.35));
}

/**
 * The size of the image `prepareLine` makes of `box`, known before any pixel
 * is touched: stacks are planned by it, and each stack's lines are prepared
 * only when it is about to be read.
 */
export function preparedSize(
  box: { w: number; h: number },
  textHeight = box.h,
  target = TARGET_HEIGHT,
): { width: number; height: number } {
  const pad = linePad(textHeight);
  const width = box.w + pad * 2, height = box.h + pad * 2;
  const scale = scaleFor(textHeight, target);
  return scale === 1 ? { width, height } : scaledSize(width, height, scale);
}

/**
 * Cuts `box` out of `g`, normalises it, pads it with white and upscales it.
 * `textHeight` is the height of one row of text in it (a box may hold two);
 * `ground` is the grey of the surface the text sits on; `target` the text
 * height the engine reads best.
 */
export function prepareLine(
  g: Grey,
  box: Box,
  textHeight = box.h,
  ground = ringLevel(g, box),
  target = TARGET_HEIGHT,
): PreparedLine {
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.w <= g.width && box.y + box.h <= g.height;
  if (!inside) return preparedCrop(g, box, textHeight, ground, target);
  const hist = new Int32Array(256);
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let i = y * g.width + box.x, end = i + box.w; i < end; i++) hist[g.data[i]]++;
  }
  // The ground is measured next to the characters, not as the commonest grey in
  // the box: on a gradient title bar the commonest grey can be anything.
  const table = polarityTable(hist, ground);
  const pad = linePad(textHeight);
  const padded: Grey = {
    width: box.w + pad * 2,
    height: box.h + pad * 2,
    data: new Uint8Array((box.w + pad * 2) * (box.h + pad * 2)).fill(255),
  };
  // The box's pixels go through the table straight into the padded image: no crop is copied first.
  for (let row = 0; row < box.h; row++) {
    const from = (box.y + row) * g.width + box.x, to = (row + pad) * padded.width + pad;
    for (let x = 0; x < box.w; x++) padded.data[to + x] = table[g.data[from + x]];
  }
  return scaledLine(padded, box, pad, textHeight, target);
}

/** A padded line enlarged for the recogniser, with where it came from. */
function scaledLine(padded: Grey, box: Box, pad: number, textHeight: number, target: number): PreparedLine {
  const scale = scaleFor(textHeight, target);
  const image = scale === 1 ? padded : scaleGrey(padded, scale);
  return {
    image,
    scale: image.width / padded.width,
    // `| 0`: a whole number stored boxed would re-lay out every prepared line (find.ts, splitStacked).
    originX: (box.x - pad) | 0,
    originY: (box.y - pad) | 0,
  };
}

/** `prepareLine` of a box that reaches past the image: cropped first, as the crop clips it. */
function preparedCrop(g: Grey, box: Box, textHeight: number, ground: number, target: number): PreparedLine {
  const crop = normalisePolarity(cropGrey(g, { x: box.x, y: box.y, width: box.w, height: box.h }), ground);
  const pad = linePad(textHeight);
  const padded: Grey = {
    width: crop.width + pad * 2,
    height: crop.height + pad * 2,
    data: new Uint8Array((crop.width + pad * 2) * (crop.height + pad * 2)).fill(255),
  };
  for (let row = 0; row < crop.height; row++) {
    padded.data.set(
      crop.data.subarray(row * crop.width, (row + 1) * crop.width),
      (row + pad) * padded.width + pad,
    );
  }
  return scaledLine(padded, box, pad, textHeight, target);
}
