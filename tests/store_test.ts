/** The SQLite store: migrations, the committed schema dump, sightings. */

import type { WindowInfo } from "../src/desktop/types.ts";
import { defaultDbPath, dumpSchema, Store } from "../src/db/store.ts";
import { loadMigrations, parseNamedQueries } from "../src/db/sql_files.ts";
import { storedReadMemory } from "../src/db/read_memory.ts";
import { DatabaseSync } from "node:sqlite";
import { recordSighting } from "../src/graph/record.ts";
import { assert, assertEquals, assertThrows } from "./support/assert.ts";
import type { Rect } from "../src/common/rect.ts";

/** A mousepad window as the desktop reports it. */
function editorWindow(title: string, bounds: Rect): WindowInfo {
  return { id: "1", app: "Mousepad", pid: 1, title, bounds, kind: "normal", transient: false };
}

Deno.test("sql/schema.sql is the schema the migrations build", async () => {
  const store = new Store(":memory:");
  const saved = await Deno.readTextFile(new URL("../sql/schema.sql", import.meta.url));
  const body = saved.replace(/^--[^\n]*\n\n/, "");
  assertEquals(
    dumpSchema(store.db),
    body,
    "run `deno task db:schema > sql/schema.sql` after adding a migration",
  );
  store.close();
});

Deno.test("a file database uses WAL and foreign keys and migrates once", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/sub/choto.db`;
  const a = new Store(path);
  const b = new Store(path);
  const mode = a.db.prepare("PRAGMA journal_mode").get() as { journal_mode: string };
  assertEquals(mode.journal_mode, "wal");
  assertEquals((a.db.prepare("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys, 1);
  const version = (b.db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
  assert(version >= 1);
  a.close();
  b.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a database from before the cells of fixed-pitch text keeps its readings and takes cells", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/choto.db`;
  // The file as choto 9 migrations in left it, with one line read.
  const old = new DatabaseSync(path);
  for (const m of loadMigrations().filter((m) => m.version <= 9)) old.exec(m.sql);
  old.exec("PRAGMA user_version = 9");
  old.prepare("INSERT INTO read_memory (key, kind, words, read_at) VALUES ('line-key', 'line', '[]', 1)")
    .run();
  old.close();

  const store = new Store(path);
  const memory = storedReadMemory(store);
  assertEquals(memory.load("line", 10).map((r) => r.key), ["line-key"]);
  memory.save([{ kind: "cell", key: "cell-key", words: [{ text: "a", conf: 0.9, x: 0, y: 0, w: 0, h: 0 }] }]);
  assertEquals(memory.load("cell", 10).map((r) => [r.key, r.words[0].text]), [["cell-key", "a"]]);
  store.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("named queries parse and refuse duplicates", () => {
  const q = parseNamedQueries("-- name: a\nSELECT 1;\n\n-- name: b\nSELECT 2;\n");
  assertEquals([...q.keys()], ["a", "b"]);
  assertThrows(() => parseNamedQueries("-- name: a\nSELECT 1;\n-- name: a\nSELECT 2;"), /twice/);
});

Deno.test("sightings keep one node per kind of window and refresh its elements", () => {
  const store = new Store(":memory:");
  const w = editorWindow("Untitled 3 - Mousepad", { x: 100, y: 50, width: 600, height: 400 });
  const el = (text: string, x: number) => ({ text, x, y: 60, w: 30, h: 12, cx: x + 15, cy: 66, conf: 0.9 });
  const first = recordSighting(store, "Mousepad", w, [el("File", 110), el("Edit", 150)], 1000);
  assertEquals(first.known, false);
  const second = recordSighting(store, "Mousepad", { ...w, title: "*notes.txt - Mousepad" }, [
    el("File", 110),
  ], 2000);
  assertEquals(second.known, true);
  assertEquals(second.nodeId, first.nodeId);
  assertEquals(second.seenCount, 2);
  const rows = store.db.prepare("SELECT text, x, first_seen, last_seen FROM elements").all();
  assertEquals(rows.map((r) => ({ ...r })), [{ text: "File", x: 10, first_seen: 1000, last_seen: 2000 }]);
  const dialog = recordSighting(
    store,
    "Mousepad",
    { ...w, title: "Save As", kind: "dialog", transient: true },
    [],
    3000,
  );
  assert(dialog.nodeId !== first.nodeId);
  store.close();
});

Deno.test("the default database path follows the platform", () => {
  const env = (k: string) => ({ HOME: "/home/u" } as Record<string, string>)[k];
  assertEquals(defaultDbPath("linux", env), "/home/u/.local/share/choto/choto.db");
  assertEquals(defaultDbPath("darwin", env), "/home/u/Library/Application Support/choto/choto.db");
  assertEquals(
    defaultDbPath("linux", (k) => ({ HOME: "/h", XDG_DATA_HOME: "/x" } as Record<string, string>)[k]),
    "/x/choto/choto.db",
  );
  // Trailing slashes, as a user may set them, give the same paths.
  const slashed = (k: string) => ({ HOME: "/home/u/", XDG_DATA_HOME: "/x//" } as Record<string, string>)[k];
  assertEquals(defaultDbPath("linux", slashed), "/x/choto/choto.db");
  assertEquals(defaultDbPath("darwin", slashed), "/home/u/Library/Application Support/choto/choto.db");
  assertEquals(defaultDbPath("linux", (k) => k === "HOME" ? "/" : undefined), "/.local/share/choto/choto.db");
});

Deno.test("a new app build is recorded, so windows seen under the old one can be flagged", () => {
  const store = new Store(":memory:");
  const w = editorWindow("Untitled 1 - Mousepad", { x: 0, y: 0, width: 600, height: 400 });
  const dialog = { ...w, title: "Preferences", kind: "dialog" as const, transient: true };
  recordSighting(store, "Mousepad", dialog, [], 1000, "mousepad built 2026-01-01T10:00Z");
  recordSighting(store, "Mousepad", w, [], 2000, "mousepad built 2026-03-01T10:00Z");
  const app = store.db.prepare("SELECT version, version_seen FROM apps").get() as Record<string, unknown>;
  assertEquals({ ...app }, { version: "mousepad built 2026-03-01T10:00Z", version_seen: 2000 });
  const rows = store.db.prepare("SELECT title, app_version FROM windows ORDER BY id").all();
  assertEquals(rows.map((r) => ({ ...r })), [
    { title: "Preferences", app_version: "mousepad built 2026-01-01T10:00Z" },
    { title: "Untitled 1 - Mousepad", app_version: "mousepad built 2026-03-01T10:00Z" },
  ]);
  store.close();
});
