/**
 * Post-recognition fixes for confusions the recogniser makes on UI text,
 * where the words are few and predictable. Each rule is kept only if it
 * raised recall on the fixtures (see bench/ocr_bench.ts).
 *
 * @module
 */

/** Modifier-key misreads: `Ctri`/`Ctr1`/`Cirl` are always `Ctrl` on a screen. */
const MODIFIER_FIXES: Array<[RegExp, string]> = [
  [/\bC[tfi][rt][il1I|]\b/g, "Ctrl"],
  [/\bShif[lt1]\b/g, "Shift"],
];

/** Applies the UI lexicon to one recognised word. */
export function fixUiWord(text: string): string {
  let out = text;
  for (const [pattern, replacement] of MODIFIER_FIXES) out = out.replace(pattern, replacement);
  return out;
}
