/**
 * The database under faults, through `deno task start` and a real MCP
 * client: the file deleted, a backup moved over it, the live file moved
 * aside and a backup copied in (each with one server and with two sharing
 * the file), a database from a newer choto, and a full disk. No write
 * succeeds into a file nobody reads again, no backup loses what it holds,
 * and the server keeps answering.
 */

import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { connectServer } from "./support/mcp.ts";
import { type Called, callTool } from "./support/session.ts";
import { ALL_FLAGS, runChoto } from "./support/cli.ts";
import { newestSchema } from "../src/db/migrate.ts";

/** No display: these calls never need one, and the server must not find one by chance. */
const ENV = { DISPLAY: ":1999" };

const ITEMS = Array.from({ length: 4 }, (_, i) => ({
  title: `item ${i + 1}`,
  intent: `step ${i + 1} of the test`,
  acceptance: `item ${i + 1} is marked`,
}));

type Server = Awaited<ReturnType<typeof connectServer>>;

async function server(path: string): Promise<Server & { call(name: string, args: object): Promise<Called> }> {
  const s = await connectServer(ENV, path);
  return Object.assign(s, {
    call: (name: string, args: object) => callTool(s.client, name, args as Record<string, unknown>),
  });
}

/** What a database file holds, read by a connection of its own (as the next server would). */
function contents(path: string): { missions: string[]; marked: string[]; integrity: string } {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const missions = (db.prepare("SELECT goal FROM missions ORDER BY id").all() as Array<{ goal: string }>)
      .map((r) => r.goal);
    const marked = (db.prepare("SELECT title FROM mission_items WHERE status != 'pending' ORDER BY id")
      .all() as Array<{ title: string }>).map((r) => r.title);
    const integrity = (db.prepare("PRAGMA integrity_check").get() as { integrity_check: string })
      .integrity_check;
    return { missions, marked, integrity };
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of a live database, as a backup tool makes one: the log
 * folded into the file (the server is idle), then the file copied.
 */
function backup(from: string, to: string): void {
  const db = new DatabaseSync(from);
  try {
    const r = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number; log: number };
    assertEquals([r.busy, r.log], [0, 0], "the log could not be folded into the file for the backup");
  } finally {
    db.close();
  }
  Deno.copyFileSync(from, to);
}

async function mark(s: { call(name: string, args: object): Promise<Called> }, n: number): Promise<Called> {
  return await s.call("mission_mark", { mission_item_id: n, status: "passed" });
}

/** Runs `fn` with a fresh folder, removed afterwards. */
async function inFolder(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "choto-dbfault-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

const testOpts = { sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...testOpts,
  name:
    "the database file deleted under a running server: the next write fails saying so, then lands in a new file",
  async fn() {
    await inFolder(async (dir) => {
      const path = `${dir}/choto.db`;
      const s = await server(path);
      try {
        assert(!(await s.call("mission_start", { goal: "before", items: ITEMS })).isError);
        assert(!(await mark(s, 1)).isError);
        await Deno.remove(path);

        const lost = await mark(s, 2);
        assert(lost.isError, `a write into the deleted file was reported as stored:\n${lost.text}`);
        assertMatch(lost.text, /the mark of item 2 as passed was not stored/);
        assertMatch(lost.text, /choto\.db was deleted while choto ran/);
        assertMatch(lost.text, /a new, empty database there/);

        // The new file is a working database: reads answer, and the next write is in it.
        const status = await s.call("mission_status", {});
        assertMatch(status.text, /no mission is active/);
        assert(!(await s.call("mission_start", { goal: "after", items: ITEMS })).isError);
        assertEquals(contents(path).missions, ["after"]);
      } finally {
        await s.close();
      }
      assertEquals(contents(path), { missions: ["after"], marked: [], integrity: "ok" });
    });
  },
});

Deno.test({
  ...testOpts,
  name:
    "a backup moved over the live file: the write fails, the backup keeps exactly what it held, and is used from then on",
  async fn() {
    await inFolder(async (dir) => {
      const path = `${dir}/choto.db`;
      const s = await server(path);
      try {
        assert(!(await s.call("mission_start", { goal: "kept", items: ITEMS })).isError);
        assert(!(await mark(s, 1)).isError);
        backup(path, `${dir}/backup.db`);
        // Work done after the backup, still in the server's write-ahead log.
        assert(!(await mark(s, 2)).isError);
        assert(!(await mark(s, 3)).isError);
        await Deno.rename(`${dir}/backup.db`, path);

        const lost = await mark(s, 4);
        assert(lost.isError, `a write into the replaced file was reported as stored:\n${lost.text}`);
        assertMatch(
          lost.text,
          /the mark of item 4 as passed was not stored: the database file .*choto\.db was replaced/,
        );
        // The log of the old file was not replayed onto the backup: a new reader sees the backup as it was.
        assertEquals(contents(path), { missions: ["kept"], marked: ["item 1"], integrity: "ok" });

        const again = await mark(s, 4);
        assert(!again.isError, again.text);
        const status = await s.call("mission_status", { full: true });
        assertMatch(status.text, /1\. \[passed\] item 1/);
        assertMatch(status.text, /2\. \[pending\] item 2/);
      } finally {
        await s.close();
      }
      assertEquals(contents(path), { missions: ["kept"], marked: ["item 1", "item 4"], integrity: "ok" });
    });
  },
});

