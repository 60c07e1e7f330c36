/**
 * A keypad's digit read as a letter. Alone, with no word round it, a digit
 * drawn in an old bitmap font goes to whichever character its outline is
 * closest to: xcalc's `9`, whose tail curls down to the left, comes back
 * `Q` at 0.89. A lone letter of the shapes digits are misread as is read
 * again with the recogniser held to digits only where the grid says it is a
 * digit key: it stands in a keypad's row (a key label on its row and one in
 * its column) and at least two keys of that row read as digits. A row of
 * hexadecimal keys (`D`, `E`, `F`) has no digits, so its letters stay.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";
import type { OcrEngine, OcrWord } from "../types.ts";
import type { TextLine } from "../lines/find.ts";
import { prepareLine } from "../lines/prepare.ts";
import { toSource } from "../lines/stack.ts";
import { lineGround } from "../lines/ground.ts";
import { hasAlphabet } from "./digits.ts";
import { keypadRow } from "./keypad_signs.ts";
import { hashPixels, type LineCache } from "../cache/line_cache.ts";

/** Letters a lone digit is read as (`Q` for a curled `9`, `O` for `0`, `l` `I` for `1`...). */
const DIGIT_LOOKALIKES = new Set([..."QOoDlI|SsZzgBG"]);
/** Digit keys a row holds at least before its lone letters are read again as digits. */
const DIGIT_MATES = 2;
/** Text height the character is prepared at for the reread, as the single-character pass's larger one. */
const REREAD_HEIGHT = 20;
/** The least confidence of a digits-only reading that replaces the letter. */
const DIGIT_CONF = 0.6;

/** Whether `words` are one digit. */
function isDigit(words: readonly OcrWord[] | undefined): boolean {
  return words?.length === 1 && /^[0-9]$/.test(words[0].text);
}

/**
 * `hits` (each lone line's reading, relative to its line) with the keypad's
 * digit keys read as letters read again as digits (see the module note);
 * `lines` are all the region's lines, the grid they stand in; `cache`
 * keeps each key's reread by its pixels.
 */
export async function rereadKeypadDigits(
  engine: OcrEngine,
  grey: Grey,
  lines: readonly TextLine[],
  hits: Map<TextLine, OcrWord[]>,
  cache: LineCache,
): Promise<void> {
  if (!hasAlphabet(engine)) return;
  const suspects = [...hits].filter(([line, words]) =>
    line.blobs.length === 1 && words.length === 1 && DIGIT_LOOKALIKES.has(words[0].text)
  );
  await Promise.all(suspects.map(async ([line]) => {
    const row = keypadRow(line, lines);
    if (!row || row.filter((l) => isDigit(hits.get(l))).length < DIGIT_MATES) return;
    const key = "digitkey:" + hashPixels(grey, line);
    let digit = cache.get(key);
    if (!digit) {
      const prepared = prepareLine(grey, line, REREAD_HEIGHT, lineGround(line, grey));
      const read = await engine.recognizeGrey(prepared.image, "char", "0123456789");
      const sure = read.length === 1 && /^[0-9]$/.test(read[0].text) && read[0].conf >= DIGIT_CONF;
      digit = sure ? [toSource(prepared, read[0], -line.x, -line.y)] : [];
      cache.set(key, digit);
    }
    if (digit.length) hits.set(line, digit);
  }));
}
