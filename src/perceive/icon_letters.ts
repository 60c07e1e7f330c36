/**
 * Icons read as letters. A recogniser turns a small drawing (a chevron, a
 * double arrow, a toolbar glyph) into one or two letters it is unsure of
 * (`A`, `v`, `Cc`), or a row of three such drawings into three (`Aww`); listed as text, such a "word" hides the icon, which then
 * is never hovered nor named. The word is taken for the icon under it when
 * the pixels back that: an icon-sized drawing lies under most of it, and it
 * stands apart from the text on its row (as icons in a find bar do) or sits
 * in a button's outline; so does a lone chevron or arrow told by its shape,
 * and a glyph of any kind drawn at an icon's size and shape (icon_glyphs.ts:
 * GTK4's symbolic icons read as `+`, `=`, `Q`). Confident words, digits and
 * other symbols drawn as the text is, a keypad's keys,
 * a control's label and the common two-letter words stay text. Pure
 * functions over the elements of one surface and the icon shapes of its
 * window (icon_boxes.ts), all in screen pixels.
 *
 * @module
 */

import type { Box } from "../common/rect.ts";
import type { Element } from "../ocr/types.ts";
import { asSegments } from "../ocr/group.ts";
import { isKeypadKey } from "./element_kinds.ts";
import { drawnAsIcon, joinStackedBars, textHeight } from "./icon_glyphs.ts";

/** Confidence at and above which a short word is taken as read (the listing's `~` line). */
export const SURE_LETTERS = 0.8;

/** One to three letters and nothing else: digits, signs and punctuation (`A:`, `7`, `×`) are text. */
const LETTERS = /^\p{L}{1,3}$/u;
/** Letters a word may have however few drawings lie under it; a longer one needs a drawing per letter. */
const FEW_LETTERS = 2;

/** Two-letter words a control is labelled with: read unsure, they are still more likely text than a drawing. */
const SHORT_WORDS = new Set([
  "ok",
  "no",
  "go",
  "up",
  "on",
  "of",
  "to",
  "in",
  "is",
  "it",
  "at",
  "by",
  "do",
  "if",
  "me",
  "my",
  "or",
  "an",
  "as",
  "be",
  "we",
  "us",
  "so",
]);

/** Share of a word's box that drawings of icon size must cover for the word to be one. */
const COVERED = 0.4;
/** Share of a drawing that must lie in the word's box for it to be under the word. */
const UNDER = 0.5;
/** How far (in text heights) the nearest text on the row must be for the word to stand apart. */
const APART = 1;
/** Margin (px) a button's outline leaves around the drawing it holds, at least. */
const BUTTON_MARGIN = 2;

function area(b: Box): number {
  return Math.max(0, b.w) * Math.max(0, b.h);
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function encloses(outer: Box, inner: Box, margin: number): boolean {
  return outer.x + margin <= inner.x && outer.y + margin <= inner.y &&
    outer.x + outer.w - margin >= inner.x + inner.w && outer.y + outer.h - margin >= inner.y + inner.h;
}

/** The drawings mostly inside `e`'s box, when together they cover enough of it to be what was read. */
function drawingsUnder(e: Element, shapes: readonly Box[]): Box[] {
  const under = shapes.filter((s) => area(s) > 0 && overlap(s, e) >= UNDER * area(s));
  const covered = under.reduce((sum, s) => sum + overlap(s, e), 0);
  return covered >= COVERED * area(e) ? under : [];
}

/**
 * A chevron or an arrow told by its shape (ocr/fixes/drawn_symbols.ts): alone on a button it is the
 * button's icon however sure the shape, and only its tooltip says what it does.
 */
const DRAWN_SYMBOL = /^[˅˄⌄⌃‹›«»↑↓]$/u;

/** Whether the letters of `e` are only what a recogniser made of a drawing: short, unsure, no word. */
function mightBeDrawn(e: Element): boolean {
  const t = e.text.trim();
  if (e.control || e.icon) return false;
  if (DRAWN_SYMBOL.test(t)) return true;
  if (e.conf >= SURE_LETTERS || !LETTERS.test(t)) return false;
  return !SHORT_WORDS.has(t.toLowerCase());
}

function sameRow(a: Box, b: Box): boolean {
  const ca = a.y + a.h / 2, cb = b.y + b.h / 2;
  return Math.abs(ca - cb) <= Math.max(6, 0.6 * Math.max(a.h, b.h));
}

function gapBetween(a: Box, b: Box): number {
  return Math.max(a.x - (b.x + b.w), b.x - (a.x + a.w));
}

/**
 * The elements of `all` that are icons read as letters, given the window's
 * icon-sized drawings `shapes`: unsure one- or two-letter words with
 * drawings under them (three letters over three drawings) or glyphs drawn as
 * icons are (`drawnAsIcon`), standing apart from other text on their row (other
 * such words do not count: a toolbar is a row of them) or held in a
 * button's outline, and no key of a keypad.
 */
export function iconLetters(all: readonly Element[], shapes: readonly Box[]): Set<Element> {
  return drawnGlyphs(all, shapes).read;
}

/** The icons read as text (`iconLetters`): each as one glyph, and every element read over them. */
function drawnGlyphs(
  all: readonly Element[],
  shapes: readonly Box[],
): { glyphs: Element[]; read: Set<Element> } {
  // A menu's three bars read as three dashes are weighed as the one drawing they are.
  const { elements, bars } = joinStackedBars(all);
  const candidates = new Map<Element, Box[]>();
  const lineH = textHeight(asSegments(elements));
  for (const e of elements) {
    const under = drawingsUnder(e, shapes);
    const letters = [...e.text.trim()].length;
    if (mightBeDrawn(e) && under.length && (letters <= FEW_LETTERS || under.length >= letters)) {
      candidates.set(e, under);
    } else if (drawnAsIcon(e, lineH) && !SHORT_WORDS.has(e.text.trim().toLowerCase())) {
      // A drawing of thin parts (a menu's bars) is no shape of icon size: the glyph's box stands for it.
      candidates.set(e, under.length ? under : [glyphBox(e)]);
    }
  }
  const glyphs: Element[] = [];
  for (const [e, under] of candidates) {
    if (isKeypadKey(e, elements)) continue;
    const inButton = shapes.some((s) => under.every((d) => s !== d && encloses(s, d, BUTTON_MARGIN)));
    const crowded = elements.some((o) =>
      o !== e && !candidates.has(o) && sameRow(o, e) && gapBetween(o, e) < APART * Math.max(o.h, e.h)
    );
    if (inButton || !crowded) glyphs.push(e);
  }
  return { glyphs, read: new Set(glyphs.flatMap((g) => bars.get(g) ?? [g])) };
}

/** The box of a glyph's drawing when no shape was found under it: its reading's box and a pixel round it. */
function glyphBox(e: Element): Box {
  return { x: e.x - 1, y: e.y - 1, w: e.w + 2, h: e.h + 2 };
}

/**
 * Splits a surface's elements into its text and the icons that were read as
 * letters (`iconLetters`); `shapes` comes back with a drawing for each such
 * icon no shape was found under (a menu's three bars), so it is listed and
 * hovered as the others are.
 */
export function withoutIconLetters(
  all: readonly Element[],
  shapes: readonly Box[],
): { text: Element[]; drawn: Element[]; shapes: Box[] } {
  const { glyphs, read } = drawnGlyphs(all, shapes);
  const unshaped = glyphs.filter((e) => !drawingsUnder(e, shapes).length).map(glyphBox);
  return { text: all.filter((e) => !read.has(e)), drawn: [...read], shapes: [...shapes, ...unshaped] };
}
