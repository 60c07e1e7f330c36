/**
 * The single-character pass: character-sized blobs that the line pass left
 * without a word (calculator keys, `+`, `×`, one-letter buttons) are read
 * one at a time in single-character mode, which knows nothing of words and
 * so does not drop a lone symbol as noise.
 *
 * @module
 */

import { largerModel } from "./second_model.ts";
import { boundsOfBoxes, type Rect } from "../../common/rect.ts";
import type { OcrEngine, OcrWord } from "../types.ts";
import type { LineRead, TextLine } from "../lines/find.ts";
import type { Grey } from "../../image/pixels.ts";
import { readGrey } from "../engines/read_grey.ts";
import { prepareLine } from "../lines/prepare.ts";
import { toSource } from "../lines/stack.ts";
import { lineGround } from "../lines/ground.ts";
import { isFlatBar } from "./shapes.ts";
import { hashPixels, type LineCache } from "../cache/line_cache.ts";
import { rereadKeypadDigits } from "./keypad_digits.ts";
import { isLoneChar } from "./lone_char.ts";
import { isShapeCorner } from "./corners.ts";
import { readKeyLabel } from "./glyph_read.ts";

export { isLoneChar };
import { isKeypadAsterisk, isKeypadPoint, KEYPAD_POINT_CONF } from "./keypad_signs.ts";

/** Single characters below this confidence are discarded. */
export const CHAR_CONF_FLOOR = 0.5;
/** Readings of a flat bar that are right as they are. */
const DASHES = new Set<string | undefined>(["-", "_", "‐", "–", "—", "−"]);
/** The confidence given a flat bar the recogniser read nothing in. */
const FLAT_BAR_CONF = 0.6;
/** Double chevrons the recogniser answers for a menu's solid arrowhead. */
const CHEVRONS = new Set(["»", "«"]);
/** Characters are prepared as if text were this tall: 4x and ~1.7x enlargement. */
const CHAR_HEIGHTS = [8, 20];

/** Result of the single-character pass, in the pixels of the searched image. */
export interface LoneCharsRead {
  words: OcrWord[];
  area: Rect | null;
}

/** Reads, in single-character mode, every character-sized line the line pass found no word in. */
export async function readLoneChars(
  engine: OcrEngine,
  grey: Grey,
  reads: LineRead[],
  cache: LineCache,
): Promise<LoneCharsRead> {
  // The rounded end of a scrollbar's thumb is no character: the pipeline drops what it reads as, so it
  // is not read (it changes with every scroll, and would cost two reads a look).
  const targets = reads.filter((r) =>
    r.words.length === 0 && isLoneChar(r.line) && !isShapeCorner(grey, r.line)
  );
  if (!targets.length) return { words: [], area: null };
  const reader = largerModel(engine) ?? engine;
  const hits = new Map<TextLine, OcrWord[]>();
  await Promise.all(targets.map(async ({ line }) => {
    const key = "char:" + hashPixels(grey, line);
    let hit = cache.get(key);
    if (!hit) {
      // A fast model's lone characters are the larger one's to read: the fast one reads a submenu's
      // arrowhead as `>`, sure of it.
      // A key's `x²` is two glyphs, one raised: read each (glyph_read.ts), not one character.
      hit = await readKeyLabel(reader, grey, line) ?? await readLoneChar(reader, grey, line);
      cache.set(key, hit);
    }
    hits.set(line, hit);
  }));
  const lines = reads.map((r) => r.line);
  await rereadKeypadDigits(reader, grey, lines, hits, cache);
  const groundOf = (l: TextLine) => lineGround(l, grey) ?? 255;
  // Small marks of a keypad told by their place in its grid, where the recogniser gets them wrong or not at all.
  for (const [line, hit] of hits) {
    if (hit.length === 1 && hit[0].text === "#" && isKeypadAsterisk(grey, line, lines, groundOf)) {
      hits.set(line, [{ ...hit[0], text: "*" }]);
    } else if (hit.length <= 1 && hit[0]?.text !== "." && isKeypadPoint(grey, line, lines, groundOf)) {
      hits.set(line, [{ text: ".", conf: KEYPAD_POINT_CONF, x: 0, y: 0, w: line.w, h: line.h }]);
    }
  }
  const words: OcrWord[] = [];
  for (const [line, hit] of hits) for (const w of hit) words.push({ ...w, x: w.x + line.x, y: w.y + line.y });
  return { words, area: boundsOfBoxes(targets.map((t) => t.line)) };
}

/**
 * Reads one character at two enlargements and keeps the more confident answer:
 * a lone 8x11 px digit flips between readings with the scale (`7` at 4x,
 * `¥)` at 3x), and the two scales rarely fail together.
 */
async function readLoneChar(engine: OcrEngine, grey: Grey, line: TextLine): Promise<OcrWord[]> {
  let best: OcrWord[] = [];
  let bestConf = -1;
  const ground = lineGround(line, grey);
  // Both enlargements at once, one per recogniser; the answers are weighed in the same order after.
  const readings = await Promise.all(CHAR_HEIGHTS.map(async (textHeight) => {
    const prepared = prepareLine(grey, line, textHeight, ground);
    return { prepared, words: await readGrey(engine, prepared.image, "char") };
  }));
  const texts: string[] = [];
  const boxes: OcrWord[][] = [];
  for (const { prepared, words } of readings) {
    const read = words.filter((w) => w.conf >= CHAR_CONF_FLOOR && [...w.text].length <= 3);
    // One blob is one character: `Cc` or `Oo` is the recogniser hedging on case.
    if (line.blobs.length === 1 && read.length === 1) {
      read[0] = { ...read[0], text: oneOfCasePair(read[0].text) };
    }
    // A `»` is two strokes; one solid blob read so is a submenu's arrowhead, not text.
    if (line.blobs.length === 1 && read.length === 1 && CHEVRONS.has(read[0].text)) read.length = 0;
    const conf = read.length ? Math.min(...read.map((w) => w.conf)) : -1;
    const placed = read.map((w) => toSource(prepared, w, -line.x, -line.y));
    texts.push(read.map((w) => w.text).join(" "));
    boxes.push(placed);
    if (conf > bestConf) {
      bestConf = conf;
      best = placed;
    }
  }
  // Where both scales read the same one character, the box is the larger of theirs: one scale's box can
  // be a sliver of the glyph (a grey `4` boxed 2x3 px at 0.97, 7x9 at 0.95 by the other), which the
  // plausibility check drops as too flat for a digit.
  if (best.length === 1 && texts.every((t) => t === best[0].text)) {
    const widest = boxes.reduce((a, b) => (b[0].w * b[0].h > a[0].w * a[0].h ? b : a));
    best = [{ ...best[0], x: widest[0].x, y: widest[0].y, w: widest[0].w, h: widest[0].h }];
  }
  // A solid flat bar is a minus whatever the recogniser made of it, nothing included (a calculator's `−`).
  if (
    best.length <= 1 && !DASHES.has(best[0]?.text) && ground !== undefined && isFlatBar(grey, line, ground)
  ) {
    best = [{ text: "-", conf: Math.max(bestConf, FLAT_BAR_CONF), x: 0, y: 0, w: line.w, h: line.h }];
  }
  return best;
}

/** `Cc` -> `C`: a two-letter reading that is one letter in both cases. */
export function oneOfCasePair(text: string): string {
  const [a, b] = [...text];
  if ([...text].length === 2 && a !== b && a.toLowerCase() === b.toLowerCase()) return a.toUpperCase();
  return text;
}
