/**
 * A keypad of outlined keys read key by key. Athena's xcalc draws each key
 * as a 1-pixel rectangle round its label, two pixels from the next: the
 * two sides between neighbouring keys fuse in the edge mask into one bar too
 * wide to pass for a box's side, labels that fill their key touch its
 * outline (`CE/C`, `trunc`), and a row of keys chains into one line read
 * with the sides inside it (`INV | sin cos | tan`). Many closed rectangles of
 * one size standing apart in rows and columns are a grid of keys, the
 * evidence no sheet gives (a sheet's cells share their rules with their
 * neighbours): their outlines are taken out of the edge mask,
 * and a line is cut wherever it crosses from one key into the next, each
 * key's label an element of its own.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";

/** How far a 1-pixel line differs from both its sides, at least (0..255), as the edge mask counts contrast. */
const LINE_CONTRAST = 28;
/** How far a side's pixels may stray from the top line's grey. */
const SAME_GREY = 24;
/** Pixels of a side that may stray from the outline's grey (a label touching a side leaves it whole). */
const SIDE_MISSES = 1;
/** A key's outline size in pixels, least and most. */
const MIN_W = 14, MAX_W = 240, MIN_H = 12, MAX_H = 80;
/** How far (px) the keys of one grid may differ in size or stray from their row and column. */
const ALIGN = 2;
/** Keys of one size a grid holds at least, and its rows and columns. */
const MIN_KEYS = 6, MIN_LINES = 2;

/** A 1-pixel horizontal line on a row: its first and last pixel and its grey. */
interface Run {
  y: number;
  x0: number;
  x1: number;
  grey: number;
}

/** Horizontal runs of pixels that differ from the pixels above and below them, the same way. */
function thinRuns(g: Grey): Run[] {
  const { width: w, height: h, data } = g;
  const runs: Run[] = [];
  const thin = (i: number) => {
    const v = data[i], up = v - data[i - w], down = v - data[i + w];
    return (up >= LINE_CONTRAST && down >= LINE_CONTRAST) || (up <= -LINE_CONTRAST && down <= -LINE_CONTRAST);
  };
  // A run kept is at least MIN_W - 2 (12) pixels long, so it holds a pixel of every fourth column:
  // only those are tried, and a run is followed out both ways from one that is thin.
  const step = 4;
  for (let y = 1; y < h - 1; y++) {
    const row = y * w;
    for (let x = 0; x < w; x += step) {
      if (!thin(row + x)) continue;
      let start = x, end = x + 1;
      while (start > 0 && thin(row + start - 1)) start--;
      while (end < w && thin(row + end)) end++;
      if (end - start >= MIN_W - 2 && end - start <= MAX_W) {
        runs.push({ y, x0: start, x1: end - 1, grey: data[row + start] });
      }
      // The next column tried is past the run's end, which is no thin pixel.
      while (x + step <= end) x += step;
    }
  }
  return runs;
}

/** Whether column `x` from row `y0` to `y1` is drawn in `grey` (a side of a box). */
function isSide(g: Grey, x: number, y0: number, y1: number, grey: number): boolean {
  if (x < 0 || x >= g.width) return false;
  // Whole, or nearly: one box's bottom and the next one's top are no box, the gap between them breaks its sides.
  let misses = 0;
  for (let y = y0; y <= y1 && misses <= SIDE_MISSES; y++) {
    if (Math.abs(g.data[y * g.width + x] - grey) > SAME_GREY) misses++;
  }
  return misses <= SIDE_MISSES;
}

/** The left or right side of the box a top run starts or ends: the corner column or the run's own end. */
function sideAt(g: Grey, xs: number[], y0: number, y1: number, grey: number): number | null {
  return xs.find((x) => isSide(g, x, y0 + 1, y1 - 1, grey)) ?? null;
}

/** The closed 1-pixel rectangles of `g` of a key's size. */
export function outlinedBoxes(g: Grey): Box[] {
  const runs = thinRuns(g);
  const byStart = new Map<number, Run[]>();
  for (const r of runs) {
    const list = byStart.get(r.x0);
    if (list) list.push(r);
    else byStart.set(r.x0, [r]);
  }
  const boxes: Box[] = [];
  for (const top of runs) {
    const below = [top.x0 - 1, top.x0, top.x0 + 1].flatMap((x) => byStart.get(x) ?? [])
      .filter((b) =>
        b.y - top.y >= MIN_H - 1 && b.y - top.y <= MAX_H && Math.abs(b.x1 - top.x1) <= 1 &&
        Math.abs(b.grey - top.grey) <= SAME_GREY
      )
      .sort((a, b) => a.y - b.y);
    for (const bottom of below) {
      const left = sideAt(g, [top.x0 - 1, top.x0], top.y, bottom.y, top.grey);
      const right = left === null ? null : sideAt(g, [top.x1 + 1, top.x1], top.y, bottom.y, top.grey);
      if (left === null || right === null) continue;
      boxes.push({ x: left, y: top.y, w: right - left + 1, h: bottom.y - top.y + 1 });
      break;
    }
  }
  return boxes;
}

/** Values within `ALIGN` of each other put together, each group by its least value. */
function clusters(values: number[]): number[] {
  const out: number[] = [];
  for (const v of [...values].sort((a, b) => a - b)) {
    if (!out.length || v - out[out.length - 1] > ALIGN) out.push(v);
  }
  return out;
}

