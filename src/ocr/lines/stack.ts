/**
 * Stacks many prepared line images into one tall image so one engine call
 * reads them all (each call has a fixed cost), and maps the words it returns
 * back to the line they came from.
 *
 * @module
 */

import type { OcrWord } from "../types.ts";
import type { Grey } from "../../image/pixels.ts";
import type { PreparedLine } from "./prepare.ts";

/** White rows between stacked lines, so the recogniser never joins two. */
export const STACK_GAP = 40;

/** One stacked image and where each line sits in it. */
export interface Stack {
  image: Grey;
  /** Top row of each line in the stack, in input order. */
  tops: number[];
  lines: PreparedLine[];
}

/** Stacks lines top to bottom, left-aligned, on white. */
export function stackLines(lines: PreparedLine[]): Stack {
  const width = Math.max(1, ...lines.map((l) => l.image.width));
  const tops: number[] = [];
  let height = STACK_GAP;
  for (const l of lines) {
    tops.push(height);
    height += l.image.height + STACK_GAP;
  }
  const data = new Uint8Array(width * height).fill(255);
  lines.forEach((l, i) => {
    for (let row = 0; row < l.image.height; row++) {
      data.set(
        l.image.data.subarray(row * l.image.width, (row + 1) * l.image.width),
        (tops[i] + row) * width,
      );
    }
  });
  return { image: { width, height, data }, tops, lines };
}

/**
 * Assigns each word read from a stack to the line whose slot holds its
 * centre and returns, per line, the words in that line's prepared pixels.
 */
export function unstackWords(stack: Stack, words: OcrWord[]): OcrWord[][] {
  const perLine: OcrWord[][] = stack.lines.map(() => []);
  for (const w of words) {
    const cy = w.y + w.h / 2;
    let i = stack.tops.length - 1;
    while (i > 0 && stack.tops[i] > cy) i--;
    const top = stack.tops[i];
    if (cy > top + stack.lines[i].image.height) continue; // in a gap: noise
    perLine[i].push({ ...w, y: w.y - top });
  }
  return perLine;
}

/** Maps a word from a prepared line's pixels to source pixels. */
export function toSource(line: PreparedLine, w: OcrWord, offsetX = 0, offsetY = 0): OcrWord {
  const x = line.originX + w.x / line.scale;
  const y = line.originY + w.y / line.scale;
  // `| 0`: a word just left of its line rounds to -0, which V8 stores boxed, re-laying out every word
  // (lines/find.ts, splitStacked).
  return {
    text: w.text,
    conf: w.conf,
    x: Math.round(x + offsetX) | 0,
    y: Math.round(y + offsetY) | 0,
    w: Math.round(w.w / line.scale) | 0,
    h: Math.round(w.h / line.scale) | 0,
  };
}

/**
 * Cuts items, in screen order, into consecutive stacks of at most about
 * `maxArea` pixels (stack area = widest item x summed heights), and into at
 * least `minGroups` stacks when there are enough items, none taller than
 * `maxHeight` (the engine's limit). Consecutive lines
 * keep their neighbours (the recogniser reads them better than lines dealt
 * out by size), and small stacks bound the recogniser's memory.
 */
export function packStacks<T>(
  items: T[],
  size: (t: T) => { width: number; height: number },
  maxArea: number,
  minGroups: number,
  maxHeight = Infinity,
): T[][] {
  const total = items.reduce((s, t) => s + size(t).width * size(t).height, 0);
  // Share the work evenly when it fits in fewer stacks than recognisers.
  const budget = Math.min(maxArea, Math.max(1, total / Math.max(1, minGroups)));
  const groups: T[][] = [];
  let current: T[] = [];
  let width = 0, height = 0;
  for (const t of items) {
    const s = size(t);
    const w = Math.max(width, s.width);
    if (current.length && (w * (height + s.height) > budget * 1.05 || height + s.height > maxHeight)) {
      groups.push(current);
      current = [];
      height = 0;
    }
    width = current.length ? Math.max(width, s.width) : s.width;
    height += s.height;
    current.push(t);
  }
  if (current.length) groups.push(current);
  return groups;
}

/**
 * Orders stacks costliest first, by the pixels of their lines (a read's
 * time grows with them). The recognisers take stacks in the order they are
 * asked for, so a costly stack asked for last would keep one busy while the
 * other has nothing left to read.
 */
export function costliestFirst<T>(groups: T[][], pixels: (t: T) => number): T[][] {
  const cost = new Map(groups.map((g) => [g, g.reduce((sum, t) => sum + pixels(t), 0)]));
  return [...groups].sort((a, b) => cost.get(b)! - cost.get(a)!);
}
