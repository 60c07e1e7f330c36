/**
 * Latin runs on Japanese and Chinese screens: shortcuts (`Shift+Ctrl+S`),
 * paths, app names and English words inside CJK lines. A CJK model reads
 * them poorly or drops them (Chinese read `/tmp/choto-fixtures/文档` as
 * `文档`), and reading every line with English as well would cost every
 * line twice; a combined model (`jpn+eng`) let English take whole CJK lines
 * (`編集(E)` read as `REE)`). So the CJK model reads the line, and English
 * reads again only where that reading is Latin or left ink without a word:
 * the spans found here.
 *
 * @module
 */

import type { TextLine } from "../lines/find.ts";
import type { OcrWord } from "../types.ts";
import { readShortcut } from "./accelerators.ts";
import { hasCjk } from "./cjk.ts";

/** Ink this many text heights wide with no word on it is a run the CJK model dropped. */
export const UNREAD_INK = 1;
/** Spans closer than this many text heights are read as one. */
const SPAN_JOIN = 0.5;

/** A Latin word: letters, digits and ASCII punctuation only, with at least one letter or digit. */
export function isLatinWord(text: string): boolean {
  return /^[\x21-\x7e]+$/.test(text) && /[A-Za-z0-9]/.test(text) && !hasCjk(text);
}

/**
 * A Latin word worth reading again: two letters or digits at least. A
 * mnemonic's `(S)` alone is too small for English to read better without the
 * label before it (it came back as `5)`); fixes/cjk.ts spells it instead.
 */
function worthRereading(text: string): boolean {
  return isLatinWord(text) && (text.match(/[A-Za-z0-9]/g) ?? []).length >= 2;
}

/** Ink columns of `line` (relative to it) that no word's box covers. */
function bareInk(words: readonly OcrWord[], line: TextLine): LatinSpan[] {
  const cover = mergeSpans(words.map((w) => ({ x0: w.x - 1, x1: w.x + w.w + 1 })), 0);
  const out: LatinSpan[] = [];
  for (const b of line.blobs) {
    let from = b.x - line.x;
    const to = from + b.w;
    for (const c of cover) {
      if (c.x1 <= from || c.x0 >= to) continue;
      if (c.x0 > from) out.push({ x0: from, x1: c.x0 });
      from = Math.max(from, c.x1);
    }
    if (from < to) out.push({ x0: from, x1: to });
  }
  return out;
}

/** A span of a line (x range relative to the line box), and whether a word of the CJK model lies in it. */
export interface LatinSpan {
  x0: number;
  x1: number;
}

/** `spans` sorted, those closer than `gap` joined. */
export function mergeSpans(spans: LatinSpan[], gap: number): LatinSpan[] {
  const out: LatinSpan[] = [];
  for (const s of [...spans].sort((a, b) => a.x0 - b.x0)) {
    const last = out[out.length - 1];
    if (last && s.x0 - last.x1 <= gap) last.x1 = Math.max(last.x1, s.x1);
    else out.push({ ...s });
  }
  return out;
}

/**
 * The spans of `line` (words relative to it) to read again with English:
 * the Latin words the CJK model gave, and ink no word covers that is at
 * least `UNREAD_INK` text heights wide.
 */
export function latinSpans(words: readonly OcrWord[], line: TextLine, textHeight: number): LatinSpan[] {
  const spans = words.filter((w) => worthRereading(w.text)).map((w) => ({ x0: w.x, x1: w.x + w.w }));
  const bare = bareSpans(words, line, textHeight);
  // The CJK model's own characters are its to read: no span reaches into one.
  const cjk = words.filter((w) => hasCjk(w.text)).map((w) => ({ x0: w.x, x1: w.x + w.w }));
  return mergeSpans([...spans, ...bare], textHeight * SPAN_JOIN).flatMap((s) => subtract(s, cjk))
    .filter((s) => s.x1 - s.x0 >= textHeight * 0.5);
}

