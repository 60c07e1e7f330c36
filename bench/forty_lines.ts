/**
 * The benchmarks' 40-line file: sentence-like lines of varied length made of
 * a few repeated words, deterministic per variant. A module of its own, so a
 * benchmark that measures memory does not load the MCP client with it.
 *
 * @module
 */

const WORDS = ("the quick brown fox jumps over a lazy dog while seven wizards quietly judge " +
  "boxing matches and pack my box with five dozen liquor jugs").split(" ");

/** A 40-line file of sentence-like lines of varied length (deterministic). */
export function fortyLines(variant = 0): string {
  const lines: string[] = [];
  for (let i = 0; i < 40; i++) {
    const n = 3 + ((i * 7 + variant) % 9);
    const words = Array.from({ length: n }, (_, j) => WORDS[(i * 5 + j * 3 + variant) % WORDS.length]);
    lines.push(`${String(i + 1).padStart(2, "0")} ${words.join(" ")}`);
  }
  return lines.join("\n") + "\n";
}
