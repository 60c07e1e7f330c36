/**
 * The gate of `serve --http` against what a hostile client sends: a
 * malformed Host or Origin (raw HTTP/1.1 over TCP, which fetch cannot send)
 * is 400 and no refusal repeats a header; wrong tokens past the limit are
 * 429 with Retry-After until the refusal ends, while a session already open
 * keeps working; the limiter's memory is bounded; a weak token is refused at
 * start with how to make one, and nothing listens; a token file rewritten
 * with a weak token keeps the old one.
 */

import { assert, assertEquals, assertMatch, assertNotMatch } from "./support/assert.ts";
import { ALL_FLAGS, runChoto } from "./support/cli.ts";
import { FakeDesktop, fakeServices } from "./support/fake_desktop.ts";
import { freePort } from "./support/http.ts";
import { serveHttp } from "../src/server/http.ts";
import { parseAuthority, parseOrigin } from "../src/server/http_headers.ts";
import { clientOf, FailureLimiter, OVERFLOW_CLIENT } from "../src/server/http_limiter.ts";
import { TokenFile, tokenProblem } from "../src/server/http_token.ts";
import type { FailureLimits } from "../src/server/http_limiter.ts";
import { sleep } from "../src/common/time.ts";

const TOKEN = "gate-token-0123456789-abcdefghijklmn";

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
});

/** Sends raw bytes over TCP and reads the whole answer (the request asks to close). */
async function raw(port: number, head: string): Promise<{ status: number; text: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode(head));
    const chunks: Uint8Array[] = [];
    const buf = new Uint8Array(16384);
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
    const text = new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
    return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text };
  } finally {
    conn.close();
  }
}

/** A POST to /mcp with `headers` written as given (each "Name: value"), the right token and an initialize body. */
function post(headers: string[], token = TOKEN): string {
  return [
    "POST /mcp HTTP/1.1",
    ...headers,
    `Authorization: Bearer ${token}`,
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
    `Content-Length: ${INITIALIZE.length}`,
    "Connection: close",
    "",
    INITIALIZE,
  ].join("\r\n");
}

const SMALL_LIMITS: FailureLimits = {
  max: 10,
  windowMs: 60_000,
  firstBlockMs: 1_500,
  maxBlockMs: 3_000,
  forgetMs: 60_000,
  clients: 16,
};

async function inProcess(fn: (port: number, log: string[]) => Promise<void>): Promise<void> {
  const services = fakeServices(new FakeDesktop());
  const log: string[] = [];
  const http = serveHttp(services, {
    host: "127.0.0.1",
    port: 0,
    token: TOKEN,
    allowedOrigins: ["https://app.example"],
    failures: SMALL_LIMITS,
    log: (line) => log.push(line),
  });
  try {
    await fn((http.addr as Deno.NetAddr).port, log);
  } finally {
    await http.shutdown();
    await services.close();
  }
}

