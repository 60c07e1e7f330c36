/**
 * The second look at unsure words: the recogniser's reading of a word
 * depends on its scale, and a word read unsure at the default enlargement
 * (`yyyy/mmj/dd`, 0.53) is often read sure, and right, a little larger
 * (`yyyy/mm/dd`, 0.90). A word below `UNSURE_CONF` is read again alone at
 * `UNSURE_TARGET`, and that reading replaces it only when it is one word
 * and much surer: a second look never trades a reading for an equally
 * unsure one.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";
import { readGrey } from "../engines/read_grey.ts";
import { prepareLine } from "../lines/prepare.ts";
import type { OcrEngine, OcrWord } from "../types.ts";
import { readShortcut } from "./accelerators.ts";

/** Words read below this confidence get a second look. */
export const UNSURE_CONF = 0.75;
/** The text height, in pixels, the second look enlarges a word to (the first reads at 34). */
export const UNSURE_TARGET = 64;
/**
 * Longer words get no second look: a word this long read unsure is a path,
 * an address or a code (a title bar's `/tmp/tmp.UUfWohMItn/notes.txt`, 0.41),
 * unsure because it is no word at all. Read larger it came back no surer
 * (0.09), and its reading is the costliest second look there is: a window
 * title's took a recogniser 100-250 ms at the end of a look. Every second
 * look the fixtures accept is on a word of at most 11 characters.
 */
export const UNSURE_MAX_CHARS = 16;
/** The second reading must be at least this sure ... */
export const SURE_CONF = 0.85;
/** ... and this much surer than the first. */
export const SURE_GAIN = 0.15;

/**
 * Whether a word deserves a second look: unsure, at least three characters
 * (shorter ones are the single-character pass's and the short lines') and
 * at most `UNSURE_MAX_CHARS`, and no shortcut (those read unsure as a rule
 * and are parsed instead).
 */
export function isUnsure(w: OcrWord): boolean {
  const length = [...w.text].length;
  return w.conf < UNSURE_CONF && length >= 3 && length <= UNSURE_MAX_CHARS && readShortcut(w.text) === null;
}

/**
 * Reads `box` (an unsure word's box in `grey`, with its line's height)
 * alone at `UNSURE_TARGET` and returns the new text, or null when the
 * reading is not one word or not surer by `SURE_GAIN` and at least `SURE_CONF`.
 */
export async function rereadUnsure(
  engine: OcrEngine,
  grey: Grey,
  box: Box,
  word: OcrWord,
  textHeight: number,
  ground: number | undefined,
): Promise<string | null> {
  const prepared = prepareLine(grey, box, textHeight, ground, UNSURE_TARGET);
  const words = await readGrey(engine, prepared.image, "line");
  if (words.length !== 1) return null;
  const again = words[0];
  if (again.conf < SURE_CONF || again.conf < word.conf + SURE_GAIN) return null;
  return again.text;
}
