/**
 * One pair of hands per display, across processes: the display's lock file
 * (two handles on one file stand for two choto processes), the note its
 * holder leaves, a note left by a process that died, the waiter's words,
 * and the actor that takes its turn here and then the lock.
 */

import { Actor } from "../src/tools/support/actor.ts";
import { lockFolders, screenKey } from "../src/tools/support/screen_key.ts";
import { openScreenLock, ScreenLock } from "../src/tools/support/screen_lock.ts";
import { processAlive } from "../src/common/process_alive.ts";
import { turnRefusal, waitedText } from "../src/render/turn_text.ts";
import { toResult } from "../src/tools/tool.ts";
import { sleep } from "../src/common/time.ts";
import { assert, assertEquals, assertMatch, assertNotMatch } from "./support/assert.ts";

const textOf = (r: { content: Array<{ type: string; text?: string }> }) => r.content[0].text ?? "";
const none = new AbortController().signal;

/** The pid of a process that has already ended. */
async function deadPid(): Promise<number> {
  const child = new Deno.Command("true").spawn();
  await child.status;
  return child.pid;
}

async function withLockFolder(fn: (dir: string) => Promise<void> | void): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "choto-lock-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the lock's name: one per X server whatever the screen, one per user on macOS", () => {
  assertEquals(screenKey("linux", ":1", 1000), "display-1");
  assertEquals(screenKey("linux", ":1.0", 1000), "display-1");
  assertEquals(screenKey("linux", "unix:1.0", 1000), "display-1");
  assertEquals(screenKey("linux", " :12 ", 1000), "display-12");
  assertEquals(screenKey("linux", "localhost:10.0", 1000), "display-localhost-10");
  assertEquals(screenKey("linux", "../../etc:1", 1000), "display-.._.._etc-1");
  assertEquals(screenKey("linux", undefined, 1000), "display-unset");
  assertEquals(screenKey("darwin", undefined, 501), "session-501");
  assertEquals(screenKey("darwin", ":0", 501), "session-501");
});

Deno.test("the lock's folder: beside the default database whatever CHOTO_DB says, then beside the database, then /tmp", () => {
  const def = "/home/u/.local/share/choto/choto.db";
  assertEquals(lockFolders("/data/x/choto.db", 1000, def), [
    "/home/u/.local/share/choto/locks",
    "/data/x/locks",
    "/tmp/choto-1000-locks",
  ]);
  assertEquals(lockFolders(def, 1000, def), ["/home/u/.local/share/choto/locks", "/tmp/choto-1000-locks"]);
  assertEquals(lockFolders(":memory:", null, def), [
    "/home/u/.local/share/choto/locks",
    "/tmp/choto-user-locks",
  ]);
});

Deno.test("a folder that cannot hold the lock is passed over for the next", async () => {
  await withLockFolder((dir) => {
    Deno.writeTextFileSync(`${dir}/a-file`, "");
    const lock = openScreenLock([`${dir}/a-file/locks`, `${dir}/locks`], "display-7", null);
    assert(lock);
    assertEquals(lock.path, `${dir}/locks/display-7.lock`);
    assert(lock.writable);
  });
});

Deno.test("two handles on one lock file: the second cannot take it until the first lets go, and reads who holds it", async () => {
  await withLockFolder((dir) => {
    const a = openScreenLock([dir], "display-1", null)!;
    const b = openScreenLock([dir], "display-1", null)!;
    const since = Date.now() - 3000;
    assert(a.tryTake({ pid: Deno.pid, tool: "execute_plan", client: "claude-ai", since }));
    assertEquals(b.tryTake({ pid: Deno.pid, tool: "focus_app", client: null, since: Date.now() }), false);
    assertEquals(b.holder(), { pid: Deno.pid, tool: "execute_plan", client: "claude-ai", since });
    a.release();
    // The note goes with the lock.
    assertEquals(b.holder(), null);
    assert(b.tryTake({ pid: Deno.pid, tool: "focus_app", client: null, since: Date.now() }));
    assertEquals(a.tryTake({ pid: Deno.pid, tool: "point", client: null, since: Date.now() }), false);
    assertEquals(a.holder()?.tool, "focus_app");
    b.release();
  });
});

Deno.test("a handle that may only read the lock file still locks it, and writes no note", async () => {
  await withLockFolder((dir) => {
    const writer = openScreenLock([dir], "display-3", null)!;
    const reader = new ScreenLock(writer.path, false);
    assert(reader.tryTake({ pid: Deno.pid, tool: "execute_plan", client: null, since: Date.now() }));
    assertEquals(writer.tryTake({ pid: Deno.pid, tool: "point", client: null, since: Date.now() }), false);
    assertEquals(writer.holder(), null);
    reader.release();
    assert(writer.tryTake({ pid: Deno.pid, tool: "point", client: null, since: Date.now() }));
    writer.release();
  });
});

Deno.test("a note left by a process that died names nobody, and the lock it held is free", async () => {
  await withLockFolder(async (dir) => {
    const dead = await deadPid();
    assertEquals(processAlive(dead), false);
    assertEquals(processAlive(Deno.pid), true);
    const lock = openScreenLock([dir], "display-2", null)!;
    Deno.writeTextFileSync(
      lock.notePath,
      JSON.stringify({ pid: dead, tool: "execute_plan", client: "gone", since: Date.now() - 60_000 }),
    );
    assertEquals(lock.holder(), null);
    // Its process took the lock with it: the next caller takes it at once and its note replaces the old one.
    assert(lock.tryTake({ pid: Deno.pid, tool: "focus_app", client: "here", since: Date.now() }));
    assertEquals(new ScreenLock(lock.path, false).holder()?.client, "here");
    lock.release();
    // A note that is not one is no holder either.
    Deno.writeTextFileSync(lock.notePath, "{not json");
    assertEquals(lock.holder(), null);
    Deno.writeTextFileSync(lock.notePath, JSON.stringify({ pid: Deno.pid, tool: 7, since: 0 }));
    assertEquals(lock.holder(), null);
  });
});

