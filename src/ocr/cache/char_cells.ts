/**
 * Reading fixed-pitch text from characters read before.
 *
 * Editors and terminals draw text on a grid: every character has a cell of
 * the same width, and with the font's metrics rounded to whole pixels (as
 * GTK draws them) a character has the same pixels in every cell it takes. A
 * line of prose repeats few words but its letters all the time, so once the
 * recogniser has read a few lines, the cells of the others are known and
 * their words can be put together from them.
 *
 * The grid is found from the pixels alone: a whole-pixel pitch and phase at
 * which no column starting a cell holds ink. A cell is learned only from a
 * word the recogniser read surely that fills one word piece and has as many
 * characters as the piece has cells; a cell read as two different
 * characters is never used again. Proportional text has no such grid (its
 * letters land anywhere between pixels), and fonts drawn at fractional
 * positions give each character many pixel patterns: both read as before.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import type { Grey } from "../../image/pixels.ts";
import { commonGrey } from "../lines/ground.ts";
import type { TextLine } from "../lines/find.ts";
import type { OcrWord } from "../types.ts";
import { hashPixels } from "./line_cache.ts";

/** A pixel this far (0..255) from the line's ground is ink, for finding the grid. */
export const CELL_INK = 48;
/** A grid is trusted only on a line with at least this many inked cells. */
export const MIN_GRID_CELLS = 8;
/**
 * Share of inked cells whose first column may hold ink: a monospaced font's
 * widest letters (`m`, `w`, `T`) fill their cell, most leave its edges
 * blank, and a wrong grid cuts through letters at most of its edges.
 */
export const MAX_EDGE_INK = 0.2;
/** Pitches tried, as shares of the line's height: a monospaced cell is about 0.5-0.65 of it. */
export const PITCH_RANGE = [0.35, 0.9] as const;
/** Only a word read at least this surely teaches its cells. */
export const LEARN_CONF = 0.85;

/** A line's character grid: cells `pitch` wide starting at columns `phase + k * pitch`. */
export interface CellGrid {
  pitch: number;
  phase: number;
  /** The row most cells' ink ends on. */
  baseline: number;
  /** The line's commonest grey: a cell's key holds the rows that differ from it. */
  ground: number;
  /** Inked columns of the line box left of each column (one more entry than columns). */
  before: Int32Array;
}

/** The grid `line` is drawn on, or null when it is not fixed-pitch text (or too short to tell). */
export function cellGrid(grey: Grey, line: TextLine): CellGrid | null {
  const lo = Math.max(4, Math.floor(line.h * PITCH_RANGE[0]));
  const hi = Math.ceil(line.h * PITCH_RANGE[1]);
  if (line.w < lo * MIN_GRID_CELLS) return null;
  const ground = commonGrey(grey, line).value;
  const inked = new Uint8Array(line.w);
  const bottom = new Int32Array(line.w).fill(-1);
  const ink = new Uint8Array(256);
  for (let v = 0; v < 256; v++) ink[v] = Math.abs(v - ground) >= CELL_INK ? 1 : 0;
  const data = grey.data;
  for (let y = line.y; y < line.y + line.h; y++) {
    const row = y * grey.width + line.x;
    for (let i = 0; i < line.w; i++) {
      if (!ink[data[row + i]]) continue;
      inked[i] = 1;
      bottom[i] = y;
    }
  }
  const before = new Int32Array(line.w + 1);
  for (let i = 0; i < line.w; i++) before[i + 1] = before[i] + inked[i];
  const first = inked.indexOf(1), last = inked.lastIndexOf(1);
  if (first < 0) return null;
  const edges = new Int32Array(hi);
  // The smallest pitch that fits: a multiple of the true pitch fits too.
  for (let pitch = lo; pitch <= hi; pitch++) {
    // Inked columns by their place in a cell of this pitch, in screen columns (a phase is one).
    edges.fill(0, 0, pitch);
    for (let i = first, k = (line.x + first) % pitch; i <= last; i++, k = k + 1 === pitch ? 0 : k + 1) {
      edges[k] += inked[i];
    }
    // Of the phases, the one that leaves the most cells blank at both edges: the characters centred.
    let phase = 0;
    for (let f = 1; f < pitch; f++) {
      const prev = (f + pitch - 1) % pitch, best = (phase + pitch - 1) % pitch;
      if (edges[f] + edges[prev] < edges[phase] + edges[best]) phase = f;
    }
    let cells = 0;
    const from = first - (((line.x + first - phase) % pitch) + pitch) % pitch;
    for (let c = from; c <= last; c += pitch) if (inkIn(before, c, pitch)) cells++;
    if (cells < MIN_GRID_CELLS || edges[phase] > MAX_EDGE_INK * cells) continue;
    return { pitch, phase, baseline: baselineOf(before, bottom, line.x, pitch, phase), ground, before };
  }
  return null;
}

