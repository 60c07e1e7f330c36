/**
 * Japanese and Chinese lines: scripts without spaces between words, where
 * an element is a label ("名前を付けて保存(A)..."), never a character.
 *
 * tesseract cuts such a run anywhere (a word per character or two) and gives
 * the first word of a line the whole line's width; a menu's mnemonic
 * "(S)" comes back as "(5)" or "(3)", and a stray closing quote can open a
 * label. Each line's words are put right here: boxes cut to where the next
 * word starts and to the line's rows, neighbours joined into runs where the
 * ink shows no space, and the mnemonic spelled as a letter.
 *
 * @module
 */

import type { TextLine } from "../lines/find.ts";
import type { OcrWord } from "../types.ts";

/** A character of a script written without spaces: Han, kana, CJK punctuation, full-width forms. */
export const CJK_CHAR =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\u30fc\uff01-\uff60]/u;
/** Punctuation that closes a clause: a run is cut after it (fixtures/README.md, "Words"). */
const CLAUSE_END = /[、。，！？；：]$/u;

/** Whether a text holds a CJK character. */
export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/**
 * Gaps up to this many text heights are inside a run: between CJK
 * characters, and between a label and its mnemonic or ellipsis. A space
 * between a CJK run and a Latin word is wider.
 */
export const RUN_GAP = 0.3;

/**
 * Cuts each CJK word's box where the next word begins (tesseract gives the
 * first word of a line the line's width) and to the line's rows (`lineH`,
 * words relative to the line box). Words come back left to right.
 */
export function fitCjkBoxes(words: OcrWord[], lineH: number): OcrWord[] {
  const sorted = [...words].sort((a, b) => a.x - b.x);
  return sorted.map((w, i) => {
    if (!hasCjk(w.text)) return w;
    const next = sorted[i + 1];
    let { x, y, w: width, h } = w;
    if (next && next.x < x + width && next.x > x) width = next.x - x;
    const top = Math.max(0, y), bottom = Math.min(lineH, y + h);
    if (bottom - top >= lineH * 0.5) [y, h] = [top, bottom - top];
    return { ...w, x, y, w: width, h };
  });
}

/** Ink may stick out of a word's box by this many text heights and still be the word's. */
const INK_REACH = 0.6;

/**
 * Fits each CJK word's columns to the ink it stands on (`line`'s blobs,
 * words relative to it): tesseract places a CJK word after a Latin run a
 * few pixels off ("帐户。" starting inside "帐" after "root"), and a
 * character scored, clicked or grouped by its share of the box then lands
 * beside its ink. A blob mostly outside the word, or whose middle lies in
 * another word, is a neighbour's; when one mostly inside sticks out more
 * than `INK_REACH` text heights (characters chained into one component
 * with a neighbour's, a highlight), the ink does not tell the word's edges
 * and the box stays as read.
 */
export function fitCjkToInk(words: OcrWord[], line: TextLine, textHeight: number): OcrWord[] {
  const owner = (cx: number) => words.findIndex((w) => cx >= w.x && cx <= w.x + w.w);
  const reach = textHeight * INK_REACH;
  return words.map((w, i) => {
    if (!hasCjk(w.text)) return w;
    const x1 = w.x + w.w;
    const ink = line.blobs.map((b) => ({ x0: b.x - line.x, x1: b.x - line.x + b.w }))
      .filter((b) => 2 * (Math.min(b.x1, x1) - Math.max(b.x0, w.x)) > b.x1 - b.x0)
      .filter((b) => [i, -1].includes(owner((b.x0 + b.x1) / 2)));
    if (!ink.length || ink.some((b) => b.x0 < w.x - reach || b.x1 > x1 + reach)) return w;
    const from = Math.min(...ink.map((b) => b.x0)), to = Math.max(...ink.map((b) => b.x1));
    return { ...w, x: from, w: to - from };
  });
}

/** A Latin run of its own inside CJK text: two letters or digits at least (`root`, `Ctrl+N`, `.txt`). */
export function isLatinRun(text: string): boolean {
  return !hasCjk(text) && (text.match(/[A-Za-z0-9]/g) ?? []).length >= 2;
}

/**
 * Two neighbours are one run: no clause end between them, no space in the
 * ink, and either both CJK or a CJK label followed by its mnemonic or
 * ellipsis ("保存(S)", "开(O)...", "另存为...(A)"). A Latin word stays a
 * word of its own ("root", "Mousepad"), as it is written between spaces.
 */
