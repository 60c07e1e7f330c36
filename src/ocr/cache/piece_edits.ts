/**
 * A word piece never read that is a piece read before with a character or
 * two added at one end: an editor's title bar gaining its `*` when the file
 * changes (a `*` before `/tmp/notes.txt - Mousepad`, the two one ink
 * component in a bold title font), a word typed on by one letter. Only the added columns go to the
 * recogniser; the rest keeps the words it was read as, in context, from
 * exactly those pixels.
 *
 * A piece learned with words is noted by a hash of the columns at each of
 * its ends (its anchors). A new piece is looked up by its own anchors: a
 * piece noted with the same end columns, as tall and a little narrower, is
 * a candidate, and it is the edit only when its whole hash matches the new
 * piece's columns at that end. The lookup costs two small hashes per new
 * piece, so a never-seen screen pays next to nothing for it.
 *
 * @module
 */

import type { Box } from "../../common/rect.ts";
import { cropGrey, type Grey } from "../../image/pixels.ts";
import type { OcrWord } from "../types.ts";
import { hashPixels } from "./line_cache.ts";

/** Columns hashed at a piece's end to find candidates, in row heights. */
export const ANCHOR_WIDTH = 1.5;
/** Most columns an edit may add, in row heights: a character or two. */
export const MAX_ADDED = 1.5;
/** The piece read before is at least this wide, in row heights: a word, not a letter. */
export const MIN_KEPT = 3;
/**
 * Columns at the kept piece's joined side that may differ from how it was
 * drawn alone: an added `*` touching a `/` shades the slash's first two
 * columns. They are compared pixel by pixel, within `EDGE_SHADE`.
 */
export const EDGE_COLUMNS = 2;
/** Most grey levels a pixel of those columns may differ by: a neighbour's shading, not another glyph's ink. */
export const EDGE_SHADE = 64;
/** Most candidates kept per anchor: the newest. */
const PER_ANCHOR = 8;
/** Most anchors held; the oldest go first. */
const MAX_ANCHORS = 16000;

/** Which end of the new piece the added columns are at. */
export type EditSide = "start" | "end";

/** A new piece as a piece read before plus the columns added at one end. */
export interface PieceEdit {
  side: EditSide;
  /** The columns of the new piece that are the piece read before (in the searched image). */
  kept: Box;
  /** The key of the piece read before. */
  keptKey: string;
  /** The added columns, the piece's rows (in the searched image). */
  added: Box;
}

/**
 * A piece noted: its key and size, and per side the hash of the piece
 * without that side's edge columns and those columns' pixels.
 */
interface Noted {
  key: string;
  w: number;
  h: number;
  inner: Record<EditSide, string>;
  edge: Record<EditSide, Uint8Array>;
}

/** The columns of `box` from `x0` (relative to the box), `w` wide. */
function columns(box: Box, x0: number, w: number): Box {
  return { x: box.x + x0, y: box.y, w, h: box.h };
}

/** The pixels of `box`, row by row. */
function pixelsOf(grey: Grey, box: Box): Uint8Array {
  return cropGrey(grey, { x: box.x, y: box.y, width: box.w, height: box.h }).data;
}

function anchorBox(piece: Box, side: EditSide, textHeight: number): Box {
  const w = Math.min(piece.w, Math.max(2, Math.round(textHeight * ANCHOR_WIDTH)));
  return { x: side === "start" ? piece.x : piece.x + piece.w - w, y: piece.y, w, h: piece.h };
}

/** Pieces read before, found again at one end of a new piece. */
export class PieceEdits {
  readonly #anchors = new Map<string, Noted[]>();

