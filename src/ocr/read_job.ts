/**
 * A line to recognise, and what of a recogniser's reading of it is kept:
 * words at or above the confidence floor (a shortcut however faint), a word
 * read across a wide gap split into its characters, and a shortcut's key
 * decided by its ink where the letter and the digit look alike.
 *
 * @module
 */

import type { Box } from "../common/rect.ts";
import type { Grey } from "../image/pixels.ts";
import {
  barOrDigit,
  foldShortcut,
  hasBarKey,
  hasRoundKey,
  hasSKey,
  letterOOrZero,
  letterSOrFive,
} from "./fixes/accelerators.ts";
import { groupByGap, type TextLine } from "./lines/find.ts";
import type { OcrWord } from "./types.ts";

/**
 * Words below this confidence are dropped: on screens they are icons read as
 * letters. A word with an editor's text caret against it reads low, so the
 * floor sits as low as it goes before recall and precision drop
 * (docs/benchmarks.md, "Words next to a text caret").
 */
export const MIN_WORD_CONF = 0.3;

/** A line to recognise (a found line, or one word piece of a line cut out as a line) and what it read. */
export interface ReadJob {
  line: TextLine;
  /** The key its reading is cached under. */
  key: string;
  /** Words relative to the line box; empty until read. */
  words: OcrWord[];
  /** A word piece cut out as a line: stacked with other pieces, not beside whole lines (narrow beside wide). */
  piece?: boolean;
}

/** A gap between components at least this many row heights wide is a space, never inside a word. */
export const SPACE_GAP = 0.8;

/**
 * Splits a word the recogniser read across a wide gap (`7}` for a line
 * number and a brace 15 px apart) into one word per side, when each side
 * is exactly one of its characters. `w` is relative to the line box.
 */
export function splitAtGaps(w: OcrWord, line: TextLine, textHeight: number): OcrWord[] {
  const chars = [...w.text];
  if (chars.length < 2) return [w];
  const inside = line.blobs.filter((b) => {
    const cx = b.x - line.x + b.w / 2;
    return cx >= w.x && cx <= w.x + w.w;
  });
  const groups = groupByGap(inside, textHeight * SPACE_GAP);
  if (groups.length < 2 || groups.length !== chars.length) return [w];
  return groups.map((g, i) => ({ ...w, text: chars[i], x: g.x - line.x, y: g.y - line.y, w: g.w, h: g.h }));
}

/**
 * Spells a shortcut word canonically and, when its key is a bar-shaped character
 * (`1`/`I`/`l`), decides it by the character's ink. `w` is relative to `line`.
 */
export function readKeyChar(grey: Grey, line: Box, w: OcrWord): OcrWord {
  const text = foldShortcut(w.text);
  const box = { x: line.x + w.x, y: line.y + w.y, w: w.w, h: w.h };
  if (hasRoundKey(text)) return { ...w, text: text.slice(0, -1) + letterOOrZero(grey, box) };
  if (hasSKey(text)) return { ...w, text: text.slice(0, -1) + letterSOrFive(grey, box) };
  if (!hasBarKey(text)) return text === w.text ? w : { ...w, text };
  return { ...w, text: text.slice(0, -1) + barOrDigit(grey, box) };
}