/** Whether any column of the cell starting at line-box column `from` holds ink. */
function inkIn(before: Int32Array, from: number, pitch: number): boolean {
  const n = before.length - 1;
  return before[Math.max(0, Math.min(n, from + pitch))] > before[Math.max(0, Math.min(n, from))];
}

/** The commonest lowest ink row over the inked cells. */
function baselineOf(
  before: Int32Array,
  bottom: Int32Array,
  x0: number,
  pitch: number,
  phase: number,
): number {
  const counts = new Map<number, number>();
  let start = phase - x0;
  start -= Math.ceil(start / pitch) * pitch;
  for (let from = start; from < bottom.length; from += pitch) {
    if (!inkIn(before, from, pitch)) continue;
    let low = -1;
    for (let i = Math.max(0, from); i < Math.min(bottom.length, from + pitch); i++) {
      low = Math.max(low, bottom[i]);
    }
    counts.set(low, (counts.get(low) ?? 0) + 1);
  }
  let base = -1, n = 0;
  for (const [row, c] of counts) if (c > n || (c === n && row < base)) [base, n] = [row, c];
  return base;
}

/**
 * The keys of the inked cells under `piece` (a run of ink of `line`, in
 * image pixels), left to right, or null when a blank cell sits between them
 * (two words), the piece reaches past them (ink too faint to count), or a
 * cell runs off the image.
 */
export function pieceCells(grey: Grey, line: TextLine, grid: CellGrid, piece: Box): string[] | null {
  return cellRun(grey, line, grid, piece)?.keys ?? null;
}

/** As {@link pieceCells}, with the image column the first of those cells starts at. */
export function cellRun(
  grey: Grey,
  line: TextLine,
  grid: CellGrid,
  piece: Box,
): { keys: string[]; x: number } | null {
  const { pitch, phase } = grid;
  const firstCell = Math.floor((piece.x - phase) / pitch),
    lastCell = Math.floor((piece.x + piece.w - 1 - phase) / pitch);
  const keys: string[] = [];
  let blankAfterInk = false, from = 0, to = 0;
  for (let k = firstCell; k <= lastCell; k++) {
    const x = phase + k * pitch;
    if (!inkIn(grid.before, x - line.x, pitch)) {
      if (keys.length) blankAfterInk = true;
      continue;
    }
    if (blankAfterInk || x < 0 || x + pitch > grey.width) return null;
    if (!keys.length) from = x;
    to = x + pitch;
    keys.push(cellKey(grey, line, grid, x));
  }
  // The piece's edges reach past its inked cells only by a shading pixel or two: a character too
  // faint to count as ink there (light syntax colours) would be left out of the spelling.
  const slack = Math.max(2, Math.round(pitch / 3));
  if (!keys.length || piece.x < from - slack || piece.x + piece.w > to + slack) return null;
  return { keys, x: from };
}

