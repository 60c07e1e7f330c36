/**
 * The drawings of form controls, told from pixels: a checkbox (a square
 * outline), a radio button (a ring), a switch (a pill about twice as wide as
 * tall), and the state each shows. Pure functions over a frame; pairing a
 * drawing with its label is controls.ts's job.
 *
 * @module
 */

import type { RgbaImage } from "../image/pixels.ts";
import {
  addRun,
  beginRuns,
  gatheredParts,
  type InkPart,
  inkParts,
  joinRows,
  runCount,
} from "../image/ink_parts.ts";
import type { Box } from "../common/rect.ts";
import type { ControlKind, ElementControl } from "../ocr/types.ts";
import { majorityGroundAt } from "./ground_majority.ts";

/** Colour distance (sum over channels) above which a pixel is ink on its ground. */
export const INK = 90;
/**
 * A softer line for a control's outline when the first finds none: a hovered Tk checkbox's light sides
 * are white on a near-white active ground (57 apart), its dark sides and tick far from it.
 */
export const SOFT_INK = 40;
/** How far a pixel may be from a control's fill and still be the fill (antialiasing, a gradient). */
const FLAT = 40;
/** Share of a control's inside in its fill above which it holds no mark. */
const FLAT_SHARE = 0.9;
/** Smallest height of a switch's track in pixels. */
const MIN_SWITCH_HEIGHT = 14;
/** A pill is this many times wider than tall, at least and at most. */
const PILL_ASPECT = [1.5, 2.8] as const;

/** A connected shape of ink: its box (in the band's pixels) and how many pixels it holds. */
export type Shape = InkPart;

/** An RGB colour. */
export type Rgb = [number, number, number];

/** The colour of one pixel. */
export function at(img: RgbaImage, x: number, y: number): Rgb {
  const i = (y * img.width + x) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

/** Colour distance: the sum of the channels' differences. */
export function dist(a: readonly number[], b: readonly number[]): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
}

/** Bins of a colour histogram: 5 bits per channel (reused, cleared after each call). */
const BINS = new Uint32Array(1 << 15);

/** The most common colour of a box (quantised to find it, returned as drawn): its ground. */
export function groundOf(img: RgbaImage, b: Box): Rgb {
  const d = img.data;
  if (d.byteOffset % 4 !== 0) return groundOfBytes(img, b);
  // Pixels alike in all four bytes are counted a run at a time: a ground is long runs of one colour.
  const px = new Uint32Array(d.buffer, d.byteOffset, img.width * img.height);
  // Most bands are mostly ground: one bin's count settles it without the histogram (ground_majority.ts).
  const majority = majorityGroundAt(px, img.width, b);
  if (majority >= 0) return [d[majority * 4], d[majority * 4 + 1], d[majority * 4 + 2]];
  let best = 0, bestKey = -1, bestAt = 0;
  const touched: number[] = [];
  for (let y = b.y; y < b.y + b.h; y++) {
    for (let i = y * img.width + b.x, end = i + b.w; i < end;) {
      const v = px[i];
      let j = i + 1;
      while (j < end && px[j] === v) j++;
      // The bin of `groundOfBytes` from the word's red, green and blue bytes (little-endian RGBA).
      const key = (((v >>> 3) & 31) << 10) | (((v >>> 11) & 31) << 5) | ((v >>> 19) & 31);
      if (BINS[key] === 0) touched.push(key);
      BINS[key] += j - i;
      if (BINS[key] > best) {
        best = BINS[key];
        bestKey = key;
        bestAt = (j - 1) * 4;
      }
      i = j;
    }
  }
  for (const k of touched) BINS[k] = 0;
  return bestKey < 0 ? [255, 255, 255] : [d[bestAt], d[bestAt + 1], d[bestAt + 2]];
}

/** `groundOf` pixel by pixel, for bytes that do not line up as 32-bit words. */
function groundOfBytes(img: RgbaImage, b: Box): Rgb {
  const d = img.data;
  let best = 0, bestKey = -1, bestAt = 0;
  const touched: number[] = [];
  for (let y = b.y; y < b.y + b.h; y++) {
    for (let x = b.x, i = (y * img.width + b.x) * 4; x < b.x + b.w; x++, i += 4) {
      const key = ((d[i] >> 3) << 10) | ((d[i + 1] >> 3) << 5) | (d[i + 2] >> 3);
      if (BINS[key]++ === 0) touched.push(key);
      if (BINS[key] > best) {
        best = BINS[key];
        bestKey = key;
        bestAt = i;
      }
    }
  }
  for (const k of touched) BINS[k] = 0;
  return bestKey < 0 ? [255, 255, 255] : [d[bestAt], d[bestAt + 1], d[bestAt + 2]];
}

/** The 5-bit bin of a pixel as `groundOf` counts it, from the frame's 32-bit word (little-endian RGBA). */
const BIN_BITS = 0xf8f8f8;

