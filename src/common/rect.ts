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
