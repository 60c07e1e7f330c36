/**
 * The PP-OCR recogniser's output turned into characters: the class table
 * built from its dictionary, and greedy CTC decoding that keeps where each
 * character fired.
 *
 * The model scores every time step over blank (class 0), the dictionary's
 * characters in file order, then a space (the last class).
 *
 * @module
 */

/** One decoded character: the time steps it spans (first and last) and its best probability. */
export interface CharHit {
  char: string;
  t0: number;
  t1: number;
  prob: number;
}

/**
 * The class table of a PaddleOCR dictionary file (one character a line):
 * index 0 is the blank (""), then the dictionary, then the space.
 */
export function classTable(dictionary: string): string[] {
  const chars = dictionary.replaceAll("\r", "").split("\n");
  if (chars.at(-1) === "") chars.pop();
  const empty = chars.findIndex((c) => [...c].length !== 1);
  if (empty >= 0) throw new Error(`dictionary line ${empty + 1} holds "${chars[empty]}", not one character`);
  return ["", ...chars, " "];
}

/**
 * Greedy CTC decoding of `steps` time steps of `probs`, a row of
 * `classes.length` scores per step starting at `offset`: the best class per
 * step, runs of the same class merged, blanks dropped. A blank between two
 * equal classes keeps both ("ll").
 */
export function ctcDecode(probs: Float32Array, offset: number, steps: number, classes: string[]): CharHit[] {
  const width = classes.length;
  if (offset + steps * width > probs.length) {
    throw new Error(`${steps} steps of ${width} classes from ${offset} overrun ${probs.length} scores`);
  }
  const hits: CharHit[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    const row = offset + t * width;
    let best = 0;
    for (let c = 1; c < width; c++) if (probs[row + c] > probs[row + best]) best = c;
    const p = probs[row + best];
    if (best !== 0 && best === previous) {
      const last = hits[hits.length - 1];
      last.t1 = t;
      last.prob = Math.max(last.prob, p);
    } else if (best !== 0) {
      hits.push({ char: classes[best], t0: t, t1: t, prob: p });
    }
    previous = best;
  }
  return hits;
}