/**
 * Whether rows `y0`..`y1` of box `b`, less its first and last columns, hold
 * no ink on `b`'s ground, shown without finding the ground: every one of
 * those pixels falls in one colour bin that holds more than half of the box,
 * so that bin is the ground's (`groundOf`) and no pixel in it is more than
 * 7 per channel, well under `INK`, from the ground. False says only that
 * this could not be shown.
 */
export function inklessRows(img: RgbaImage, b: Box, y0: number, y1: number): boolean {
  const d = img.data;
  if (d.byteOffset % 4 !== 0 || b.w < 3) return false;
  const px = new Uint32Array(d.buffer, d.byteOffset, img.width * img.height);
  const top = Math.max(b.y, y0), bottom = Math.min(b.y + b.h - 1, y1);
  if (top > bottom) return true;
  const bin = px[top * img.width + b.x + 1] & BIN_BITS;
  for (let y = top; y <= bottom; y++) {
    for (let i = y * img.width + b.x + 1, end = i + b.w - 2; i < end; i++) {
      if ((px[i] & BIN_BITS) !== bin) return false;
    }
  }
  const half = (b.w * b.h) >> 1;
  let n = 0;
  for (let y = b.y; y < b.y + b.h; y++) {
    for (let i = y * img.width + b.x, end = i + b.w; i < end; i++) {
      if ((px[i] & BIN_BITS) === bin && ++n > half) return true;
    }
  }
  return false;
}

/**
 * Whether no shape of ink (farther than `threshold` from `ground`, the
 * ground of box `b`) at least `minHeight` rows tall and clear of the box's
 * left side can be in `b`, shown without finding the shapes: fewer than
 * `minHeight` rows in a row hold ink other than the run that starts at the
 * box's left side. A connected shape has a pixel in every row it spans, and
 * that run's ink is in a shape that touches the left side. Most labels'
 * bands in a page of text show this (lines of text with ground between
 * them; a band that reaches past the window starts with the desktop), which
 * spares them the search for an entry's or a select's box. False says only
 * that this could not be shown.
 */
export function onlyShortInk(
  img: RgbaImage,
  b: Box,
  ground: Rgb,
  threshold: number,
  minHeight: number,
): boolean {
  const d = img.data;
  if (d.byteOffset % 4 !== 0) return false;
  const px = new Uint32Array(d.buffer, d.byteOffset, img.width * img.height);
  const [g0, g1, g2] = ground;
  const far = (v: number) =>
    Math.abs((v & 255) - g0) + Math.abs(((v >>> 8) & 255) - g1) + Math.abs(((v >>> 16) & 255) - g2) >
      threshold;
  let tall = 0;
  for (let y = b.y; y < b.y + b.h; y++) {
    const from = y * img.width + b.x, end = from + b.w;
    let i = from;
    // The run of ink from the left side, then the first ink after it, a run of one colour at a time.
    while (i < end && far(px[i])) i++;
    let inked = false;
    while (i < end && !inked) {
      const v = px[i];
      inked = far(v);
      while (++i < end && px[i] === v);
    }
    tall = inked ? tall + 1 : 0;
    if (tall >= minHeight) return false;
  }
  return true;
}

/** The ink mask of a box of the frame: pixels farther than `threshold` from `ground`, row by row. */
export function inkMask(img: RgbaImage, b: Box, ground: Rgb, threshold = INK): Uint8Array {
  const ink = new Uint8Array(b.w * b.h);
  const d = img.data;
  if (d.byteOffset % 4 === 0) {
    // A pixel like the one before it in all four bytes is ink as that one is: grounds are long runs.
    const px = new Uint32Array(d.buffer, d.byteOffset, img.width * img.height);
    const [g0, g1, g2] = ground;
    for (let y = 0; y < b.h; y++) {
      const row = (b.y + y) * img.width + b.x, out = y * b.w;
      for (let x = 0; x < b.w;) {
        const v = px[row + x];
        let end = x + 1;
        while (end < b.w && px[row + end] === v) end++;
        const far = Math.abs((v & 255) - g0) + Math.abs(((v >>> 8) & 255) - g1) +
          Math.abs(((v >>> 16) & 255) - g2);
        if (far > threshold) { for (let k = out + x; k < out + end; k++) ink[k] = 1; }
        x = end;
      }
    }
    return ink;
  }
  for (let y = 0; y < b.h; y++) {
    for (let x = 0, i = ((b.y + y) * img.width + b.x) * 4; x < b.w; x++, i += 4) {
      const far = Math.abs(d[i] - ground[0]) + Math.abs(d[i + 1] - ground[1]) +
        Math.abs(d[i + 2] - ground[2]);
      ink[y * b.w + x] = far > threshold ? 1 : 0;
    }
  }
  return ink;
}

