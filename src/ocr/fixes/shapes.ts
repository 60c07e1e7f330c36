/**
 * A tiny shape classifier for the few UI symbols the English recogniser
 * never produces: `÷` (it reads a bar, `-`) and the arrows `←` `→` (read as
 * `~`, `—` or nothing). Each is told apart by the layout of its ink, not by
 * a trained model:
 *
 * - `÷`: exactly three ink components, a flat bar with one small dot above
 *   and one below it, both over the bar's middle;
 * - `←`/`→`: one ink component, wider than tall, made of a thin shaft along
 *   the middle row with a head, several times taller than the shaft, at one
 *   end.
 *
 * Ink is measured on the pixels (not the edge mask, which joins a `÷`'s dots
 * to its bar), relative to the line's ground.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";
import type { Box } from "../../common/rect.ts";
import { type InkPart, inkParts } from "../../image/ink_parts.ts";

/** An ink component: its box and pixel count. */
type Ink = InkPart;

/** A line at most this many times wider than tall can be a lone symbol. */
const MAX_ASPECT = 3;

/**
 * Binarised ink of a box: pixels far enough from the ground, `share` of the
 * way to the box's strongest ink.
 */
export function inkMask(g: Grey, box: Box, ground: number, share = 0.45): Uint8Array {
  let far = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      far = Math.max(far, Math.abs(g.data[y * g.width + x] - ground));
    }
  }
  const limit = Math.max(24, far * share);
  const mask = new Uint8Array(box.w * box.h);
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      if (Math.abs(g.data[(box.y + y) * g.width + box.x + x] - ground) >= limit) mask[y * box.w + x] = 1;
    }
  }
  return mask;
}

/** Whether three ink parts are a division sign. */
export function isDivision(parts: Ink[]): boolean {
  if (parts.length !== 3) return false;
  const [top, bar, bottom] = [...parts].sort((a, b) => a.y - b.y);
  if (bar.w < 5 || bar.w < bar.h * 2.5 || bar.h > 4) return false;
  const mid = bar.x + bar.w / 2;
  return [top, bottom].every((dot) =>
    dot.w <= bar.w * 0.6 && dot.h <= bar.w * 0.6 && dot.h <= bar.h * 3 + 1 &&
    Math.abs(dot.x + dot.w / 2 - mid) <= bar.w * 0.25
  ) && top.y + top.h <= bar.y && bottom.y >= bar.y + bar.h;
}