const opts = { sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...opts,
  name: "a malformed Host or Origin is 400, and no refusal repeats a header",
  async fn() {
    await inProcess(async (port) => {
      const marker = "zq7marker";
      const malformed: Array<[string, string[]]> = [
        ["a space", [`Host: ${marker} x`]],
        ["a tab", [`Host: 127.0.0.1\t${marker}`]],
        ["a path", [`Host: 127.0.0.1/${marker}`]],
        ["a user name", [`Host: ${marker}@127.0.0.1`]],
        ["a query", [`Host: 127.0.0.1?${marker}`]],
        ["a fragment", [`Host: 127.0.0.1#${marker}`]],
        ["a backslash", [`Host: 127.0.0.1\\${marker}`]],
        ["a percent escape", [`Host: %31${marker}`]],
        ["an empty value", ["Host: "]],
        ["a non-numeric port", [`Host: 127.0.0.1:${marker}`]],
        ["a port past 65535", ["Host: 127.0.0.1:99999"]],
        ["an empty port", ["Host: 127.0.0.1:"]],
        ["an open bracket", [`Host: [::1${marker}`]],
        ["several values in one", [`Host: 127.0.0.1, ${marker}`]],
        ["an overlong name", [`Host: ${marker}${"a".repeat(300)}`]],
        ["a non-ASCII name", [`Host: caf\u00e9${marker}`]],
        ["an origin with a path", ["Host: 127.0.0.1", `Origin: http://127.0.0.1/${marker}`]],
        ["an origin with a user name", ["Host: 127.0.0.1", `Origin: http://${marker}@127.0.0.1`]],
        ["two origins", ["Host: 127.0.0.1", "Origin: http://127.0.0.1", `Origin: http://${marker}`]],
        ["an unparseable origin", ["Host: 127.0.0.1", `Origin: ${marker} x`]],
        ["an empty origin", ["Host: 127.0.0.1", "Origin: "]],
        ["an origin with a bad port", ["Host: 127.0.0.1", `Origin: http://127.0.0.1:${marker}`]],
        ["an overlong origin", ["Host: 127.0.0.1", `Origin: http://${marker}${"a".repeat(400)}`]],
      ];
      for (const [what, headers] of malformed) {
        const { status, text } = await raw(port, post(headers));
        assertEquals(status, 400, `${what}: ${text}`);
        assertNotMatch(text, new RegExp(marker), `${what} was repeated: ${text}`);
        assertNotMatch(text, /aaaaaaaa/, `${what} was repeated: ${text}`);
      }
      // Each says what to send instead.
      assertMatch(
        (await raw(port, post([`Host: ${marker} x`]))).text,
        /the Host header is malformed: send one Host/,
      );
      assertMatch(
        (await raw(port, post(["Host: 127.0.0.1", `Origin: ${marker} x`]))).text,
        /the Origin header is malformed: send at most one, as scheme:\/\/host\[:port\]/,
      );
      // A well-formed but foreign Host or Origin is 403, also without repeating it.
      for (
        const headers of [[`Host: ${marker}.example:${port}`], [
          "Host: 127.0.0.1",
          `Origin: http://${marker}.example`,
        ]]
      ) {
        const { status, text } = await raw(port, post(headers));
        assertEquals(status, 403, text);
        assertNotMatch(text, new RegExp(marker), text);
      }
      // An unsupported protocol version inside a session is refused without repeating it (the SDK would).
      const opened = await raw(port, post([`Host: 127.0.0.1:${port}`]));
      assertEquals(opened.status, 200, opened.text);
      const session = /mcp-session-id: (\S+)/i.exec(opened.text)![1];
      const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
      const versioned = await raw(
        port,
        [
          "POST /mcp HTTP/1.1",
          `Host: 127.0.0.1:${port}`,
          `Authorization: Bearer ${TOKEN}`,
          "Content-Type: application/json",
          "Accept: application/json, text/event-stream",
          `Mcp-Session-Id: ${session}`,
          `Mcp-Protocol-Version: 1999-${marker}`,
          `Content-Length: ${ping.length}`,
          "Connection: close",
          "",
          ping,
        ].join("\r\n"),
      );
      assertEquals(versioned.status, 400, versioned.text);
      assertMatch(versioned.text, /unsupported MCP-Protocol-Version: send one of/);
      assertNotMatch(versioned.text, new RegExp(marker), versioned.text);
      // Well-formed names pass: an IPv6 loopback, a name without a port, an allowed origin.
      for (
        const headers of [["Host: [::1]:8767"], ["Host: localhost"], [
          "Host: 127.0.0.1",
          "Origin: https://app.example",
        ]]
      ) {
        const { status, text } = await raw(port, post(headers));
        assertEquals(status, 200, `${headers.join(" ")}: ${text}`);
      }
    });
  },
});

