/**
 * The spellings of arithmetic and UI symbols: what a model types for a key
 * (`*`, `/`, `-`, `x`) and what a screen draws or a reader reads for it (`×`,
 * `÷`, `−`). A target made of one spelling finds an element made of another
 * of the same symbol, so `click "*"` and `click "×"` both press the multiply
 * key however its label was read. An exponent is spelled raised or with a
 * caret (`x²`, `x^2`; `eˣ`, `e^x`), and either finds the other.
 *
 * @module
 */

/** Groups of spellings of one symbol; a spelling belongs to one group. */
const SPELLINGS: readonly (readonly string[])[] = [
  ["×", "*", "x", "✕", "✖", "⨯", "∗"],
  ["÷", "/", "∕", "⁄"],
  ["−", "-", "–", "—", "‐", "‒"],
  ["+", "＋"],
  ["=", "＝"],
  ["±", "+/-", "+-", "∓"],
  ["√", "sqrt", "√x"],
  ["%", "％"],
  ["←", "<-", "⟵", "⌫", "⌦", "backspace"],
  ["→", "->", "⟶"],
  ["↑"],
  ["↓"],
  ["˅", "⌄", "∨", "v"],
  ["˄", "⌃", "∧", "^"],
  ["‹", "<"],
  ["›", ">"],
  ["«", "<<"],
  ["»", ">>"],
  ["…", "...", "⋯"],
  ["π", "pi"],
];

/** Spelling (lower case) → its group's index. */
const GROUP_OF = new Map<string, number>();
SPELLINGS.forEach((group, i) => group.forEach((s) => GROUP_OF.set(s.toLowerCase(), i)));

/** The symbol a whole text spells (its group's first spelling), or null for any other text. */
export function symbolOf(text: string): string | null {
  const i = GROUP_OF.get(text.normalize("NFKC").replace(/\s+/g, "").toLowerCase()) ??
    GROUP_OF.get(text.replace(/\s+/g, "").toLowerCase());
  return i === undefined ? null : SPELLINGS[i][0];
}

/** Whether two texts are spellings of the same symbol. */
export function sameSymbol(a: string, b: string): boolean {
  const sa = symbolOf(a);
  return sa !== null && sa === symbolOf(b);
}

/** Characters drawn raised (superscripts, modifier letters), whose NFKC form is the plain character. */
const RAISED = /[\u00B2\u00B3\u00B9\u2070-\u207F\u02B0-\u02B8\u02E0-\u02E4\u1D2C-\u1D6A]/u;

/**
 * The plain spelling of a text with an exponent in it (`x²`, `x^2` and
 * `x^(2)` all `x2`), or null for a text with none.
 */
export function exponentSpelling(text: string): string | null {
  if (!text.includes("^") && !RAISED.test(text)) return null;
  const plain = text.normalize("NFKC").replace(/[\s^()]/g, "").toLowerCase();
  return [...plain].length >= 2 ? plain : null;
}
