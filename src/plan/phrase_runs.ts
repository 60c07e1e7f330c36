/**
 * Phrases drawn as separate elements: the words of one line that the reading
 * kept apart (a fixed-pitch editor's word space is a whole character cell,
 * as wide as the gap some grouping takes for a column break) put together
 * again, so a target naming the phrase finds it whichever way its words
 * were grouped.
 *
 * A run is elements on one row, each the next one to the right of the last,
 * with no more than a word space between them: a wider gap is a column, a
 * shortcut, another field, and a phrase never crosses it.
 *
 * @module
 */

import type { Element } from "../ocr/types.ts";

/** Widest gap between two words of a run, in text heights: a fixed-pitch space with its bearings, never a column. */
export const RUN_GAP = 1.6;

/** A phrase put together from side-by-side elements. */
export interface PhraseRun {
  /** The elements joined, left to right (two or more). */
  parts: Element[];
  /** Their texts joined by spaces, with a box spanning them. */
  element: Element;
}

/** The element just right of `e` on its row within a word space, if any (the nearest one). */
function nextOnRow(e: Element, elements: readonly Element[]): Element | null {
  let best: Element | null = null;
  const right = e.x + e.w;
  for (const f of elements) {
    if (f === e || f.x < right - 1) continue;
    const height = Math.max(e.h, f.h);
    // Same row: centres closer than half the shorter element's height.
    if (Math.abs(f.cy - e.cy) > Math.min(e.h, f.h) / 2) continue;
    if (f.x - right > height * RUN_GAP) continue;
    if (!best || f.x < best.x) best = f;
  }
  return best;
}

/** One element spanning `parts`: their texts joined by spaces, their lowest confidence. */
function joined(parts: Element[]): Element {
  const x = Math.min(...parts.map((p) => p.x)), y = Math.min(...parts.map((p) => p.y));
  const w = Math.max(...parts.map((p) => p.x + p.w)) - x, h = Math.max(...parts.map((p) => p.y + p.h)) - y;
  return {
    text: parts.map((p) => p.text).join(" "),
    x,
    y,
    w,
    h,
    cx: Math.round(x + w / 2),
    cy: Math.round(y + h / 2),
    conf: Math.min(...parts.map((p) => p.conf)),
  };
}

/**
 * Every run of two to `maxParts` side-by-side elements on one row, in
 * reading order of their first element. Controls and icons are left out: a
 * run is plain words.
 */
export function phraseRuns(elements: readonly Element[], maxParts: number): PhraseRun[] {
  const words = elements.filter((e) => !e.control && !e.icon && e.text.trim() !== "");
  const next = new Map<Element, Element | null>(words.map((e) => [e, nextOnRow(e, words)]));
  const runs: PhraseRun[] = [];
  for (const first of words) {
    const parts = [first];
    for (let n = next.get(first); n && parts.length < maxParts && !parts.includes(n); n = next.get(n)) {
      parts.push(n);
      runs.push({ parts: [...parts], element: joined(parts) });
    }
  }
  return runs;
}
