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
/** Two characters with a digit (`10`, `0%`, `5.`): a readout's number, as wide as it is tall, and text. */
const NUMBER_PAIR = /^(?=.*\d)\S{2}$/u;
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
  const t = e.text.trim();
  if (lineH === null || e.control || e.icon || !GLYPH.test(t) || NUMBER_PAIR.test(t)) return false;
  const long = Math.max(e.w, e.h), short = Math.min(e.w, e.h), aspect = e.w / Math.max(1, e.h);
  return long >= TALLER * lineH && short >= THICKER * lineH && aspect >= SQUARE.min && aspect <= SQUARE.max;
}

/** One bar as a recogniser reads it: a dash of some length. */
const BAR = /^[-‐–—−_]$/u;
/** Bars a menu button's drawing (≡) has; two read as `=` already. */
const MENU_BARS = 3;
/** Pixels two bars of one drawing may differ by, in their centres' x and in width. */
const BAR_SLACK = 2;

/**
 * A menu button's three bars (`open-menu-symbolic`, ≡) that the recogniser
 * read as three dashes one above another: the surface's elements with each
 * such stack replaced by one `≡` glyph over their union, and the bars each
 * glyph stands for. Dashes of other lengths or places are left as read.
 */
export function joinStackedBars(
  all: readonly Element[],
): { elements: Element[]; bars: Map<Element, Element[]> } {
  const dashes = all.filter((e) => !e.control && !e.icon && BAR.test(e.text.trim()))
    .sort((a, b) => a.y - b.y);
  const used = new Set<Element>();
  const bars = new Map<Element, Element[]>();
  for (const top of dashes) {
    if (used.has(top)) continue;
    // A square's worth of height below the top bar: the bars of one drawing, no more.
    const stack = dashes.filter((d) =>
      !used.has(d) && Math.abs(d.cx - top.cx) <= BAR_SLACK && Math.abs(d.w - top.w) <= BAR_SLACK &&
      d.y >= top.y && d.y + d.h <= top.y + top.w + BAR_SLACK
    );
    if (stack.length !== MENU_BARS) continue;
    for (const d of stack) used.add(d);
    const x = Math.min(...stack.map((d) => d.x)), y = top.y;
    const w = Math.max(...stack.map((d) => d.x + d.w)) - x, h = Math.max(...stack.map((d) => d.y + d.h)) - y;
    const conf = Math.min(...stack.map((d) => d.conf));
    bars.set({ text: "≡", x, y, w, h, cx: Math.round(x + w / 2), cy: Math.round(y + h / 2), conf }, stack);
  }
  return { elements: [...all.filter((e) => !used.has(e)), ...bars.keys()], bars };
}
