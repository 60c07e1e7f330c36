/**
 * The ground a line of text sits on, and the box to read it in when that
 * ground is an inner surface such as a selection highlight.
 *
 * @module
 */

import { GROUND_JUMP, type TextLine } from "./find.ts";
import type { Grey } from "../../image/pixels.ts";
import type { Box } from "../../common/rect.ts";

/** Share of a line box the commonest grey must fill to count as the surface the text is on. */
export const SURFACE_SHARE = 0.4;
/** A box must be this many times wider than tall to be read on its inner surface. */
export const SURFACE_ASPECT = 2.2;

/**
 * The ground a line sits on: the median of its characters' surroundings. When
 * `grey` is given and the box is mostly one grey far from that (white text
 * on a selection highlight, whose outline makes the whole highlight one
 * component), that inner surface is the ground.
 */
export function lineGround(line: TextLine, grey?: Grey): number | undefined {
  const grounds = line.blobs.map((b) => b.ground).filter((v): v is number => v !== undefined)
    .sort((a, b) => a - b);
  const outer = grounds.length ? grounds[grounds.length >> 1] : undefined;
  // A toggle's pill is a surface too, but its knob is no text: only text-wide boxes count.
  if (!grey || outer === undefined || line.w < line.h * SURFACE_ASPECT) return outer;
  const inner = commonGrey(grey, line);
  return inner.share >= SURFACE_SHARE && Math.abs(inner.value - outer) > GROUND_JUMP ? inner.value : outer;
}

/**
 * The box to prepare for a line: on an inner surface (see `lineGround`) the
 * rows and columns at its edge that are mostly not that surface (the
 * highlight's outline and the ground around it) are cut off, or they would
 * read as `[` and `|`.
 */
export function surfaceBox(g: Grey, line: TextLine, ground: number | undefined): Box {
  if (ground === undefined || Math.abs(ground - (lineGround(line) ?? ground)) <= GROUND_JUMP) return line;
  const on = (v: number) => Math.abs(v - ground) <= 12;
  const colShare = (x: number, y0: number, y1: number) => {
    let n = 0;
    for (let y = y0; y < y1; y++) n += on(g.data[y * g.width + x]) ? 1 : 0;
    return n / Math.max(1, y1 - y0);
  };
  const rowShare = (y: number, x0: number, x1: number) => {
    let n = 0;
    for (let x = x0; x < x1; x++) n += on(g.data[y * g.width + x]) ? 1 : 0;
    return n / Math.max(1, x1 - x0);
  };
  let x0 = line.x, x1 = line.x + line.w, y0 = line.y, y1 = line.y + line.h;
  for (let k = 0; k < 2; k++) {
    while (y1 - y0 > 4 && rowShare(y0, x0, x1) < 0.5) y0++;
    while (y1 - y0 > 4 && rowShare(y1 - 1, x0, x1) < 0.5) y1--;
    while (x1 - x0 > 4 && colShare(x0, y0, y1) < 0.5) x0++;
    while (x1 - x0 > 4 && colShare(x1 - 1, y0, y1) < 0.5) x1--;
  }
  // A highlight's rounded corners are specks of the outer ground at its edge, read as "|" once the
  // line is negated; its padding is wider than two pixels, so two go.
  const inset = x1 - x0 > 12 && y1 - y0 > 10 ? 2 : 0;
  return { x: x0 + inset, y: y0 + inset, w: x1 - x0 - 2 * inset, h: y1 - y0 - 2 * inset };
}

/**
 * The boxes measured so far in each grey image marked settled (`markSettled`). A line's
 * ground is asked for at every stage of a read (its rows cut off, its
 * symbols, its cells, its preparing, each number's point), so in an image
 * whose pixels no longer change each box is counted once.
 */
const measured = new WeakMap<Uint8Array, Map<string, { value: number; share: number }>>();

/**
 * Marks `g` as settled: its pixels are not changed again (the pipeline's
 * grey image once its bands are repainted), so `commonGrey` remembers what
 * it measured in it. Returns `g`.
 */
export function markSettled(g: Grey): Grey {
  if (!measured.has(g.data)) measured.set(g.data, new Map());
  return g;
}

/** Whether `g` was marked settled (`markSettled`): its pixels will not change. */
export function isSettled(g: Grey): boolean {
  return measured.has(g.data);
}

/** The commonest grey inside a box and the share of the box it fills. */
export function commonGrey(g: Grey, box: Box): { value: number; share: number } {
  const boxes = measured.get(g.data);
  const key = `${g.width},${box.x},${box.y},${box.w},${box.h}`;
  const known = boxes?.get(key);
  if (known) return { ...known };
  const hist = new Int32Array(256);
  for (let y = box.y; y < box.y + box.h; y++) {
    const row = y * g.width;
    for (let x = box.x; x < box.x + box.w; x++) hist[g.data[row + x]]++;
  }
  let best = 0;
  for (let v = 1; v < 256; v++) if (hist[v] > hist[best]) best = v;
  const found = { value: best, share: hist[best] / Math.max(1, box.w * box.h) };
  boxes?.set(key, found);
  return { ...found };
}
