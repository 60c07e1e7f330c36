/**
 * Word pieces less the character a view's edge cuts in half.
 *
 * A line of fixed-pitch text that runs into a view's edge (an editor with
 * wrapping off) ends in a partial glyph (lines/cut_sides.ts). Its cell is
 * never seen whole, so no earlier reading spells it, and reading it costs
 * the recogniser a word of its own that comes back as another letter, or
 * empty, and is listed unsure anyway. The piece at that end is cut before its
 * last (or first) cell: the cells left are spelled from what the screen's
 * other lines teach, or read without the half glyph, and the word that ends
 * there is listed unsure as any cut word is.
 *
 * @module
 */

import type { Piece } from "./word_cache.ts";
import { cellSpan } from "./cell_parts.ts";
import type { Box } from "../../common/rect.ts";
import type { OcrWord } from "../types.ts";

/** A piece's ink reaches the line's end within this many pixels. */
const END_SLACK = 1;

/**
 * `pieces` (of `line`, left to right) with the cell at each cut side left
 * out of the piece that ends there (`pieces` itself when none is). A piece
 * of that one cell, all that shows of a word, is kept and read as it is:
 * left out, the whole word before it would end the line and be listed as
 * cut. A piece without cells is kept too: it has no cell to leave out.
 */
export function withoutCutCells(pieces: Piece[], line: Box, sides: CutSides): Piece[] {
  if (!pieces.length || !(sides.left || sides.right)) return pieces;
  const last = pieces.length - 1;
  const kept = pieces.flatMap((p, i) => {
    const cells = p.cells;
    if (!cells || cells.keys.length < 2) return [p];
    // The cut is inside the cell at the line's end: a sliver of ink too faint to count as a cell's lies
    // past the cells, and the last cell is then a whole character.
    const cutStart = sides.left && i === 0 && p.x <= line.x + END_SLACK && cells.x <= line.x;
    const cutEnd = sides.right && i === last && p.x + p.w >= line.x + line.w - END_SLACK &&
      cells.x + cells.keys.length * cells.pitch >= line.x + line.w;
    const from = cutStart ? 1 : 0;
    const to = cells.keys.length - (cutEnd ? 1 : 0);
    if (from === 0 && to === cells.keys.length) return [p];
    return [cellSpan(p, from, to - 1)];
  });
  return kept.length === pieces.length && kept.every((p, i) => p === pieces[i]) ? pieces : kept;
}

/** Sides of a line cut by a view's edge (lines/cut_sides.ts). */
export type CutSides = { left: boolean; right: boolean };

/**
 * A line to read (`pieces` of `read.line`) less its cut cells: the same
 * object when `sides` cut none, else a copy whose `pieces` lack them and
 * whose `drawn` holds the pieces as drawn.
 */
export function leftOfCut<M extends { pieces: Piece[]; read: { line: Box }; drawn?: Piece[] }>(
  m: M,
  sides: CutSides,
): M {
  const pieces = withoutCutCells(m.pieces, m.read.line, sides);
  return pieces === m.pieces ? m : { ...m, pieces, drawn: m.pieces };
}

/**
 * The words of a line read whole (relative to `line`) less the characters
 * of the cells `kept` leaves out of `drawn` (its pieces, as drawn and less
 * the cut cells): a word read in such a piece with one character per cell
 * loses the cut cell's character, and its box that cell. A word read
 * otherwise (characters run together or split) is kept as read: it is
 * listed unsure, as any word at a cut side is.
 */
export function withoutCutChars(words: OcrWord[], line: Box, drawn: Piece[], kept: Piece[]): OcrWord[] {
  return words.map((w) => {
    const x0 = w.x + line.x, x1 = x0 + w.w;
    // A word box may overhang its ink by a pixel or two.
    const p = drawn.find((p) => x0 >= p.x - 2 && x1 <= p.x + p.w + 2);
    if (!p || kept.includes(p)) return w;
    const left = kept.find((k) => k.key.startsWith(`${p.key}@`));
    if (!left) return w;
    const from = p.cells!, to = left.cells!;
    const chars = [...w.text];
    if (chars.length !== from.keys.length) return w;
    const skip = Math.round((to.x - from.x) / from.pitch);
    const text = chars.slice(skip, skip + to.keys.length).join("");
    return { ...w, text, x: left.x - line.x, w: left.w };
  });
}