Deno.test("the waiter's words: how long, and for which process, tool and client; a refusal says nothing was done", () => {
  const now = 1_000_000;
  const holder = { pid: 4242, tool: "execute_plan", client: "Claude\u202eDesktop\n", since: now - 2500 };
  assertEquals(
    waitedText(1234, { process: holder }),
    '(waited 1.2 s for another choto process (pid 4242, execute_plan for "Claude Desktop") to finish on this display)',
  );
  assertEquals(
    waitedText(800, { process: null }),
    "(waited 0.8 s for another choto process to finish on this display)",
  );
  assertEquals(
    waitedText(300, { here: "focus_app" }),
    "(waited 0.3 s for the call before it to finish)",
  );
  const refused = turnRefusal("execute_plan", { process: holder }, {
    kind: "limit",
    waitedMs: 1500,
    own: true,
  }, now);
  assertMatch(
    refused,
    /^execute_plan refused: another choto process \(pid 4242, execute_plan for "Claude Desktop", acting for 2\.5 s\) is acting on this display and one call acts at a time; it waited 1\.5 s, the limit its own time limit sets\. Nothing was done\. /,
  );
  assertNotMatch(refused, /[\n\u202e]/);
});

/** Two actors, each with its own handle on one lock file: two choto processes on one display. */
function twoProcesses(dir: string, maxWaitMs = 10_000): [Actor, Actor] {
  const a = new Actor(maxWaitMs, 4, { firstMs: 5, mostMs: 20 });
  const b = new Actor(maxWaitMs, 4, { firstMs: 5, mostMs: 20 });
  a.shareScreen(openScreenLock([dir], "display-9", null));
  b.shareScreen(openScreenLock([dir], "display-9", null));
  return [a, b];
}

Deno.test("across processes: the second waits, runs after the first has let go of its input, and names whom it waited for", async () => {
  await withLockFolder(async (dir) => {
    const [a, b] = twoProcesses(dir);
    const order: string[] = [];
    const turn = (name: string, ms: number) => async () => {
      order.push(`${name} start`);
      await sleep(ms);
      order.push(`${name} end`);
      return toResult({ ok: true, text: name, structured: {} });
    };
    const release = (name: string) => () => (order.push(`${name} released`), Promise.resolve());
    const first = a.run(
      { tool: "execute_plan", signal: none, client: "client-a", release: release("A") },
      turn("A", 150),
    );
    await sleep(30);
    const second = await b.run({
      tool: "execute_plan",
      signal: none,
      client: "client-b",
      release: release("B"),
    }, turn("B", 5));
    assertEquals(textOf(await first), "A");
    assertEquals(order, ["A start", "A end", "A released", "B start", "B end", "B released"]);
    assertMatch(
      textOf(second),
      new RegExp(
        `^\\(waited \\d+\\.\\d s for another choto process \\(pid ${Deno.pid}, execute_plan for "client-a"\\) to finish on this display\\)\\nB$`,
      ),
    );
  });
});

Deno.test("across processes: input is let go of and the lock passes on when the turn throws", async () => {
  await withLockFolder(async (dir) => {
    const [a, b] = twoProcesses(dir);
    const order: string[] = [];
    const failing = a.run(
      { tool: "execute_plan", signal: none, release: () => (order.push("A released"), Promise.resolve()) },
      async () => {
        await sleep(50);
        throw new Error("boom");
      },
    );
    await sleep(10);
    const next = b.run({ tool: "focus_app", signal: none }, () => {
      order.push("B start");
      return Promise.resolve(toResult({ ok: true, text: "B", structured: {} }));
    });
    let thrown = "";
    await failing.catch((e) => thrown = (e as Error).message);
    assertEquals(thrown, "boom");
    assertMatch(textOf(await next), /^\(waited .* another choto process .*\nB$/);
    assertEquals(order, ["A released", "B start"]);
  });
});

Deno.test("across processes: a wait past the call's own limit, or cancelled, is refused and nothing runs", async () => {
  await withLockFolder(async (dir) => {
    const [a, b] = twoProcesses(dir);
    let ran = 0;
    const never = () => {
      ran++;
      return Promise.resolve(toResult({ ok: true, text: "x", structured: {} }));
    };
    const long = a.run({ tool: "execute_plan", signal: none, client: "client-a" }, async () => {
      await sleep(400);
      return toResult({ ok: true, text: "long", structured: {} });
    });
    await sleep(20);
    const late = await b.run({ tool: "execute_plan", signal: none, waitLimitMs: 60 }, never);
    assert(late.isError);
    assertMatch(
      textOf(late),
      /^execute_plan refused: another choto process \(pid \d+, execute_plan for "client-a", .*\) is acting on this display .* the limit its own time limit sets\. Nothing was done\./,
    );
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    const cancelled = await b.run({ tool: "point", signal: ac.signal }, never);
    assertMatch(
      textOf(cancelled),
      /^point refused: another choto process .* the client cancelled it while it waited\./,
    );
    await long;
    assertEquals(ran, 0);
    // Once the first has finished, the screen is free at once and the reply says no wait.
    assertEquals(textOf(await b.run({ tool: "point", signal: none }, never)), "x");
  });
});
