/**
 * Finding wordless icons in a window: compact drawings that no OCR word
 * covers, sized like a control (roughly 8 to 64 pixels). Controls sit on
 * flat backgrounds, so a drawing is where neighbouring pixels differ; pieces
 * a few pixels apart (the dots of an arrow, a badge on a page) belong to one
 * drawing, and anything long (rules, scroll bars, frames) or large (photos,
 * the document) is not a control.
 *
 * @module
 */

import type { Box, Rect } from "../common/rect.ts";
import type { RgbaImage } from "../image/pixels.ts";
import { inkParts } from "../image/ink_parts.ts";

/** Tuning of the detector; the defaults suit toolbars drawn at 1x or 2x. */
export interface IconBoxOptions {
  /** Smallest channel difference between neighbours that counts as ink. */
  contrast?: number;
  /** Pieces this many pixels apart or closer join into one drawing. */
  join?: number;
  /** Size limits of a drawing's long side, in pixels. */
  minSide?: number;
  maxSide?: number;
  /** Smallest short side: thinner shapes are rules and underlines. */
  minThickness?: number;
  /** Largest ratio of long to short side. */
  maxAspect?: number;
}

export const DEFAULTS: Required<IconBoxOptions> = {
  contrast: 22,
  join: 0,
  minSide: 9,
  maxSide: 64,
  minThickness: 7,
  maxAspect: 3,
};

/**
 * The icon-sized drawings inside `region` of `frame`. `words` are the OCR boxes read
 * there: their pixels are not ink, so an icon beside a label is still found
 * and a word is never taken for an icon.
 */
export function findIconBoxes(
  frame: RgbaImage,
  region: Rect,
  words: ReadonlyArray<Box & { segments?: Box[] }>,
  options: IconBoxOptions = {},
): Box[] {
  return iconsBesideText(iconShapes(frame, region, options), words);
}

/**
 * The drawings of icon size and shape inside `region`, lettering included:
 * found from the pixels alone, so this runs while the text is still being
 * read; `iconsBesideText` then leaves out those that are words.
 */
export function iconShapes(frame: RgbaImage, region: Rect, options: IconBoxOptions = {}): Box[] {
  const o = { ...DEFAULTS, ...options };
  const x0 = Math.max(0, Math.round(region.x));
  const y0 = Math.max(0, Math.round(region.y));
  const x1 = Math.min(frame.width, Math.round(region.x + region.width));
  const y1 = Math.min(frame.height, Math.round(region.y + region.height));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 3 || h < 3) return [];
  const ink = inkMask(frame, x0, y0, w, h, o.contrast);
  clearLongRuns(ink, w, h, o.maxSide + 8);
  return iconSized(components(ink, w, h, o.join), o, x0, y0, w, h);
}

/** The pieces (in a `w` x `h` region at `x0`, `y0`) sized and shaped like an icon, in screen pixels. */
export function iconSized(
  boxes: readonly Box[],
  o: Required<IconBoxOptions>,
  x0: number,
  y0: number,
  w: number,
  h: number,
): Box[] {
  const out: Box[] = [];
  for (const b of boxes) {
    const long = Math.max(b.w, b.h);
    const short = Math.min(b.w, b.h);
    if (long < o.minSide || long > o.maxSide + 2 || short < o.minThickness) continue;
    if (long / short > o.maxAspect) continue;
    // Touching the region's edge: part of the window frame or cut off.
    if (b.x <= 0 || b.y <= 0 || b.x + b.w >= w || b.y + b.h >= h) continue;
    out.push({ x: b.x + x0, y: b.y + y0, w: b.w, h: b.h });
  }
  return out;
}

/**
 * The shapes of `iconShapes` that are no lettering of `words`, less the
 * buttons around others, in reading order. Words are judged by their segments
 * (ocr/group.ts's `asSegments`): a line of fixed-pitch text joined into one
 * element counts as the segments it joins, so joining moves no yardstick.
 */
