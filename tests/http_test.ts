/**
 * `choto serve --http` with a real SDK client over Streamable HTTP: a
 * missing or wrong token is 401, a foreign Origin or Host is 403, the right
 * token gets a session that lists and calls tools, each client gets its own
 * session, and the generated token is kept 0600.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { gate } from "../src/server/http.ts";

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
      assertMatch(refused, /origin http:\/\/evil.example is not allowed/);
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
  name: "serve --http generates a token once, keeps it 0600 and says where",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "choto-http-" });
    const env = Deno.env.toObject();
    delete env.CHOTO_HTTP_TOKEN;
    const server = await startHttp(dir, env);
    let log = "";
    try {
      const token = (await Deno.readTextFile(`${dir}/http-token`)).trim();
      assertEquals(token.length, 64);
      assertEquals((await Deno.stat(`${dir}/http-token`)).mode! & 0o777, 0o600);
      assertEquals(await status(server.url, { authorization: `Bearer ${token}` }), 200);
    } finally {
      log = await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
    assertMatch(log, /bearer token from .*http-token/);
  },
});

Deno.test("a request naming another host is refused, against DNS rebinding", () => {
  const opts = { host: "127.0.0.1", port: 8767, token: TOKEN, allowedOrigins: ["https://app.example"] };
  const req = (headers: Record<string, string>) =>
    new Request("http://127.0.0.1:8767/mcp", {
      method: "POST",
      headers: { host: "127.0.0.1:8767", authorization: `Bearer ${TOKEN}`, ...headers },
    });
  assertEquals(gate(req({ host: "evil.example:8767" }), opts)?.status, 403);
  assertEquals(gate(req({ host: "localhost:8767" }), opts), null);
  assertEquals(gate(req({ origin: "https://app.example" }), opts), null);
  assertEquals(gate(req({ origin: "http://localhost:8767" }), opts), null);
  assertEquals(gate(req({ origin: "http://localhost:9999" }), opts), null);
  assertEquals(gate(req({ origin: "http://localhost.evil.example" }), opts)?.status, 403);
  assertEquals(gate(req({ origin: "null" }), opts)?.status, 403);
});
