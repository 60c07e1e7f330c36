/**
 * Runs of one letter in a saved document: how the tests where several
 * clients type at once tell whole runs from interleaved keys.
 *
 * @module
 */

/** Runs of one letter, in order: "aabbb" is [["a", 2], ["b", 3]]. */
export function runsOf(text: string): Array<[string, number]> {
  const runs: Array<[string, number]> = [];
  for (const ch of text) {
    const last = runs.at(-1);
    if (last && last[0] === ch) last[1]++;
    else runs.push([ch, 1]);
  }
  return runs;
}