  /** Notes a piece (with its key) that was read with words, so that an edit of it can be found. */
  note(grey: Grey, piece: Box & { key: string }, textHeight: number): void {
    if (piece.w < textHeight * MIN_KEPT) return;
    const e = EDGE_COLUMNS, rest = piece.w - e;
    const noted: Noted = {
      key: piece.key,
      w: piece.w,
      h: piece.h,
      inner: {
        start: hashPixels(grey, columns(piece, e, rest)),
        end: hashPixels(grey, columns(piece, 0, rest)),
      },
      edge: { start: pixelsOf(grey, columns(piece, 0, e)), end: pixelsOf(grey, columns(piece, rest, e)) },
    };
    for (const side of ["start", "end"] as const) {
      const anchor = `${side}:${hashPixels(grey, anchorBox(piece, side, textHeight))}`;
      const list = this.#anchors.get(anchor) ?? [];
      if (list.some((n) => n.key === piece.key)) continue;
      list.push(noted);
      if (list.length > PER_ANCHOR) list.shift();
      this.#anchors.delete(anchor);
      this.#anchors.set(anchor, list);
      if (this.#anchors.size > MAX_ANCHORS) this.#anchors.delete(this.#anchors.keys().next().value!);
    }
  }

  /**
   * The edit `piece` is of a noted piece that `known` still holds, or null.
   * Text added at the start keeps the old piece's end columns, and text added
   * at the end keeps its start: each side's anchor is looked up.
   */
  find(grey: Grey, piece: Box, textHeight: number, known: (key: string) => boolean): PieceEdit | null {
    const most = textHeight * MAX_ADDED;
    // Added at the start: the old piece is the new one's last columns, found by the new one's end anchor.
    for (const [side, anchorSide] of [["start", "end"], ["end", "start"]] as const) {
      const anchor = `${anchorSide}:${hashPixels(grey, anchorBox(piece, anchorSide, textHeight))}`;
      for (const n of this.#anchors.get(anchor) ?? []) {
        if (n.h !== piece.h || n.w >= piece.w || piece.w - n.w > most || !known(n.key)) continue;
        const kept = { x: side === "start" ? piece.x + piece.w - n.w : piece.x, y: piece.y, w: n.w, h: n.h };
        if (!sameKept(grey, kept, n, side)) continue;
        const added = side === "start"
          ? { x: piece.x, y: piece.y, w: piece.w - n.w, h: piece.h }
          : { x: piece.x + n.w, y: piece.y, w: piece.w - n.w, h: piece.h };
        return { side, kept, keptKey: n.key, added };
      }
    }
    return null;
  }
}

/**
 * Whether `kept` (columns of a new piece) has the noted piece's pixels: all
 * of them but the edge columns on the side text was added at exactly, and
 * those within a neighbour's shading.
 */
function sameKept(grey: Grey, kept: Box, n: Noted, side: EditSide): boolean {
  const e = EDGE_COLUMNS, rest = n.w - e;
  if (hashPixels(grey, columns(kept, side === "start" ? e : 0, rest)) !== n.inner[side]) return false;
  const edge = pixelsOf(grey, columns(kept, side === "start" ? 0 : rest, e));
  const was = n.edge[side];
  for (let i = 0; i < edge.length; i++) if (Math.abs(edge[i] - was[i]) > EDGE_SHADE) return false;
  return true;
}

/**
 * An ink gap at most this many row heights wide (or one pixel) joins the
 * added characters to the kept word they meet: a `*` and the `/` it touches.
 */
export const JOIN_GAP = 0.1;
/** An ink gap at least this many row heights wide is a space: the added characters are a word of their own. */
export const PART_GAP = 0.25;

/**
 * How the added columns' ink meets the kept piece, told by the line's
 * components (`blobs`): `join` (one word), `part` (a space apart), or null
 * when the gap is neither, and the piece is better read whole.
 */
export function editJoin(edit: PieceEdit, blobs: readonly Box[], textHeight: number): "join" | "part" | null {
  const { added, kept } = edit;
  const inAdded = blobs.flatMap((b) => {
    const x0 = Math.max(b.x, added.x), x1 = Math.min(b.x + b.w, added.x + added.w);
    return x1 > x0 ? [{ x0, x1 }] : [];
  });
  if (!inAdded.length) return null;
  const gap = edit.side === "start"
    ? kept.x - Math.max(...inAdded.map((b) => b.x1))
    : Math.min(...inAdded.map((b) => b.x0)) - (kept.x + kept.w);
  if (gap <= Math.max(1, Math.round(textHeight * JOIN_GAP))) return "join";
  return gap >= textHeight * PART_GAP ? "part" : null;
}

/**
 * The new piece's words (relative to the piece): the kept piece's words
 * (relative to `edit.kept`) and the added columns' words (relative to
 * `edit.added`), with the added word that meets the kept word joined to it
 * when `join`. Null when nothing was read in the added columns, or a letter
 * read there both ways (`Ss`: a lone small letter whose case the recogniser
 * could not tell without the word around it): the piece is read whole
 * instead, rather than reported without them or with a letter it guessed.
 */
export function spliceEdit(
  edit: PieceEdit,
  join: boolean,
  piece: Box,
  keptWords: readonly OcrWord[],
  addedWords: readonly OcrWord[],
): OcrWord[] | null {
  if (!addedWords.length || addedWords.some((w) => caseHedged(w.text))) return null;
  const kept = keptWords.map((w) => ({
    ...w,
    x: w.x + edit.kept.x - piece.x,
    y: w.y + edit.kept.y - piece.y,
  }));
  const added = addedWords.map((w) => ({
    ...w,
    x: w.x + edit.added.x - piece.x,
    y: w.y + edit.added.y - piece.y,
  }));
  const [left, right] = edit.side === "start" ? [added, kept] : [kept, added];
  if (!join || !kept.length) return [...left, ...right];
  const a = left.at(-1)!, b = right[0];
  const x0 = Math.min(a.x, b.x), y0 = Math.min(a.y, b.y);
  const joined: OcrWord = {
    ...a,
    text: a.text + b.text,
    conf: Math.min(a.conf, b.conf),
    x: x0,
    y: y0,
    w: Math.max(a.x + a.w, b.x + b.w) - x0,
    h: Math.max(a.y + a.h, b.y + b.h) - y0,
  };
  return [...left.slice(0, -1), joined, ...right.slice(1)];
}

/** Whether `text` holds a letter followed by itself in the other case (`Ss`, `xX`). */
export function caseHedged(text: string): boolean {
  const chars = [...text];
  return chars.some((c, i) => {
    const next = chars[i + 1];
    return next !== undefined && c !== next && c.toLowerCase() === next.toLowerCase();
  });
}