Deno.test({
  ...opts,
  name:
    "wrong tokens past the limit are 429 with Retry-After; an open session keeps working; the owner gets in after",
  async fn() {
    await inProcess(async (port, log) => {
      const host = `Host: 127.0.0.1:${port}`;
      const opened = await raw(port, post([host]));
      assertEquals(opened.status, 200, opened.text);
      const session = /mcp-session-id: (\S+)/i.exec(opened.text)![1];
      // A request without any token is no guess: it never counts.
      for (let i = 0; i < 12; i++) {
        const r = await raw(port, post([host]).replace(/Authorization: [^\r]*\r\n/, ""));
        assertEquals(r.status, 401);
      }
      for (let i = 0; i < SMALL_LIMITS.max; i++) {
        assertEquals((await raw(port, post([host], `wrong-${i}`))).status, 401, `wrong token ${i + 1}`);
      }
      // Now every new request is refused, the right token's too: a refusal never weighs a token.
      for (const token of ["wrong-again", TOKEN]) {
        const { status, text } = await raw(port, post([host], token));
        assertEquals(status, 429, text);
        assertMatch(text, /\r\nretry-after: \d+\r\n/i);
        assertMatch(
          text,
          /too many wrong bearer tokens: wait \d+ s \(Retry-After\), then send the right one/,
        );
      }
      // The owner's open session is still served.
      const ping = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" });
      const inSession = (token: string) =>
        [
          "POST /mcp HTTP/1.1",
          host,
          `Authorization: Bearer ${token}`,
          "Content-Type: application/json",
          "Accept: application/json, text/event-stream",
          `Mcp-Session-Id: ${session}`,
          `Content-Length: ${ping.length}`,
          "Connection: close",
          "",
          ping,
        ].join("\r\n");
      assertEquals((await raw(port, inSession(TOKEN))).status, 200);
      assertEquals((await raw(port, inSession("wrong-in-session"))).status, 429);
      assertEquals(log.length, 1, log.join("\n"));
      assertMatch(
        log[0],
        /10 wrong bearer tokens from loopback clients within 60 s: .*refused \(429\) for 2 s/,
      );
      // Once the refusal is over, the right token gets in.
      await sleep(SMALL_LIMITS.firstBlockMs + 200);
      assertEquals((await raw(port, post([host]))).status, 200);
    });
  },
});

Deno.test("refusals double up to the cap, are forgotten after a quiet while, and the table stays bounded", () => {
  let now = 1_000_000;
  const limits: FailureLimits = { ...SMALL_LIMITS, firstBlockMs: 1000, maxBlockMs: 5000, clients: 4 };
  const limiter = new FailureLimiter(limits, () => now);
  const burst = (client: string) => {
    let blocked = 0;
    for (let i = 0; i < limits.max; i++) blocked = limiter.failed(client).blockedMs;
    return blocked;
  };
  const lengths: number[] = [];
  for (let i = 0; i < 5; i++) {
    lengths.push(burst("loopback"));
    assertEquals(limiter.blockedFor("loopback"), lengths[i]);
    now += lengths[i];
    assertEquals(limiter.blockedFor("loopback"), 0);
  }
  assertEquals(lengths, [1000, 2000, 4000, 5000, 5000]);
  // Quiet for longer than forgetMs: the next refusal is the first again.
  now += limits.forgetMs + 1;
  assertEquals(burst("loopback"), 1000);
  // A new address per wrong token never grows the table past its bound: the rest share one record.
  for (let i = 0; i < 1000; i++) limiter.failed(`10.0.${i >> 8}.${i & 255}`);
  assert(limiter.size <= limits.clients, `${limiter.size} clients remembered`);
  assert(limiter.blockedFor("10.9.9.9") > 0, "the shared record was not refused");
  assertEquals(limiter.failed("10.9.9.9").counted, OVERFLOW_CLIENT);
  // Once the records are stale, new clients get their own again.
  now += limits.windowMs + limits.forgetMs + limits.maxBlockMs + 1;
  assertEquals(limiter.failed("192.0.2.1").counted, "192.0.2.1");
});

Deno.test("every loopback address is one client, and an IPv6 client is its /64", () => {
  const tcp = (hostname: string): Deno.NetAddr => ({ transport: "tcp", hostname, port: 1 });
  for (const a of ["127.0.0.1", "127.0.0.5", "127.255.0.9", "::1", "::ffff:127.0.0.2"]) {
    assertEquals(clientOf(tcp(a)), "loopback", a);
  }
  assertEquals(clientOf(tcp("192.0.2.7")), "192.0.2.7");
  assertEquals(clientOf(tcp("::ffff:192.0.2.7")), "192.0.2.7");
  assertEquals(clientOf(tcp("2001:db8:1:2::5")), clientOf(tcp("2001:db8:1:2:ffff:1:2:3")));
  assert(clientOf(tcp("2001:db8:1:2::5")) !== clientOf(tcp("2001:db8:1:3::5")));
});

Deno.test("the Host and Origin readers take an authority and nothing else", () => {
  assertEquals(parseAuthority("LocalHost:8767"), { name: "localhost", port: 8767 });
  assertEquals(parseAuthority("[::1]"), { name: "[::1]", port: null });
  for (
    const bad of ["", ":80", "a b", "a/b", "u@h", "h:", "h:x", "h:70000", "[::1", "[zz]", "::1", "h:1:2"]
  ) {
    assertEquals(parseAuthority(bad), null, bad);
  }
  assertEquals(parseOrigin("null"), "null");
  assertEquals(parseOrigin("HTTPS://App.Example"), { scheme: "https", name: "app.example", port: null });
  for (const bad of ["", "x", "http://", "http://a/", "http://a, http://b", "//a", "http:a"]) {
    assertEquals(parseOrigin(bad), undefined, bad);
  }
});

