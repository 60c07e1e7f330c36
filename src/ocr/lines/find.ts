/**
 * Finds text lines in a greyscale image before any recognition.
 *
 * Screens are mostly flat colour, so text shows up as dense local contrast:
 * an edge mask (pixels that differ from a neighbour) covers every character
 * whatever its colour or polarity. Long straight runs in that mask are
 * borders, separators and box outlines, never character strokes, so they are
 * erased first; what remains is cut into connected components (characters or
 * character fragments) and chained left to right into lines. A wide gap ends a
 * line, so a menu label and its shortcut come out as two lines.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";
import { inkParts } from "../../image/ink_parts.ts";
import type { OcrWord } from "../types.ts";
import { EDGE_CONTRAST, ruleFreeMask } from "./edges.ts";
import { keepKeypadGlyphs } from "./keypad.ts";
import { boxSides, splitAtBoxSides, withoutLoneSides } from "./box_sides.ts";
import { groundBox, keyGrid, splitAtKeys, withoutKeyOutlines } from "./key_grid.ts";

export {
  EDGE_CONTRAST,
  type EdgeMasks,
  edgeMasks,
  eraseRules,
  LONG_RUN,
  RULE_REACH,
  ruleFreeMask,
} from "./edges.ts";

/** A found component (character or character part). */
export interface Blob extends Box {
  /** Edge pixels in the component. */
  mass: number;
  /** Grey level of the ground just around it (set by `findTextLines`). */
  ground?: number;
}

/** A found line: its box and the components it was built from. */
export interface TextLine extends Box {
  blobs: Blob[];
  /** Cut from the line before it at a box's side (box_sides.ts): its first word starts an element. */
  afterSide?: boolean;
}

/** A found line and the words read in it, relative to its box (none until read). */
export interface LineRead {
  line: TextLine;
  words: OcrWord[];
}

/**
 * Merges boxes, left to right, into groups separated by gaps of at least
 * `gap` pixels; returns each group's bounding box (new objects).
 */
export function groupByGap(boxes: Box[], gap: number): Box[] {
  const groups: Box[] = [];
  for (const b of [...boxes].sort((a, c) => a.x - c.x)) {
    const last = groups[groups.length - 1];
    if (last && b.x - (last.x + last.w) < gap) {
      const x2 = Math.max(last.x + last.w, b.x + b.w), y2 = Math.max(last.y + last.h, b.y + b.h);
      last.x = Math.min(last.x, b.x), last.y = Math.min(last.y, b.y);
      last.w = x2 - last.x, last.h = y2 - last.y;
    } else groups.push({ x: b.x, y: b.y, w: b.w, h: b.h });
  }
  return groups;
}

/** A gap wider than this many line heights ends a line. */
export const LINE_GAP = 1.25;
/** Neighbouring characters on grounds this different (0..255) are on different surfaces. */
export const GROUND_JUMP = 40;

/**
 * 8-connected components of a mask, as boxes with their pixel counts: of
 * rows `first` to `last` only when given, which must then have no ink in the
 * rows just outside them (so no component is cut).
 */
export function components(mask: Uint8Array, w: number, h: number, first = 0, last = h - 1): Blob[] {
  return inkParts(mask, w, h, first, last).map((p) => ({ x: p.x, y: p.y, w: p.w, h: p.h, mass: p.n }));
}

/** Whether a component can be part of text (not a rule, a frame or a picture). */
export function isCharLike(b: Blob): boolean {
  if (b.h > 90 || b.w > 400) return false;
  // Thin vertical bars are separators or button sides.
  if (b.w <= 3 && b.h >= 16) return false;
  // Shaded button sides are a little wider but taller than any UI character stroke.
  if (b.w <= 6 && b.h >= 28) return false;
  // Thin horizontal bars are underlines or rules.
  if (b.h <= 2 && b.w >= 24) return false;
  if (b.h >= ICON_SIZE && b.w >= b.h * 0.75 && b.w <= b.h * 1.34) return false;
  return true;
}

/** Edge pixels per box pixel above which a character-sized square is a filled icon, not a letter. */
export const ICON_DENSITY = 0.75;
/** Narrowest width/height of a filled icon; a bold `8` (12x16) is narrower. */
export const ICON_MIN_ASPECT = 0.8;
/** A square component at least this tall is a picture (dialog icon, avatar), not a UI character. */
export const ICON_SIZE = 36;

/**
 * Whether a component looks like a filled icon: a square packed with edges
 * (window buttons, a hamburger button). Alone this also fits some bold
 * characters (rejecting such blobs one by one cost recall on the fixtures), so
 * only lines made of nothing else are dropped (`isIconLine`).
 */
