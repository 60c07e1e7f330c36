/**
 * Reading a line from words seen before, without the recogniser.
 *
 * Screens repeat words far more than whole lines: a list scrolled by a
 * row, a document reopened at another place, a tab switched to, a dialog
 * with the labels of the last one. A line whose pixels are new is cut into
 * word pieces at the gaps between its characters, and when every piece has the
 * exact pixels of a piece read before, the line is put together from those
 * readings. When fewer than half of the pieces are unknown, only those go to
 * the recogniser, each as a line of its own (`pieceLine`: one edited word
 * costs one word's read); other lines go whole, and teach the cache their
 * pieces. (Read alone, the icons of a toolbar row whose other icons were
 * known came back as letters the whole row's read had dropped.)
 *
 * A piece is learned only when the recogniser's words fall cleanly inside
 * it (no word straddles two pieces), so a piece's text is always what the
 * recogniser read, in context, from exactly those pixels.
 *
 * In fixed-pitch text a piece also has character cells (cache/char_cells.ts):
 * a piece never read whose every cell was read before is spelled from them.
 *
 * @module
 */

import type { Grey } from "../../image/pixels.ts";
import { groupByGap, type TextLine } from "../lines/find.ts";
import type { OcrWord } from "../types.ts";
import { hashPixels, LineCache } from "./line_cache.ts";
import type { Box } from "../../common/rect.ts";
import { cellGrid, cellRun, CharCells } from "./char_cells.ts";

/**
 * A gap at least this many row heights wide separates two pieces. In
 * monospaced text (editors, terminals: the dense screens) a word space is a
 * whole cell, wider than this, and letter gaps are narrower. In small
 * proportional text the space is 1-2 px, as narrow as some letter gaps, so
 * such a line stays one piece and the cache acts as a line cache there.
 * (A smaller gap splits proportional lines at most spaces but cuts
 * monospaced words at their letter gaps, which teaches nothing.)
 */
export const PIECE_GAP = 0.3;
/** Never cut at a gap narrower than this many pixels, however small the text. */
export const MIN_PIECE_GAP = 3;
/** A piece with no word in it is remembered as empty only when this narrow (in row heights): a caret, a mark. */
export const EMPTY_PIECE_WIDTH = 0.5;

/** One word piece of a line: its ink box in the searched image and its pixel hash. */
export interface Piece extends Box {
  key: string;
  /**
   * In fixed-pitch text: its character cells' keys, the grid they were cut
   * on (pitch and phase), and the image column the first cell starts at.
   */
  cells?: { keys: string[]; grid: string; x: number; pitch: number };
}

/**
 * A line of fixed-pitch text teaches its cells only when at least this many
 * of its one-word pieces, and this share of them, have one character per
 * cell: the grid is then the font's, not a chance fit.
 */
export const GRID_PROOF = { pieces: 3, share: 0.8 } as const;

/**
 * Cuts `line` into pieces: its components, merged left to right while the
 * gap between them is under the word-space threshold for `textHeight`, with
 * their character cells when the line is fixed-pitch text and `cells` holds
 * (scripts whose characters take two cells go without).
 */
export function linePieces(grey: Grey, line: TextLine, textHeight: number, cells = true): Piece[] {
  const gap = Math.max(MIN_PIECE_GAP, Math.round(textHeight * PIECE_GAP));
  const grid = cells ? cellGrid(grey, line) : null;
  // A blob reaching into the next row (a descender touching a capital) or past a trimmed row's end is
  // clipped to the line: two lines sharing it would cut the same piece, and one reading would stand for both.
  return groupByGap(line.blobs, gap).map((b) => {
    const y = Math.max(b.y, line.y), x = Math.max(b.x, line.x);
    const box = {
      x,
      y,
      w: Math.max(1, Math.min(b.x + b.w, line.x + line.w) - x),
      h: Math.max(1, Math.min(b.y + b.h, line.y + line.h) - y),
    };
    const piece: Piece = { ...box, key: hashPixels(grey, box) };
    const run = grid && cellRun(grey, line, grid, box);
    if (run) {
      piece.cells = { keys: run.keys, grid: `${grid!.pitch}:${grid!.phase}`, x: run.x, pitch: grid!.pitch };
    }
    return piece;
  });
}

/** Word readings of pieces, keyed by the pieces' pixels. */
export class WordCache {
  readonly #cache: LineCache;
  /** Characters of fixed-pitch cells read before. */
  readonly chars = new CharCells();
  /** Grids (pitch and phase) a line read whole proved to be a font's. */
  readonly #grids = new Set<string>();

  constructor(capacity = 8000) {
    this.#cache = new LineCache(capacity);
  }

  /** Lines put together from known pieces since creation (counted by the pipeline). */
  assembled = 0;

  /** Each piece's words (relative to the piece), or null for a piece never read nor spelled from known cells. */
  lookup(pieces: Piece[]): Array<OcrWord[] | null> {
    return pieces.map((p) => {
      const words = this.#cache.get(p.key);
      if (words || !p.cells) return words ?? null;
      const word = this.chars.spell(p.cells.keys, p);
      return word ? [word] : null;
    });
  }

  /** The words of the piece with pixel key `key`, when it was read (not spelled from cells). */
  wordsOf(key: string): OcrWord[] | undefined {
    return this.#cache.has(key) ? this.#cache.get(key) : undefined;
  }

