/**
 * Groups recognised words into elements: a menu item, a button label, a
 * shortcut, a sentence.
 *
 * Rule: two words on the same line join when the gap between them is small
 * compared with the text height (a normal space); a wider gap (a column, the
 * space before a shortcut) starts a new element. In fixed-pitch text (two
 * words as wide per character, both of a few characters) a word space is
 * one character cell with its bearings, wider than that rule for words
 * without descenders, so there a gap under {@link CELL_GAP} cells joins.
 * The pitch is told by the nearest words of a few letters either side of
 * the gap, so a sure short word (`a`, `in`) or number (`1987.`) in such a
 * line joins its neighbours too; the element keeps the segments it joined
 * as the height rule alone would make them (`asSegments`).
 * A word marked `apart` starts an element, and one marked `alone` is one.
 *
 * @module
 */

import { boundsOfBoxes } from "../common/rect.ts";
import type { Element, OcrWord } from "./types.ts";
import { joinTexts } from "./fixes/cjk.ts";

/** A gap wider than this many text heights separates two elements. */
export const GAP_RATIO = 0.9;
/** In fixed-pitch text, a gap narrower than this many character cells is a word space (two spaces are not). */
export const CELL_GAP = 1.6;
/** Fewest characters a word needs for its width per character to tell its pitch. */
const PITCH_CHARS = 3;
/** Most two words' widths per character may differ, as a share, to be one fixed-pitch font. */
const PITCH_SPREAD = 0.1;

/**
 * Groups words (in screen pixels) into elements, in reading order: rows by
 * their vertical centre (so a taller shortcut label does not jump ahead of
 * its menu item), then left to right.
 */
export function groupWords(words: OcrWord[]): Element[] {
  const sorted = [...words].sort((a, b) => (a.y + a.h / 2) - (b.y + b.h / 2) || a.x - b.x);
  const lines: OcrWord[][] = [];
  for (const w of sorted) {
    const mid = w.y + w.h / 2;
    // A much taller neighbour (an icon spanning two rows of a sheet) reaches no further than one
    // and a half of the shorter word, and a word under one already on the line is on another row.
    const line = lines.find((l) => {
      const ref = l[l.length - 1];
      const reach = Math.min(Math.max(ref.h, w.h), 1.5 * Math.min(ref.h, w.h)) * 0.5;
      return Math.abs(ref.y + ref.h / 2 - mid) < reach && !l.some((o) => stacked(o, w));
    });
    if (line) line.push(w);
    else lines.push([w]);
  }
  const elements: Element[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x - b.x);
    let group: OcrWord[] = [];
    // Where in `group` each segment joined on its line's pitch begins (after the first).
    let cuts: number[] = [];
    for (const [i, w] of line.entries()) {
      const prev = group[group.length - 1];
      const height = prev ? Math.max(prev.h, w.h) : w.h;
      const gap = prev ? w.x - (prev.x + prev.w) : 0;
      const wide = gap > height * GAP_RATIO && !(gap < CELL_GAP * (samePitch(prev, w) ?? 0));
      const spaced = wide && !(gap < CELL_GAP * (pitchAcross(line, i) ?? 0));
      if (prev && (w.apart || w.alone || prev.alone || spaced)) {
        elements.push(toElement(group, cuts));
        group = [];
        cuts = [];
      } else if (prev && wide) cuts.push(group.length);
      group.push(w);
    }
    if (group.length) elements.push(toElement(group, cuts));
  }
  // Lines were built in order of their centres: rows read top to bottom, then left to right.
  return elements;
}

/**
 * The character width two words share when they look drawn in one
 * fixed-pitch font (a few letters each, as wide per letter), else null.
 */
export function samePitch(a: OcrWord, b: OcrWord): number | null {
  // Letters only: a timestamp's digits and colons beside a word are too narrow per character to tell.
  return LETTERS.test(a.text) && LETTERS.test(b.text) ? sharedPitch(a, b) : null;
}

/** A word of at least `PITCH_CHARS` letters and nothing else. */
const LETTERS = new RegExp(`^\\p{L}{${PITCH_CHARS},}$`, "u");

/** The width per character two words share (within `PITCH_SPREAD`), else null. */
function sharedPitch(a: OcrWord, b: OcrWord): number | null {
  const na = [...a.text].length, nb = [...b.text].length;
  const pa = a.w / na, pb = b.w / nb;
  return Math.abs(pa - pb) <= PITCH_SPREAD * Math.max(pa, pb) ? (pa + pb) / 2 : null;
}