export function isIconBlob(b: Blob): boolean {
  // Digits are taller than wide (a 12x16 `8` is as dense as a window button): only near-squares.
  const square = b.w >= b.h * ICON_MIN_ASPECT && b.w <= b.h * 1.34;
  return square && b.w >= 10 && b.h >= 10 && b.mass >= b.w * b.h * ICON_DENSITY;
}

/** Whether a line is only icons (a row of window buttons, a hamburger button). */
export function isIconLine(l: TextLine): boolean {
  return l.blobs.length > 0 && l.blobs.every(isIconBlob);
}

/**
 * The tallest line of filled squares that is text in a script of square
 * characters: a Han character (`雨`, `晴`) is as dense as an icon, and at
 * UI sizes no taller than this.
 */
export const SQUARE_CHAR_MAX = 18;

/** A component this many times taller than a line, sticking out of it on both sides, is no character of it. */
export const FRAME_SIDE = 1.8;

/**
 * Whether a component beside a line is the side of a frame round it (a focus
 * ring whose rounded corners keep its sides too short to erase as rules,
 * fused with a select's chevron): far taller than the line and sticking out
 * above and below it by two fifths of its height, where a bracket or a
 * parenthesis only reaches a little past the letters. Joined, it would stretch
 * the line's box over the frame, and the frame would hide the text from the
 * recogniser.
 */
export function isFrameSide(b: Box, line: Box): boolean {
  const above = line.y - b.y, below = b.y + b.h - (line.y + line.h);
  return line.h >= 6 && b.h > line.h * FRAME_SIDE && above >= line.h * 0.4 && below >= line.h * 0.4;
}

/** Chains components into lines, left to right. */
export function chainLines(blobs: Blob[]): TextLine[] {
  const sorted = blobs.filter(isCharLike).sort((a, b) => a.x - b.x);
  const open: TextLine[] = [];
  const done: TextLine[] = [];
  for (const b of sorted) {
    let best: TextLine | null = null;
    let bestOverlap = 0;
    for (let i = open.length - 1; i >= 0; i--) {
      const line = open[i];
      const lineH = line.h;
      if (b.x - (line.x + line.w) > Math.max(lineH, Math.min(b.h, lineH * 2)) * LINE_GAP + 2) {
        // Too far behind to ever be joined again: close it.
        done.push(line);
        open.splice(i, 1);
        continue;
      }
      const overlap = Math.min(line.y + line.h, b.y + b.h) - Math.max(line.y, b.y);
      if (overlap <= 0) continue;
      const smaller = Math.min(line.h, b.h);
      if (overlap < smaller * 0.5) continue;
      // A much taller component is another object (an icon, a big title).
      if (b.h > lineH * 2.2 && lineH >= 6) continue;
      if (isFrameSide(b, line)) continue;
      // A shortcut next to a coloured banner is not part of the banner's text.
      if (
        line.blobs[0].ground !== undefined && b.ground !== undefined &&
        Math.abs(line.blobs[0].ground - b.ground) > GROUND_JUMP
      ) continue;
      if (overlap / smaller > bestOverlap) {
        bestOverlap = overlap / smaller;
        best = line;
      }
    }
    if (best) {
      const x2 = Math.max(best.x + best.w, b.x + b.w);
      const y2 = Math.max(best.y + best.h, b.y + b.h);
      best.x = Math.min(best.x, b.x);
      best.y = Math.min(best.y, b.y);
      best.w = x2 - best.x;
      best.h = y2 - best.y;
      best.blobs.push(b);
    } else {
      open.push({ x: b.x, y: b.y, w: b.w, h: b.h, blobs: [b] });
    }
  }
  return [...done, ...open];
}

/**
 * Whether a line is worth recognising: tall enough to be text and with
 * enough ink. With `squareChars` (Japanese, Chinese) a short line of filled
 * squares is text, not icons.
 */
export function isTextLine(l: TextLine, squareChars = false): boolean {
  if (l.h < 6 || l.h > 90) return false;
  if (isIconLine(l) && !(squareChars && l.h <= SQUARE_CHAR_MAX)) return false;
  const mass = l.blobs.reduce((s, b) => s + b.mass, 0);
  return mass >= 12;
}

/** Whether a line is a small mark that only the single-character pass should try (`-`, `.`, `=`). */
export function isSmallMark(l: TextLine): boolean {
  return l.h < 6 && l.h >= 2 && l.w >= 3 && l.w <= 24;
}

/**
 * Splits a line that is really two rows of text touching at a descender:
 * the row profile of edge pixels dips between rows, so a deep valley with a
 * text-tall band on each side is a cut.
 */
