/**
 * Both MCP revisions, through real clients of each SDK against `deno task
 * start`: the v2 client pinned to 2026-07-28 (no `initialize`, the envelope
 * on every request) and the v1 client on 2025-11-25, over stdio and over
 * Streamable HTTP. Each sees the same tools in the same order, reads the
 * map resource and, when it declares MCP Apps, the map view; a 2026-07-28
 * client also gets `server/discover`, `resultType` and the lists' cache
 * hints on the wire.
 */

import type { Client as ModernSdkClient } from "@modelcontextprotocol/client";
import type { Client as LegacySdkClient } from "@modelcontextprotocol/sdk/client/index.js";
import { listingOf } from "../src/server/server.ts";
import { APP_MIME, MAP_VIEW_URI, UI_EXTENSION } from "../src/server/map_link.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { connectModern, connectModernHttp, MODERN } from "./support/mcp_v2.ts";
import { connectServer, ROOT } from "./support/mcp.ts";
import { connect as connectLegacyHttp, startHttp, TOKEN } from "./support/http.ts";

const APPS = { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME] } } };
const NAMES = listingOf().map((t) => t.name);

/** What the test asks of a client of either SDK. */
interface AnyClient {
  listTools(): Promise<{ tools: Array<{ name: string; _meta?: Record<string, unknown> }> }>;
  callTool(
    p: { name: string; arguments: Record<string, unknown> },
  ): Promise<{ isError?: boolean; content: unknown }>;
  listResources(): Promise<{ resources: Array<{ uri: string }> }>;
  readResource(p: { uri: string }): Promise<{ contents: Array<{ mimeType?: string }> }>;
}

/** What every client must see, whatever its revision: the tools in order, a tool call, the map, the view. */
async function servesEverything(sdkClient: ModernSdkClient | LegacySdkClient, apps: boolean): Promise<void> {
  const client = sdkClient as unknown as AnyClient;
  const tools = await client.listTools();
  assertEquals(tools.tools.map((t) => t.name), NAMES);
  const recall = tools.tools.find((t) => t.name === "recall")!;
  assertEquals(
    (recall._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri,
    apps ? MAP_VIEW_URI : undefined,
  );
  const called = await client.callTool({ name: "recall", arguments: { query: "Save" } });
  assert(!called.isError, JSON.stringify(called));
  assertMatch((called.content as Array<{ text: string }>)[0].text, /nothing matching "Save" has been seen/);
  const status = await client.callTool({ name: "mission_status", arguments: {} });
  assert(Array.isArray(status.content), JSON.stringify(status));
  // Every tool answers, and refuses what it cannot take before doing anything.
  for (const name of NAMES) {
    const refused = await client.callTool({ name, arguments: { no_such_field: 1 } });
    assert(refused.isError, `${name}: ${JSON.stringify(refused)}`);
    assertMatch(
      (refused.content as Array<{ text: string }>)[0].text,
      /no_such_field|not run|Nothing was done/,
    );
  }
  const resources = (await client.listResources()).resources.map((r) => r.uri);
  assertEquals(resources.includes(MAP_VIEW_URI), apps);
  assert(resources.includes("choto://map"), resources.join(", "));
  const map = await client.readResource({ uri: "choto://map" });
  assertMatch((map.contents[0] as { text: string }).text, /<html/i);
  if (apps) {
    const view = await client.readResource({ uri: MAP_VIEW_URI });
    assertEquals(view.contents[0].mimeType, APP_MIME);
  }
}

/** Lines the server wrote for `requests`, sent raw on its stdin, by id. */
async function rawStdio(dir: string, requests: object[]): Promise<Map<number, Record<string, unknown>>> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "start", "--db", `${dir}/raw.db`],
    cwd: ROOT,
    env: { ...Deno.env.toObject(), NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(requests.map((r) => JSON.stringify(r)).join("\n") + "\n"));
  const answers = new Map<number, Record<string, unknown>>();
  let buffered = "";
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  while (answers.size < requests.length) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      const m = JSON.parse(line);
      if (typeof m.id === "number") answers.set(m.id, m);
    }
  }
  await writer.close();
  await reader.cancel();
  await child.status;
  return answers;
}

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

