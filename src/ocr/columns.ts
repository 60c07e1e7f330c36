/**
 * Words grouped within the columns of a grid: no element may run across a
 * grid's vertical rule, however close the words on either side (a clipped
 * text ends right at the rule, its neighbour's text starts a few pixels on).
 *
 * @module
 */

import { groupWords } from "./group.ts";
import type { Element, OcrWord } from "./types.ts";

/** Elements of several groupings in one reading order: rows by their centres, each left to right. */
export function inReadingOrder(elements: readonly Element[]): Element[] {
  const rows: Element[][] = [];
  for (const e of [...elements].sort((a, b) => a.cy - b.cy || a.x - b.x)) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0].cy - e.cy) < Math.min(row[0].h, e.h) / 2) row.push(e);
    else rows.push([e]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.x - b.x));
}

/**
 * Groups `words` into elements column by column: `rules` are the x of the
 * vertical rules, left to right, and a word belongs to the column its left
 * edge is in (as a cell's text starts in its cell).
 */
export function groupInColumns(words: readonly OcrWord[], rules: readonly number[]): Element[] {
  const bins = new Map<number, OcrWord[]>();
  for (const w of words) {
    let col = 0;
    while (col < rules.length && w.x + 2 >= rules[col]) col++;
    bins.set(col, [...(bins.get(col) ?? []), w]);
  }
  return inReadingOrder([...bins.values()].flatMap((b) => groupWords(b)));
}
