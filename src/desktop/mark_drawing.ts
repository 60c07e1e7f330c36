/**
 * What a mark looks like, drawn into pixels for a backend to put on the
 * screen: a rounded frame around the element's box (a coloured band edged
 * in white, so it shows on light and dark ground), its number in a disc at
 * the top-left corner when it is one of several, the gesture's glyph at the
 * bottom-right corner (an eye, a pointer, a pointer clicking twice, a mouse
 * with its right button lit, a text cursor), an arrow to where a drag ends,
 * and the note in a dark label below the frame (above when there is no room).
 * The picture is transparent wherever it shows nothing, and never leaves the
 * screen.
 *
 * @module
 */

import type { Point, Rect } from "../common/rect.ts";
import { unionRect } from "../common/rect.ts";
import {
  type AlphaMask,
  blankImage,
  DIGITS,
  disc,
  type Distance,
  outline,
  paintMask,
  paintPolygon,
  paintShape,
  type Polygon,
  rgb,
  type Rgba,
  roundRect,
  segment,
} from "../image/draw.ts";
import type { RgbaImage } from "../image/pixels.ts";
import type { Gesture, MarkPart, PointMark, PointOptions } from "./types.ts";

/** The note's words as pixels (the system's fonts), or as lines the backend draws itself in a core font. */
export type NoteInk =
  | { kind: "mask"; mask: AlphaMask }
  | { kind: "lines"; lines: string[]; width: number; lineHeight: number };

/** One mark ready to show. */
export interface MarkPicture {
  /** Where the picture's top-left corner goes, in screen pixels. */
  origin: Point;
  /** Transparent where the mark shows nothing. */
  image: RgbaImage;
  /** Lines the backend still has to write, from this top-left corner of the picture (core-font notes). */
  text: { x: number; y: number; lines: string[]; lineHeight: number } | null;
}

/** Space between the element's box and the frame. */
const GAP = 4;
/** The coloured band, and the white edge on each side of it. */
const BAND = 3;
const EDGE = 1.5;
/** How far the frame's outer edge lies from the box. */
export const FRAME_REACH = GAP + BAND + 2 * EDGE;
const BADGE_RADIUS = 10;
const GLYPH = 24;
const NOTE_PAD = 6;
/** Notes wrap at this width, in pixels. */
export const NOTE_WIDTH = 320;
/** The note's type size, in pixels. */
export const NOTE_SIZE = 14;

const TONE: Record<PointOptions["tone"], Rgba> = { guide: rgb(0xff6d00), warning: rgb(0xd0021b) };
const WHITE = rgb(0xffffff);
const NOTE_GROUND = rgb(0x202124, 240);

/** `r` grown by `by` on every side. */
function grow(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by };
}