/** Whether two boxes share any pixel. */
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Whether lines starting at `starts` (sorted), each `size` long, leave a gap between each and the next. */
function apart(starts: readonly number[], size: number): boolean {
  return starts.every((v, i) => i === 0 || v - starts[i - 1] >= size + 1);
}

/**
 * The keys of the keypad grids among `boxes`: boxes of one size in at least
 * two rows and two columns, standing apart, and the cells of those rows and columns where a
 * key is drawn otherwise (a hovered or pressed key's thicker outline).
 */
export function gridKeys(boxes: readonly Box[]): Box[] {
  const keys: Box[] = [];
  const left = [...boxes];
  while (left.length) {
    const seed = left[0];
    const same = left.filter((b) => Math.abs(b.w - seed.w) <= ALIGN && Math.abs(b.h - seed.h) <= ALIGN);
    for (const b of same) left.splice(left.indexOf(b), 1);
    const rows = clusters(same.map((b) => b.y)), cols = clusters(same.map((b) => b.x));
    if (same.length < MIN_KEYS || rows.length < MIN_LINES || cols.length < MIN_LINES) continue;
    // Keys stand apart, each with sides of its own; a sheet's cells share their rules with their neighbours.
    if (!apart(cols, seed.w) || !apart(rows, seed.h)) continue;
    for (const y of rows) {
      for (const x of cols) {
        const drawn = same.find((b) => Math.abs(b.x - x) <= ALIGN && Math.abs(b.y - y) <= ALIGN);
        const cell = drawn ?? { x, y, w: seed.w, h: seed.h };
        // A key of another size there (xcalc -rpn's ENTER, two rows tall) is that key, not this cell.
        if (drawn || !boxes.some((b) => overlaps(b, cell))) keys.push(cell);
      }
    }
  }
  return keys;
}

/** The keys of the keypad grids drawn in `g` (see the module note), none where it has no such grid. */
export function keyGrid(g: Grey): Box[] {
  return gridKeys(outlinedBoxes(g));
}

/** `mask` (`w` wide) less the outlines of `keys`, as the edge mask has them (a pixel either side), in a copy. */
export function withoutKeyOutlines(mask: Uint8Array, w: number, keys: readonly Box[]): Uint8Array {
  const out = mask.slice();
  const h = out.length / w;
  const clear = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = Math.max(0, y0); y <= Math.min(h - 1, y1); y++) {
      out.fill(0, y * w + Math.max(0, x0), y * w + Math.min(w - 1, x1) + 1);
    }
  };
  for (const k of keys) {
    const x1 = k.x + k.w - 1, y1 = k.y + k.h - 1;
    clear(k.x - 1, k.y - 1, x1 + 1, k.y + 1);
    clear(k.x - 1, y1 - 1, x1 + 1, y1 + 1);
    clear(k.x - 1, k.y - 1, k.x + 1, y1 + 1);
    clear(x1 - 1, k.y - 1, x1 + 1, y1 + 1);
  }
  return out;
}

/** A line as find.ts chains it: its box and its components. */
export interface KeyedLine<P extends Box> extends Box {
  blobs: P[];
  afterSide?: boolean;
}

/** The key whose inside holds the centre of `b`, or -1. */
function keyOf(b: Box, keys: readonly Box[]): number {
  const cx = b.x + b.w / 2, cy = b.y + b.h / 2;
  return keys.findIndex((k) => cx > k.x && cx < k.x + k.w - 1 && cy > k.y && cy < k.y + k.h - 1);
}

/**
 * `line` cut where its components pass from one key into another; each
 * piece in a key starts an element (`afterSide`), a line outside every key
 * is left as it is.
 */
export function splitAtKeys<P extends Box>(line: KeyedLine<P>, keys: readonly Box[]): KeyedLine<P>[] {
  if (!keys.length) return [line];
  const sorted = [...line.blobs].sort((a, b) => a.x - b.x);
  const owners = sorted.map((b) => keyOf(b, keys));
  if (owners.every((k) => k < 0)) return [line];
  const pieces: Array<{ key: number; blobs: P[] }> = [];
  sorted.forEach((b, i) => {
    const last = pieces[pieces.length - 1];
    if (last && last.key === owners[i]) last.blobs.push(b);
    else pieces.push({ key: owners[i], blobs: [b] });
  });
  return pieces.map(({ key, blobs }) => {
    const x = Math.min(...blobs.map((b) => b.x)), y = Math.min(...blobs.map((b) => b.y));
    const x2 = Math.max(...blobs.map((b) => b.x + b.w)), y2 = Math.max(...blobs.map((b) => b.y + b.h));
    const keyed = key >= 0 || line.afterSide === true;
    return { x, y, w: x2 - x, h: y2 - y, blobs, ...(keyed ? { afterSide: true } : {}) };
  });
}

/**
 * The box whose surroundings give `b`'s ground: `b` itself, drawn in to
 * three pixels inside its key's outline when it sits in a key, so a label
 * touching the outline is not taken for a label on the outline's colour.
 */
export function groundBox(b: Box, keys: readonly Box[]): Box {
  const k = keys[keyOf(b, keys)];
  if (!k) return b;
  const x = Math.max(b.x, k.x + 3), y = Math.max(b.y, k.y + 3);
  const x2 = Math.max(x + 1, Math.min(b.x + b.w, k.x + k.w - 3)),
    y2 = Math.max(y + 1, Math.min(b.y + b.h, k.y + k.h - 3));
  return { x, y, w: x2 - x, h: y2 - y };
}
