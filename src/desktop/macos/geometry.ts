/**
 * Display geometry: global points (what CGEvent and CGWindow speak) versus
 * pixels of the captured display (what OCR sees). Several displays may sit at
 * negative origins; the main display's top-left is (0, 0).
 *
 * @module
 */

import { containsPoint, overlapArea, type Point, type Rect } from "../../common/rect.ts";

/** One active display. */
export interface Display {
  id: number;
  /** Bounds in global points (CGDisplayBounds). */
  bounds: Rect;
  /** Pixels per point: CGDisplayModeGetPixelWidth / CGDisplayBounds.width. */
  scale: number;
}

/** Pixels per point of a display; falls back to 1 when the mode is unknown. */
export function scaleOf(pixelWidth: number, pointWidth: number): number {
  if (!(pixelWidth > 0) || !(pointWidth > 0)) return 1;
  // Scaled Retina modes give ratios like 1.9999; snap what is nearly integral.
  const s = pixelWidth / pointWidth;
  const r = Math.round(s);
  return Math.abs(s - r) < 0.01 ? r : s;
}

/**
 * The display that holds a window (given in global points): the one holding
 * its centre, else the one it overlaps most, else the first (main) display.
 */
export function displayFor(displays: Display[], rect: Rect | null): Display {
  if (displays.length === 0) throw new Error("no active display");
  if (!rect) return displays[0];
  const c = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  const hit = displays.find((d) => containsPoint(d.bounds, c.x, c.y));
  if (hit) return hit;
  let best = displays[0], area = 0;
  for (const d of displays) {
    const a = overlapArea(d.bounds, rect);
    if (a > area) [best, area] = [d, a];
  }
  return best;
}

/** Global points to pixels of a display. */
export function pointToPixel(d: Display, p: Point): Point {
  return {
    x: Math.round((p.x - d.bounds.x) * d.scale),
    y: Math.round((p.y - d.bounds.y) * d.scale),
  };
}

/** Pixels of a display to global points (what CGEventCreateMouseEvent wants). */
export function pixelToPoint(d: Display, p: Point): Point {
  return { x: d.bounds.x + p.x / d.scale, y: d.bounds.y + p.y / d.scale };
}

/** A rectangle in global points to pixels of a display. */
export function rectToPixels(d: Display, r: Rect): Rect {
  const a = pointToPixel(d, r);
  return {
    x: a.x,
    y: a.y,
    width: Math.round(r.width * d.scale),
    height: Math.round(r.height * d.scale),
  };
}

/** True when a rectangle in global points overlaps the display. */
export function onDisplay(d: Display, r: Rect): boolean {
  return overlapArea(d.bounds, r) > 0;
}

/** Reads a CGRect returned by value (four little-endian doubles). */
export function rectFromBytes(bytes: Uint8Array): Rect {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    x: v.getFloat64(0, true),
    y: v.getFloat64(8, true),
    width: v.getFloat64(16, true),
    height: v.getFloat64(24, true),
  };
}

/** Reads a CGPoint returned by value (two little-endian doubles). */
export function pointFromBytes(bytes: Uint8Array): Point {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { x: v.getFloat64(0, true), y: v.getFloat64(8, true) };
}
