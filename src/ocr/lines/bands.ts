/**
 * Selected text read like any other: a selection highlight (a focused list
 * row, a dark button) is a flat band darker than the surface around it with
 * light text on it. Left as it is, the band's ends fuse with the first and
 * last letters into components on a different ground from the letters
 * between them, so the line is cut into pieces (`Se lected heading he re`),
 * or the band is taken for a drawing. Here each such band is repainted
 * before lines are found: its ground becomes the surrounding surface and
 * its text dark ink in proportion to how far it departs from the band, so
 * the band's outline vanishes and the text looks like its neighbours'.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";
import type { Box } from "../../common/rect.ts";

/** A row's run of one grey at least this long can be a band's padding row. */
export const BAND_RUN = 24;
/** Rows of a band without such a run (its text rows) allowed between two that have one. */
export const BAND_GAP = 24;
/** A band darker than its surroundings by more than this (0..255) is inverted text's ground. */
export const BAND_CONTRAST = 40;
/** Bands shorter than this hold no text; taller ones are a dark pane, read as a whole already. */
export const BAND_HEIGHT = { min: 8, max: 120 };

/** The side of the square at each band corner painted as the surface around it (a rounded corner). */
export const CORNER = 4;

/** A flat band found in a grey image, with its grey and the surface around it. */
export interface Band extends Box {
  /** The band's own grey. */
  level: number;
  /** The grey of the surface just above and below it. */
  outer: number;
}

interface OpenBand {
  level: number;
  x0: number;
  x1: number;
  y0: number;
  /** Last row with a run of the band's grey. */
  y1: number;
}

/**
 * Runs of one grey at least `BAND_RUN` long in row `y`: [x0, x1, level].
 * `words` is `g`'s pixels four at a time, when they line up.
 */
function longRuns(g: Grey, y: number, words: Uint32Array | null): Array<[number, number, number]> {
  const runs: Array<[number, number, number]> = [];
  const row = y * g.width, w = g.width, data = g.data;
  for (let x = 0; x < w;) {
    const v = data[row + x], four = v * 0x01010101;
    let end = x + 1;
    while (end < w && data[row + end] === v) {
      end++;
      // Most of a row is a few long runs: where four pixels line up they are passed over at once.
      if (words) {
        while (((row + end) & 3) === 0 && end + 4 <= w && words[(row + end) >> 2] === four) end += 4;
      }
    }
    if (end - x >= BAND_RUN) runs.push([x, end, v]);
    x = end;
  }
  return runs;
}

/** The median grey of row `y` between x0 and x1, or undefined outside the image. */
function rowMedian(g: Grey, y: number, x0: number, x1: number): number | undefined {
  if (y < 0 || y >= g.height) return undefined;
  const values = Array.from(g.data.subarray(y * g.width + x0, y * g.width + x1)).sort((a, b) => a - b);
  return values[values.length >> 1];
}

/**
 * Whether column `x` is the band's grey in most rows from y0 to y1 (a rectangle's side; a letter
 * drawn up to the band's edge may touch it in a few rows).
 */
function sideIsBand(g: Grey, x: number, y0: number, y1: number, level: number): boolean {
  let on = 0;
  for (let y = y0; y <= y1; y++) on += Math.abs(g.data[y * g.width + x] - level) <= 12 ? 1 : 0;
  return on >= 0.7 * (y1 - y0 + 1);
}

/** The band `b` is, when it is a dark band with light text on a lighter surface; else null. */
function accepted(g: Grey, b: OpenBand): Band | null {
  const h = b.y1 - b.y0 + 1, w = b.x1 - b.x0;
  if (h < BAND_HEIGHT.min || h > BAND_HEIGHT.max || w < BAND_RUN) return null;
  if (!sideIsBand(g, b.x0, b.y0, b.y1, b.level) || !sideIsBand(g, b.x1 - 1, b.y0, b.y1, b.level)) {
    return null;
  }
  const above = rowMedian(g, b.y0 - 1, b.x0, b.x1), below = rowMedian(g, b.y1 + 1, b.x0, b.x1);
  const around = [above, below].filter((v): v is number => v !== undefined);
  if (!around.length || around.some((v) => v - b.level <= BAND_CONTRAST)) return null;
  let light = 0;
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) if (g.data[y * g.width + x] > b.level + BAND_CONTRAST) light++;
  }
  if (light < 12) return null;
  return { x: b.x0, y: b.y0, w, h, level: b.level, outer: Math.min(...around) };
}

/** The dark bands with light text in `g` (see the module comment), top to bottom. */
export function darkBands(g: Grey): Band[] {
  const open: OpenBand[] = [];
  const found: Band[] = [];
  const close = (b: OpenBand) => {
    const band = accepted(g, b);
    if (band) found.push(band);
  };
  const words = g.data.byteOffset % 4 === 0
    ? new Uint32Array(g.data.buffer, g.data.byteOffset, g.data.length >> 2)
    : null;
  for (let y = 0; y < g.height; y++) {
    for (let i = open.length - 1; i >= 0; i--) {
      if (y - open[i].y1 > BAND_GAP) close(open.splice(i, 1)[0]);
    }
    for (const [x0, x1, level] of longRuns(g, y, words)) {
      const same = open.find((b) =>
        b.level === level && Math.min(b.x1, x1) - Math.max(b.x0, x0) >= 0.5 * Math.min(b.x1 - b.x0, x1 - x0)
      );
      if (same) {
        // A band's padding rows run its full width; a text row's runs are shorter pieces of it.
        if (x1 - x0 >= same.x1 - same.x0 - 2) {
          same.x0 = Math.min(same.x0, x0), same.x1 = Math.max(same.x1, x1);
        }
        same.y1 = y;
      } else open.push({ level, x0, x1, y0: y, y1: y });
    }
  }
  open.forEach(close);
  return found.sort((a, b) => a.y - b.y || a.x - b.x);
}

/**
 * Repaints each dark band of `g` (in place) as dark text on the surface
 * around it, and returns `g`.
 */
export function flattenBands(g: Grey): Grey {
  for (const b of darkBands(g)) {
    let span = 1;
    for (let y = b.y; y < b.y + b.h; y++) {
      for (let x = b.x; x < b.x + b.w; x++) {
        span = Math.max(span, Math.abs(g.data[y * g.width + x] - b.level));
      }
    }
    for (let y = b.y; y < b.y + b.h; y++) {
      for (let x = b.x; x < b.x + b.w; x++) {
        const i = y * g.width + x;
        g.data[i] = Math.round(b.outer * (1 - Math.min(1, Math.abs(g.data[i] - b.level) / span)));
      }
    }
    // A rounded corner's smoothed pixels are no text: repainted they would be read as dots.
    const r = Math.min(CORNER, b.h >> 2);
    for (
      const [cx, cy] of [[b.x, b.y], [b.x + b.w - r, b.y], [b.x, b.y + b.h - r], [
        b.x + b.w - r,
        b.y + b.h - r,
      ]]
    ) {
      for (let y = cy; y < cy + r; y++) g.data.fill(b.outer, y * g.width + cx, y * g.width + cx + r);
    }
  }
  return g;
}
