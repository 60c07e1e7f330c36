/**
 * The second look at faint shortcuts: a disabled item's grey `Shift+Ctrl+S`
 * read inside a stack can come back garbled (`shift+cCtrl+s`) and below the
 * confidence floor, so it is dropped and the shortcut is lost. A dropped
 * word with the shape of a shortcut (words joined by `+`) is read again
 * alone, at the line's own scale, and kept only when that reading parses
 * as a shortcut (fixes/accelerators.ts).
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";
import { readGrey } from "../engines/read_grey.ts";
import { prepareLine } from "../lines/prepare.ts";
import { toSource } from "../lines/stack.ts";
import type { OcrEngine, OcrWord } from "../types.ts";
import { readShortcut } from "./accelerators.ts";

/** Letters joined by a `+`: `shift+cCtrl+s`, `Ctrl+5S`. */
const JOINED = /\p{L}{2,}\+\S/u;

/** Whether a dropped reading has the shape of a shortcut and deserves a second look. */
export function looksLikeShortcut(text: string): boolean {
  return JOINED.test(text) && readShortcut(text) === null;
}

/**
 * Reads `box` (a dropped word's box in `grey`, grown to its line's height)
 * alone and returns the shortcut it holds, in `grey`'s pixels, or null.
 * `textHeight` is the line's row height; `ground` its surface's grey.
 */
export async function rereadShortcut(
  engine: OcrEngine,
  grey: Grey,
  box: Box,
  textHeight: number,
  ground: number | undefined,
  targetHeight?: number,
): Promise<OcrWord | null> {
  const prepared = prepareLine(grey, box, textHeight, ground, targetHeight);
  const words = await readGrey(engine, prepared.image, "line");
  if (words.length !== 1 || readShortcut(words[0].text) === null) return null;
  return toSource(prepared, words[0], 0, 0);
}
