/**
 * What one look found in a band of rows, kept for the next look: a result
 * is handed back only when it was made from the same input (its key) and no
 * pixel of its rows changed since, so it is the very result the work would
 * give again. Results not asked for in a look are dropped with it, so the
 * memory holds one look's worth.
 *
 * @module
 */

import { ChangedRows } from "../image/changed_rows.ts";
import type { RgbaImage } from "../image/pixels.ts";

interface Kept<T> {
  value: T;
  y0: number;
  y1: number;
}

/** One look's use of a `RowMemory`: lookups against the frame before, results for the next. */
export interface RowLook<T> {
  /** The kept result for `key` if rows `y0`..`y1` did not change, else `make()`'s, kept for the next look. */
  reuse(key: string, y0: number, y1: number, make: () => T): T;
  /** Makes this look's results the ones the next look may reuse. */
  commit(): void;
}

/** Results by key, valid while their rows keep their pixels. */
export class RowMemory<T> {
  #frame: RgbaImage | null = null;
  #kept = new Map<string, Kept<T>>();

  /** Starts a look at `frame`: what changed is measured against the frame of the last committed look. */
  begin(frame: RgbaImage): RowLook<T> {
    const changed = ChangedRows.between(this.#frame, frame);
    const kept = this.#kept;
    const next = new Map<string, Kept<T>>();
    return {
      reuse(key, y0, y1, make) {
        const now = next.get(key);
        if (now) return now.value;
        const old = kept.get(key);
        const value = old && old.y0 === y0 && old.y1 === y1 && changed.clean(y0, y1) ? old.value : make();
        next.set(key, { value, y0, y1 });
        return value;
      },
      commit: () => {
        this.#frame = frame;
        this.#kept = next;
      },
    };
  }
}
