/**
 * The screen reader's memory in the database (`read_memory`): what was read,
 * kept so a restarted server does not read a known screen again. Bounded:
 * each load first drops all but the newest readings of its kind, and a save
 * that takes a kind past its size (plus a slack, so not every save trims)
 * trims it in the same write. What choto typed is never saved: a line or
 * word piece whose words hold a typed word stays in the running reader's
 * caches and is read again after a restart (character cells hold one
 * character each and say nothing on their own, so they are kept).
 *
 * @module
 */

import type { Reading, ReadingKind, ReadMemory } from "../ocr/cache/read_memory.ts";
import type { OcrWord } from "../ocr/types.ts";
import type { Store } from "./store.ts";
import { TypedWords } from "./typed_words.ts";

/** Readings a kind may grow past its size before a save trims it: a few, so not every save pays a trim. */
export function trimSlack(limit: number): number {
  return Math.max(16, limit >> 3);
}

/** A read memory that can be cut back to the sizes its loads asked for. */
export interface StoredReadMemory extends ReadMemory {
  /** Drops all but the newest readings of each kind loaded so far (as many as the load asked for); rows deleted. */
  prune(): number;
}

/** A read memory on `store`; `now` dates each saved reading. */
export function storedReadMemory(store: Store, now: () => number = Date.now): StoredReadMemory {
  const limits = new Map<ReadingKind, number>();
  /** Readings saved per kind since its last trim (an upper bound: a save may replace a row). */
  const grown = new Map<ReadingKind, number>();
  const typedWords = new TypedWords(store);
  const trim = (kind: ReadingKind, keep: number) =>
    store.tx(
      () => Number(store.q("read_memory_trim").run({ kind, keep }).changes),
      "the trim of the read memory",
    );
  return {
    load(kind: ReadingKind, limit: number): Reading[] {
      limits.set(kind, limit);
      trim(kind, limit);
      grown.set(kind, 0);
      return store.all<{ key: string; words: string }>("read_memory_load", { kind, limit })
        .map((r) => ({ kind, key: r.key, words: JSON.parse(r.words) as OcrWord[] }));
    },
    save(readings: Reading[]): void {
      if (!readings.length) return;
      const read_at = now();
      store.tx(() => {
        const typed = typedWords.reader();
        const holdsTyped = (r: Reading) =>
          r.kind !== "cell" && r.words.some((w) => typed.redact(w.text).matched.length > 0);
        for (const r of readings) {
          if (holdsTyped(r)) continue;
          grown.set(r.kind, (grown.get(r.kind) ?? 0) + 1);
          store.q("read_memory_save").run({
            key: r.key,
            kind: r.kind,
            words: JSON.stringify(r.words),
            read_at,
          });
        }
        for (const [kind, n] of grown) {
          const limit = limits.get(kind);
          if (limit === undefined || n <= trimSlack(limit)) continue;
          store.q("read_memory_trim").run({ kind, keep: limit });
          grown.set(kind, 0);
        }
      }, `${readings.length} reading(s) of the screen reader`);
    },
    prune(): number {
      let deleted = 0;
      for (const [kind, keep] of limits) {
        deleted += trim(kind, keep);
        grown.set(kind, 0);
      }
      return deleted;
    },
  };
}
