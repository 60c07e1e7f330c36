/**
 * The words and phrases that make a button or menu item destructive, one
 * list per language. A language plugs in by adding its list here under its
 * ISO 639 code; `destructiveWords` joins the lists of the languages in use.
 * Entries are written as a person reads them; the matcher (destructive.ts)
 * folds case, apostrophes and punctuation, and finds them as whole words
 * anywhere in a label.
 *
 * @module
 */

/** One language's destructive vocabulary. */
export interface DestructiveVocabulary {
  /** Words and phrases whose presence in a label makes it destructive. */
  readonly phrases: readonly string[];
  /**
   * Phrases that contain a destructive word but destroy nothing ("Reset
   * zoom"): a label holding one of these is not destructive for that word.
   */
  readonly harmless: readonly string[];
}

/** English: verbs that delete or lose data, and the phrases around saving. */
const ENGLISH: DestructiveVocabulary = {
  phrases: [
    "Delete",
    "Erase",
    "Remove",
    "Discard",
    "Destroy",
    "Wipe",
    "Shred",
    "Purge",
    "Overwrite",
    "Uninstall",
    "Reset",
    "Trash",
    "Empty Bin",
    "Move to Bin",
    "Empty Recycle Bin",
    "Don't Save",
    "Do Not Save",
    "Without Saving",
    "Clear All",
    "Clear Data",
    "Clear History",
    "Clear Everything",
    "Clear Browsing Data",
    "Format Disk",
    "Format Drive",
    "Format Volume",
    "Format Partition",
    "Format Device",
    "Revert to Saved",
  ],
  harmless: ["Reset Zoom", "Zoom Reset", "Reset View"],
};

/** Every language's list, by ISO 639-1 code. */
export const DESTRUCTIVE_VOCABULARIES: Readonly<Record<string, DestructiveVocabulary>> = {
  en: ENGLISH,
};

/** The phrases of the given languages (English when none is known), without repeats. */
export function destructiveWords(languages: readonly string[] = ["en"]): string[] {
  const lists = languages.map((l) => DESTRUCTIVE_VOCABULARIES[l]).filter(Boolean);
  return [...new Set((lists.length ? lists : [ENGLISH]).flatMap((v) => v.phrases))];
}

/** The harmless phrases of the given languages. */
export function harmlessPhrases(languages: readonly string[] = ["en"]): string[] {
  const lists = languages.map((l) => DESTRUCTIVE_VOCABULARIES[l]).filter(Boolean);
  return [...new Set((lists.length ? lists : [ENGLISH]).flatMap((v) => v.harmless))];
}
