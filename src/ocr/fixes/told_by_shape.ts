/**
 * Where the pipeline asks the shape rules: a lone line that draws a symbol
 * (`÷` `←` `→` by shapes.ts, a keypad's `×` by keypad_signs.ts, `√` `π` `⌫`
 * by drawn_symbols.ts) gets that symbol instead of a recogniser's letter; a
 * short word whose ink is a chevron becomes `˅` or `˄`; a mark drawn inside
 * a told symbol (the cross in a `⌫`) is no word of its own. A symbol whose
 * shape another mark shares (`√` and a tick) is sure only on a keypad's key;
 * elsewhere it is listed below the confidence line.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import { symbolOf } from "../../common/symbols.ts";
import type { Grey } from "../../image/pixels.ts";
import type { TextLine } from "../lines/find.ts";
import { ringLevel } from "../lines/prepare.ts";
import type { OcrWord } from "../types.ts";
import { drawnChevron, drawnSymbol } from "./drawn_symbols.ts";
import { KEYPAD_TIMES_CONF, keypadRow, keypadSign } from "./keypad_signs.ts";
import { classifySymbol, inkBox } from "./shapes.ts";

/** Confidence given to a symbol told by its shape. */
export const SYMBOL_CONF = 0.9;
/** Confidence of a symbol whose shape another mark shares, off a keypad: below the line, unsure. */
export const SHARED_SHAPE_CONF = 0.7;
/** Words this short may be a chevron the recogniser spelled as letters (`v`, `wv`, `A`). */
const CHEVRON_MAX_CHARS = 2;
/** Pixels past each side of a short word's box its drawing is looked for in. */
const CHEVRON_SLACK = 3;

/** The symbol `line` draws, as its one word (relative to the line), or null when its shape tells none. */
export function symbolWord(
  grey: Grey,
  line: TextLine,
  lines: readonly TextLine[],
  groundOf: (l: TextLine) => number,
): OcrWord | null {
  const ground = groundOf(line);
  const told = (text: string, conf: number): OcrWord => ({ text, conf, ...inkBox(grey, line, ground) });
  const symbol = classifySymbol(grey, line, ground);
  if (symbol) return told(symbol, SYMBOL_CONF);
  const sign = keypadSign(grey, line, lines, groundOf);
  if (sign) return told(sign, KEYPAD_TIMES_CONF);
  const drawn = drawnSymbol(grey, line, ground);
  if (!drawn) return null;
  const onKeypad = keypadRow(line, lines);
  // Two small digits run together (a sheet's row number 40 or 48) can draw a ⌫'s plate: only a key is one.
  if (drawn.text === "⌫" && !onKeypad) return null;
  return told(drawn.text, drawn.sure || onKeypad ? SYMBOL_CONF : SHARED_SHAPE_CONF);
}

/** A line told as a symbol: its box (in the pixels the words are read from) and the symbol. */
export interface ToldLine {
  box: Box;
  text: string;
}

/** Whether `inner` lies inside `outer`. */
function within(inner: Box, outer: Box): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w &&
    inner.y + inner.h <= outer.y + outer.h;
}

/**
 * The words as they stand once symbols are told (words in the pixels of
 * `grey` shifted by `offset`): a short word drawn as a chevron is that
 * chevron, and a word inside a told symbol's line that is not the symbol
 * (the cross of a `⌫`, read as a line of its own) is dropped.
 */
export function withDrawnSymbols(
  grey: Grey,
  words: OcrWord[],
  told: readonly ToldLine[],
  offset: { x: number; y: number },
): OcrWord[] {
  const out: OcrWord[] = [];
  for (const w of words) {
    const box = { x: w.x - offset.x, y: w.y - offset.y, w: w.w, h: w.h };
    if (told.some((t) => t.text !== w.text && within(box, t.box))) continue;
    // The recogniser's box may cut off an arm of the drawing: its sides are looked past a little.
    const x0 = Math.max(0, box.x - CHEVRON_SLACK), x1 = Math.min(grey.width, box.x + box.w + CHEVRON_SLACK);
    const wide = { x: x0, y: box.y, w: x1 - x0, h: box.h };
    const inside = box.y >= 0 && box.y + box.h <= grey.height && wide.w > 0;
    const chevron = inside && [...w.text].length <= CHEVRON_MAX_CHARS
      ? drawnChevron(grey, wide, ringLevel(grey, wide))
      : null;
    // A reading that already draws the chevron (`^`) stays as the recogniser wrote it; a letter (`v`) does not.
    if (!chevron || (symbolOf(w.text) === chevron && !/\p{L}/u.test(w.text))) out.push(w);
    else out.push({ ...w, text: chevron, conf: Math.max(w.conf, SYMBOL_CONF) });
  }
  return out;
}