function centre(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** Where a ray from `from` towards `to` leaves rectangle `r` (which holds `from`), as a fraction of the way. */
function exitAt(r: Rect, from: Point, to: Point): number {
  const dx = to.x - from.x, dy = to.y - from.y;
  const ts = [
    dx > 0 ? (r.x + r.width - from.x) / dx : dx < 0 ? (r.x - from.x) / dx : Infinity,
    dy > 0 ? (r.y + r.height - from.y) / dy : dy < 0 ? (r.y - from.y) / dy : Infinity,
  ];
  return Math.max(0, Math.min(1, ...ts));
}

/** The drag arrow's ends: from outside the first frame to outside the second; null when they touch. */
function arrowEnds(from: Rect, to: Rect): [Point, Point] | null {
  const a = centre(from), b = centre(to);
  const outA = grow(from, FRAME_REACH + 3), outB = grow(to, FRAME_REACH + 3);
  const t0 = exitAt(outA, a, b), t1 = 1 - exitAt(outB, b, a);
  if (t1 - t0 <= 0.02) return null;
  const at = (t: number) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
  return [at(t0), at(t1)];
}

/** The note label's place: below the frame, or above it when it does not fit below; kept on screen. */
function noteBox(frame: Rect, w: number, h: number, screen: Rect): Rect {
  const x = Math.max(screen.x, Math.min(frame.x, screen.x + screen.width - w));
  const below = frame.y + frame.height + 4;
  const y = below + h <= screen.y + screen.height ? below : Math.max(screen.y, frame.y - 4 - h);
  return { x, y, width: w, height: h };
}

function paintDigits(img: RgbaImage, n: number, cx: number, cy: number, cell: number, c: Rgba): void {
  const digits = String(n).split("").map(Number);
  const w = digits.length * 4 * cell - cell;
  let x0 = Math.round(cx - w / 2);
  const y0 = Math.round(cy - 2.5 * cell);
  for (const d of digits) {
    for (let i = 0; i < 15; i++) {
      if (DIGITS[d][i] !== "1") continue;
      const x = x0 + (i % 3) * cell, y = y0 + Math.floor(i / 3) * cell;
      paintShape(
        img,
        { x, y, width: cell, height: cell },
        roundRect(x + cell / 2, y + cell / 2, cell / 2, cell / 2, 0),
        c,
      );
    }
    x0 += 4 * cell;
  }
}

/** A shape painted in white a little larger, then in colour: it stands out on any ground. */
function edged(img: RgbaImage, bounds: Rect, d: Distance, c: Rgba): void {
  paintShape(img, grow(bounds, 2), (x, y) => d(x, y) - EDGE, WHITE);
  paintShape(img, bounds, d, c);
}

function edgedPolygon(img: RgbaImage, poly: Polygon, c: Rgba): void {
  for (const [dx, dy] of [[-1.5, 0], [1.5, 0], [0, -1.5], [0, 1.5], [-1, -1], [1, -1], [-1, 1], [1, 1]]) {
    paintPolygon(img, poly.map(([x, y]) => [x + dx, y + dy]), WHITE);
  }
  paintPolygon(img, poly, c);
}

/** The classic pointer's outline, tip at (0, 0), 19 units tall. */
const POINTER: Polygon = [[0, 0], [0, 16], [4, 12.5], [7, 19], [10, 17.8], [7.2, 11.5], [12, 11.5]];

function paintGlyph(img: RgbaImage, gesture: Gesture, g: Rect, c: Rgba): void {
  const cx = g.x + g.width / 2, cy = g.y + g.height / 2;
  const pointer = (x: number, y: number) => edgedPolygon(img, POINTER.map(([px, py]) => [x + px, y + py]), c);
  const burst = (x: number, y: number) => {
    for (const [dx, dy] of [[-6, -1], [-4.5, -4.5], [-1, -6]]) {
      const d = segment(x + dx * 0.45, y + dy * 0.45, x + dx, y + dy, 1);
      edged(img, { x: x - 8, y: y - 8, width: 10, height: 10 }, d, c);
    }
  };
  switch (gesture) {
    case "look": {
      // An eye: the lens two circles share, and its pupil.
      const r = 11, off = 7;
      const lens: Distance = (x, y) => Math.max(disc(cx, cy + off, r)(x, y), disc(cx, cy - off, r)(x, y));
      edged(img, g, outline(lens, 1), c);
      paintShape(img, g, disc(cx, cy, 3), c);
      return;
    }
    case "click":
      pointer(g.x + 8, g.y + 4);
      burst(g.x + 8, g.y + 4);
      return;
    case "double_click":
      pointer(g.x + 8, g.y + 4);
      burst(g.x + 8, g.y + 4);
      paintShape(
        img,
        { x: g.x + 14, y: g.y + 10, width: 14, height: 14 },
        disc(g.x + 21, g.y + 17, 6.5),
        WHITE,
      );
      paintShape(img, { x: g.x + 14, y: g.y + 10, width: 14, height: 14 }, disc(g.x + 21, g.y + 17, 5.5), c);
      paintDigits(img, 2, g.x + 21, g.y + 17, 1.6, WHITE);
      return;
    case "right_click": {
      // A mouse, its right button lit.
      const body = roundRect(cx, cy, 7, 10, 6);
      edged(img, g, body, WHITE);
      edged(img, g, outline(body, 0.8), c);
      paintShape(img, g, (x, y) => Math.max(body(x, y), cx + 0.8 - x, y - (cy - 1)), c);
      paintShape(img, g, segment(cx, cy - 10, cx, cy - 1, 0.6), c);
      return;
    }
    case "type_here": {
      // A text cursor.
      const d: Distance = (x, y) =>
        Math.min(
          segment(cx, cy - 9, cx, cy + 9, 1.2)(x, y),
          segment(cx - 5, cy - 10, cx + 5, cy - 10, 1.2)(x, y),
          segment(cx - 5, cy + 10, cx + 5, cy + 10, 1.2)(x, y),
        );
      edged(img, g, d, c);
      return;
    }
    case "drag_to":
      pointer(g.x + 8, g.y + 4);
      return;
  }
}

/** The arrow of a drag, its head at `b`. */
function paintArrow(img: RgbaImage, a: Point, b: Point, c: Rgba): void {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
  const head = Math.min(16, len / 2);
  const base = { x: b.x - ux * head, y: b.y - uy * head };
  const shaft = segment(a.x, a.y, base.x, base.y, 2);
  const box = unionRect([{ x: a.x, y: a.y, width: 0, height: 0 }, { x: b.x, y: b.y, width: 0, height: 0 }]);
  edged(img, grow(box, 6), shaft, c);
  edgedPolygon(img, [[b.x, b.y], [base.x - uy * 8, base.y + ux * 8], [base.x + uy * 8, base.y - ux * 8]], c);
}

/** How large a note's words are once written, in pixels. */
export interface InkSize {
  width: number;
  height: number;
}

/** The size of a note's ink. */
export function inkSize(ink: NoteInk): InkSize {
  return ink.kind === "mask"
    ? { width: ink.mask.width, height: ink.mask.height }
    : { width: ink.width, height: ink.lines.length * ink.lineHeight };
}

/** Where each part of one mark goes on the screen. */
interface MarkLayout {
  frame: Rect;
  badge: Point | null;
  glyph: Rect;
  arrow: [Point, Point] | null;
  label: Rect | null;
  parts: MarkPart[];
}

/** Longest stretch of an arrow one part covers: a slanted arrow is a row of small boxes, not one large one. */
const ARROW_STEP = 24;

function whole(r: Rect): Rect {
  return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
}

/**
 * The mark with its box and drag target in whole pixels: every position
 * drawn from them is then whole too, as the X server's text calls need
 * (a fraction there throws).
 */
export function wholeMark(mark: PointMark): PointMark {
  return { ...mark, box: whole(mark.box), to: mark.to && whole(mark.to) };
}

function layout(mark: PointMark, ink: InkSize | null, screen: Rect): MarkLayout {
  const frame = grow(mark.box, FRAME_REACH);
  const parts: MarkPart[] = [{ part: "frame", area: grow(frame, 2) }];
  const badge = mark.number === null ? null : { x: frame.x, y: frame.y };
  if (badge) parts.push({ part: "number", area: grow({ ...badge, width: 0, height: 0 }, BADGE_RADIUS + 3) });
  // Beside the frame's right edge, clear of the note below it.
  const glyph = {
    x: frame.x + frame.width + 1,
    y: Math.round(frame.y + frame.height / 2 - GLYPH / 2),
    width: GLYPH,
    height: GLYPH,
  };
  // The click's burst and the glyphs' white edges reach a few pixels past the glyph's box.
  parts.push({ part: "gesture", area: grow(glyph, 6) });
  const arrow = mark.gesture === "drag_to" && mark.to ? arrowEnds(mark.box, mark.to) : null;
  if (arrow) {
    const [a, b] = arrow;
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / ARROW_STEP));
    const at = (t: number) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, width: 0, height: 0 });
    for (let i = 0; i < steps; i++) {
      parts.push({ part: "arrow", area: grow(unionRect([at(i / steps), at((i + 1) / steps)]), 12) });
    }
  }
  const label = ink ? noteBox(frame, ink.width + 2 * NOTE_PAD, ink.height + 2 * NOTE_PAD, screen) : null;
  if (label) parts.push({ part: "note", area: label });
  return { frame, badge, glyph, arrow, label, parts };
}

