/**
 * Made-up word pieces of fixed-pitch text for the character-cell tests:
 * one cell per character, each cell's key naming its character.
 *
 * @module
 */

import type { Piece } from "../../src/ocr/cache/word_cache.ts";

/** The pitch of the made-up cells, in pixels. */
export const PITCH = 9;

/** A piece of made-up cells `cell:<char>`, one per character of `word`, on grid "9:0" from column `x`. */
export function cellPiece(word: string, x: number): Piece {
  return {
    x,
    y: 0,
    w: word.length * PITCH,
    h: 14,
    key: `piece:${word}:${x}`,
    cells: { keys: [...word].map((c) => `cell:${c}`), grid: "9:0", x, pitch: PITCH },
  };
}
