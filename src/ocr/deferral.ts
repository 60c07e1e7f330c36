/**
 * Which lines of a look wait for others: lines whose word pieces repeat on
 * the screen are read after the lines that show those pieces first, and are
 * then put together from them, or read only in part (the pipeline's rule in
 * `ScreenPipeline`'s `#readMisses`).
 *
 * @module
 */

import type { Piece, WordCache } from "./cache/word_cache.ts";
import { newCellsPart } from "./cache/cell_parts.ts";

/** Fewer lines to read than this are all read at once: putting some off would only add a wait. */
export const MIN_DEFER_LINES = 4;

/** The lines read first, the lines put off, and the pieces of those read ahead (with the part to read, if any). */
export interface Deferred<M> {
  first: M[];
  later: M[];
  ahead: Array<{ owner: M; piece: Piece; part?: Piece }>;
}

/**
 * Splits the lines to read into those read first and those put off until
 * the first are read. Going down the screen, a line is put off when fewer
 * than half of its word pieces are new: known already, or shown with the
 * same pixels by a line ahead of it in the first group (in fixed-pitch
 * text, a piece whose every cell is known or shown counts as shown), and a
 * line of fixed-pitch text as soon as one of its pieces is (`putOff`). Once the first
 * group is read and its pieces learned, such a line is put together from
 * them, or only its new pieces are read (the rule in `#readMisses`).
 * Editors and lists repeat words, so the recogniser is sent a fraction of
 * the pixels for the same words; screens that repeat little read as before
 * (docs/benchmarks.md, "Words a screen repeats").
 *
 * `ahead` holds, once each, the pieces of the lines put off that are new
 * and no first line shows (an editor's line numbers, a word with a letter
 * the first lines lack): the first read reads them too, so the lines put
 * off are put together without a second round. A fixed-pitch piece with
 * only a character or two new carries the `part` of it to read instead
 * (cache/cell_parts.ts).
 */
export function deferRepeats<M extends { pieces: Piece[] }>(
  misses: M[],
  words: WordCache,
): Deferred<M> {
  if (misses.length < MIN_DEFER_LINES) return { first: misses, later: [], ahead: [] };
  const shown = new Set<string>();
  const first: M[] = [], later: M[] = [];
  for (const m of misses) {
    const cut = m.pieces;
    const fresh = cut.filter((p) => !words.covered(p, shown)).length;
    if (putOff(cut, fresh)) later.push(m);
    else {
      first.push(m);
      for (const p of cut) words.show(p, shown);
    }
  }
  const ahead: Deferred<M>["ahead"] = [];
  for (const m of later) {
    for (const piece of m.pieces) {
      if (words.covered(piece, shown)) continue;
      // A cell read two ways never spells: such a piece is read whole, to be learned as a piece.
      const spellable = !piece.cells?.keys.some((k) => words.chars.refused(k));
      const part = spellable ? newCellsPart(piece, (k) => !shown.has(k) && !words.chars.knows([k])) : null;
      words.show(piece, shown);
      ahead.push({ owner: m, piece, ...(part ? { part } : {}) });
    }
  }
  return { first, later, ahead };
}

/**
 * Whether a line cut into `pieces`, `fresh` of them neither known nor shown
 * by a line read first, waits for the first lines. A line of proportional
 * text waits when fewer than half of its pieces are new: its new pieces
 * would be read without the line around them. A line of fixed-pitch text
 * (every piece cut into character cells) waits when any piece is not new:
 * its new pieces are read ahead, each alone, which costs the recogniser the
 * columns of those pieces instead of the whole line's, and it is then spelled
 * from the cells they teach. A word in fixed-pitch text reads as well alone
 * as in its line, and the first look at a never-seen editor or page of prose
 * sends fewer columns for the same words (docs/benchmarks.md, "Words a
 * screen repeats").
 */
export function putOff(pieces: readonly Piece[], fresh: number): boolean {
  if (!pieces.length) return false;
  if (pieces.every((p) => p.cells)) return fresh < pieces.length;
  return fresh * 2 < pieces.length;
}
