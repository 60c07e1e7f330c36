/**
 * Where the screen reader keeps what it read across restarts: lines, word
 * pieces and the character cells of fixed-pitch text, keyed by a hash of
 * their pixels. The reader loads the newest
 * readings when it is built and hands over each read's new ones; the
 * database behind it lives in the graph layer.
 *
 * @module
 */

import type { OcrWord } from "../types.ts";

/** A line's box, a word piece's box, or a character cell of fixed-pitch text (cache/char_cells.ts). */
export type ReadingKind = "line" | "piece" | "cell";

/**
 * One remembered reading: words relative to the box whose pixels hash to
 * `key`. A cell's words are its one character (with a zero box), or none for
 * a cell read as two characters.
 */
export interface Reading {
  kind: ReadingKind;
  key: string;
  words: OcrWord[];
}

/** Storage for readings. */
export interface ReadMemory {
  /** The newest `limit` readings of a kind, newest first. */
  load(kind: ReadingKind, limit: number): Reading[];
  /** Keeps these readings (replacing any with the same key). */
  save(readings: Reading[]): void;
}
