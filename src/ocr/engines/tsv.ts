/**
 * Words out of tesseract's TSV output (`GetTsvText`): one row per page,
 * block, paragraph, line and word; only word rows (level 5) with text are
 * kept. Columns: level, page, block, paragraph, line, word, left, top,
 * width, height, confidence (0-100), text.
 *
 * @module
 */

import type { OcrWord } from "../types.ts";

const WORD_LEVEL = "5";

/** The words of a TSV page, in pixels of the image read, confidence 0..1. */
export function wordsOfTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split("\n")) {
    const c = row.split("\t");
    if (c[0] !== WORD_LEVEL || c.length < 12) continue;
    const text = c.slice(11).join("\t").trim();
    if (!text) continue;
    words.push({
      text,
      x: Number(c[6]),
      y: Number(c[7]),
      w: Number(c[8]),
      h: Number(c[9]),
      conf: Math.max(0, Math.min(1, Number(c[10]) / 100)),
    });
  }
  return words;
}
