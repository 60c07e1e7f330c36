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

import type { OcrEngine, OcrMode, OcrWord } from "./types.ts";
import type { RgbaImage } from "../desktop/types.ts";

/** Letters the recogniser gives for digits in UI fonts, and the digits themselves. */
const DIGITISH = new Set([..."0123456789lI|!oODQsSzZéeg?"]);
/** Of those, the ones that are not digits. */
const DIGITS = /[0-9]/;
/** A digit reading may be this much less confident than the letter reading and still win. */
export const DIGIT_CONF_SLACK = 0.05;

/** An engine that can read with a limited alphabet (tesseract). */
export interface AlphabetEngine extends OcrEngine {
  recognizeWithAlphabet(image: RgbaImage, mode: OcrMode, alphabet: string): Promise<OcrWord[]>;
}

/** Whether an engine can read with a limited alphabet. */
export function hasAlphabet(engine: OcrEngine): engine is AlphabetEngine {
  return typeof (engine as Partial<AlphabetEngine>).recognizeWithAlphabet === "function";
}

/**
 * Splits `Fruitlo` into head `Fruit` and a digit-like tail `lo`, or returns
 * null when the token cannot be letters followed by misread digits: the
 * head is at least two letters ending in a letter that is not digit-like,
 * the tail is 1-4 digit-like characters with at least one that is not a
 * digit, and a one-character tail must sit next to a digit... which it
 * cannot, so a tail is at least two characters unless it holds a digit.
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

/**
 * Whether `again` (read with the digit alphabet) is the same head followed
 * by digits only, and confident enough to replace `first`.
 */
export function acceptDigitReading(first: OcrWord, head: string, again: OcrWord[]): string | null {
  if (again.length !== 1) return null;
  const text = again[0].text;
  if (!text.startsWith(head)) return null;
  const rest = text.slice(head.length);
  if (!/^[0-9]{1,4}$/.test(rest)) return null;
  if (again[0].conf < first.conf - DIGIT_CONF_SLACK) return null;
  return text;
}
