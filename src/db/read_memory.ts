/**
 * The screen reader's memory in the database (`read_memory`): what was read,
 * kept so a restarted server does not read a known screen again. Bounded:
 * each load first drops all but the newest readings of its kind, and
 * {@link StoredReadMemory.prune} does it again while the server runs.
 *
 * @module
 */

import type { Reading, ReadingKind, ReadMemory } from "../ocr/cache/read_memory.ts";
import type { OcrWord } from "../ocr/types.ts";
import type { Store } from "./store.ts";

/** A read memory that can be cut back to the sizes its loads asked for. */
export interface StoredReadMemory extends ReadMemory {
  /** Drops all but the newest readings of each kind loaded so far (as many as the load asked for); rows deleted. */
  prune(): number;
}

/** A read memory on `store`; `now` dates each saved reading. */
export function storedReadMemory(store: Store, now: () => number = Date.now): StoredReadMemory {
  const limits = new Map<ReadingKind, number>();
  const trim = (kind: ReadingKind, keep: number) =>
    store.tx(
      () => Number(store.q("read_memory_trim").run({ kind, keep }).changes),
      "the trim of the read memory",
    );
  return {
    load(kind: ReadingKind, limit: number): Reading[] {
      limits.set(kind, limit);
      trim(kind, limit);
      return store.all<{ key: string; words: string }>("read_memory_load", { kind, limit })
        .map((r) => ({ kind, key: r.key, words: JSON.parse(r.words) as OcrWord[] }));
    },
    save(readings: Reading[]): void {
      if (!readings.length) return;
      const read_at = now();
      store.tx(() => {
        for (const r of readings) {
          store.q("read_memory_save").run({
            key: r.key,
            kind: r.kind,
            words: JSON.stringify(r.words),
            read_at,
          });
        }
      }, `${readings.length} reading(s) of the screen reader`);
    },
    prune(): number {
      let deleted = 0;
      for (const [kind, keep] of limits) deleted += trim(kind, keep);
      return deleted;
    },
  };
}
