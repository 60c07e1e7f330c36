/**
 * The benchmarks' 40-line file: sentence-like lines of varied length made of
 * a few repeated words, deterministic per variant. A module of its own, so a
 * benchmark that measures memory does not load the MCP client with it.
 *
 * @module
 */

const WORDS = ("the quick brown fox jumps over a lazy dog while seven wizards quietly judge " +
  "boxing matches and pack my box with five dozen liquor jugs").split(" ");

/**
 * Other words of the same kind, none of them in `WORDS`: a screen of these is
 * new to a reader that has seen only the first file's words.
 */
export const OTHER_WORDS = ("sphinx of black quartz hear our vow how vexingly daft zebras bound " +
  "bright vixens leap dozy fowl squeak crazy frederick bought many jewels").split(" ");

/** A 40-line file of sentence-like lines of varied length (deterministic), of `vocabulary`. */
export function fortyLines(variant = 0, vocabulary: readonly string[] = WORDS): string {
  const lines: string[] = [];
  for (let i = 0; i < 40; i++) {
    const n = 3 + ((i * 7 + variant) % 9);
    const words = Array.from(
      { length: n },
      (_, j) => vocabulary[(i * 5 + j * 3 + variant) % vocabulary.length],
    );
    lines.push(`${String(i + 1).padStart(2, "0")} ${words.join(" ")}`);
  }
  return lines.join("\n") + "\n";
}
