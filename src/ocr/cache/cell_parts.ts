/**
 * The part of a fixed-pitch word piece worth reading when most of its
 * characters are known.
 *
 * A word read ahead for the lines put off (deferral.ts) is often known but
 * for a character or two: a capital, a digit, a comma after it. Its other
 * cells will be spelled from what the first lines teach, so the recogniser
 * needs only the new cells, with known ones beside them: those give the
 * recogniser some of the word to read the new characters in, and let the
 * reading be checked against what is known before it teaches anything
 * (`WordCache.learnPart`). The piece's line is then spelled from its cells.
 *
 * @module
 */

import type { Piece } from "./word_cache.ts";

/**
 * A part is at least this many cells (its piece's own count when it has
 * fewer). Two-cell parts read less surely: on the editor capture in
 * `fixtures/screens` a part read as "fi" at 0.81 taught nothing, and the ten
 * lines waiting for its new cell were read in a second round.
 */
export const MIN_PART_CELLS = 3;
/** A part is read instead of its piece only when it leaves out at least this many cells. */
export const MIN_CELLS_SAVED = 2;

/**
 * The run of `piece`'s cells to read instead of the whole piece: every cell
 * `isNew` says is new, a known cell on each side of them, and known cells
 * added on the right, then the left, up to {@link MIN_PART_CELLS}. Null when
 * the piece has no cells, no new cell, or the part would save fewer than
 * {@link MIN_CELLS_SAVED} cells.
 */
export function newCellsPart(piece: Piece, isNew: (cell: string) => boolean): Piece | null {
  const cells = piece.cells;
  if (!cells) return null;
  const n = cells.keys.length;
  const fresh = cells.keys.flatMap((k, i) => (isNew(k) ? [i] : []));
  if (!fresh.length) return null;
  let a = Math.max(0, fresh[0] - 1), b = Math.min(n - 1, fresh[fresh.length - 1] + 1);
  while (b - a + 1 < Math.min(MIN_PART_CELLS, n)) {
    if (b < n - 1) b++;
    else a--;
  }
  if (n - (b - a + 1) < MIN_CELLS_SAVED) return null;
  return cellSpan(piece, a, b);
}

/**
 * The part of `piece` (one with cells) from its cell `a` to its cell `b`,
 * built as every piece is (word_cache.ts): a part of another shape, met
 * first in a look, made V8 re-lay out the objects sharing its first fields
 * and discard the code compiled for them (docs/benchmarks.md).
 */
export function cellSpan(piece: Piece, a: number, b: number): Piece {
  const cells = piece.cells!;
  const x = cells.x + a * cells.pitch;
  const box = { x, y: piece.y, w: (b - a + 1) * cells.pitch, h: piece.h };
  const part: Piece = { ...box, key: `${piece.key}@${a}-${b}` };
  part.cells = { keys: cells.keys.slice(a, b + 1), grid: cells.grid, x, pitch: cells.pitch };
  return part;
}