/** A cell's pixels from its first to its last row unlike the ground, and where those rows sit against the baseline. */
function cellKey(grey: Grey, line: TextLine, grid: CellGrid, x: number): string {
  let top = -1, end = -1;
  for (let y = line.y; y < line.y + line.h; y++) {
    const row = y * grey.width;
    for (let i = x; i < x + grid.pitch; i++) {
      if (grey.data[row + i] === grid.ground) continue;
      if (top < 0) top = y;
      end = y;
      break;
    }
  }
  const box = { x, y: top, w: grid.pitch, h: end - top + 1 };
  return `${top - grid.baseline}:${hashPixels(grey, box)}`;
}

/** One learned cell: the character read in it and how surely. */
export interface CellChar {
  char: string;
  conf: number;
}

/** Characters of cells read before, keyed by their pixels. */
export class CharCells {
  readonly #chars = new Map<string, CellChar | null>();
  /** Cells learned or refused since the last `drain`, for the read memory. */
  readonly #changed = new Map<string, CellChar | null>();

  constructor(readonly capacity = 4000) {}

  /** Whether every cell is known (and was never read two ways). */
  knows(cells: readonly string[]): boolean {
    return cells.every((k) => this.#chars.get(k));
  }

  /** The character a cell was learned as; undefined when unknown or read two ways. */
  charOf(cell: string): CellChar | undefined {
    return this.#chars.get(cell) ?? undefined;
  }

  /** Whether a cell was read as two characters: it will never spell a word. */
  refused(cell: string): boolean {
    return this.#chars.get(cell) === null;
  }

  /**
   * The word `cells` spell, or null when a cell is unknown. `size` is the
   * piece's box, relative to which the word is placed: an edge pixel wider
   * than the ink on each side, as line finding draws it.
   */
  spell(cells: readonly string[], size: { w: number; h: number }): OcrWord | null {
    let text = "", conf = 1;
    for (const k of cells) {
      const g = this.#chars.get(k);
      if (!g) return null;
      text += g.char;
      conf = Math.min(conf, g.conf);
    }
    const inset = size.w > 2 && size.h > 2 ? 1 : 0;
    return { text, conf, x: inset, y: inset, w: size.w - 2 * inset, h: size.h - 2 * inset };
  }

  /**
   * Learns the cells of a piece the recogniser read as exactly `word`: when
   * it was read surely and has one character per cell. Returns whether it
   * taught anything.
   */
  learn(cells: readonly string[], word: OcrWord): boolean {
    const chars = [...word.text];
    if (word.conf < LEARN_CONF || chars.length !== cells.length) return false;
    cells.forEach((k, i) => {
      const had = this.#chars.get(k);
      // A cell read two ways is ambiguous for good: null stays.
      if (had === null) return;
      if (had && had.char !== chars[i]) this.#set(k, null);
      else if (!had || word.conf > had.conf) this.#set(k, { char: chars[i], conf: word.conf });
    });
    return true;
  }

  /** Takes a cell remembered from an earlier run: its character, or null for one read two ways. */
  remember(cell: string, char: CellChar | null): void {
    this.#chars.delete(cell);
    this.#chars.set(cell, char);
    this.#trim();
  }

  /** The cells learned or refused since the last call, oldest first. */
  drain(): Array<{ cell: string; char: CellChar | null }> {
    const changed = [...this.#changed].map(([cell, char]) => ({ cell, char }));
    this.#changed.clear();
    return changed;
  }

  get size(): number {
    return this.#chars.size;
  }

  /** Takes a cell as learned now: as remembered, and kept for the read memory. */
  #set(cell: string, char: CellChar | null): void {
    this.remember(cell, char);
    this.#changed.delete(cell);
    this.#changed.set(cell, char);
    while (this.#changed.size > this.capacity) this.#changed.delete(this.#changed.keys().next().value!);
  }

  /** Drops the cells learned longest ago beyond the capacity. */
  #trim(): void {
    while (this.#chars.size > this.capacity) this.#chars.delete(this.#chars.keys().next().value!);
  }
}