/** Connected shapes (8 neighbours) of a mask `w` pixels wide. */
export function shapesOf(ink: Uint8Array, w: number, h: number): Shape[] {
  return inkParts(ink, w, h);
}

/**
 * A box's ground (`groundOf(img, b)` unless given: the same box's) and the
 * shapes of its ink on that ground: `shapesOf(inkMask(img, b, ground), b.w, b.h)`, the same shapes in the
 * same order, found from the pixels' runs without writing the mask (which a
 * band needs only when one of its shapes may be a control's).
 */
export function groundAndShapes(
  img: RgbaImage,
  b: Box,
  threshold = INK,
  ground: Rgb = groundOf(img, b),
): { ground: Rgb; shapes: Shape[] } {
  const d = img.data;
  if (d.byteOffset % 4 !== 0) {
    return { ground, shapes: shapesOf(inkMask(img, b, ground, threshold), b.w, b.h) };
  }
  const px = new Uint32Array(d.buffer, d.byteOffset, img.width * img.height);
  const [g0, g1, g2] = ground;
  beginRuns();
  let above = 0;
  for (let y = 0; y < b.h; y++) {
    const row = runCount();
    const from = (b.y + y) * img.width + b.x;
    /** Where the run of ink being gathered started, or -1. */
    let start = -1;
    for (let x = 0; x < b.w;) {
      const v = px[from + x];
      let end = x + 1;
      while (end < b.w && px[from + end] === v) end++;
      const far = Math.abs((v & 255) - g0) + Math.abs(((v >>> 8) & 255) - g1) +
        Math.abs(((v >>> 16) & 255) - g2);
      if (far > threshold) {
        if (start < 0) start = x;
      } else if (start >= 0) {
        addRun(start, x - 1, y);
        start = -1;
      }
      x = end;
    }
    if (start >= 0) addRun(start, b.w - 1, y);
    joinRows(above, row);
    above = row;
  }
  return { ground, shapes: gatheredParts() };
}

/** The share of the weakest side of `b` inked within two pixels of its edge: an outline is closed. */
export function weakestSide(ink: Uint8Array, w: number, b: Shape): number {
  const inkAt = (x: number, y: number) => ink[(b.y + y) * w + b.x + x] === 1;
  let weakest = 1;
  for (let side = 0; side < 4; side++) {
    const len = side < 2 ? b.h : b.w;
    let n = 0;
    for (let i = 0; i < len; i++) {
      const hit = side === 0
        ? inkAt(0, i) || inkAt(1, i)
        : side === 1
        ? inkAt(b.w - 1, i) || inkAt(b.w - 2, i)
        : side === 2
        ? inkAt(i, 0) || inkAt(i, 1)
        : inkAt(i, b.h - 1) || inkAt(i, b.h - 2);
      if (hit) n++;
    }
    weakest = Math.min(weakest, n / len);
  }
  return weakest;
}

/**
 * What a shape of the mask draws: a square outline with inked corners
 * (checkbox), a closed ring with empty corners (radio), a pill with rounded
 * ends (switch), or nothing a control draws. `pillOnly` accepts only a pill.
 */
export function shapeKind(ink: Uint8Array, w: number, b: Shape, pillOnly = false): ControlKind | null {
  const aspect = b.w / b.h;
  const inkAt = (x: number, y: number) => ink[(b.y + y) * w + b.x + x] === 1;
  const weakest = weakestSide(ink, w, b);
  if (aspect >= PILL_ASPECT[0] && aspect <= PILL_ASPECT[1]) {
    // Rounded ends leave a pill's corners empty; letters run together fill theirs.
    const corners = [inkAt(0, 0), inkAt(b.w - 1, 0), inkAt(0, b.h - 1), inkAt(b.w - 1, b.h - 1)];
    return b.h >= MIN_SWITCH_HEIGHT && weakest > 0.3 && !corners.some(Boolean) ? "switch" : null;
  }
  if (pillOnly || Math.abs(b.w - b.h) > Math.max(2, 0.15 * b.h) || weakest < 0.5) return null;
  // A ring covers the middle of each side but not the corners; a box covers the corners too.
  const corner = inkAt(0, 0) || inkAt(1, 1) || inkAt(1, 0) || inkAt(0, 1);
  if (corner && weakest > 0.8) return "checkbox";
  if (weakest >= 0.7 && hasRoundedCorners(inkAt, b.w, b.h)) return "checkbox";
  return isRing(inkAt, b.w, b.h) ? "radio" : null;
}

/** A rounded square's corner arc comes this close to its corner (x + y, in sides), a circle's never does. */
const ROUNDED_REACH = 0.22;

/**
 * A square with rounded corners (GTK4's Adwaita and Qt's checkboxes): in
 * each corner its outline inks a pixel within `ROUNDED_REACH` of the side
 * from the corner (x + y), where a circle of the same size leaves the corner
 * empty up to 0.29 of the side. Its corner pixel itself may be empty.
 */
