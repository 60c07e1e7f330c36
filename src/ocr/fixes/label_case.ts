/**
 * The case of a short label's letters, told by how tall each glyph stands:
 * the recogniser scales a lone key label to one height, so `cos` drawn
 * small comes back `COs` and `xor` as `XOr`, sure of it, and a bare bar is
 * `I` or `l` as it guesses (`ln` read `In`). On the screen the heights are
 * still there: a small letter stands as tall as the label's x-height, a
 * capital or an ascender as tall as its capitals, a `y` or `p` hangs below
 * the baseline, and an `i` has its dot apart from its stem. A letter whose
 * capital has the same shape (`c o s v w x z`) takes the case its height
 * shows; an `i` with no dot is an `l`, an `l` with one an `i`. A bare bar
 * read as a capital `I` among small letters may be an `l` (in most sans
 * fonts the two are one drawing): it is read `l`, since a label's letters
 * are one case, and the word is marked unsure, since the pixels did not
 * decide. A letter read in the case its height contradicts is doubt too.
 *
 * @module
 */

import type { Glyph } from "./glyphs.ts";

/** Where a label's glyphs stand: the row below its baseline, and its capitals' height. */
export interface LabelMetrics {
  baseline: number;
  capHeight: number;
}

/** A glyph at most this share of the capitals' height is a small letter ... */
const SMALL_SHARE = 0.8;
/** ... and one at least this share a capital, an ascender or a digit. */
const TALL_SHARE = 0.9;
/** Letters whose capital is the same drawing, larger. */
const SAME_SHAPE = new Set([..."cosvwxz"]);
/** Small letters that hang below the baseline where their capital does not. */
const DESCENDING = new Set([..."pqy"]);

/**
 * The metrics of `glyphs` (a label's, left to right) on `baseline`, from
 * the heights of its glyphs standing on it. One height alone says nothing
 * of which it is: then `capitals` (the capitals' height of the labels
 * around, asked only then) decides, and without it there are no metrics.
 */
export function labelMetrics(
  glyphs: readonly Glyph[],
  baseline: number,
  capitals: () => number | null,
): LabelMetrics | null {
  const standing = glyphs.filter((q) => Math.abs(q.y + q.h - baseline) <= 1).map((q) => baseline - q.y);
  if (!standing.length) return null;
  const tallest = Math.max(...standing), lowest = Math.min(...standing);
  if (lowest <= tallest * SMALL_SHARE) return { baseline, capHeight: tallest };
  const around = capitals();
  return around === null ? null : { baseline, capHeight: Math.max(tallest, around) };
}

/** What the heights make of one letter: its character, and whether they left it in doubt. */
export interface Settled {
  char: string;
  doubt: boolean;
}

/**
 * `char` as `glyph` stands under `m`. `smallWord`: the label's other
 * letters are small ones, so a bare bar among them is more likely an `l`.
 */
export function settleChar(char: string, glyph: Glyph, m: LabelMetrics, smallWord: boolean): Settled {
  const height = m.baseline - glyph.y;
  const onBaseline = Math.abs(glyph.y + glyph.h - m.baseline) <= 1;
  const descends = glyph.y + glyph.h > m.baseline + 1;
  const small = height <= m.capHeight * SMALL_SHARE, tall = height >= m.capHeight * TALL_SHARE;
  const lower = char.toLowerCase(), upper = char.toUpperCase();
  const bar = glyph.w <= 2 && tall && onBaseline;
  if (char === "i" && bar && glyph.parts === 1) return { char: "l", doubt: false };
  if (char === "l" && glyph.parts === 2) return { char: "i", doubt: false };
  if ((char === "I" || char === "|") && bar && glyph.parts === 1 && smallWord) {
    return { char: "l", doubt: true };
  }
  if (lower === upper) return { char, doubt: false };
  if (SAME_SHAPE.has(lower)) {
    if (small && onBaseline) return { char: lower, doubt: false };
    if (tall) return { char: upper, doubt: false };
    return { char, doubt: true };
  }
  if (DESCENDING.has(lower) && descends && height <= m.capHeight) {
    return { char: lower, doubt: false };
  }
  // A capital drawn no taller than a small letter is no reading of it.
  if (char === upper && small && onBaseline) return { char, doubt: true };
  return { char, doubt: false };
}

/**
 * `text` settled glyph by glyph (one glyph per character, else unchanged
 * and not in doubt): its new text and whether any letter was in doubt.
 * `alone`: the word is its label's only one; a bar is read `l` only then
 * (a `Sign In` button's `In` is a word of a phrase, not a key's `ln`).
 */
export function settleLabel(
  text: string,
  glyphs: readonly Glyph[],
  m: LabelMetrics,
  alone: boolean,
): { text: string; doubt: boolean } {
  const chars = [...text];
  if (chars.length !== glyphs.length) return { text, doubt: false };
  const isBar = (c: string) => c === "I" || c === "|";
  // The other letters first: whether they are small ones is what a bare bar among them is read by.
  const first = chars.map((c, i) =>
    isBar(c) ? { char: c, doubt: false } : settleChar(c, glyphs[i], m, false)
  );
  const others = first.map((s) => s.char).filter((c, i) =>
    !isBar(chars[i]) && c.toLowerCase() !== c.toUpperCase()
  );
  const smallWord = alone && others.length > 0 && others.every((c) => c === c.toLowerCase());
  const settled = first.map((s, i) => isBar(chars[i]) ? settleChar(chars[i], glyphs[i], m, smallWord) : s);
  return { text: settled.map((s) => s.char).join(""), doubt: settled.some((s) => s.doubt) };
}
