/**
 * The single-character pass: glyph-sized blobs that the line pass left
 * without a word (calculator keys, `+`, `×`, one-letter buttons) are read
 * one at a time in single-character mode, which knows nothing of words and
 * so does not drop a lone symbol as noise.
 *
 * @module
 */

import type { Rect } from "../desktop/types.ts";
import type { OcrEngine, OcrWord } from "./types.ts";
import type { Box, TextLine } from "./lines.ts";
import { type Grey, rgbaOf } from "./pixels.ts";
import { prepareLine } from "./prepare.ts";
import { toSource } from "./stack.ts";
import { hashRegion, type RegionCache } from "./cache.ts";

/** Single characters below this confidence are discarded. */
export const CHAR_CONF_FLOOR = 0.5;

/** Whether a line is one glyph (a lone key label): about as wide as tall, or narrower. */
export function isLoneGlyph(line: TextLine): boolean {
  return line.h >= 2 && line.h <= 60 && line.w <= Math.max(line.h * 1.6 + 2, 24) && line.w >= 2;
}

/** Result of the single-character pass, in the pixels of the searched image. */
export interface GlyphResult {
  words: OcrWord[];
  area: Rect | null;
}

/**
 * Reads, in single-character mode, every glyph-sized line the line pass
 * found no word in. `found[i]` holds the words of `lines[i]` relative to it.
 */
export async function readLoneGlyphs(
  engine: OcrEngine,
  grey: Grey,
  lines: TextLine[],
  found: OcrWord[][],
  cache: RegionCache,
): Promise<GlyphResult> {
  const targets = lines
    .map((line, i) => ({ line, i }))
    .filter(({ line, i }) => found[i].length === 0 && isLoneGlyph(line));
  if (!targets.length) return { words: [], area: null };
  const words: OcrWord[] = [];
  await Promise.all(targets.map(async ({ line }) => {
    const key = "char:" + hashRegion(grey, line);
    let hit = cache.get(key);
    if (!hit) {
      // A lone glyph is read best with a generous white margin around it.
      const prepared = prepareLine(grey, line, Math.max(line.h, 14));
      const read = await engine.recognize(rgbaOf(prepared.image), "char");
      hit = read
        .filter((w) => w.conf >= CHAR_CONF_FLOOR && w.text.length <= 2)
        .map((w) => toSource(prepared, w, -line.x, -line.y));
      cache.set(key, hit);
    }
    for (const w of hit) words.push({ ...w, x: w.x + line.x, y: w.y + line.y });
  }));
  return { words, area: unionOf(targets.map((t) => t.line)) };
}

function unionOf(boxes: Box[]): Rect {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const x2 = Math.max(...boxes.map((b) => b.x + b.w));
  const y2 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x, y, width: x2 - x, height: y2 - y };
}