Deno.test("the token rule: 32 characters, printable ASCII, 10 different ones", () => {
  assertMatch(tokenProblem("a1b2c3d4e5")!, /it has 10 characters, and a token needs at least 32/);
  assertMatch(tokenProblem("x".repeat(64))!, /only 1 different characters/);
  assertMatch(tokenProblem("passwordpasswordpasswordpassword")!, /only 7 different characters/);
  assertMatch(tokenProblem("0123456789abcdef 0123456789abcdef")!, /a space/);
  assertEquals(tokenProblem("0123456789abcdef0123456789abcdef"), null);
  assertEquals(tokenProblem(TOKEN), null);
  // What the refusals recommend passes: 32 random bytes in hex or base64.
  for (let i = 0; i < 200; i++) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    assertEquals(tokenProblem([...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")), null);
    assertEquals(tokenProblem(btoa(String.fromCharCode(...bytes))), null);
  }
});

Deno.test("a token file rewritten with a weak token, emptied or deleted keeps the token in force", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-token-" });
  const path = `${dir}/http-token`;
  const log: string[] = [];
  try {
    await Deno.writeTextFile(path, `${TOKEN}\n`);
    const file = new TokenFile(path, TOKEN, (line) => log.push(line));
    assertEquals(file.current(), TOKEN);
    assertEquals(log, []);
    await Deno.writeTextFile(path, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n");
    assertEquals(file.current(), TOKEN);
    await Deno.writeTextFile(path, "");
    assertEquals(file.current(), TOKEN);
    const next = "next-token-0123456789-abcdefghijklmnop";
    await Deno.writeTextFile(path, `${next}\n`);
    assertEquals(file.current(), next);
    await Deno.remove(path);
    assertEquals(file.current(), next);
    assertEquals(log.length, 4, log.join("\n"));
    assertMatch(log[0], /the new token in .* is refused \(it has only 1 different characters/);
    assertMatch(log[1], /is gone or empty/);
    assertMatch(log[2], /read again .*: the new one is in force/);
    assertMatch(log[3], /is gone or empty/);
    assert(!log.join("\n").includes("aaaa") && !log.join("\n").includes(next), log.join("\n"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  ...opts,
  name: "a weak token is refused at start with how to make one, and nothing listens",
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "choto-weak-token-" });
    try {
      const flags = [...ALL_FLAGS, "--allow-net=127.0.0.1"];
      const weak = "weak-token-1234";
      const port = await freePort();
      const args = ["serve", "--http", "--port", String(port), "--db", `${dir}/choto.db`];
      const fromEnv = await runChoto(args, { flags, env: { CHOTO_HTTP_TOKEN: weak } });
      assertEquals(fromEnv.code, 1, fromEnv.stderr);
      assertMatch(fromEnv.stderr, /CHOTO_HTTP_TOKEN is too weak to serve with: it has 15 characters/);
      assertMatch(fromEnv.stderr, /openssl rand -hex 32/);
      assert(!fromEnv.stderr.includes(weak), fromEnv.stderr);
      // Refused before the database was made.
      assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), []);
      // A weak token in the file is refused too, and the file is left as it is for its owner to replace.
      const repeated = "abcabcabcabcabcabcabcabcabcabcabcabc";
      await Deno.writeTextFile(`${dir}/http-token`, `${repeated}\n`);
      const fromFile = await runChoto(args, { flags, clearEnv: true });
      assertEquals(fromFile.code, 1, fromFile.stderr);
      assertMatch(
        fromFile.stderr,
        /the token in .*http-token is too weak to serve with: it has only 3 different/,
      );
      assertMatch(fromFile.stderr, /openssl rand -hex 32 > .*http-token/);
      assert(!fromFile.stderr.includes(repeated), fromFile.stderr);
      assertEquals((await Deno.readTextFile(`${dir}/http-token`)).trim(), repeated);
      // Nothing listens on the port.
      const listening = await Deno.connect({ hostname: "127.0.0.1", port }).then((c) => {
        c.close();
        return true;
      }, () => false);
      assert(!listening, "something listens on the port");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
