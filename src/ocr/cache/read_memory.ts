/**
 * Where the screen reader keeps what it read across restarts: lines and
 * word pieces, keyed by a hash of their pixels. The reader loads the newest
 * readings when it is built and hands over each read's new ones; the
 * database behind it lives in the graph layer.
 *
 * @module
 */

import type { OcrWord } from "../types.ts";

/** A line's box or a word piece's box. */
export type ReadingKind = "line" | "piece";

/** One remembered reading: words relative to the box whose pixels hash to `key`. */
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
