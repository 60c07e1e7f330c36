/**
 * Destructive intent in a label: a destructive word or phrase found in it as
 * whole words, wherever it stands and whatever punctuation surrounds it, so
 * "Delete?", "Yes, delete", "Permanently delete" and "Dont Save" all count,
 * while "Deleted items" (a folder's name: another word) does not. The word
 * lists live in destructive_words.ts, one per language.
 *
 * @module
 */

/** Letters of other scripts drawn like Latin ones, folded on both sides so a lookalike cannot hide a word. */
const LOOKALIKES: Record<string, string> = {
  "а": "a",
  "е": "e",
  "о": "o",
  "р": "p",
  "с": "c",
  "х": "x",
  "у": "y",
  "і": "i",
  "ѕ": "s",
  "ј": "j",
  "ԁ": "d",
  "ӏ": "l",
  "ο": "o",
  "ε": "e",
  "α": "a",
  "ı": "i",
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join("")}]`, "g");

/**
 * The words of a text as the matcher compares them: NFKC, lower case,
 * invisible format characters (soft hyphens, bidi controls, zero-width
 * joiners) dropped, lookalike letters folded, apostrophes removed inside
 * words ("don't" is "dont"), everything else a separator.
 */
export function labelWords(text: string): string[] {
  const t = text.normalize("NFKC").replace(/\p{Cf}/gu, "").toLowerCase()
    .replace(/[’‘`´ʼ]/g, "'").replace(LOOKALIKE, (c) => LOOKALIKES[c]);
  return (t.match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/'/g, ""));
}

/** Every index at which `needle` runs in `words`. */
function runsOf(words: readonly string[], needle: readonly string[]): number[] {
  const out: number[] = [];
  if (!needle.length) return out;
  for (let i = 0; i + needle.length <= words.length; i++) {
    if (needle.every((w, j) => words[i + j] === w)) out.push(i);
  }
  return out;
}

/** A character of a script written without spaces (Han, kana): such a phrase is found anywhere in a label. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** A text as one string of its words' characters, for phrases of scripts without spaces. */
function unspaced(text: string): string {
  return labelWords(text).join("");
}

/**
 * The destructive phrase `label` holds as whole words, or null; a phrase in
 * a script without spaces (削除, 删除) counts wherever it stands. A word
 * inside one of the `harmless` phrases ("Reset zoom") does not count there.
 */
export function destructivePhrase(
  label: string,
  phrases: readonly string[],
  harmless: readonly string[] = [],
): string | null {
  const words = labelWords(label);
  if (!words.length) return null;
  const covered = new Set<number>();
  for (const h of harmless) {
    const hw = labelWords(h);
    for (const at of runsOf(words, hw)) hw.forEach((_, j) => covered.add(at + j));
  }
  let joined: string | null = null;
  for (const phrase of phrases) {
    if (UNSPACED.test(phrase)) {
      joined ??= unspaced(label);
      const needle = unspaced(phrase);
      if (needle && joined.includes(needle)) return phrase;
      continue;
    }
    const pw = labelWords(phrase);
    for (const at of runsOf(words, pw)) {
      if (pw.some((_, j) => !covered.has(at + j))) return phrase;
    }
  }
  return null;
}
