/**
 * Drops recognised "words" whose shape cannot be text: icons and widget
 * parts (toggle pills, chevrons, rounded corners) that the recogniser reads
 * as letters. Also removes the duplicates two overlapping line boxes can
 * produce.
 *
 * @module
 */

import type { OcrWord } from "../types.ts";

/** Marks that really are this small or flat on screens (a calculator's `.`, `-` and `←`). */
const SMALL_MARKS = new Set([".", "-", "_", "=", ",", "—", "–", "−", "+", "←", "→", "÷"]);

/**
 * An icon's curved edge read as an opening bracket and a few capitals or
 * digits (`(J`, `[3`, `(IER`): a bracket that never closes before a word
 * this short, read this unsure, standing apart from other words, is not
 * text. Prose opens brackets before lower-case words (`(const`, `(aus`), a
 * real label reads surer, and a mnemonic's `(L` follows its label closely.
 */
const ICON_EDGE = /^[([{](?=.*[\p{Lu}\p{N}])[^)\]}\s]{1,3}$/u;
/** Below this confidence a reading matching `ICON_EDGE` is dropped. */
export const ICON_EDGE_CONF = 0.6;

/** Whether a word's box is a plausible shape for its text. */
export function isPlausibleWord(w: OcrWord): boolean {
  const chars = [...w.text].length;
  if (w.h < 4 && !SMALL_MARKS.has(w.text)) return false;
  // One letter far wider than tall is a pill or a bar, not a character.
  if (chars === 1 && w.w > w.h * 2.2 && !SMALL_MARKS.has(w.text)) return false;
  return true;
}

function overlapRatio(a: OcrWord, b: OcrWord): number {
  const ix = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const iy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (ix <= 0 || iy <= 0) return 0;
  return (ix * iy) / Math.min(a.w * a.h, b.w * b.h);
}

/** Whether `w` is an icon's edge read as an unclosed bracket: see `ICON_EDGE`. `words` are its neighbours. */
export function isIconEdge(w: OcrWord, words: OcrWord[]): boolean {
  if (w.conf >= ICON_EDGE_CONF || !ICON_EDGE.test(w.text)) return false;
  const mid = w.y + w.h / 2;
  // A word ending less than a text height before it, on its row, makes it the bracket of a mnemonic or a clause.
  return !words.some((o) =>
    o !== w && Math.abs(o.y + o.h / 2 - mid) < w.h / 2 && o.x < w.x && w.x - (o.x + o.w) < w.h
  );
}

/** Keeps plausible words and, of two same-text words on the same spot, the more confident. */
export function cleanWords(words: OcrWord[]): OcrWord[] {
  const kept: OcrWord[] = [];
  const plausible = words.filter((w) => isPlausibleWord(w) && !isIconEdge(w, words));
  for (const w of plausible.sort((a, b) => b.conf - a.conf)) {
    if (kept.some((k) => k.text === w.text && overlapRatio(k, w) > 0.5)) continue;
    kept.push(w);
  }
  return kept.sort((a, b) => a.y - b.y || a.x - b.x);
}