Deno.test({
  ...testOpts,
  name:
    "restored from a backup (live file moved aside, backup copied in) under two servers: both refuse the write, nothing is lost",
  async fn() {
    await inFolder(async (dir) => {
      const path = `${dir}/choto.db`;
      const a = await server(path);
      const b = await server(path);
      try {
        assert(!(await a.call("mission_start", { goal: "shared", items: ITEMS })).isError);
        backup(path, `${dir}/backup.db`);
        assert(!(await mark(a, 1)).isError);
        assert(!(await mark(b, 2)).isError);
        await Deno.rename(path, `${dir}/moved-aside.db`);
        await Deno.copyFile(`${dir}/backup.db`, path);

        for (const [s, n] of [[a, 3], [b, 4]] as const) {
          const lost = await mark(s, n);
          assert(lost.isError, `server ${s === a ? "A" : "B"} stored into the old file:\n${lost.text}`);
          assertMatch(lost.text, new RegExp(`the mark of item ${n} as passed was not stored`));
        }
        // The backup is untouched by either server's log; both go on in it.
        assertEquals(contents(path), { missions: ["shared"], marked: [], integrity: "ok" });
        assert(!(await mark(a, 3)).isError);
        assert(!(await mark(b, 4)).isError);
        assertEquals(contents(path).marked, ["item 3", "item 4"]);
      } finally {
        await a.close();
        await b.close();
      }
      // The file moved aside holds everything written to it, on its own, without a log beside it.
      assertEquals(contents(`${dir}/moved-aside.db`), {
        missions: ["shared"],
        marked: ["item 1", "item 2"],
        integrity: "ok",
      });
      assertEquals(contents(path), { missions: ["shared"], marked: ["item 3", "item 4"], integrity: "ok" });
    });
  },
});

Deno.test({
  ...testOpts,
  name: "a database from a newer choto is refused at start and by doctor, and left as it is",
  async fn() {
    await inFolder(async (dir) => {
      const path = `${dir}/choto.db`;
      const db = new DatabaseSync(path);
      const newer = newestSchema() + 3;
      db.exec(`CREATE TABLE future (x); PRAGMA user_version = ${newer}`);
      db.close();
      const before = await Deno.readFile(path);

      const serve = await runChoto(["serve", "--db", path], { flags: ALL_FLAGS, env: ENV });
      assertEquals(serve.code, 1, serve.stderr);
      assertMatch(
        serve.stderr,
        new RegExp(
          `schema version ${newer}, written by a newer choto; this choto \\(.+\\) reads versions up to ${newestSchema()}`,
        ),
      );
      const doctor = await runChoto(["doctor", "--db", path], { flags: ALL_FLAGS, env: ENV });
      assertMatch(
        doctor.stdout,
        new RegExp(`FAIL  database: .*schema version ${newer}, written by a newer choto`),
      );
      assertEquals(await Deno.readFile(path), before);
    });
  },
});

/** Mounts a tmpfs of `mb` MB at `dir`; false when this machine does not let the tests mount. */
async function mountSmallDisk(dir: string, mb: number): Promise<boolean> {
  const out = await new Deno.Command("mount", {
    args: ["-t", "tmpfs", "-o", `size=${mb}m,mode=0700`, "tmpfs", dir],
    stdout: "null",
    stderr: "piped",
  }).output().catch(() => null);
  return Boolean(out?.success);
}

/** Fills the disk holding `dir` until it has no room left, in ever smaller writes; the file that did it. */
async function fill(dir: string): Promise<string> {
  const file = `${dir}/filler`;
  const f = await Deno.open(file, { create: true, write: true });
  try {
    for (const size of [64 * 1024, 4096, 512, 1]) {
      const chunk = new Uint8Array(size);
      for (;;) {
        try {
          await f.write(chunk);
        } catch {
          break; // no room for this size: try a smaller one
        }
      }
    }
  } finally {
    f.close();
  }
  return file;
}

Deno.test({
  ...testOpts,
  name:
    "a full disk: the write says the disk is full and what was not stored, reads go on, and writes work once space is back",
  ignore: Deno.build.os !== "linux",
  async fn() {
    await inFolder(async (dir) => {
      const disk = `${dir}/disk`;
      await Deno.mkdir(disk);
      if (!await mountSmallDisk(disk, 8)) {
        if (Deno.env.get("CI")) {
          throw new Error("CI is set but this machine cannot mount a tmpfs for the full-disk test");
        }
        console.warn("skipping the full-disk test: mounting a small tmpfs needs root");
        return;
      }
      try {
        const path = `${disk}/choto.db`;
        const s = await server(path);
        try {
          assert(!(await s.call("mission_start", { goal: "on a small disk", items: ITEMS })).isError);
          const filler = await fill(disk);

          const full = await mark(s, 1);
          assert(full.isError, full.text);
          assertMatch(
            full.text,
            /the mark of item 1 as passed was not stored: the disk holding .*choto\.db is full/,
          );
          assertMatch(full.text, /once some space is freed the next call stores again/);
          // Reads are answered from what was stored.
          const status = await s.call("mission_status", {});
          assert(!status.isError, status.text);
          assertMatch(status.text, /0 of 4 passed/);
          assert(!(await s.call("recall", {})).isError);

          await Deno.remove(filler);
          const after = await mark(s, 1);
          assert(!after.isError, after.text);
          assertMatch(after.text, /1 of 4 passed/);
        } finally {
          await s.close();
        }
        assertEquals(contents(path).marked, ["item 1"]);
      } finally {
        await new Deno.Command("umount", { args: ["-l", disk] }).output();
      }
    });
  },
});
