/**
 * A first observe sent right after `initialize` is taken from the queue the
 * loading server will read, so that the starting server answers it on its
 * services alone (src/cli/first_call.ts); anything else waits for the server
 * as before: a call before `initialize`, a request sent before the observe,
 * another tool, an observe carrying `_meta`, an id the handshake's answers use.
 */

import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { type EarlyCall, earlyCall } from "../src/server/early_call.ts";
import { createHandshake } from "../src/server/handshake.ts";
import { BoundedStdioTransport } from "../src/server/stdio_transport.ts";
import { join } from "node:path";
import { assert, assertEquals } from "./support/assert.ts";
import { initializeRequest, spawnServer, toolCall } from "./support/raw_server.ts";
import { clientEnv, taskStart } from "./support/shipped.ts";
import { inputPipe, outputPipe } from "./support/pipes.ts";

const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };

/** Sends `messages` to a transport that has not started, takes an early call, then starts it. */
async function take(messages: unknown[]): Promise<{ taken: EarlyCall | null; served: unknown[] }> {
  const stdin = inputPipe();
  const stdout = outputPipe();
  const t = new BoundedStdioTransport(stdin.readable, stdout.writable).parseWith((l) =>
    JSON.parse(l) as JSONRPCMessage
  );
  void t.listen(createHandshake(), 60_000);
  for (const m of messages) stdin.write(JSON.stringify(m) + "\n");
  await stdin.end();
  await t.ended;
  const taken = t.takeFirstRequest(earlyCall);
  const served: unknown[] = [];
  t.onmessage = (m) => served.push(m);
  await t.start();
  await t.close();
  return { taken, served };
}

const ids = (served: unknown[]) => served.map((m) => (m as { id?: number; method: string }).id ?? "note");

Deno.test("an observe right after initialize is taken whole, and the server sees only the handshake", async () => {
  const { taken, served } = await take([
    initializeRequest(1),
    initialized,
    toolCall(2, "observe", { screenshot: true }),
  ]);
  assertEquals(taken, { id: 2, arguments: { screenshot: true } });
  assertEquals(ids(served), [1, "note"]);
});

Deno.test("arguments the tool will refuse are taken too: the tool's own check answers them", async () => {
  const { taken } = await take([
    initializeRequest(1),
    initialized,
    toolCall(2, "observe", { screenshot: "yes" }),
  ]);
  assertEquals(taken, { id: 2, arguments: { screenshot: "yes" } });
});

Deno.test("a call before initialize, after another request, or of another tool waits for the server", async () => {
  for (
    const messages of [
      [toolCall(2, "observe")],
      [initializeRequest(1), initialized, { jsonrpc: "2.0", id: 2, method: "ping" }, toolCall(3, "observe")],
      [initializeRequest(1), initialized, toolCall(2, "recall")],
    ]
  ) {
    const { taken, served } = await take(messages);
    assertEquals(taken, null);
    assertEquals(served.length, messages.length, JSON.stringify(messages));
  }
});

Deno.test("an observe with _meta, extra fields, or the id of the answered initialize waits for the server", async () => {
  const withMeta = {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "observe", _meta: { progressToken: 7 } },
  };
  const extra = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "observe", task: {} } };
  for (const call of [withMeta, extra, toolCall(1, "observe")]) {
    const { taken, served } = await take([initializeRequest(1), initialized, call]);
    assertEquals(taken, null);
    assertEquals(served.length, 3);
  }
});

Deno.test("earlyCall reads a plain observe call and nothing else", () => {
  assertEquals(earlyCall(toolCall(5, "observe")), { id: 5, arguments: {} });
  assertEquals(earlyCall({ jsonrpc: "2.0", id: "a", method: "tools/call", params: { name: "observe" } }), {
    id: "a",
    arguments: {},
  });
  for (
    const m of [
      null,
      { jsonrpc: "2.0", method: "tools/call", params: { name: "observe" } },
      { jsonrpc: "2.0", id: 1.5, method: "tools/call", params: { name: "observe" } },
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "observe", arguments: [] } },
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "observe" }, extra: 1 },
      { jsonrpc: "1.0", id: 1, method: "tools/call", params: { name: "observe" } },
    ]
  ) assertEquals(earlyCall(m), null, JSON.stringify(m));
});

Deno.test("a first observe the starting server refuses is refused in the words the loaded server uses", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-early-" });
  const home = Deno.env.get("HOME")!;
  const start = taskStart(home);
  const server = spawnServer(
    [...start.flags, ...start.script, "--db", join(dir, "choto.db")],
    clientEnv(home),
  );
  try {
    await server.send(initializeRequest(1));
    await server.reply(1);
    await server.send(initialized);
    await server.send(toolCall(2, "observe", { screenshot: "yes" }));
    const early = await server.reply(2);
    // Sent once the first is answered: the server has loaded for it.
    await server.send(toolCall(3, "observe", { screenshot: "yes" }));
    const loaded = await server.reply(3);
    assertEquals(early.result?.isError, true, JSON.stringify(early));
    assertEquals(early.result, loaded.result);
    const text = (early.result?.content as Array<{ text: string }>)[0].text;
    assert(text.startsWith("observe was not run: its arguments need fixing. Nothing was done."), text);
  } finally {
    const { stderr } = await server.close();
    assert(!stderr.includes("differs from the handshake"), stderr);
    await Deno.remove(dir, { recursive: true });
  }
});
