/**
 * Post-recognition fixes for confusions the recogniser makes on UI text,
 * where the words are few and predictable. Each rule is kept only if it
 * raised recall on the fixtures (see bench/ocr_bench.ts).
 *
 * @module
 */

/** Modifier-key misreads: `Ctri`/`Ctr1`/`Cirl` are always `Ctrl` on a screen. */
const MODIFIER_FIXES: Array<[RegExp, string]> = [
  [/\b[Cc][tfi][rt][il1I|]\b/g, "Ctrl"],
  [/\bShif[lt1]\b/g, "Shift"],
  // A shortcut letter O read as zero: after a modifier on a menu, `O` is far likelier.
  [/\b(Ctrl|Shift|Alt)\+0\b/g, "$1+O"],
];

/** Applies the UI lexicon to one recognised word. */
export function fixUiWord(text: string): string {
  let out = text;
  for (const [pattern, replacement] of MODIFIER_FIXES) out = out.replace(pattern, replacement);
  return out;
}