/** `←`, `→` or null for one ink part, from its columns' ink heights. */
export function arrowOf(mask: Uint8Array, w: number, part: Ink): string | null {
  if (part.w < 8 || part.w < part.h * 1.3 || part.h < 5) return null;
  const heights: number[] = [];
  const mids: number[] = [];
  for (let x = part.x; x < part.x + part.w; x++) {
    let top = -1, bottom = -1;
    for (let y = part.y; y < part.y + part.h; y++) {
      if (mask[y * w + x]) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    if (top < 0) return null;
    heights.push(bottom - top + 1);
    mids.push((top + bottom) / 2);
  }
  const centre = part.y + (part.h - 1) / 2;
  const headOn = (cols: number[], shaft: number[]) => {
    const thick = Math.max(...shaft.map((i) => heights[i]));
    if (thick > Math.max(2, part.h * 0.3)) return false;
    // The shaft runs along the middle row.
    if (shaft.some((i) => Math.abs(mids[i] - centre) > 1.5)) return false;
    return Math.max(...cols.map((i) => heights[i])) >= Math.max(thick * 3, part.h * 0.8);
  };
  const n = part.w;
  const head = Math.max(2, Math.round(n * 0.4));
  const left = [...Array(head).keys()];
  const right = left.map((i) => n - 1 - i);
  const middleToRight = [...Array(n - head).keys()].map((i) => i + head);
  const middleToLeft = [...Array(n - head).keys()];
  if (headOn(left, middleToRight)) return "←";
  if (headOn(right, middleToLeft)) return "→";
  return null;
}

/**
 * Whether a lone line's ink is one solid flat bar: a minus sign (or a
 * hyphen), at most 4 px thick and at least three times as wide, its box
 * filled. A tilde is wavy and leaves its box's corners empty.
 */
export function isFlatBar(g: Grey, box: Box, ground: number): boolean {
  const mask = inkMask(g, box, ground);
  const parts = inkParts(mask, box.w, box.h).filter((p) => p.n >= 1);
  if (parts.length !== 1) return false;
  const [bar] = parts;
  if (bar.h > 4 || bar.w < Math.max(5, bar.h * 3)) return false;
  let ink = 0;
  for (let y = bar.y; y < bar.y + bar.h; y++) {
    for (let x = bar.x; x < bar.x + bar.w; x++) ink += mask[y * box.w + x];
  }
  return ink >= bar.w * bar.h * 0.85;
}

/**
 * The symbol a lone line's ink draws (`÷`, `←`, `→`), or null. The box is
 * relative to `g`; `ground` is the grey of the surface around the symbol.
 */
export function classifySymbol(g: Grey, box: Box, ground: number): string | null {
  if (box.h < 4 || box.h > 40 || box.w < 5 || box.w > box.h * MAX_ASPECT) return null;
  const mask = inkMask(g, box, ground);
  const parts = inkParts(mask, box.w, box.h).filter((p) => p.n >= 1);
  if (isDivision(parts)) return "÷";
  if (parts.length === 1) return arrowOf(mask, box.w, parts[0]) ?? uprightArrowOf(mask, box, parts[0]);
  return null;
}

/**
 * `↑`, `↓` or null for one ink part: the same test as `arrowOf` on the mask
 * turned on its side, and a head that narrows to a tip row by row, as an
 * arrowhead's sides slope (a `T`'s bar is widest at its end, a `t`'s bar
 * juts out of its stem at once).
 */
export function uprightArrowOf(mask: Uint8Array, box: Box, part: Ink): string | null {
  const turned = new Uint8Array(mask.length);
  for (let y = 0; y < box.h; y++) for (let x = 0; x < box.w; x++) turned[x * box.h + y] = mask[y * box.w + x];
  const side = arrowOf(turned, box.h, { x: part.y, y: part.x, w: part.h, h: part.w, n: part.n });
  if (!side) return null;
  const widths: number[] = [];
  for (let y = part.y; y < part.y + part.h; y++) {
    let n = 0;
    for (let x = part.x; x < part.x + part.w; x++) n += mask[y * box.w + x];
    widths.push(n);
  }
  const fromTip = side === "←" ? widths : [...widths].reverse();
  const widest = fromTip.indexOf(Math.max(...fromTip));
  const tapered = fromTip.slice(0, widest + 1).every((w, i) =>
    i === 0 || (w >= fromTip[i - 1] && w - fromTip[i - 1] <= 3)
  );
  if (!tapered || fromTip[0] * 2 > fromTip[widest]) return null;
  return side === "←" ? "↑" : "↓";
}

/** The ink box of a line (relative to the line), for placing a classified symbol. */
export function inkBox(g: Grey, box: Box, ground: number): Box {
  const mask = inkMask(g, box, ground);
  let x0 = box.w, y0 = box.h, x1 = -1, y1 = -1;
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      if (!mask[y * box.w + x]) continue;
      x0 = Math.min(x0, x), x1 = Math.max(x1, x), y0 = Math.min(y0, y), y1 = Math.max(y1, y);
    }
  }
  return x1 < 0 ? { x: 0, y: 0, w: box.w, h: box.h } : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** Share of a cross's ink its mirror images must cover: a `×` is the same flipped either way. */
const CROSS_SYMMETRY = 0.75;

/**
 * Whether a lone line's ink is a saltire: one part, about square, the same
 * mirrored left-right and top-bottom, its four corners and its centre inked
 * and the middles of its sides empty. A multiplication sign draws one; so
 * does a plain letter `x` in many fonts, so the shape alone never says `×`
 * (see `keypadSign`).
 */
export function isCross(g: Grey, box: Box, ground: number): boolean {
  const full = inkMask(g, box, ground);
  const parts = inkParts(full, box.w, box.h).filter((p) => p.n >= 1);
  if (parts.length !== 1) return false;
  const [p] = parts;
  if (p.w < 5 || p.h < 5 || Math.abs(p.w - p.h) > Math.max(1, p.h * 0.2)) return false;
  const at = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < p.w && y < p.h && full[(p.y + y) * box.w + p.x + x] === 1;
  // Antialiasing puts a stroke a pixel off its mirror image: a pixel beside the mirror point counts.
  const near = (x: number, y: number) => at(x, y) || at(x + 1, y) || at(x - 1, y);
  let ink = 0, mirroredX = 0, mirroredY = 0;
  for (let y = 0; y < p.h; y++) {
    for (let x = 0; x < p.w; x++) {
      if (!at(x, y)) continue;
      ink++;
      if (near(p.w - 1 - x, y)) mirroredX++;
      if (near(x, p.h - 1 - y)) mirroredY++;
    }
  }
  if (mirroredX < ink * CROSS_SYMMETRY || mirroredY < ink * CROSS_SYMMETRY) return false;
  const corners = near(0, 0) && near(p.w - 1, 0) && near(0, p.h - 1) && near(p.w - 1, p.h - 1);
  const cx = p.w >> 1, cy = p.h >> 1;
  const centre = at(cx, cy) || at(cx - 1, cy) || at(cx, cy - 1) || at(cx - 1, cy - 1);
  const sides = at(0, cy) || at(p.w - 1, cy) || at(cx, 0) || at(cx, p.h - 1);
  return corners && centre && !sides;
}