/** What is left of `span` once the ranges `cut` are taken out of it. */
function subtract(span: LatinSpan, cut: readonly LatinSpan[]): LatinSpan[] {
  let parts = [span];
  for (const c of cut) {
    parts = parts.flatMap((p) =>
      c.x1 <= p.x0 || c.x0 >= p.x1
        ? [p]
        : [{ x0: p.x0, x1: c.x0 }, { x0: c.x1, x1: p.x1 }].filter((q) => q.x1 > q.x0)
    );
  }
  return parts;
}

/** A span as a line of its own (in the searched image): its columns, the line's rows and the ink inside. */
export function spanLine(line: TextLine, span: LatinSpan): TextLine {
  const x0 = Math.max(line.x, line.x + span.x0 - 1), x1 = Math.min(line.x + line.w, line.x + span.x1 + 1);
  const blobs = line.blobs.filter((b) => b.x + b.w / 2 >= x0 && b.x + b.w / 2 <= x1);
  return { x: x0, y: line.y, w: x1 - x0, h: line.h, blobs };
}

/** English's reading of a span must be at least this sure to replace the CJK model's. */
export const LATIN_CONF = 0.6;

/**
 * The line's words with English's reading of a span in place of the CJK
 * model's words there (no span holds a CJK word). `read` is relative to
 * `span`'s own line. English's words replace when they are Latin text read
 * at least `LATIN_CONF` sure, or a shortcut however faint (as on English
 * screens, recognise.ts): on ink that is not Latin, English reads nothing,
 * or something it is unsure of. A CJK model is as sure of its misreadings
 * of Latin (`ShifCttrl+V`) as of its good readings, so its confidence is no
 * measure; but English reading less of the same text (`txt` for `.txt`, at
 * the edge of its crop) does not replace it.
 */
export function replaceSpan(words: OcrWord[], line: TextLine, own: TextLine, read: OcrWord[]): OcrWord[] {
  const found = read.filter((w) => isLatinWord(w.text)).map((w) => ({ ...w, x: w.x + own.x - line.x }));
  if (!found.length) return words;
  const sure = found.reduce((s, w) => s + w.conf, 0) / found.length >= LATIN_CONF;
  if (!sure && !found.every((w) => readShortcut(w.text) !== null)) return words;
  const x0 = own.x - line.x, x1 = x0 + own.w;
  const inside = (w: OcrWord) => {
    const cx = w.x + w.w / 2;
    return cx >= x0 && cx <= x1;
  };
  const before = words.filter(inside).map((w) => w.text).join("").toLowerCase();
  const after = found.map((w) => w.text).join("").toLowerCase();
  if (after.length < before.length && before.includes(after)) return words;
  return [...words.filter((w) => !inside(w)), ...found].sort((a, b) => a.x - b.x);
}

/** The letters a menu underlines, and the brackets a CJK menu puts them in: a mnemonic's alphabet. */
export const MNEMONIC_ALPHABET = "()ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * CJK labels whose mnemonic the CJK model left unread ("全部保存" for
 * "全部保存(L)": too small a Latin run to be read again as one): the
 * index of each such word and the bare ink right after it, as wide as
 * "(L)" is drawn.
 */
export function mnemonicGaps(
  words: readonly OcrWord[],
  line: TextLine,
  textHeight: number,
): Array<{ word: number; span: LatinSpan }> {
  const bare = mergeSpans(bareInk(words, line), textHeight * 0.2);
  const out: Array<{ word: number; span: LatinSpan }> = [];
  words.forEach((w, i) => {
    if (!hasCjk(w.text) || /[)）.…]$/u.test(w.text)) return;
    const end = w.x + w.w;
    const span = bare.find((b) => b.x0 >= end - 1 && b.x0 - end <= textHeight * 0.4);
    const width = span ? span.x1 - span.x0 : 0;
    if (span && width >= textHeight * 0.4 && width <= textHeight * 1.4) out.push({ word: i, span });
  });
  return out;
}