  /** Whether the piece with pixel key `key` was read, without counting a lookup. */
  holds(key: string): boolean {
    return this.#cache.has(key);
  }

  /**
   * Whether `piece` is known, or will be once what `shown` holds is read:
   * its own key, or (fixed-pitch) each of its cells, known or shown.
   */
  covered(piece: Piece, shown: ReadonlySet<string>): boolean {
    if (shown.has(piece.key) || this.#cache.has(piece.key)) return true;
    // A cell read two ways spells nothing, however often it is shown.
    return !!piece.cells?.keys.every((k) =>
      !this.chars.refused(k) && (shown.has(k) || this.chars.knows([k]))
    );
  }

  /** Adds to `shown` what reading `piece` shows: its key and its cells. */
  show(piece: Piece, shown: Set<string>): void {
    shown.add(piece.key);
    for (const k of piece.cells?.keys ?? []) shown.add(k);
  }

  /**
   * Learns each piece of a line the recogniser read as `words` (relative to
   * the line box) and returns what it learned. A line with a word that
   * straddles pieces, or that lies outside every piece, teaches nothing: its
   * cut does not match the reading.
   */
  learn(
    pieces: Piece[],
    line: Box,
    words: OcrWord[],
    textHeight: number,
  ): Array<{ key: string; words: OcrWord[] }> {
    const per: OcrWord[][] = pieces.map(() => []);
    let straddles = false;
    for (const w of words) {
      const x0 = w.x + line.x, x1 = x0 + w.w;
      // A word box may overhang its ink by a pixel or two.
      const i = pieces.findIndex((p) => x0 >= p.x - 2 && x1 <= p.x + p.w + 2);
      if (i < 0) {
        straddles = true;
        continue;
      }
      const p = pieces[i];
      per[i].push({ ...w, x: x0 - p.x, y: w.y + line.y - p.y });
    }
    this.#learnCells(pieces, per);
    if (straddles) return [];
    const learned: Array<{ key: string; words: OcrWord[] }> = [];
    pieces.forEach((p, i) => {
      if (!per[i].length && p.w > textHeight * EMPTY_PIECE_WIDTH) return;
      this.#cache.set(p.key, per[i]);
      learned.push({ key: p.key, words: per[i] });
    });
    return learned;
  }

  /**
   * Learns the cells of the fixed-pitch pieces read as one word each. A line
   * of several pieces proves its grid first (GRID_PROOF); a piece read alone
   * teaches only on a grid proved before.
   */
  #learnCells(pieces: Piece[], per: OcrWord[][]): void {
    const single = pieces.flatMap((p, i) => (p.cells && per[i].length === 1 ? [{ p, w: per[i][0] }] : []));
    if (!single.length) return;
    const fits = single.filter(({ p, w }) => [...w.text].length === p.cells!.keys.length);
    const grid = single[0].p.cells!.grid;
    const proved = fits.length >= GRID_PROOF.pieces && fits.length >= single.length * GRID_PROOF.share;
    if (proved) this.#grids.add(grid);
    else if (pieces.length > 1 || !this.#grids.has(grid)) return;
    for (const { p, w } of fits) this.chars.learn(p.cells!.keys, w);
  }

  /**
   * Learns the cells of `part`, a run of a word piece's cells read alone
   * (cache/cell_parts.ts) as `words`: only on a grid proved before, as one
   * sure word with one character per cell, and only when the part's known
   * cells (at least one) read as they are known. The piece itself is not
   * learned: it is spelled from its cells. Returns whether it taught.
   */
  learnPart(part: Piece, words: OcrWord[]): boolean {
    const cells = part.cells;
    if (!cells || words.length !== 1 || !this.#grids.has(cells.grid)) return false;
    const chars = [...words[0].text];
    if (chars.length !== cells.keys.length) return false;
    let checked = 0;
    for (const [i, k] of cells.keys.entries()) {
      const known = this.chars.charOf(k);
      if (!known) continue;
      if (known.char !== chars[i]) return false;
      checked++;
    }
    return checked > 0 && this.chars.learn(cells.keys, words[0]);
  }

  /** Takes a piece's reading as known (one remembered from an earlier run). */
  remember(key: string, words: OcrWord[]): void {
    this.#cache.set(key, words);
  }

  /** How many pieces it holds at most. */
  get capacity(): number {
    return this.#cache.capacity;
  }

  get size(): number {
    return this.#cache.size;
  }
}

/** Words given relative to each piece, moved to be relative to `line`, left to right. */
export function placeWords(pieces: Box[], words: OcrWord[][], line: Box): OcrWord[] {
  return pieces.flatMap((p, i) =>
    words[i].map((w) => ({ ...w, x: w.x + p.x - line.x, y: w.y + p.y - line.y }))
  );
}

/**
 * The part of `line` one piece covers, as a line of its own: the piece's
 * columns (a pixel of margin each side, inside the line), the line's rows,
 * and the components inside.
 */
export function pieceLine(line: TextLine, piece: Box): TextLine {
  const x0 = Math.max(line.x, piece.x - 1), x1 = Math.min(line.x + line.w, piece.x + piece.w + 1);
  const blobs = line.blobs.filter((b) => b.x >= piece.x && b.x + b.w <= piece.x + piece.w);
  return { x: x0, y: line.y, w: x1 - x0, h: line.h, blobs };
}
