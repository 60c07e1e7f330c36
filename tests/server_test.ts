/**
 * The server answers tool calls itself: every tool checks its own arguments
 * before anything runs, execute_plan's refusals name the step and the field,
 * and errors are text without structured content. The desktop and OCR are
 * wired to throw, so a refusal provably touches neither.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createServer } from "../src/server/server.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";

async function withClient(
  fn: (call: (name: string, args: unknown) => Promise<CallToolResult>, client: Client) => Promise<void>,
) {
  const services = createServices({
    store: new Store(":memory:"),
    openDesktop: () => {
      throw new Error("a refused call must not open the desktop");
    },
    openReader: () => {
      throw new Error("a refused call must not start OCR");
    },
  });
  const server = createServer(services);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "server-test", version: "0" });
  await client.connect(b);
  try {
    await fn(
      (name, args) =>
        client.callTool({ name, arguments: args as Record<string, unknown> }) as Promise<CallToolResult>,
      client,
    );
  } finally {
    await client.close();
    await services.close();
  }
}

const textOf = (r: CallToolResult) => (r.content[0] as { text: string }).text;

Deno.test("a malformed plan is refused naming each step and field, and nothing runs", async () => {
  await withClient(async (call) => {
    const r = await call("execute_plan", {
      steps: [
        { action: "click", target: "OK" },
        { action: "drag", path: [{ x: 1, y: 1 }], expect: { appear: "x" } },
        { action: "read", timeout_ms: 1000 },
      ],
    });
    assert(r.isError);
    assertEquals(r.structuredContent, undefined);
    const text = textOf(r);
    assertMatch(text, /^plan refused, nothing was done: 5 problems found/);
    assertMatch(text, /- step 1 \(click\): target: target is an object, not bare text/);
    assertMatch(text, /- step 2 \(drag\): path: a drag needs at least two waypoints/);
    assertMatch(text, /- step 2 \(drag\): expect\.appear: expect has no field "appear"/);
    assertMatch(text, /- step 3 \(read\): timeout_ms: this step waits for nothing/);
  });
});

Deno.test("other tools refuse bad arguments naming the field, unknown ones included", async () => {
  await withClient(async (call) => {
    const r = await call("recall", { depth: 7, colour: "red" });
    assert(r.isError);
    assertEquals(r.structuredContent, undefined);
    assertMatch(textOf(r), /^recall was not run: its arguments need fixing\. Nothing was done\./);
    assertMatch(textOf(r), /- depth: /);
    assertMatch(textOf(r), /colour/);
    const focus = await call("focus_app", { app_name: "  " });
    assert(focus.isError);
    assertMatch(textOf(focus), /- app_name: app_name is empty/);
  });
});

Deno.test("an unknown tool is an error listing the tools", async () => {
  await withClient(async (call) => {
    const r = await call("screenshot", {});
    assert(r.isError);
    assertMatch(textOf(r), /no tool "screenshot"; use one of recall, observe, execute_plan, focus_app/);
  });
});

Deno.test("a valid call runs and returns structured content matching the output schema", async () => {
  await withClient(async (call, client) => {
    // Once it has the listing, the SDK's client checks structuredContent against the published JSON Schema.
    await client.listTools();
    const r = await call("recall", {});
    assert(!r.isError, textOf(r));
    assertEquals((r.structuredContent as { focus: string }).focus, "apps");
  });
});