export function hasRoundedCorners(inkAt: (x: number, y: number) => boolean, w: number, h: number): boolean {
  const reach = ROUNDED_REACH * Math.min(w, h);
  for (const [fx, fy] of [[false, false], [true, false], [false, true], [true, true]]) {
    let found = false;
    for (let y = 0; y < reach && !found; y++) {
      for (let x = 0; x + y + 1 <= reach && !found; x++) {
        found = inkAt(fx ? w - 1 - x : x, fy ? h - 1 - y : y);
      }
    }
    if (!found) return false;
  }
  return true;
}

/**
 * A radio button's drawing: a closed ring with empty corners and, at its
 * centre, nothing or a solid dot; an icon in a circle (a globe, an "i", a
 * face) has a half-inked centre.
 */
function isRing(inkAt: (x: number, y: number) => boolean, w: number, h: number): boolean {
  const r = Math.min(w, h) / 2;
  const ring = [0, 0], corner = [0, 0], centre = [0, 0];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = Math.hypot(x + 0.5 - w / 2, y + 0.5 - h / 2) / r;
      const zone = d >= 0.75 && d <= 1.1 ? ring : d > 1.25 ? corner : d < 0.32 ? centre : null;
      if (!zone) continue;
      zone[1]++;
      if (inkAt(x, y)) zone[0]++;
    }
  }
  const share = (z: number[]) => (z[1] ? z[0] / z[1] : 0);
  const c = share(centre);
  return share(ring) >= 0.4 && share(corner) <= 0.15 && (c <= 0.1 || c >= 0.8);
}

/** A colour that is a hue, not a grey: an accent (a switch's "on" track). */
function saturated(c: Rgb): boolean {
  return Math.max(...c) - Math.min(...c) > 60;
}

/**
 * A pill's track colour and where its knob sits: the mean x of the marks
 * inside the track, or null when they are too few to be a knob.
 */
export function knobOf(img: RgbaImage, b: Box): { track: Rgb; x: number | null } {
  const inner = { x: b.x + 2, y: b.y + 2, w: b.w - 4, h: b.h - 4 };
  const track = groundOf(img, inner);
  let sx = 0, n = 0;
  for (let y = inner.y; y < inner.y + inner.h; y++) {
    for (let x = inner.x; x < inner.x + inner.w; x++) {
      if (dist(at(img, x, y), track) > INK) {
        sx += x;
        n++;
      }
    }
  }
  return { track, x: n < 0.05 * inner.w * inner.h ? null : sx / n };
}

/**
 * The state a control's drawing shows, against the `ground` around it: ink
 * inside a checkbox (a tick, a fill) or a radio ring (a dot, or a filled
 * disc around a light dot); for a switch, the end its knob sits at, or
 * without a knob, an accent-coloured track for on.
 */
export function stateOf(img: RgbaImage, kind: ControlKind, b: Box, ground: Rgb): ElementControl["state"] {
  if (kind === "switch") {
    const { track, x } = knobOf(img, b);
    if (x === null) return saturated(track) ? "on" : "off";
    return x > b.x + b.w / 2 ? "on" : "off";
  }
  const inside: Rgb[] = [];
  const r = Math.min(b.w, b.h) / 2;
  const inset = Math.max(2, Math.round(b.w * 0.22));
  for (let y = b.y; y < b.y + b.h; y++) {
    for (let x = b.x; x < b.x + b.w; x++) {
      const within = kind === "radio"
        ? Math.hypot(x + 0.5 - (b.x + b.w / 2), y + 0.5 - (b.y + b.h / 2)) / r < 0.7
        : x >= b.x + inset && x < b.x + b.w - inset && y >= b.y + inset && y < b.y + b.h - inset;
      if (within) inside.push(at(img, x, y));
    }
  }
  if (!inside.length) return "unknown";
  // One flat colour inside is an empty control on its own fill (Tk's white box on a grey form), unless
  // that colour is an accent: a box filled with one, its mark too small to see, says nothing sure.
  const fill = medianColour(inside);
  const flat = inside.filter((c) => dist(c, fill) <= FLAT).length / inside.length;
  if (flat >= FLAT_SHARE) return dist(fill, ground) > INK && saturated(fill) ? "unknown" : "unchecked";
  const share = inside.filter((c) => dist(c, ground) > INK).length / inside.length;
  return share > (kind === "radio" ? 0.35 : 0.2) ? "checked" : "unchecked";
}

/** Each channel's median over `colours`. */
function medianColour(colours: readonly Rgb[]): Rgb {
  const channel = (i: number) => colours.map((c) => c[i]).sort((a, b) => a - b)[colours.length >> 1];
  return [channel(0), channel(1), channel(2)];
}