export function iconsBesideText(
  shapes: readonly Box[],
  read: ReadonlyArray<Box & { segments?: Box[] }>,
): Box[] {
  const words = read.flatMap((w) => w.segments ?? [w]);
  const lineH = medianHeight(words);
  return dropEnclosing(
    shapes.filter((box) => !isText(box, words, lineH) && !isTextFragment(box, words, lineH)),
  )
    .sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Marks both pixels of every neighbouring pair whose colours differ by `contrast` or more. */
export function inkMask(frame: RgbaImage, x0: number, y0: number, w: number, h: number, contrast: number) {
  const d = frame.data;
  // Most neighbours are the very same colour: compare whole pixels first when the bytes allow it.
  const px = d.byteOffset % 4 === 0
    ? new Uint32Array(d.buffer, d.byteOffset, frame.width * frame.height)
    : null;
  const stride = frame.width * 4;
  const ink = new Uint8Array(w * h);
  if (px) return inkMaskOfWords(px, frame.width, x0, y0, w, h, contrast, ink);
  const far = (i: number, j: number) => {
    const dr = d[i] - d[j], dg = d[i + 1] - d[j + 1], db = d[i + 2] - d[j + 2];
    return dr >= contrast || dr <= -contrast || dg >= contrast || dg <= -contrast || db >= contrast ||
      db <= -contrast;
  };
  for (let y = 0; y < h; y++) {
    const row = (y0 + y) * frame.width + x0;
    const below = y + 1 < h;
    for (let x = 0; x < w; x++) {
      const p = row + x;
      const k = y * w + x;
      if (x + 1 < w && (!px || px[p] !== px[p + 1]) && far(p * 4, p * 4 + 4)) ink[k] = ink[k + 1] = 1;
      if (below && (!px || px[p] !== px[p + frame.width]) && far(p * 4, p * 4 + stride)) {
        ink[k] = ink[k + w] = 1;
      }
    }
  }
  return ink;
}

/** `inkMask` on the frame's 32-bit words (little-endian RGBA): channels taken from the words compared. */
function inkMaskOfWords(
  px: Uint32Array,
  width: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
  contrast: number,
  ink: Uint8Array,
): Uint8Array {
  const far = (a: number, b: number) => {
    const dr = (a & 255) - (b & 255), dg = ((a >>> 8) & 255) - ((b >>> 8) & 255);
    const db = ((a >>> 16) & 255) - ((b >>> 16) & 255);
    return dr >= contrast || dr <= -contrast || dg >= contrast || dg <= -contrast || db >= contrast ||
      db <= -contrast;
  };
  for (let y = 0; y < h; y++) {
    const row = (y0 + y) * width + x0;
    const below = y + 1 < h;
    for (let x = 0, p = row, k = y * w; x < w; x++, p++, k++) {
      const v = px[p];
      if (x + 1 < w) {
        const r = px[p + 1];
        if (r !== v && far(v, r)) ink[k] = ink[k + 1] = 1;
      }
      if (below) {
        const u = px[p + width];
        if (u !== v && far(v, u)) ink[k] = ink[k + w] = 1;
      }
    }
  }
  return ink;
}

/**
 * Clears straight runs of ink longer than `max` in a row or a column: frame
 * borders, rules and panel edges, which would otherwise join every control
 * drawn a pixel or two from them into one shape too big to be an icon.
 */
export function clearLongRuns(ink: Uint8Array, w: number, h: number, max: number): void {
  // Four columns at a time are passed over where no run is open and none starts.
  const words = w % 4 === 0 && ink.byteOffset % 4 === 0
    ? new Uint32Array(ink.buffer, ink.byteOffset, (w * h) >> 2)
    : null;
  for (let y = 0; y < h; y++) {
    let start = -1;
    for (let x = 0; x <= w; x++) {
      if (words && start < 0 && (x & 3) === 0 && x < w && words[(y * w + x) >> 2] === 0) {
        x += 3;
        continue;
      }
      const on = x < w && ink[y * w + x] === 1;
      if (on && start < 0) start = x;
      else if (!on && start >= 0) {
        if (x - start > max) ink.fill(0, y * w + start, y * w + x);
        start = -1;
      }
    }
  }
  // Columns, walked row by row with one run start per column (rows above are already cleared,
  // which at most splits a vertical rule where a horizontal one crossed it).
  const start = new Int32Array(w).fill(-1);
  /** Open runs per four columns. */
  const open = new Uint8Array((w >> 2) + 1);
  for (let y = 0; y <= h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (words && (x & 3) === 0 && open[x >> 2] === 0 && (y === h || words[(row + x) >> 2] === 0)) {
        x += 3;
        continue;
      }
      const on = y < h && ink[row + x] === 1;
      const s = start[x];
      if (on) {
        if (s < 0) {
          start[x] = y;
          open[x >> 2]++;
        }
      } else if (s >= 0) {
        if (y - s > max) { for (let yy = s; yy < y; yy++) ink[yy * w + x] = 0; }
        start[x] = -1;
        open[x >> 2]--;
      }
    }
  }
}

/** The median height of the words read, or 0 when none was. */
function medianHeight(words: Box[]): number {
  if (!words.length) return 0;
  const hs = words.map((b) => b.h).sort((a, b) => a - b);
  return hs[hs.length >> 1];
}