export function splitStacked(line: TextLine, mask: Uint8Array, w: number): TextLine[] {
  if (line.h < 18) return [line];
  const profile = new Int32Array(line.h);
  for (let r = 0; r < line.h; r++) {
    let n = 0;
    const row = (line.y + r) * w;
    for (let x = line.x; x < line.x + line.w; x++) n += mask[row + x];
    profile[r] = n;
  }
  const peak = Math.max(...profile);
  let cut = -1;
  let lowest = Infinity;
  for (let r = 6; r < line.h - 6; r++) {
    if (profile[r] > peak * 0.2 || profile[r] >= lowest) continue;
    const above = Math.max(...profile.subarray(0, r));
    const below = Math.max(...profile.subarray(r + 1));
    if (above > peak * 0.5 && below > peak * 0.5) {
      lowest = profile[r];
      cut = r;
    }
  }
  if (cut < 0) return [line];
  // One wide component with two bands is a shape (a toggle's pill and knob), not two rows of text.
  if (line.blobs.length === 1 && line.w >= line.h * 1.3) return [];
  const parts: TextLine[] = [];
  for (const [from, to] of [[0, cut], [cut + 1, line.h]]) {
    let top = from, bottom = to;
    while (top < bottom && profile[top] === 0) top++;
    while (bottom > top && profile[bottom - 1] === 0) bottom--;
    if (bottom - top < 4) continue;
    const y = line.y + top, h = bottom - top;
    const blobs = line.blobs.filter((b) => b.y + b.h > y && b.y < y + h);
    if (!blobs.length) continue;
    // Each row's box spans its own components: a component at the end of one row would otherwise give
    // the other row the whole width, and it would be read again over the first row's letters.
    const x = Math.min(...blobs.map((b) => b.x)), x2 = Math.max(...blobs.map((b) => b.x + b.w));
    // `| 0` keeps each a small integer to V8: one stored boxed (as optimised code may leave a whole number)
    // re-lays out every object of a box's shape and discards the code compiled for them, mid-look.
    const part = { x: x | 0, y: y | 0, w: (x2 - x) | 0, h: h | 0, blobs };
    parts.push(...splitStacked(part, mask, w));
  }
  return parts;
}

/** Whether a line is a row cut from a taller component alone: each of its components reaches past it. */
function isFragment(l: TextLine): boolean {
  return l.blobs.every((b) => b.y < l.y - 2 || b.y + b.h > l.y + l.h + 2);
}

/** The ink of `mask` (`w` wide) in a box, as a component clipped to it, or null where it has none. */
function inkIn(mask: Uint8Array, w: number, box: Box): Blob | null {
  let x0 = Infinity, x1 = -1, y0 = Infinity, y1 = -1, mass = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      if (!mask[y * w + x]) continue;
      mass++;
      x0 = Math.min(x0, x), x1 = Math.max(x1, x), y0 = Math.min(y0, y), y1 = Math.max(y1, y);
    }
  }
  return mass ? { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, mass } : null;
}

/**
 * Trims each row cut from a taller component alone (a window's edge that
 * joins the last letters of two rows) to the ink where no other line of its
 * row lies: the letters it shares with that line would be read twice
 * (`every`, then `ry s`). What is left after a line's end is that line's
 * last word or the next (`fro`, `s`, cut off by the edge), so it joins that
 * line as a component of its own; a fragment left under 3 pixels wide is dropped.
 */
export function trimFragments(lines: TextLine[], mask: Uint8Array, w: number): TextLine[] {
  const grown = new Map<TextLine, TextLine>();
  const kept: TextLine[] = [];
  for (const l of lines) {
    if (!isFragment(l)) {
      kept.push(l);
      continue;
    }
    let x = l.x, x2 = l.x + l.w;
    let before: TextLine | null = null;
    for (const m of lines) {
      if (isFragment(m)) continue;
      const rows = Math.min(l.y + l.h, m.y + m.h) - Math.max(l.y, m.y);
      if (rows < Math.min(l.h, m.h) * 0.5) continue;
      if (m.x <= x && m.x + m.w > x - 1) [x, before] = [Math.max(x, m.x + m.w), m];
      else if (m.x > x && m.x < x2) x2 = m.x;
    }
    const ink = x2 - x >= 3 ? inkIn(mask, w, { x, y: l.y, w: x2 - x, h: l.h }) : null;
    if (!ink || ink.w < 3) continue;
    if (before) {
      const into = grown.get(before) ?? { ...before, blobs: [...before.blobs] };
      into.w = Math.max(into.w, ink.x + ink.w - into.x);
      into.blobs.push(ink);
      grown.set(before, into);
    } else kept.push({ ...l, x: ink.x, w: ink.w, blobs: [ink] });
  }
  return kept.map((l) => grown.get(l) ?? l);
}