/**
 * Every part of a mark as it would be drawn on `screen` (its note's ink
 * measured, or null without a note), each with the room around it: what
 * must stay clear of the windows choto may not show over.
 */
export function markParts(mark: PointMark, ink: InkSize | null, screen: Rect): MarkPart[] {
  return layout(wholeMark(mark), ink, screen).parts;
}

/**
 * Draws one mark: its element's frame, number, glyph, drag arrow and note,
 * on a transparent picture placed on `screen` (which it never leaves).
 * Coordinates are taken to whole pixels first.
 */
export function drawMark(
  given: PointMark,
  ink: NoteInk | null,
  screen: Rect,
  tone: PointOptions["tone"],
): MarkPicture {
  const c = TONE[tone];
  const mark = wholeMark(given);
  const { frame, badge, glyph, arrow, label, parts } = layout(mark, ink && inkSize(ink), screen);

  // The picture covers every part, cut to the screen.
  const all = unionRect(parts.map((p) => p.area));
  const x0 = Math.max(screen.x, Math.floor(all.x)), y0 = Math.max(screen.y, Math.floor(all.y));
  const x1 = Math.min(screen.x + screen.width, Math.ceil(all.x + all.width));
  const y1 = Math.min(screen.y + screen.height, Math.ceil(all.y + all.height));
  const img = blankImage(Math.max(1, x1 - x0), Math.max(1, y1 - y0));
  const local = (r: Rect): Rect => ({ ...r, x: r.x - x0, y: r.y - y0 });

  const f = local(grow(mark.box, GAP + EDGE + BAND / 2));
  const ring = roundRect(f.x + f.width / 2, f.y + f.height / 2, f.width / 2, f.height / 2, 6);
  paintShape(img, local(grow(frame, 1)), outline(ring, BAND / 2 + EDGE), WHITE);
  paintShape(img, local(grow(frame, 1)), outline(ring, BAND / 2), c);
  if (arrow) {
    paintArrow(
      img,
      { x: arrow[0].x - x0, y: arrow[0].y - y0 },
      { x: arrow[1].x - x0, y: arrow[1].y - y0 },
      c,
    );
  }
  paintGlyph(img, mark.gesture, local(glyph), c);
  if (badge && mark.number !== null) {
    const b = { x: badge.x - x0, y: badge.y - y0 };
    const area = grow({ ...b, width: 0, height: 0 }, BADGE_RADIUS + 2);
    paintShape(img, area, disc(b.x, b.y, BADGE_RADIUS + EDGE), WHITE);
    paintShape(img, area, disc(b.x, b.y, BADGE_RADIUS), c);
    paintDigits(img, mark.number, b.x, b.y, mark.number > 9 ? 2 : 3, WHITE);
  }
  let text: MarkPicture["text"] = null;
  if (label && ink) {
    const l = local(label);
    paintShape(
      img,
      l,
      roundRect(l.x + l.width / 2, l.y + l.height / 2, l.width / 2, l.height / 2, 5),
      NOTE_GROUND,
    );
    if (ink.kind === "mask") paintMask(img, ink.mask, l.x + NOTE_PAD, l.y + NOTE_PAD, WHITE);
    else text = { x: l.x + NOTE_PAD, y: l.y + NOTE_PAD, lines: ink.lines, lineHeight: ink.lineHeight };
  }
  return { origin: { x: x0, y: y0 }, image: img, text };
}