/** How far from a word, in its heights, a piece of its line may be and still be part of the text: a word space. */
const FRAGMENT_GAP = 0.6;

/**
 * True when a shape is a piece of a text line OCR left unread (a word it
 * dropped, the "oo" of a word it cut): it lies within the band of a word
 * read on the same line, no taller than that word, and no further from it
 * than a word space. An icon beside its label stands taller than the
 * label's letters or further off, so it stays.
 */
function isTextFragment(box: Box, words: Box[], lineH: number): boolean {
  for (const w of words) {
    if (lineH > 0 && w.h > lineH * 1.5) continue;
    if (box.h > w.h + 1 || box.y < w.y - 2 || box.y + box.h > w.y + w.h + 2) continue;
    const gap = Math.max(w.x - (box.x + box.w), box.x - (w.x + w.w));
    if (gap <= w.h * FRAGMENT_GAP) return true;
  }
  return false;
}

/**
 * True when a shape is lettering: at least half of it lies in a word OCR
 * read, and it is no taller than ordinary text. OCR also "reads" icons as
 * stray letters ("e", "X", "BAH" over three toolbar buttons); those boxes are
 * icon-sized, taller than the window's text, so the shape stays an icon.
 */
function isText(box: Box, words: Box[], lineH: number): boolean {
  const textLike = (w: Box) => box.h <= lineH * 1.35 || (box.h <= w.h + 3 && w.h <= lineH * 1.5);
  const area = box.w * box.h;
  let covered = 0;
  for (const w of words) {
    if (!textLike(w)) continue;
    const ow = Math.min(box.x + box.w, w.x + w.w) - Math.max(box.x, w.x);
    const oh = Math.min(box.y + box.h, w.y + w.h) - Math.max(box.y, w.y);
    if (ow > 0 && oh > 0) covered += ow * oh;
  }
  return covered >= area / 2;
}

/**
 * Bounding boxes of the ink's connected pieces, where pixels up to `join`
 * apart connect (union-find over the rows already visited): of rows `first`
 * to `last` only when given, which must then have no ink within `join + 1`
 * rows outside them (so no piece is cut).
 */
export function components(
  ink: Uint8Array,
  w: number,
  h: number,
  join: number,
  first = 0,
  last = h - 1,
): Box[] {
  if (join === 0) return inkParts(ink, w, h, first, last).map((p) => ({ x: p.x, y: p.y, w: p.w, h: p.h }));
  const base = first * w;
  const rows = last - first + 1;
  const parent = new Int32Array(w * rows).fill(-1);
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  const unite = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const reach = join + 1;
  // Four pixels without ink at a time are passed over.
  const words = w % 4 === 0 && (ink.byteOffset + base) % 4 === 0
    ? new Uint32Array(ink.buffer, ink.byteOffset + base, (w * rows) >> 2)
    : null;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      if (words && (x & 3) === 0 && words[k >> 2] === 0) {
        x += 3;
        continue;
      }
      if (!ink[base + k]) continue;
      parent[k] = k;
      for (let dy = -reach; dy <= 0; dy++) {
        const yy = y + dy;
        if (yy < 0) continue;
        for (let dx = -reach; dx <= reach; dx++) {
          if (dy === 0 && dx >= 0) break;
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const n = yy * w + xx;
          if (ink[base + n]) unite(k, n);
        }
      }
    }
  }
  const boxes = new Map<number, { x0: number; y0: number; x1: number; y1: number }>();
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      if (words && (x & 3) === 0 && words[k >> 2] === 0) {
        x += 3;
        continue;
      }
      if (!ink[base + k]) continue;
      const r = find(k);
      const b = boxes.get(r);
      if (!b) boxes.set(r, { x0: x, y0: y, x1: x, y1: y });
      else {
        if (x < b.x0) b.x0 = x;
        if (x > b.x1) b.x1 = x;
        b.y1 = y;
      }
    }
  }
  return [...boxes.values()].map((b) => ({
    x: b.x0,
    y: b.y0 + first,
    w: b.x1 - b.x0 + 1,
    h: b.y1 - b.y0 + 1,
  }));
}

/** A box that wholly holds another candidate is the button around it, not a drawing. */
function dropEnclosing(boxes: Box[]): Box[] {
  return boxes.filter((a) =>
    !boxes.some((b) =>
      b !== a && b.x >= a.x && b.y >= a.y && b.x + b.w <= a.x + a.w && b.y + b.h <= a.y + a.h
    )
  );
}