Deno.test({
  name: "over stdio, a 2026-07-28 client and a 2025-11-25 client are each served everything",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "choto-revisions-" });
    try {
      for (const apps of [false, true]) {
        await t.step(`2026-07-28, ${apps ? "with" : "without"} MCP Apps`, async () => {
          const c = await connectModern({}, `${dir}/choto.db`, { capabilities: apps ? APPS : {} });
          try {
            assertEquals(c.client.getNegotiatedProtocolVersion(), MODERN);
            await servesEverything(c.client, apps);
          } finally {
            await c.close();
          }
        });
        await t.step(`2025-11-25, ${apps ? "with" : "without"} MCP Apps`, async () => {
          const c = await connectServer(
            {},
            `${dir}/choto.db`,
            undefined,
            undefined,
            undefined,
            apps ? APPS : {},
          );
          try {
            await servesEverything(c.client, apps);
          } finally {
            await c.close();
          }
        });
      }

      await t.step(
        "on the wire: server/discover, resultType and cache hints for 2026-07-28 only",
        async () => {
          const modern = await rawStdio(dir, [
            { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: ENVELOPE } },
            { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: ENVELOPE } },
            { jsonrpc: "2.0", id: 3, method: "resources/list", params: { _meta: ENVELOPE } },
          ]);
          const discover = modern.get(1)!.result as Record<string, unknown>;
          assertEquals(discover.supportedVersions, [MODERN]);
          assertEquals(discover.resultType, "complete");
          const tools = modern.get(2)!.result as Record<string, unknown>;
          assertEquals((tools.tools as Array<{ name: string }>).map((x) => x.name), NAMES);
          assertEquals([tools.resultType, tools.ttlMs, tools.cacheScope], ["complete", 3_600_000, "private"]);
          const resources = modern.get(3)!.result as Record<string, unknown>;
          assertEquals([resources.resultType, resources.ttlMs], ["complete", 0]);

          const legacy = await rawStdio(dir, [{
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: {
              protocolVersion: "2025-11-25",
              capabilities: {},
              clientInfo: { name: "raw", version: "0" },
            },
          }]);
          const init = legacy.get(1)!.result as Record<string, unknown>;
          assertEquals(init.protocolVersion, "2025-11-25");
          assertEquals(init.resultType, undefined);
        },
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "over Streamable HTTP, a 2026-07-28 client needs no session and a 2025-11-25 client keeps one",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "choto-revisions-http-" });
    const server = await startHttp(dir, { ...Deno.env.toObject(), CHOTO_HTTP_TOKEN: TOKEN });
    try {
      const modern = await connectModernHttp(server.url, TOKEN, { capabilities: APPS });
      const legacy = await connectLegacyHttp(server.url, { authorization: `Bearer ${TOKEN}` });
      try {
        assertEquals(modern.getNegotiatedProtocolVersion(), MODERN);
        // Sessions are the 2025 era's: the 2026-07-28 client has none, the 2025-11-25 one is given one.
        assertEquals((modern.transport as { sessionId?: string } | undefined)?.sessionId, undefined);
        assertMatch(
          (legacy.transport as { sessionId?: string } | undefined)?.sessionId ?? "",
          /^[0-9a-f-]{36}$/,
        );
        await servesEverything(modern, true);
        await servesEverything(legacy, false);
      } finally {
        await modern.close();
        await legacy.close();
      }
      // The token guards both revisions alike.
      const res = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "server/discover",
          params: { _meta: ENVELOPE },
        }),
      });
      await res.body?.cancel();
      assertEquals(res.status, 401);
    } finally {
      await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
