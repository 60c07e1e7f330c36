/**
 * `choto serve --http` with a real SDK client over Streamable HTTP: a
 * missing or wrong token is 401, a foreign Origin or Host is 403, the right
 * token gets a session that lists and calls tools, each client gets its own
 * session, the generated token is kept 0600, and a token written into its
 * file takes over without a restart unless it is too weak.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { Gate } from "../src/server/http_gate.ts";

import { connect, startHttp, TOKEN } from "./support/http.ts";

async function status(url: string, headers: Record<string, string>): Promise<number> {
  const r = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
    }),
  });
  await r.body?.cancel();
  return r.status;
}

Deno.test({
  name: "serve --http: 401 without the token, 403 from a foreign origin, sessions with it",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "choto-http-" });
    const server = await startHttp(dir, { ...Deno.env.toObject(), CHOTO_HTTP_TOKEN: TOKEN });
    try {
      const good = { authorization: `Bearer ${TOKEN}` };
      assertEquals(await status(server.url, {}), 401);
      assertEquals(await status(server.url, { authorization: "Bearer wrong" }), 401);
      assertEquals(await status(server.url, { ...good, origin: "http://evil.example" }), 403);
      assertEquals(await status(server.url, { ...good, origin: "http://127.0.0.1.evil.example:80" }), 403);
      assertEquals(await status(server.url, good), 200);

      // The SDK client: a wrong token or a foreign origin fails to connect; the right token lists and calls tools.
      let refused = "";
      await connect(server.url, { authorization: "Bearer wrong" }).catch((e) => refused = String(e));
      assertMatch(refused, /bearer token is required/);
      await connect(server.url, { ...good, origin: "http://evil.example" }).catch((e) => refused = String(e));
      assertMatch(refused, /this Origin is not allowed/);
      const a = await connect(server.url, good);
      const b = await connect(server.url, { ...good, origin: new URL(server.url).origin });
      const tools = await a.listTools();
      assert(tools.tools.some((t: { name: string }) => t.name === "observe"));
      const r = await b.callTool({ name: "recall", arguments: {} });
      assert(!r.isError, JSON.stringify(r));
      await a.close();
      await b.close();
    } finally {
      await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "serve --http generates a token once, keeps it 0600, says where, and takes a new one written there",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "choto-http-" });
    const env = Deno.env.toObject();
    delete env.CHOTO_HTTP_TOKEN;
    const server = await startHttp(dir, env);
    const file = `${dir}/http-token`;
    const rotated = "rotated-0123456789-abcdefghijklmnopqrstuvwxyz";
    const weak = "too-short-0123456789";
    let log = "";
    try {
      const token = (await Deno.readTextFile(file)).trim();
      assertEquals(token.length, 64);
      assertEquals((await Deno.stat(file)).mode! & 0o777, 0o600);
      assertEquals(await status(server.url, { authorization: `Bearer ${token}` }), 200);
      // Rotated in place, without a restart: the old token is refused at once, the new one works.
      await Deno.writeTextFile(file, `${rotated}\n`);
      assertEquals(await status(server.url, { authorization: `Bearer ${token}` }), 401);
      assertEquals(await status(server.url, { authorization: `Bearer ${rotated}` }), 200);
      // A token too weak to serve with is not taken: the one in force stays.
      await Deno.writeTextFile(file, `${weak}\n`);
      assertEquals(await status(server.url, { authorization: `Bearer ${weak}` }), 401);
      assertEquals(await status(server.url, { authorization: `Bearer ${rotated}` }), 200);
      // Nor is a deleted file.
      await Deno.remove(file);
      assertEquals(await status(server.url, { authorization: `Bearer ${rotated}` }), 200);
    } finally {
      log = await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
    assertMatch(log, /bearer token from .*http-token \(read again when it changes\)/);
    assertMatch(log, /bearer token read again from .*http-token: the new one is in force/);
    assertMatch(log, /the new token in .*http-token is refused \(it has 20 characters.*openssl rand -hex 32/);
    assertMatch(log, /http-token is gone or empty: keeping the token in force/);
    assert(!log.includes(weak) && !log.includes(rotated), log);
  },
});

Deno.test("a request naming another host is refused, against DNS rebinding", () => {
  const gate = new Gate({
    host: "127.0.0.1",
    port: 8767,
    token: TOKEN,
    allowedOrigins: ["https://app.example"],
  });
  const loopback: Deno.NetAddr = { transport: "tcp", hostname: "127.0.0.1", port: 40000 };
  const check = (r: Request) => gate.headers(r) ?? gate.token(r, loopback);
  const req = (headers: Record<string, string>) =>
    new Request("http://127.0.0.1:8767/mcp", {
      method: "POST",
      headers: { host: "127.0.0.1:8767", authorization: `Bearer ${TOKEN}`, ...headers },
    });
  assertEquals(check(req({ host: "evil.example:8767" }))?.status, 403);
  assertEquals(check(req({ host: "localhost:8767" })), null);
  assertEquals(check(req({ origin: "https://app.example" })), null);
  assertEquals(check(req({ origin: "http://localhost:8767" })), null);
  assertEquals(check(req({ origin: "http://localhost:9999" })), null);
  assertEquals(check(req({ origin: "http://localhost.evil.example" }))?.status, 403);
  assertEquals(check(req({ origin: "null" }))?.status, 403);
});
