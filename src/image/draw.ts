/**
 * Drawing on RGBA images with smooth edges: shapes given by their signed
 * distance (negative inside), polygons, and alpha masks such as rendered
 * text, each painted "over" what is there. Alpha is straight (not
 * premultiplied), so a transparent image can be drawn on and later laid
 * over a picture of the screen.
 *
 * @module
 */

import type { Rect } from "../common/rect.ts";
import type { RgbaImage } from "./pixels.ts";

/** A colour with opacity, each 0-255. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** `0xRRGGBB` as an opaque colour. */
export function rgb(hex: number, a = 255): Rgba {
  return { r: (hex >> 16) & 255, g: (hex >> 8) & 255, b: hex & 255, a };
}

/** An alpha mask: one coverage byte per pixel (rendered text). */
export interface AlphaMask {
  width: number;
  height: number;
  alpha: Uint8Array;
}

/** A fully transparent image. */
export function blankImage(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8Array(width * height * 4) };
}

/** Paints `c` at coverage `cov` (0-1) over the pixel at byte offset `o`. */
function over(img: RgbaImage, o: number, c: Rgba, cov: number): void {
  const a = (c.a / 255) * cov;
  if (a <= 0) return;
  const d = img.data;
  const below = d[o + 3] / 255;
  const out = a + below * (1 - a);
  const mix = (src: number, dst: number) => Math.round((src * a + dst * below * (1 - a)) / out);
  d[o] = mix(c.r, d[o]);
  d[o + 1] = mix(c.g, d[o + 1]);
  d[o + 2] = mix(c.b, d[o + 2]);
  d[o + 3] = Math.round(out * 255);
}

/** A signed distance in pixels from a point to a shape's edge: negative inside. */
export type Distance = (x: number, y: number) => number;

/**
 * Paints a shape given by its distance function over the pixels of
 * `bounds`, with a one-pixel soft edge.
 */
export function paintShape(img: RgbaImage, bounds: Rect, distance: Distance, c: Rgba): void {
  const x0 = Math.max(0, Math.floor(bounds.x)), y0 = Math.max(0, Math.floor(bounds.y));
  const x1 = Math.min(img.width, Math.ceil(bounds.x + bounds.width));
  const y1 = Math.min(img.height, Math.ceil(bounds.y + bounds.height));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const cov = Math.min(1, Math.max(0, 0.5 - distance(x + 0.5, y + 0.5)));
      if (cov > 0) over(img, (y * img.width + x) * 4, c, cov);
    }
  }
}

/** Distance to a rectangle with rounded corners, centred at (cx, cy), half-sizes hw, hh, radius r. */
export function roundRect(cx: number, cy: number, hw: number, hh: number, r: number): Distance {
  const rr = Math.max(0, Math.min(r, hw, hh));
  return (x, y) => {
    const qx = Math.abs(x - cx) - (hw - rr), qy = Math.abs(y - cy) - (hh - rr);
    const ox = Math.max(qx, 0), oy = Math.max(qy, 0);
    return Math.hypot(ox, oy) + Math.min(Math.max(qx, qy), 0) - rr;
  };
}

/** The band of half-width `half` along a shape's edge. */
export function outline(shape: Distance, half: number): Distance {
  return (x, y) => Math.abs(shape(x, y)) - half;
}

/** Distance to a disc. */
export function disc(cx: number, cy: number, radius: number): Distance {
  return (x, y) => Math.hypot(x - cx, y - cy) - radius;
}

/** Distance to a stroke of half-width `half` from (ax, ay) to (bx, by), round-ended. */
export function segment(ax: number, ay: number, bx: number, by: number, half: number): Distance {
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy || 1;
  return (x, y) => {
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
    return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) - half;
  };
}

/** A polygon's vertices, in order. */
export type Polygon = Array<[number, number]>;

function inside(poly: Polygon, x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** Fills a polygon, its edges smoothed by 4x4 samples per pixel. */
export function paintPolygon(img: RgbaImage, poly: Polygon, c: Rgba): void {
  const xs = poly.map((p) => p[0]), ys = poly.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs))), x1 = Math.min(img.width, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys))), y1 = Math.min(img.height, Math.ceil(Math.max(...ys)));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      let n = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) if (inside(poly, x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) n++;
      }
      if (n) over(img, (y * img.width + x) * 4, c, n / 16);
    }
  }
}

/** Paints colour `c` through an alpha mask placed with its top-left at (x, y). */
export function paintMask(img: RgbaImage, mask: AlphaMask, x: number, y: number, c: Rgba): void {
  for (let row = 0; row < mask.height; row++) {
    const ty = y + row;
    if (ty < 0 || ty >= img.height) continue;
    for (let col = 0; col < mask.width; col++) {
      const tx = x + col;
      const a = mask.alpha[row * mask.width + col];
      if (a && tx >= 0 && tx < img.width) over(img, (ty * img.width + tx) * 4, c, a / 255);
    }
  }
}

/** Lays `top` (straight alpha) over the opaque `below` of the same size: what the screen shows. */
export function composite(top: RgbaImage, below: RgbaImage): RgbaImage {
  const out = new Uint8Array(below.data);
  const t = top.data;
  for (let o = 0; o < out.length; o += 4) {
    const a = t[o + 3];
    if (!a) continue;
    const f = a / 255;
    out[o] = Math.round(t[o] * f + out[o] * (1 - f));
    out[o + 1] = Math.round(t[o + 1] * f + out[o + 1] * (1 - f));
    out[o + 2] = Math.round(t[o + 2] * f + out[o + 2] * (1 - f));
    out[o + 3] = 255;
  }
  return { width: below.width, height: below.height, data: out };
}

/**
 * The pixels of `img` whose alpha reaches `threshold`, as rectangles: runs
 * of each row, with equal runs of successive rows joined into one.
 */
export function opaqueRects(img: RgbaImage, threshold = 8): Rect[] {
  const done: Rect[] = [];
  /** Runs still growing downwards, by "x,width". */
  let open = new Map<string, Rect>();
  for (let y = 0; y <= img.height; y++) {
    const runs = new Map<string, Rect>();
    if (y < img.height) {
      let start = -1;
      for (let x = 0; x <= img.width; x++) {
        const on = x < img.width && img.data[(y * img.width + x) * 4 + 3] >= threshold;
        if (on && start < 0) start = x;
        if (!on && start >= 0) {
          const key = `${start},${x - start}`;
          const grown = open.get(key);
          if (grown) {
            grown.height++;
            open.delete(key);
            runs.set(key, grown);
          } else {
            runs.set(key, { x: start, y, width: x - start, height: 1 });
          }
          start = -1;
        }
      }
    }
    done.push(...open.values());
    open = runs;
  }
  return done.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** A 3x5 pixel font for the digits 0-9: five rows of three, one string per digit ("1" is ink). */
export const DIGITS: readonly string[] = [
  "111101101101111",
  "010110010010111",
  "111001111100111",
  "111001111001111",
  "101101111001001",
  "111100111001111",
  "111100111101111",
  "111001001001001",
  "111101111101111",
  "111101111001111",
];
