/**
 * Symbolic icons read as glyphs. GTK4 and libadwaita draw icon-only buttons
 * with thin monochrome icons (`list-add-symbolic`, `edit-find-symbolic`,
 * `open-menu-symbolic`) that a recogniser reads, often surely, as a symbol, a
 * digit or a letter (`+`, `Q`, `=`, `®`). What tells such a glyph from a
 * font's is its size: an icon fills a square as tall as the line box of the
 * window's text or taller, where a font's `+`, `=` or digit is narrower than
 * tall or no taller than the letters beside it. Pure functions over the
 * elements of one surface, in screen pixels.
 *
 * @module
 */

import type { Element } from "../ocr/types.ts";

/** At most this many characters, none of them space: a lone glyph or a pair a recogniser made of one drawing. */
const GLYPH = /^\S{1,2}$/u;
/** Letters a word of the surface's text has at least, to say how tall its text is drawn. */
const WORD_LETTERS = /\p{L}.*\p{L}.*\p{L}/u;
/** Confidence at and above which a word of the surface counts as its text. */
const SURE_TEXT = 0.8;
/** An icon's long side is at least this many times the height of the surface's text (its line box). */
const TALLER = 1.1;
/** An icon's short side is at least this many times that height: a font's `-` or `1` is thinner. */
const THICKER = 0.9;
/** Width over height of an icon's glyph: square-ish. A font's digit is narrower (about 0.6), `-` flatter. */
const SQUARE = { min: 0.75, max: 1.35 };

/**
 * How tall the surface's text is drawn: the median height of the boxes of its
 * sure words of three letters or more, or null when it has none to compare with.
 */
export function textHeight(all: readonly Element[]): number | null {
  const hs = all.filter((e) => e.conf >= SURE_TEXT && !e.icon && WORD_LETTERS.test(e.text))
    .map((e) => e.h).sort((a, b) => a - b);
  return hs.length ? hs[Math.floor(hs.length / 2)] : null;
}

/**
 * Whether `e` is one or two glyphs drawn at an icon's size and shape next to
 * the surface's text of height `lineH`: square and larger than a font's glyph
 * of that text. However sure the reading, it is then the drawing of an
 * icon-only button (whether it stands alone on a button is for the caller).
 */
export function drawnAsIcon(e: Element, lineH: number | null): boolean {
  if (lineH === null || e.control || e.icon || !GLYPH.test(e.text.trim())) return false;
  const long = Math.max(e.w, e.h), short = Math.min(e.w, e.h), aspect = e.w / Math.max(1, e.h);
  return long >= TALLER * lineH && short >= THICKER * lineH && aspect >= SQUARE.min && aspect <= SQUARE.max;
}
