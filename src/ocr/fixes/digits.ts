/**
 * Digits read as letters at the end of a token: `Fruit10` comes back as
 * `Fruitlo`, `Fruit15` as `Fruitls`, because after a run of letters the
 * recogniser's language model prefers letters. A token whose tail is made of
 * digit-like letters (`l I | o O s S z Z é ?` and digits) is read again with
 * the recogniser limited to the head's letters and the digits; the digit
 * reading replaces the first one only when it is at least about as
 * confident (a real `Hello` read with digits only is a poor fit).
 *
 * @module
 */

import type { OcrEngine, OcrMode, OcrWord } from "../types.ts";
import type { Grey } from "../../image/pixels.ts";

/** Letters the recogniser gives for digits in UI fonts, and the digits themselves. */
const DIGITISH = new Set([..."0123456789lI|!oODQsSzZéeg?"]);
/** A digit. */
const DIGITS = /[0-9]/;

/** An engine that can read greyscale with a limited alphabet (tesseract). */
export interface AlphabetEngine extends OcrEngine {
  recognizeGrey(image: Grey, mode: OcrMode, alphabet?: string): Promise<OcrWord[]>;
}

/** Whether an engine can read with a limited alphabet. */
export function hasAlphabet(engine: OcrEngine): engine is AlphabetEngine {
  return typeof (engine as Partial<AlphabetEngine>).recognizeGrey === "function";
}

/**
 * Splits `Fruitlo` into head `Fruit` and a digit-like tail `lo`, or returns
 * null when the token cannot be letters followed by misread digits: the
 * head is at least two letters ending in a letter that is not digit-like;
 * the tail is 2-4 digit-like characters, not all of them digits. (A
 * one-character tail, as the `s` of every plural, is too common to read
 * again.)
 */
export function digitTail(text: string): { head: string; tail: string } | null {
  const chars = [...text];
  let cut = chars.length;
  while (cut > 0 && DIGITISH.has(chars[cut - 1])) cut--;
  const head = chars.slice(0, cut).join("");
  const tail = chars.slice(cut).join("");
  if (cut < 2 || !/^\p{L}+$/u.test(head)) return null;
  const n = chars.length - cut;
  if (n < 1 || n > 4) return null;
  if ([...tail].every((c) => DIGITS.test(c))) return null;
  if (n < 2) return null;
  return { head, tail };
}

/** The alphabet of the digit reading: the head's own letters and the ten digits. */
export function digitAlphabet(head: string): string {
  return [...new Set([...head, ..."0123456789"])].join("");
}

/** Letters that stand for a digit, and the digits they can stand for. */
const LOOKALIKE: Record<string, string> = {
  l: "1",
  I: "1",
  "|": "1",
  "!": "1",
  o: "0",
  O: "0",
  D: "0",
  Q: "0",
  s: "58",
  S: "58",
  z: "2",
  Z: "2",
  "é": "6",
  e: "68",
  g: "9",
  "?": "7",
};
/** Lookalikes that are shorter than a digit (x-height letters). */
const SHORT_LOOKALIKES = new Set([..."osezég"]);
/** Lookalikes that are a bare stroke, narrower than a `1`. */
const STROKE_LOOKALIKES = new Set([..."lI|!"]);

/** Ink columns of a character, as [first, last] column and top/bottom row. */
export interface InkRun {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/**
 * Cuts the ink of a word crop into characters at empty columns. Ink is what
 * departs from `ground` by more than a third of the crop's contrast.
 */
export function inkRuns(g: Grey, ground: number): InkRun[] {
  let far = 0;
  for (const v of g.data) far = Math.max(far, Math.abs(v - ground));
  const limit = Math.max(20, far / 3);
  const runs: InkRun[] = [];
  let cur: InkRun | null = null;
  for (let x = 0; x < g.width; x++) {
    let top = -1, bottom = -1;
    for (let y = 0; y < g.height; y++) {
      if (Math.abs(g.data[y * g.width + x] - ground) > limit) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    if (top < 0) {
      if (cur) runs.push(cur);
      cur = null;
    } else if (cur) {
      cur.x1 = x;
      cur.top = Math.min(cur.top, top);
      cur.bottom = Math.max(cur.bottom, bottom);
    } else cur = { x0: x, x1: x, top, bottom };
  }
  if (cur) runs.push(cur);
  return runs;
}

/**
 * Whether the characters at the end of the crop have the shape of the digits
 * that replace `tail`: an `o`/`s` read for a `0`/`5` must be as tall as the
 * word's tallest character (digits are cap height, those letters x-height), an
 * `l` read for a `1` must be wider than a bare stroke. When the crop does
 * not cut into enough characters the shape cannot support the change.
 */
export function shapeSupportsDigits(runs: InkRun[], tail: string): boolean {
  const chars = [...tail];
  if (runs.length < chars.length + 1) return false;
  const tallest = Math.max(...runs.map((r) => r.bottom - r.top + 1));
  const ends = runs.slice(runs.length - chars.length);
  return chars.every((c, i) => {
    if (/[0-9]/.test(c)) return true;
    const r = ends[i];
    const h = r.bottom - r.top + 1, w = r.x1 - r.x0 + 1;
    if (SHORT_LOOKALIKES.has(c)) return h >= tallest * 0.85;
    if (STROKE_LOOKALIKES.has(c)) return w >= h * 0.4;
    return true;
  });
}

/**
 * The digit text for a token, or null: `again` (read with the digit
 * alphabet) must be the same head followed by as many digits as the tail
 * had characters, each digit the lookalike of the letter it replaces.
 * (Limited-alphabet readings carry no usable confidence.)
 */
export function acceptDigitReading(head: string, tail: string, again: OcrWord[]): string | null {
  if (again.length !== 1) return null;
  const text = again[0].text;
  if (!text.startsWith(head)) return null;
  const rest = [...text.slice(head.length)];
  const was = [...tail];
  if (rest.length !== was.length || !rest.every((c) => /[0-9]/.test(c))) return null;
  if (!was.every((c, i) => c === rest[i] || (LOOKALIKE[c] ?? "").includes(rest[i]))) return null;
  return text;
}
