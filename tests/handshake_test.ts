/**
 * The handshake the server answers while it loads: its data is what the live
 * definitions give, and over the stdio transport a client sees the same
 * answers, once each, as from a server that answers everything itself; a
 * request that comes before the server is connected waits for it.
 */

import { deserializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { createServer } from "../src/server/server.ts";
import { createHandshake, HANDSHAKE } from "../src/server/handshake.ts";
import { BoundedStdioTransport } from "../src/server/stdio_transport.ts";
import { inputPipe, outputPipe } from "./support/pipes.ts";
import { APP_MIME, UI_EXTENSION } from "../src/server/map_link.ts";
import { handshakeData } from "../build/docs_tools.ts";
import { assert, assertEquals } from "./support/assert.ts";
import { FakeDesktop, fakeServices } from "./support/fake_desktop.ts";

Deno.test("the handshake's data is what the tool definitions and the SDK give", () => {
  // On failure: `deno task docs:tools` rewrites src/server/handshake.json.
  assertEquals(HANDSHAKE, handshakeData());
});

Deno.test("the handshake lists on macOS what the server lists there", () => {
  const answer = (os: string) => {
    const h = createHandshake(HANDSHAKE, os);
    h(initialize("2025-06-18", {}));
    return (h({ jsonrpc: "2.0", id: 2, method: "tools/list" })!.result!.tools as Array<{ name: string }>)
      .map((t) => t.name);
  };
  assert(answer("linux").includes("point"));
  assertEquals(answer("darwin"), answer("linux").filter((n) => n !== "point"));
});

function initialize(protocolVersion: string, capabilities: Record<string, unknown>, id: number = 1) {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion, capabilities, clientInfo: { name: "t", version: "0" } },
  };
}

/** A line-by-line stdout, read as JSON-RPC messages. */
function reader(stream: { text(): string }) {
  const lines = () => stream.text().split("\n").filter((l) => l.trim());
  return {
    messages: () => lines().map((l) => JSON.parse(l) as { id?: number; result?: unknown }),
    until: async (n: number) => {
      for (let i = 0; i < 500 && lines().length < n; i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

/**
 * What a client that sends `lines` at once sees on stdout, once the server
 * has answered `expect` messages: with the handshake, the first answers come
 * before the server is connected.
 */
async function transcript(lines: unknown[], expect: number, handshake: boolean, earlyCount = 0) {
  const stdin = inputPipe();
  const stdout = outputPipe();
  const out = reader(stdout);
  const transport = new BoundedStdioTransport(stdin.readable, stdout.writable).parseWith(deserializeMessage);
  const services = fakeServices(new FakeDesktop());
  let early: Array<{ id?: number }> = [];
  if (handshake) {
    const needed = transport.listen(createHandshake());
    for (const l of lines) stdin.write(JSON.stringify(l) + "\n");
    await needed;
    await out.until(earlyCount);
    early = out.messages();
  } else {
    for (const l of lines) stdin.write(JSON.stringify(l) + "\n");
  }
  const server = createServer(services);
  await server.connect(transport);
  await out.until(expect);
  await new Promise((r) => setTimeout(r, 50));
  await server.close();
  await services.close();
  return { early, all: out.messages() };
}

const CLIENTS: Array<[string, Record<string, unknown>]> = [
  ["2025-06-18", {}],
  ["2024-10-07", { elicitation: { form: {} } }],
  ["1999-01-01", {}],
  ["2025-11-25", { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME] } } }],
];

for (const [version, capabilities] of CLIENTS) {
  Deno.test(`a client asking for ${version} (${Object.keys(capabilities).join(", ") || "no capabilities"}) gets the server's own answers, early and once`, async () => {
    const lines = [
      initialize(version, capabilities),
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "mission_status", arguments: {} } },
    ];
    const plain = await transcript(lines, 3, false);
    const early = await transcript(lines, 3, true, 2);
    assertEquals(early.early.map((m) => m.id), [1, 2]);
    assertEquals(early.all, plain.all);
    assertEquals(plain.all.map((m) => m.id), [1, 2, 3]);
  });
}

Deno.test("a request the handshake does not answer wakes the server and waits for it", async () => {
  const stdin = inputPipe();
  const stdout = outputPipe();
  const out = reader(stdout);
  const transport = new BoundedStdioTransport(stdin.readable, stdout.writable).parseWith(deserializeMessage);
  const needed = transport.listen(createHandshake());
  stdin.write(JSON.stringify(initialize("2025-06-18", {})) + "\n");
  stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "resources/list" }) + "\n");
  await needed;
  assertEquals(out.messages().map((m) => m.id), [1]);
  const services = fakeServices(new FakeDesktop());
  const server = createServer(services);
  await server.connect(transport);
  await out.until(2);
  assertEquals(out.messages().map((m) => m.id), [1, 5]);
  await server.close();
  await services.close();
});

Deno.test("a doubtful initialize is left to the server, which says what is wrong", async () => {
  const h = createHandshake();
  assertEquals(h({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 7 } }), null);
  assertEquals(h({ jsonrpc: "2.0", id: 1, method: "tools/list" }), null, "tools/list before initialize");
  const { all } = await transcript(
    [{ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18" } }],
    1,
    true,
  );
  assertEquals(all.length, 1);
  assert("error" in all[0], JSON.stringify(all[0]));
});
