/**
 * The sort stage of a read: which found lines go to the recogniser, and
 * which get their words without it (a cut row, a symbol told by its shape,
 * the title bar's title, a line the cache knows, a twin of another line).
 *
 * @module
 */

import type { Grey } from "../image/pixels.ts";
import { hashPixels, type LineCache } from "./cache/line_cache.ts";
import { linePieces, type Piece } from "./cache/word_cache.ts";
import { isLoneChar } from "./fixes/chars.ts";
import { keypadRow } from "./fixes/keypad_signs.ts";
import { symbolWord, type ToldLine } from "./fixes/told_by_shape.ts";
import { isTextLine, type LineRead, rowHeight, type TextLine } from "./lines/find.ts";
import { lineGround } from "./lines/ground.ts";
import { ringLevel } from "./lines/prepare.ts";
import type { OcrWord } from "./types.ts";

/** A line the line cache does not know: where its words go, its pixels' key and its word pieces. */
export interface Miss {
  read: LineRead;
  key: string;
  pieces: Piece[];
  /** The pieces as drawn, when a view's edge cuts a character off the line's end (cache/cut_cells.ts). */
  drawn?: Piece[];
}

/** What the sort stage made of the found lines: the misses to read, and lines that repeat one of them. */
export interface Sorted {
  misses: Miss[];
  /** Per miss key, the other lines with the same pixels: they get the miss's words. */
  twins: Map<string, LineRead[]>;
  /** Lone characters that are keys of a keypad: an `x` read on one may be a `×`. */
  keys: TextLine[];
  /** Lines told as symbols by their shape. */
  told: ToldLine[];
}

/**
 * Sorts the found lines: a row cut off by its view or a lone character
 * gets no words here, a symbol its shape's reading, the title bar's line
 * the window's title (`titled`), a line `cache`
 * knows its cached words; identical lines (repeated toggles, equal
 * labels) are read once per frame, the rest are misses.
 */
export function sortLines(
  grey: Grey,
  reads: LineRead[],
  cut: ReadonlySet<TextLine>,
  titled: { line: TextLine; word: OcrWord } | null,
  cache: LineCache,
  cjk: boolean,
): Sorted {
  const misses: Miss[] = [];
  const twins = new Map<string, LineRead[]>();
  const keys: TextLine[] = [];
  const told: ToldLine[] = [];
  const groundOf = (l: TextLine) => lineGround(l, grey) ?? ringLevel(grey, l);
  const lines = reads.map((r) => r.line);
  for (const read of reads) {
    const { line } = read;
    if (cut.has(line)) continue;
    if (line === titled?.line) {
      read.words = [titled.word];
      told.push({ box: line, text: titled.word.text });
      continue;
    }
    // Symbols the recogniser has no letter for are told by their shape (a keypad's `×` by its grid too).
    const symbol = symbolWord(grey, line, lines, groundOf);
    if (symbol) {
      read.words = [symbol];
      told.push({ box: line, text: symbol.text });
      continue;
    }
    if (isLoneChar(line) && keypadRow(line, lines)) keys.push(line);
    // Lone characters and small marks are left to the single-character pass.
    if (!isTextLine(line, cjk) || isLoneChar(line)) continue;
    const key = hashPixels(grey, line);
    const hit = cache.get(key);
    if (hit) read.words = hit;
    else if (twins.has(key)) twins.get(key)!.push(read);
    else {
      twins.set(key, []);
      misses.push({ read, key, pieces: linePieces(grey, line, rowHeight(line), !cjk) });
    }
  }
  return { misses, twins, keys, told };
}