/** A mnemonic read on its own (`(L)`, `L)`, `(L`) as the letter it names, or null. */
export function mnemonicLetter(read: string): string | null {
  return /^[(]?([A-Z])[)]?$/.exec(read.replace(/\s+/g, ""))?.[1] ?? null;
}

/**
 * On the screens of a Latin language other than English, a word its model
 * read below this confidence is read again by English (`unsureSpans`), and
 * so is ink it left without a word (a word under the confidence floor):
 * shortcuts (`Umschalt+Strg+0O` for `Umschalt+Strg+O`), an ellipsis cut
 * short (`Ouvrir.`), paths and English words. Reading every line with both
 * models at once (`deu+eng`) got those too, but tesseract then retries
 * nearly every word of a screen with the second model (few of them are
 * dictionary words), for a quarter more time per frame.
 */
export const UNSURE_CONF = 0.6;

/**
 * The spans of `line` (words relative to it) to read again with English:
 * the words read below `UNSURE_CONF`, and ink no word covers that is at
 * least `UNREAD_INK` text heights wide.
 */
export function unsureSpans(words: readonly OcrWord[], line: TextLine, textHeight: number): LatinSpan[] {
  const unsure = words.filter((w) => w.conf < UNSURE_CONF).map((w) => ({ x0: w.x, x1: w.x + w.w }));
  return mergeSpans([...unsure, ...bareSpans(words, line, textHeight)], textHeight * SPAN_JOIN);
}

/** Ink of `line` no word covers, at least `UNREAD_INK` text heights wide. */
export function bareSpans(words: readonly OcrWord[], line: TextLine, textHeight: number): LatinSpan[] {
  return mergeSpans(bareInk(words, line), textHeight * SPAN_JOIN)
    .filter((s) => s.x1 - s.x0 >= textHeight * UNREAD_INK);
}

/**
 * The line's words with English's reading of an unsure span in place of the
 * first model's. `read` is relative to `own`, the span's line. English's
 * reading replaces a shortcut's misreading with a shortcut however faint (as
 * on English screens, recognise.ts); otherwise it must be surer than the
 * first model's words there (at least `LATIN_CONF` sure where there were
 * none), and must add to them or take from them: a reading of the same
 * length is a respelling (`Reunion` for `Réunion`, `I'indentation` for
 * `l'indentation`), where the first model knows its language's letters
 * better.
 */
export function replaceUnsure(words: OcrWord[], line: TextLine, own: TextLine, read: OcrWord[]): OcrWord[] {
  const { found, was, replaced } = placeReading(words, line, own, read);
  if (!found.length) return words;
  const mean = (ws: OcrWord[]) => ws.reduce((s, w) => s + w.conf, 0) / Math.max(1, ws.length);
  const isShortcut = (ws: OcrWord[]) => ws.length > 0 && ws.every((w) => readShortcut(w.text) !== null);
  const text = (ws: OcrWord[]) => ws.map((w) => w.text).join(" ");
  const shortcut = isShortcut(found) && !isShortcut(was);
  const surer = was.length ? mean(found) > mean(was) : mean(found) >= LATIN_CONF;
  const respelt = [...text(found)].length === [...text(was)].length;
  if (!shortcut && (!surer || respelt)) return words;
  return replaced();
}

/**
 * A second reading of a span put in its line: the words read (`read`,
 * relative to `own`, the span's line) relative to `line`, the line's words
 * centred in the span, and the line's words with those replaced by the
 * reading, in order.
 */
export function placeReading(words: OcrWord[], line: TextLine, own: TextLine, read: OcrWord[]) {
  const found = read.map((w) => ({ ...w, x: w.x + own.x - line.x }));
  const x0 = own.x - line.x, x1 = x0 + own.w;
  const inside = (w: OcrWord) => {
    const cx = w.x + w.w / 2;
    return cx >= x0 && cx <= x1;
  };
  return {
    found,
    was: words.filter(inside),
    replaced: () => [...words.filter((w) => !inside(w)), ...found].sort((a, b) => a.x - b.x),
  };
}
