/**
 * Rectangles in screen pixels and the questions every layer asks of them.
 *
 * @module
 */

/** An axis-aligned rectangle in screen pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A point in screen pixels. */
export interface Point {
  x: number;
  y: number;
}

/** True when the point (x, y) lies inside `r` (left and top edges inclusive). */
export function containsPoint(r: Rect, x: number, y: number): boolean {
  return x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height;
}

/** Intersection area of two rectangles (0 when they do not meet). */
export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * `r` within a frame `width` by `height` pixels, on whole pixels: empty (0
 * wide or high) when it is all outside.
 */
export function clampRect(r: Rect, width: number, height: number): Rect {
  const x = Math.max(0, Math.floor(r.x));
  const y = Math.max(0, Math.floor(r.y));
  const x2 = Math.min(width, Math.ceil(r.x + r.width));
  const y2 = Math.min(height, Math.ceil(r.y + r.height));
  return { x, y, width: Math.max(0, x2 - x), height: Math.max(0, y2 - y) };
}

/** A box as OCR measures it: origin and size as `w` and `h`. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The smallest rectangle holding every box (there must be at least one). */
export function boundsOfBoxes(boxes: readonly Box[]): Rect {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const x2 = Math.max(...boxes.map((b) => b.x + b.w));
  const y2 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x, y, width: x2 - x, height: y2 - y };
}

/** The smallest rectangle holding every rectangle (there must be at least one). */
export function unionRect(rects: readonly Rect[]): Rect {
  return boundsOfBoxes(rects.map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
}
