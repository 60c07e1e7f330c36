/**
 * Which rows of a frame differ from an earlier frame: what lets a look keep
 * the work it did on pixels that did not change. Any difference in a row
 * (one channel of one pixel) marks the whole row, and frames of another
 * size differ everywhere, so a result kept for unchanged rows is always one
 * those very pixels would give again.
 *
 * @module
 */

import type { RgbaImage } from "./pixels.ts";

/** The rows of one frame that differ from the frame before it. */
export class ChangedRows {
  /** `before[y]`: how many rows above `y` changed. */
  readonly #before: Int32Array;
  readonly height: number;

  private constructor(before: Int32Array) {
    this.#before = before;
    this.height = before.length - 1;
  }

  /** The last comparison: the stages of one look ask for the same pair of frames. */
  static #last: { prev: RgbaImage | null; next: RgbaImage; rows: ChangedRows } | null = null;

  /** Compares `next` with `prev` row by row; with no `prev`, or one of another size, every row changed. */
  static between(prev: RgbaImage | null, next: RgbaImage): ChangedRows {
    const last = ChangedRows.#last;
    if (
      last && last.prev === prev && last.next === next && last.prev?.data === prev?.data &&
      last.next.data === next.data
    ) {
      return last.rows;
    }
    const rows = ChangedRows.#compare(prev, next);
    ChangedRows.#last = { prev, next, rows };
    return rows;
  }

  static #compare(prev: RgbaImage | null, next: RgbaImage): ChangedRows {
    const h = next.height;
    const before = new Int32Array(h + 1);
    const same = prev !== null && prev.width === next.width && prev.height === h;
    const wide = same && prev.data.byteOffset % 4 === 0 && next.data.byteOffset % 4 === 0;
    const a = same ? words(prev.data, wide) : null, b = same ? words(next.data, wide) : null;
    for (let y = 0; y < h; y++) {
      before[y + 1] = before[y] + (a && b ? (sameRow(a, b, y, next.width) ? 0 : 1) : 1);
    }
    return new ChangedRows(before);
  }

  /** How many rows changed. */
  get count(): number {
    return this.#before[this.height];
  }

  /** Whether no row from `y0` to `y1` (inclusive, clipped to the frame) changed. */
  clean(y0: number, y1: number): boolean {
    const a = Math.max(0, Math.floor(y0)), b = Math.min(this.height - 1, Math.ceil(y1));
    return b < a || this.#before[b + 1] === this.#before[a];
  }
}

/** A frame's pixels as 32-bit words (`wide`: both frames' bytes line up), else as they are. */
function words(d: Uint8Array, wide: boolean): Uint32Array | Uint8Array {
  return wide ? new Uint32Array(d.buffer, d.byteOffset, d.length >> 2) : d;
}

function sameRow(
  a: Uint32Array | Uint8Array,
  b: Uint32Array | Uint8Array,
  y: number,
  width: number,
): boolean {
  const n = a instanceof Uint32Array ? width : width * 4;
  for (let i = y * n, end = i + n; i < end; i++) if (a[i] !== b[i]) return false;
  return true;
}
