/**
 * A sighting's texts are written after the reply that needed the sighting:
 * at the end of the event loop's turn, or before anything else uses the
 * store, or when it closes; never into a file other than the one they were
 * meant for.
 */

import { DatabaseSync } from "node:sqlite";
import type { WindowInfo } from "../src/desktop/types.ts";
import { Store } from "../src/db/store.ts";
import { StoreFault } from "../src/db/store_fault.ts";
import { recordSighting } from "../src/graph/record.ts";
import { warmRecord } from "../src/graph/warm_record.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";

const WINDOW: WindowInfo = {
  id: "1",
  app: "Mousepad",
  pid: 1,
  title: "notes.txt - Mousepad",
  bounds: { x: 100, y: 50, width: 600, height: 400 },
  kind: "normal",
  transient: false,
};

const el = (text: string, x: number) => ({ text, x, y: 60, w: 30, h: 12, cx: x + 15, cy: 66, conf: 0.9 });

/** The rows `sql` gives on a connection of its own to `path`, which sees only what was committed. */
function committed<T>(path: string, sql: string): T[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const storedTexts = (path: string) =>
  committed<{ text: string }>(path, "SELECT text FROM elements ORDER BY x").map((r) => r.text);
const windowsStored = (path: string) =>
  committed<{ n: number }>(path, "SELECT count(*) AS n FROM windows")[0].n;

/** Runs `fn` on a store of its own in a new folder, closed and removed after. */
async function withStore(
  fn: (store: Store, path: string) => Promise<void> | void,
  warn?: (line: string) => void,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/choto.db`;
  const store = new Store(path, warn ? { warn } : {});
  try {
    await fn(store, path);
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a sighting's window is stored at once and its texts, as read, once the turn is over", () =>
  withStore(async (store, path) => {
    const read = [el("File", 110), el("Edit", 150)];
    const seen = recordSighting(store, "Mousepad", WINDOW, read, 1000);
    assertEquals(seen.known, false);
    assertEquals(windowsStored(path), 1);
    assertEquals(storedTexts(path), []);
    // What the look does with its list afterwards is not what was seen.
    read.splice(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    assertEquals(storedTexts(path), ["File", "Edit"]);
  }));

Deno.test("anything that uses the store first sees the texts put off, and closing writes them", () =>
  withStore((store, path) => {
    recordSighting(store, "Mousepad", WINDOW, [el("File", 110)], 1000);
    const read = store.db.prepare("SELECT text FROM elements").all() as Array<{ text: string }>;
    assertEquals(read.map((r) => r.text), ["File"]);
    // A second sighting in the same turn replaces the first one's texts, in order.
    recordSighting(store, "Mousepad", WINDOW, [el("Edit", 150)], 2000);
    recordSighting(store, "Mousepad", WINDOW, [el("Search", 190)], 3000);
    store.close();
    assertEquals(storedTexts(path), ["Search"]);
  }));

Deno.test("texts put off for a file deleted meanwhile are dropped and logged, and the next write is told", () => {
  const warned: string[] = [];
  return withStore(async (store, path) => {
    recordSighting(store, "Mousepad", WINDOW, [el("File", 110)], 1000);
    // Removed without a turn of the event loop between: the put-off write must still be waiting.
    for (const f of [path, `${path}-wal`, `${path}-shm`]) {
      try {
        Deno.removeSync(f);
      } catch {
        // Not there.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert(
      warned.some((w) =>
        /"notes\.txt - Mousepad" and its 1 text\(s\) was not stored: the database file/.test(w)
      ),
      warned.join("\n"),
    );
    let told: unknown = null;
    try {
      recordSighting(store, "Mousepad", WINDOW, [el("Edit", 150)], 2000);
    } catch (err) {
      told = err;
    }
    assert(told instanceof StoreFault, `not told: ${told}`);
    assertMatch(told.message, /was deleted while choto ran/);
    // Nothing of the first sighting reached the new file (read once the store has let go of it).
    store.close();
    assertEquals(windowsStored(path), 0);
  }, (line) => warned.push(line));
});

Deno.test("the record path warmed at start records its made-up window twice, known the second time, with its icons", () => {
  const seen = warmRecord();
  assertEquals(seen.map((s) => s.known), [false, true]);
  assertEquals(seen[1].icons.length, 4);
  assert(seen[1].icons.every((i) => i.glyphId > 0));
});
