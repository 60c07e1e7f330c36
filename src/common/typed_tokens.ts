/**
 * The pieces of a text that identify what was typed: its words of three
 * characters or more and its runs of digits, folded as OCR reads them back
 * (case, width forms and accents aside). Both the typing side (what to
 * remember) and the reading side (what to leave out of the graph) cut text
 * here, so a word typed and the same word read are the same piece.
 *
 * @module
 */

/** Shorter words are everywhere ("is", "my", "OK"): holding them would blank the window's own words. */
export const MIN_TYPED_WORD = 3;

/** Shorter digit runs are everywhere too (a day, a page, a font size). */
export const MIN_TYPED_DIGITS = 3;

/** One word of a text: where it is in the text and the pieces it is known by. */
export interface TextWord {
  /** Offsets of the word in the text it was cut from. */
  start: number;
  end: number;
  /** The folded word and its digit runs, each long enough to count; empty for a word too short. */
  pieces: string[];
}

const WORD = /[\p{L}\p{N}]+/gu;
const DIGITS = /\p{Nd}+/gu;

/** A word as it is compared: NFKC, lower case, accents dropped. */
export function foldWord(word: string): string {
  return word.normalize("NFKC").toLowerCase().normalize("NFD").replace(/\p{M}+/gu, "");
}

/** The words of `text` with their pieces, in order. */
export function textWords(text: string): TextWord[] {
  const out: TextWord[] = [];
  for (const m of text.matchAll(WORD)) {
    const folded = foldWord(m[0]);
    const pieces = new Set<string>();
    if ([...folded].length >= MIN_TYPED_WORD) pieces.add(folded);
    for (const d of folded.matchAll(DIGITS)) if (d[0].length >= MIN_TYPED_DIGITS) pieces.add(d[0]);
    out.push({ start: m.index, end: m.index + m[0].length, pieces: [...pieces] });
  }
  return out;
}

/**
 * Every piece of a typed text: its words' pieces, and each stretch of
 * neighbouring digit groups joined (a card number typed "4929 1234 5678
 * 9012" is also known as "49291234", "4929123456789012"…, so a read that
 * loses a space still matches).
 */
export function typedPieces(text: string): string[] {
  const pieces = new Set(textWords(text).flatMap((w) => w.pieces));
  for (const m of text.matchAll(/\p{Nd}+(?:[ \u00a0./-]\p{Nd}+)+/gu)) {
    const groups = foldWord(m[0]).split(/[^\p{Nd}]/u);
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 2; j <= groups.length; j++) pieces.add(groups.slice(i, j).join(""));
    }
  }
  return [...pieces];
}

/** What stands in a stored text for a word that was typed. */
export const TYPED_MARK = "[typed]";

/** A text with its typed words taken out, or null when nothing of its own is left. */
export interface Redacted {
  /** The text with each typed word replaced by {@link TYPED_MARK}; null when every word that counts was typed. */
  text: string | null;
  /** The pieces that matched, for the caller to note as still in use. */
  matched: string[];
}

/**
 * Takes typed words out of `text`: a word any of whose pieces `isTyped`
 * knows is replaced; a text whose every word long enough to count was typed
 * is dropped whole (what is left, "my", "is", says nothing of its own).
 */
export function redactTyped(text: string, isTyped: (piece: string) => boolean): Redacted {
  const words = textWords(text);
  const matched: string[] = [];
  const typed = words.map((w) => {
    const hit = w.pieces.filter(isTyped);
    matched.push(...hit);
    return hit.length > 0;
  });
  // Digit groups a card number was typed in, read back as one word: each group is a piece of the whole.
  const joined = joinedDigitRuns(text, words);
  for (const run of joined) {
    if (!isTyped(run.digits)) continue;
    matched.push(run.digits);
    for (let i = run.from; i < run.to; i++) typed[i] = true;
  }
  if (!matched.length) return { text, matched };
  const counting = words.map((_, i) => i).filter((i) => words[i].pieces.length > 0);
  if (counting.every((i) => typed[i])) return { text: null, matched };
  let out = "";
  let at = 0;
  words.forEach((w, i) => {
    if (!typed[i]) return;
    out += text.slice(at, w.start) + TYPED_MARK;
    at = w.end;
  });
  return {
    text: (out + text.slice(at)).replace(/\[typed\](?:[^\p{L}\p{N}[\]]*\[typed\])+/gu, TYPED_MARK),
    matched,
  };
}

/** Runs of words that are digits alone, separated by one space, dot, slash or dash: indexes and digits joined. */
function joinedDigitRuns(
  text: string,
  words: TextWord[],
): Array<{ from: number; to: number; digits: string }> {
  const out: Array<{ from: number; to: number; digits: string }> = [];
  let i = 0;
  while (i < words.length) {
    const digitsOnly = (k: number) => /^\p{Nd}+$/u.test(text.slice(words[k].start, words[k].end));
    if (!digitsOnly(i)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (
      j < words.length && digitsOnly(j) &&
      /^[ \u00a0./-]$/u.test(text.slice(words[j - 1].end, words[j].start))
    ) j++;
    if (j - i >= 2) {
      out.push({
        from: i,
        to: j,
        digits: foldWord(words.slice(i, j).map((w) => text.slice(w.start, w.end)).join("")),
      });
    }
    i = j;
  }
  return out;
}