/** The ground around a blob: the median of eight samples two pixels outside its box. */
export function groundAround(g: Grey, b: Box): number {
  const xs = [b.x - 2, b.x + (b.w >> 1), b.x + b.w + 1];
  const ys = [b.y - 2, b.y + (b.h >> 1), b.y + b.h + 1];
  const values: number[] = [];
  for (const y of ys) {
    for (const x of xs) {
      if (x === xs[1] && y === ys[1]) continue;
      const cx = Math.min(g.width - 1, Math.max(0, x));
      const cy = Math.min(g.height - 1, Math.max(0, y));
      values.push(g.data[cy * g.width + cx]);
    }
  }
  values.sort((a, b) => a - b);
  return (values[3] + values[4]) / 2;
}

/**
 * Whether a component is a solid block (a terminal's block cursor, a colour
 * swatch): its inside is one flat grey far from its ground. No character of UI
 * text is a filled rectangle at least 4 px wide and 6 px tall (a bare `l` or
 * `I` is narrower), and a block chained to a character makes the recogniser read
 * both as a letter pair (`$` and the cursor as `si`).
 */
export function isSolidBlock(g: Grey, b: Blob): boolean {
  // The edge mask marks both sides of a boundary: the inside starts one pixel in.
  const x0 = b.x + 1, x1 = b.x + b.w - 1, y0 = b.y + 1, y1 = b.y + b.h - 1;
  if (x1 - x0 < 4 || y1 - y0 < 6 || b.w < b.h * 0.3 || b.ground === undefined) return false;
  let lo = 255, hi = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = g.data[y * g.width + x];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (hi - lo > 16) return false;
  }
  return Math.abs((lo + hi) / 2 - b.ground) > EDGE_CONTRAST;
}

/**
 * The text lines cut from `mask` (`ruleFreeMask` of `g`), top to bottom: in
 * the bands of rows `bands` only when given, each with no ink in the rows
 * just outside it.
 */
export function linesOfMask(
  g: Grey,
  mask: Uint8Array,
  squareChars = false,
  bands: ReadonlyArray<readonly [number, number]> = [[0, g.height - 1]],
): TextLine[] {
  // A keypad's outlined keys: their outlines are no ink, and each key's label is read alone (key_grid.ts).
  const keys = keyGrid(g);
  const inked = keys.length ? withoutKeyOutlines(mask, g.width, keys) : mask;
  const blobs = bands.flatMap(([top, bottom]) => components(inked, g.width, g.height, top, bottom));
  for (const b of blobs) b.ground = groundAround(g, keys.length ? groundBox(b, keys) : b);
  const sides = boxSides(blobs);
  const lines = trimFragments(
    withoutLoneSides(
      chainLines(blobs.filter((b) => !isSolidBlock(g, b)))
        .flatMap((l) => splitAtKeys(l, keys))
        .flatMap((l) => splitAtBoxSides(l, sides)),
    ).flatMap((l) => splitStacked(l, inked, g.width)),
    inked,
    g.width,
    // A dense glyph is a candidate here: `keepKeypadGlyphs` keeps it once every line of the region is known.
  ).filter((l) => isTextLine(l, squareChars) || isSmallMark(l) || isDenseGlyph(l));
  return lines.sort(topDown);
}

/** Top to bottom, then left to right (boxes alike in place: the smaller first). */
export function topDown(a: Box, b: Box): number {
  return a.y - b.y || a.x - b.x || a.w - b.w || a.h - b.h;
}

/** Finds the text lines of a greyscale image, top to bottom (`squareChars`: see `isTextLine`). */
export function findTextLines(g: Grey, squareChars = false): TextLine[] {
  return keptGlyphs(linesOfMask(g, ruleFreeMask(g), squareChars), squareChars);
}

/** Whether a line is one character-sized dense blob: a bold digit or an icon, a keypad's grid tells which. */
export function isDenseGlyph(l: TextLine): boolean {
  return l.blobs.length === 1 && isIconLine(l) && l.h >= 8 && l.h <= 24 && l.w <= l.h * 1.4;
}

/** The found lines less the dense glyphs no keypad holds (`keepKeypadGlyphs`). */
export function keptGlyphs(lines: TextLine[], squareChars: boolean): TextLine[] {
  return keepKeypadGlyphs(lines, (l) => isTextLine(l, squareChars), isDenseGlyph);
}

/** The text height of a line: one row, even when a box caught two touching rows. */
export function rowHeight(line: TextLine): number {
  const heights = line.blobs.map((b) => b.h).filter((h) => h >= 4).sort((a, b) => a - b);
  if (!heights.length) return line.h;
  const typical = heights[heights.length >> 1] * 1.3;
  return line.h > typical * 1.6 ? Math.round(typical) : line.h;
}