/** How many words away from a gap its pitch is looked for, on either side. */
const PITCH_REACH = 3;

/**
 * The pitch of the fixed-pitch font a row of words (left to right) is drawn
 * in around the gap before `row[i]`: the width per character the nearest
 * words of a few letters either side of it share (`measurable`); at a row's
 * end (a number last), the nearest two on the side that has them. Else null.
 */
function pitchAcross(row: readonly OcrWord[], i: number): number | null {
  const left = row.slice(Math.max(0, i - PITCH_REACH), i).filter(measurable).reverse();
  const right = row.slice(i, i + PITCH_REACH).filter(measurable);
  const [a, b] = left.length && right.length ? [left[0], right[0]] : left.length ? left : right;
  // An icon read as a letter (`X`, `o`) is taller than the text: its gap is weighed by its own height.
  // An unsure word stays apart: joined, it would make the whole line as unsure as it (`foldLeastSure`).
  // So does a mark with neither letter nor digit: a field's or a select's border read as `|` or `[`.
  if (
    !a || !b || i === 0 || ![row[i - 1], row[i]].every((w) => w.conf >= SURE_TO_JOIN && TEXT.test(w.text))
  ) {
    return null;
  }
  return sharedPitch(a, b);
}

/** A word with a letter or a digit in it. */
const TEXT = /[\p{L}\p{N}]/u;

/** Least confidence of a word joined on its line's pitch: a reply lists a word sure from there (render/element_rows.ts). */
const SURE_TO_JOIN = 0.8;

/**
 * Whether a word's width per character tells a pitch: enough letters, and
 * at most a quote or bracket before them and a mark after (`"We`, `dates,`):
 * in a fixed-pitch font each takes a cell, and in another a mark is narrow
 * and only makes the word seem narrower per character.
 */
function measurable(w: OcrWord): boolean {
  return MEASURABLE.test(w.text);
}

/** A word of at least `PITCH_CHARS` letters, with at most a quote or bracket before and a mark after. */
const MEASURABLE = new RegExp(`^["'(“‘]?\\p{L}{${PITCH_CHARS},}[,.;:!?'")”’]?$`, "u");

/** Two words sharing more than a third of the narrower one's width: one is above the other. */
function stacked(a: OcrWord, b: OcrWord): boolean {
  return Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > Math.min(a.w, b.w) / 3;
}

/** The element of `words`; `cuts` says where each segment joined on the line's pitch begins. */
function toElement(words: OcrWord[], cuts: readonly number[] = []): Element {
  const { x, y, width, height } = boundsOfBoxes(words);
  const conf = Math.round(words.reduce((s, w) => s + w.conf, 0) / words.length * 100) / 100;
  const least = words.reduce((a, w) => (w.conf < a.conf ? w : a));
  const leastConf = Math.round(least.conf * 100) / 100;
  return {
    text: joinTexts(words.map((w) => w.text)),
    x,
    y,
    w: width,
    h: height,
    cx: Math.round(x + width / 2),
    cy: Math.round(y + height / 2),
    conf,
    ...(leastConf < conf ? { leastSure: { text: least.text, conf: leastConf, x: least.x, w: least.w } } : {}),
    ...(cuts.length
      ? { segments: [0, ...cuts].map((at, k) => toElement(words.slice(at, cuts[k] ?? words.length))) }
      : {}),
  };
}

/**
 * `elements` as the height rule alone groups them: each joined on its
 * line's pitch is given as its segments. What is taken as the text's height,
 * and which drawings are letters, is judged on these, so a line of
 * fixed-pitch text counts as the segments it was (perceive/icon_boxes.ts).
 */
export function asSegments<E extends Element>(elements: readonly E[]): Array<E | Element> {
  return elements.flatMap((e) => e.segments ?? [e]);
}

/**
 * `e` as a reply lists it: as sure as its least sure word when that word is
 * still in its text (kept in `leastSure`, for a target that covers only the
 * other words), else, when a pass cut it off and took the doubt with it, as
 * its words' mean.
 */
export function foldLeastSure(e: Element): Element {
  if (!e.leastSure) return e;
  const { leastSure, ...rest } = e;
  const tokens = rest.text.split(/\s+/);
  // Text written without spaces (Japanese, Chinese) is looked through whole.
  const kept = tokens.includes(leastSure.text) || (tokens.length === 1 && rest.text.includes(leastSure.text));
  if (!kept) return rest;
  return {
    ...rest,
    conf: Math.min(rest.conf, leastSure.conf),
    leastSure: { ...leastSure, mean: leastSure.mean ?? rest.conf },
  };
}
