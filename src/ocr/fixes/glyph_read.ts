/**
 * A key's label read glyph by glyph, where the recogniser cannot read it
 * whole: a caret between letters (xcalc's `y^x`, `e^x`) comes back as
 * nothing or as `efx`, and a raised exponent (`x²`) as nothing, since the
 * recogniser scales the line by its tallest ink and knows no raised text.
 * Each glyph (fixes/glyphs.ts) is read alone in single-character mode, a
 * caret told by its shape instead, and a raised glyph after its base is
 * written as the exponent it is (`x²`, `y^a`). The label is one word, and
 * an unsure one: its letters were read without the word around them.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";
import type { Box } from "../../common/rect.ts";
import type { TextLine } from "../lines/find.ts";
import { lineGround } from "../lines/ground.ts";
import { prepareLine, ringLevel } from "../lines/prepare.ts";
import { readGrey } from "../engines/read_grey.ts";
import type { OcrEngine, OcrWord } from "../types.ts";
import { baselineOf, exponent, type Glyph, glyphsIn, isCaret, isRaised, MAX_LABEL_GLYPHS } from "./glyphs.ts";

/** The confidence of a label read glyph by glyph, at most: below the line, since no word was read. */
export const GLYPH_READ_CONF = 0.7;
/** A glyph's reading below this is none. */
const GLYPH_FLOOR = 0.1;
/** Enlargements each glyph is read at, as the single-character pass reads (4x and ~1.7x). */
const GLYPH_HEIGHTS = [8, 20];

/** What a label's glyphs show before any is read: which is a caret, which is raised. */
export interface LabelShape {
  glyphs: Glyph[];
  caret: boolean[];
  raised: boolean[];
}

/** The glyphs of `line` and their shapes; null when it is no short label of two glyphs or more. */
export function labelShape(grey: Grey, line: TextLine): LabelShape | null {
  const ground = lineGround(line, grey) ?? ringLevel(grey, line);
  const glyphs = glyphsIn(grey, line, ground);
  if (glyphs.length < 2 || glyphs.length > MAX_LABEL_GLYPHS) return null;
  const baseline = baselineOf(glyphs), top = Math.min(...glyphs.map((q) => q.y));
  const caret = glyphs.map((q) => isCaret(grey, q, top, baseline, ground));
  let base = glyphs[0];
  const raised = glyphs.map((q, i) => {
    if (i === 0 || caret[i]) return false;
    if (isRaised(q, base)) return true;
    base = q;
    return false;
  });
  return { glyphs, caret, raised };
}

/** Whether a label of this shape needs reading glyph by glyph: it holds a caret or a raised glyph. */
export function needsGlyphRead(shape: LabelShape): boolean {
  return shape.caret.some(Boolean) || shape.raised.some(Boolean);
}

/** The surest one-character reading of `box`, as a tight crop and as a column of its line. */
async function readGlyph(engine: OcrEngine, grey: Grey, glyph: Box, line: Box, ground: number) {
  let best: { text: string; conf: number } | null = null;
  const crops = [glyph, { x: Math.max(0, glyph.x - 1), y: line.y, w: glyph.w + 2, h: line.h }];
  const reads = await Promise.all(
    crops.flatMap((crop) =>
      GLYPH_HEIGHTS.map((height) => readGrey(engine, prepareLine(grey, crop, height, ground).image, "char"))
    ),
  );
  for (const words of reads) {
    if (words.length !== 1) continue;
    const [a, b, ...rest] = [...words[0].text];
    // `xX`: the recogniser hedging on case; the heights decide it later (fixes/label_case.ts).
    const char = !b ? a : (!rest.length && a.toLowerCase() === b.toLowerCase() ? a : null);
    if (char && words[0].conf >= GLYPH_FLOOR && (!best || words[0].conf > best.conf)) {
      best = { text: char, conf: words[0].conf };
    }
  }
  return best;
}

/**
 * Reads `line` (a key's label of the shape `shape`) glyph by glyph: one
 * word in the line's pixels, or null when a glyph reads as nothing.
 */
export async function readByGlyphs(
  engine: OcrEngine,
  grey: Grey,
  line: TextLine,
  shape: LabelShape,
): Promise<OcrWord | null> {
  const ground = lineGround(line, grey) ?? ringLevel(grey, line);
  const read = await Promise.all(
    shape.glyphs.map((q, i) =>
      shape.caret[i] ? { text: "^", conf: GLYPH_READ_CONF } : readGlyph(engine, grey, q, line, ground)
    ),
  );
  if (read.some((r) => r === null)) return null;
  let text = "", conf = GLYPH_READ_CONF;
  read.forEach((r, i) => {
    text += shape.raised[i] ? exponent(r!.text) : r!.text;
    conf = Math.min(conf, r!.conf);
  });
  return { text, conf, x: 0, y: 0, w: line.w, h: line.h };
}

/**
 * The words of `line` read glyph by glyph when it is a key's label (a line
 * cut at a box's side) holding a caret or a raised glyph; null otherwise.
 */
export async function readKeyLabel(engine: OcrEngine, grey: Grey, line: TextLine): Promise<OcrWord[] | null> {
  if (!line.afterSide) return null;
  const shape = labelShape(grey, line);
  if (!shape || !needsGlyphRead(shape)) return null;
  const word = await readByGlyphs(engine, grey, line, shape);
  return word ? [word] : null;
}
