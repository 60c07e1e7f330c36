/**
 * What 1,000 sessions opened and abandoned add to the real server's resident
 * memory stays within a budget: each session shares the tool listing and the
 * JSON Schema validator (before they did, 1,000 sessions added 180 MB).
 *
 * A resource budget, so not part of `deno task test:unit`: run in parallel
 * with the rest, the server's garbage is collected later and the same run
 * measured 58.6 MB. `deno task test:alone` runs the `alone_` files one at a
 * time after the unit tests (`deno task test` does), and the budget has a
 * margin over what was measured with both cores kept busy (docs/safety.md).
 * That the newest 32 sessions stay open is a behaviour: tests/http_bounds_test.ts.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { ROOT } from "./support/mcp.ts";
import { sleep } from "../src/common/time.ts";
import { procText } from "../src/desktop/x11/procfs.ts";

const TOKEN = "bounds-token-0123456789-abcdefghijkl";
const AUTH = { authorization: `Bearer ${TOKEN}` };

/** What 1,000 sessions opened and abandoned may add to the server's memory at most. */
const ABANDONED_BUDGET_MB = 96;

/** Opens a session with one raw initialize, as a client that then leaves; its id. */
async function initialize(url: string): Promise<string> {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...AUTH },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
    }),
  });
  await r.body?.cancel();
  assertEquals(r.status, 200);
  return r.headers.get("mcp-session-id")!;
}

/** Resident memory of a process, in bytes (read through libc: Deno refuses /proc short of --allow-all). */
function rss(pid: number): number {
  const line = procText(`/proc/${pid}/status`)!.split("\n").find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.replace(/\D+/g, "")) * 1024;
}

/** The process serving HTTP: `deno task` runs the server as its child. */
function serverPid(pid: number): number {
  const children = (procText(`/proc/${pid}/task/${pid}/children`) ?? "").trim().split(/\s+/).filter(Boolean);
  return children.length ? serverPid(Number(children[0])) : pid;
}

Deno.test({
  name: `1,000 abandoned sessions add less than ${ABANDONED_BUDGET_MB} MB to the server's memory`,
  ignore: Deno.build.os !== "linux",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "choto-http-memory-" });
    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (l.addr as Deno.NetAddr).port;
    l.close();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["task", "--quiet", "start", "--http", "--port", String(port), "--db", `${dir}/choto.db`],
      cwd: ROOT,
      env: { ...Deno.env.toObject(), CHOTO_HTTP_TOKEN: TOKEN, DISPLAY: ":1999", NO_COLOR: "1" },
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    const url = `http://127.0.0.1:${port}/mcp`;
    try {
      for (let i = 0; i < 300; i++) {
        if (await fetch(url).then((r) => r.body?.cancel(), () => "down") !== "down") break;
        await sleep(100);
      }
      const pid = serverPid(child.pid);
      // Warm up, so the first session's one-time costs are not counted as growth.
      for (let i = 0; i < 20; i++) await initialize(url);
      const before = rss(pid);
      for (let batch = 0; batch < 100; batch++) {
        await Promise.all(Array.from({ length: 10 }, () => initialize(url)));
      }
      const grownMb = (rss(pid) - before) / 1048576;
      console.log(`RSS after 1,000 abandoned sessions: +${grownMb.toFixed(1)} MB`);
      assert(grownMb < ABANDONED_BUDGET_MB, `RSS grew by ${grownMb.toFixed(1)} MB`);
    } finally {
      child.kill("SIGTERM");
      await child.status;
      await Deno.remove(dir, { recursive: true });
    }
  },
});
