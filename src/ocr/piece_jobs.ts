/**
 * Parts of a line cut out to be read as lines of their own: a word piece
 * the caches do not know, and the added columns of an edited piece
 * (cache/piece_edits.ts); and their words moved back to the piece.
 *
 * @module
 */

import type { Box } from "../common/rect.ts";
import type { Grey } from "../image/pixels.ts";
import { hashPixels } from "./cache/line_cache.ts";
import type { PieceEdit } from "./cache/piece_edits.ts";
import { type Piece, pieceLine } from "./cache/word_cache.ts";
import type { TextLine } from "./lines/find.ts";
import type { ReadJob } from "./read_job.ts";
import type { OcrWord } from "./types.ts";

/** A word piece of `line` cut out to be read as a line of its own. */
export function pieceJob(line: TextLine, piece: Piece): ReadJob {
  return { line: pieceLine(line, piece), key: `part:${piece.key}`, words: [], piece: true };
}

/** A job's words (relative to its line box), moved to be relative to `box`. */
export function wordsIn(job: ReadJob, box: Box): OcrWord[] {
  return job.words.map((w) => ({ ...w, x: w.x + job.line.x - box.x, y: w.y + job.line.y - box.y }));
}

/**
 * The added columns of an edited piece (cache/piece_edits.ts) as a line of
 * their own: a pixel of margin on the outer side only (the other side is
 * the kept piece's ink), the line's rows, and its components clipped to
 * those columns (an added `*` can touch the kept word's first letter).
 */
export function editJob(grey: Grey, line: TextLine, edit: PieceEdit): ReadJob {
  const { added } = edit;
  const x0 = edit.side === "start" ? Math.max(line.x, added.x - 1) : added.x;
  const x1 = edit.side === "start" ? added.x + added.w : Math.min(line.x + line.w, added.x + added.w + 1);
  const blobs = line.blobs.flatMap((b) => {
    const bx0 = Math.max(b.x, added.x), bx1 = Math.min(b.x + b.w, added.x + added.w);
    if (bx1 <= bx0) return [];
    return [{ ...b, x: bx0, w: bx1 - bx0, mass: Math.max(1, Math.round(b.mass * (bx1 - bx0) / b.w)) }];
  });
  const box = { x: x0, y: line.y, w: x1 - x0, h: line.h };
  return { line: { ...box, blobs }, key: `edit:${hashPixels(grey, box)}`, words: [], piece: true };
}
