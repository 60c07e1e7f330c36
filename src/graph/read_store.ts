/**
 * The screen reader's memory in the database (`read_memory`): what was read,
 * kept so a restarted server does not read a known screen again. Bounded:
 * each load first drops all but the newest readings of its kind.
 *
 * @module
 */

import type { Reading, ReadingKind, ReadMemory } from "../ocr/read_memory.ts";
import type { OcrWord } from "../ocr/types.ts";
import type { Store } from "./store.ts";

/** A read memory on `store`; `now` dates each saved reading. */
export function storedReadMemory(store: Store, now: () => number = Date.now): ReadMemory {
  return {
    load(kind: ReadingKind, limit: number): Reading[] {
      store.tx(() => store.q("read_memory_trim").run({ kind, keep: limit }), "the trim of the read memory");
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
  };
}
