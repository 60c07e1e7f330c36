/**
 * Names that look like another name: a deny-list entry must still match an
 * app whose name hides an invisible character ("keepass\u200bxc") or
 * borrows look-alike letters from another script (a Cyrillic "а" in
 * "1Pаssword", fullwidth "ＫｅｅＰａｓｓ"). Folding removes what cannot be seen
 * and writes each look-alike as the Latin letter it imitates, so the
 * comparison is made on what a person reads.
 *
 * @module
 */

/**
 * Characters that draw nothing: zero-width space, joiners and marks, the
 * soft hyphen, word joiner and invisible operators, the combining grapheme
 * joiner, the Mongolian vowel separator, bidirectional controls, the BOM,
 * variation selectors and tag characters.
 */
const INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]|[\u{e0000}-\u{e0fff}]/gu;

/** Cyrillic and Greek letters drawn like Latin ones (lower case: names are compared folded). */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  "а": "a",
  "в": "b",
  "с": "c",
  "ԁ": "d",
  "е": "e",
  "ё": "e",
  "һ": "h",
  "і": "i",
  "ї": "i",
  "ј": "j",
  "к": "k",
  "ӏ": "l",
  "м": "m",
  "н": "h",
  "о": "o",
  "р": "p",
  "ԛ": "q",
  "г": "r",
  "ѕ": "s",
  "т": "t",
  "ц": "u",
  "ѵ": "v",
  "ԝ": "w",
  "х": "x",
  "у": "y",
  "з": "3",
  // Greek
  "α": "a",
  "β": "b",
  "ϲ": "c",
  "ε": "e",
  "η": "n",
  "ι": "i",
  "κ": "k",
  "ν": "v",
  "ο": "o",
  "ρ": "p",
  "τ": "t",
  "υ": "u",
  "χ": "x",
  "γ": "y",
  "ζ": "z",
  "ω": "w",
};

const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

/**
 * The name as a person reads it: compatibility forms (fullwidth letters)
 * made plain, invisible characters removed, lower case, and Cyrillic and
 * Greek look-alikes written as the Latin letters they imitate.
 */
export function foldConfusables(name: string): string {
  return name.normalize("NFKC").replace(INVISIBLE, "").toLowerCase().replace(
    LOOK_ALIKE,
    (c) => LOOK_ALIKES[c],
  );
}
