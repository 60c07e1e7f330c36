/**
 * What an HTTP client can make the server hold is bounded: a body over the
 * limit is refused before it is read (413), a request without Host is
 * refused, sessions left unused expire, their number is capped with the
 * session idle the longest closed first (one in use never is). What 1,000
 * abandoned sessions cost in memory is a budget, checked apart from the
 * parallel unit run: tests/alone_http_memory_test.ts.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { serveHttp } from "../src/server/http.ts";
import { FakeDesktop, fakeServices } from "./support/fake_desktop.ts";
import { sleep } from "../src/common/time.ts";

const TOKEN = "bounds-token-0123456789-abcdefghijkl";
const AUTH = { authorization: `Bearer ${TOKEN}` };

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
});

/** Opens a session with one raw initialize, as a client that then leaves; its id. */
async function initialize(url: string): Promise<string> {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...AUTH },
    body: INITIALIZE,
  });
  await r.body?.cancel();
  assertEquals(r.status, 200);
  return r.headers.get("mcp-session-id")!;
}

/** A ping in a session: its HTTP status (404 once the session was closed). */
async function ping(url: string, session: string): Promise<number> {
  const r = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": session,
      "mcp-protocol-version": "2025-06-18",
      ...AUTH,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
  });
  await r.body?.cancel();
  return r.status;
}

/** Sends raw bytes over TCP and returns the status line of the answer ("no answer" after 5 s). */
async function raw(port: number, request: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await conn.write(new TextEncoder().encode(request));
    const buf = new Uint8Array(4096);
    const n = await Promise.race([
      conn.read(buf),
      new Promise<"late">((r) => timer = setTimeout(() => r("late"), 5000)),
    ]);
    if (n === "late") return "no answer within 5 s";
    return new TextDecoder().decode(buf.subarray(0, n ?? 0)).split("\r\n")[0];
  } finally {
    clearTimeout(timer);
    conn.close();
  }
}

async function inProcess(
  sessions: { idleMs: number; max: number },
  fn: (url: string, port: number) => Promise<void>,
): Promise<void> {
  const services = fakeServices(new FakeDesktop());
  const http = serveHttp(services, {
    host: "127.0.0.1",
    port: 0,
    token: TOKEN,
    allowedOrigins: [],
    sessions,
    maxBodyBytes: 64 * 1024,
  });
  const port = (http.addr as Deno.NetAddr).port;
  try {
    await fn(`http://127.0.0.1:${port}/mcp`, port);
  } finally {
    await http.shutdown();
    await services.close();
  }
}

const opts = { sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...opts,
  name: "a body over the limit is refused before it is read, and a request without Host is refused",
  async fn() {
    await inProcess({ idleMs: 60_000, max: 8 }, async (url, port) => {
      // A declared 50 MB body is refused at once: the client has sent none of it.
      const declared = await raw(
        port,
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n` +
          "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n" +
          "Content-Length: 50000000\r\n\r\n{",
      );
      assertMatch(declared, /^HTTP\/1\.1 413/);
      // A body sent without a length is cut off where it passes the limit.
      const big = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...AUTH,
        },
        body: new ReadableStream({
          start(c) {
            for (let i = 0; i < 40; i++) c.enqueue(new TextEncoder().encode(" ".repeat(4096)));
            c.close();
          },
        }),
      });
      assertEquals(big.status, 413);
      assertMatch(await big.text(), /request body too large: choto reads at most 65536 bytes/);
      const noHost = await raw(
        port,
        `POST /mcp HTTP/1.1\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 2\r\n\r\n{}`,
      );
      assertMatch(noHost, /^HTTP\/1\.1 400/);
      // A normal session still works.
      assertEquals(await ping(url, await initialize(url)), 200);
    });
  },
});

Deno.test({
  ...opts,
  name: "sessions left unused expire, and past the cap the one idle longest is closed first",
  async fn() {
    // An idle time long enough that a loaded machine never lets a session lapse before it is pinged.
    await inProcess({ idleMs: 2_000, max: 3 }, async (url) => {
      const a = await initialize(url);
      const b = await initialize(url);
      const c = await initialize(url);
      await sleep(50);
      assertEquals(await ping(url, a), 200); // a is now the most recently used
      const d = await initialize(url); // at the cap: b, idle the longest, makes room
      assertEquals(await ping(url, b), 404);
      for (const s of [a, c, d]) assertEquals(await ping(url, s), 200);
      // Unused for longer than the idle time (and a sweep, every quarter of it), all of them go.
      await sleep(3_000);
      for (const s of [a, c, d]) assertEquals(await ping(url, s), 404);
    });
  },
});

Deno.test({
  ...opts,
  name: "a session with a call in flight is never closed to make room: a new one is refused instead",
  async fn() {
    await inProcess({ idleMs: 60_000, max: 1 }, async (url) => {
      const client = new Client({ name: "busy", version: "0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: AUTH } }),
      );
      try {
        const running = client.callTool({
          name: "execute_plan",
          arguments: { steps: [{ action: "wait", amount: 4000 }] },
        });
        running.catch(() => {}); // awaited below; a failed assertion first must not leave it dangling
        // Time for the call to reach the server even on a loaded machine; it then waits 3 s more.
        await sleep(1000);
        const r = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            ...AUTH,
          },
          body: INITIALIZE,
        });
        assertEquals(r.status, 503);
        assertMatch(await r.text(), /all 1 sessions are in use/);
        const done = await running;
        assert(!done.isError, JSON.stringify(done));
      } finally {
        await client.close();
      }
    });
  },
});

Deno.test({
  ...opts,
  name: "past the cap of 32 sessions, the oldest abandoned ones are closed and the newest 32 stay open",
  async fn() {
    await inProcess({ idleMs: 60_000, max: 32 }, async (url) => {
      const ids: string[] = [];
      for (let batch = 0; batch < 4; batch++) {
        ids.push(...await Promise.all(Array.from({ length: 10 }, () => initialize(url))));
      }
      const open = await Promise.all(ids.map((id) => ping(url, id)));
      assertEquals(open.filter((s) => s === 404).length, 8);
      assertEquals(open.slice(-32), Array(32).fill(200));
    });
  },
});