function sameRun(left: OcrWord, right: OcrWord, textHeight: number): boolean {
  if (CLAUSE_END.test(left.text) || isLatinRun(left.text) || isLatinRun(right.text)) return false;
  const gap = right.x - (left.x + left.w);
  if (gap > textHeight * RUN_GAP) return false;
  const l = [...left.text], r = [...right.text];
  if (CJK_CHAR.test(l[l.length - 1]) && CJK_CHAR.test(r[0])) return true;
  return hasCjk(left.text) && /^[(（.…]/u.test(right.text);
}

/** How wide a character is drawn, in text heights: CJK ones are square, others about half as wide. */
function charWidth(c: string): number {
  return CJK_CHAR.test(c) ? 1 : 0.55;
}

/**
 * Splits the Latin runs out of a word that holds CJK text as well
 * ("您正在使用root帐户。"), each part given its share of the box by the
 * width its characters are drawn at: a Latin run is a word of its own, read
 * again in English (latin_runs.ts).
 */
export function splitScripts(words: OcrWord[]): OcrWord[] {
  return words.flatMap((w) => {
    if (!hasCjk(w.text)) return [w];
    const parts = w.text.match(/[\x21-\x7e]+|[^\x21-\x7e]+/g) ?? [w.text];
    if (parts.length < 2 || !parts.some(isLatinRun)) return [w];
    // Punctuation and mnemonics stay with the CJK text around them; only Latin runs come apart.
    const merged: string[] = [];
    for (const p of parts) {
      if (merged.length && !isLatinRun(p) && !isLatinRun(merged[merged.length - 1])) {
        merged[merged.length - 1] += p;
      } else merged.push(p);
    }
    const widths = merged.map((p) => [...p].reduce((s, c) => s + charWidth(c), 0));
    const total = widths.reduce((a, b) => a + b, 0);
    let x = w.x;
    return merged.map((text, i) => {
      const width = Math.round((w.w * widths[i]) / total);
      const part = { ...w, text, x, w: Math.max(1, width) };
      x += width;
      return part;
    });
  });
}

/** Joins neighbouring words of one line (relative to it) into runs where the ink shows no space. */
export function joinCjkRuns(words: OcrWord[], textHeight: number): OcrWord[] {
  const out: OcrWord[] = [];
  for (const w of [...words].sort((a, b) => a.x - b.x)) {
    const last = out[out.length - 1];
    if (last && sameRun(last, w, textHeight)) {
      const x0 = Math.min(last.x, w.x), y0 = Math.min(last.y, w.y);
      const x1 = Math.max(last.x + last.w, w.x + w.w), y1 = Math.max(last.y + last.h, w.y + w.h);
      out[out.length - 1] = {
        text: last.text + w.text,
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
        conf: Math.min(last.conf, w.conf),
      };
    } else out.push({ ...w });
  }
  return out;
}

/** Digits a mnemonic letter is read as in CJK menus, and the letter meant. */
const MNEMONIC_DIGITS: Record<string, string> = {
  "0": "O",
  "1": "I",
  "2": "Z",
  "3": "S",
  "5": "S",
  "6": "G",
  "8": "B",
};

/**
 * Spells a CJK label's mnemonic as the letter it is: "保存(5)" → "保存(S)",
 * "(LU" or "(L" at the end → "(L)". Menus underline letters only, and a count
 * ("受信 (3)") stands apart behind a space, so it is never joined to a label.
 */
export function fixMnemonic(text: string): string {
  if (!hasCjk(text)) return text;
  return text
    .replace(
      /([^\s(（])[(（]([a-z])[)）]/u,
      (_, before: string, l: string) => `${before}(${l.toUpperCase()})`,
    )
    .replace(
      /([^\s(（])[(（]([0-9])[)）]/u,
      (m, before: string, d: string) => MNEMONIC_DIGITS[d] ? `${before}(${MNEMONIC_DIGITS[d]})` : m,
    )
    .replace(/([^\s(（])[(（]([A-Z])[A-Z|]?$/u, "$1($2)");
}

/**
 * A CJK label's trailing ellipsis as the menus write it, three dots: the
 * recogniser reads the dots as `....` or `…`, or one of them as `.`
 * after a `…`.
 */
export function fixEllipsis(text: string): string {
  return hasCjk(text) ? text.replace(/([)）])[.…·]*…[.…·]*$|([)）])[.·]{2,}$/u, "$1$2...") : text;
}

/** A closing quote cannot open a label: tesseract reads one into the margin before a menu title. */
export function dropStrayQuote(text: string): string {
  return hasCjk(text) ? text.replace(/^[”’」』]+(?=.)/u, "") : text;
}

/** One line's words (relative to it, boxes fitted) as labels: runs joined, mnemonics and stray quotes fixed. */
export function cjkLabels(words: OcrWord[], textHeight: number): OcrWord[] {
  if (!words.some((w) => hasCjk(w.text))) return words;
  return joinCjkRuns(words, textHeight).map((w) => ({
    ...w,
    text: fixEllipsis(fixMnemonic(dropStrayQuote(w.text))),
  }));
}

/** Words' texts as one element's: a space between two words, none between two CJK characters. */
export function joinTexts(texts: readonly string[]): string {
  let out = "";
  for (const t of texts) {
    if (!out) out = t;
    else out += CJK_CHAR.test([...out].pop()!) && CJK_CHAR.test([...t][0]) ? t : ` ${t}`;
  }
  return out;
}
