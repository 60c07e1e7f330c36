/**
 * The display's lock as the server takes it: an acting call writes its
 * client's name beside the lock while it runs, lets go of what it left held
 * before the lock passes (a failure included), and a call with bad
 * arguments is refused at once, never waiting for the screen.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { Store } from "../src/db/store.ts";
import { createServer } from "../src/server/server.ts";
import { createServices, type Services } from "../src/services.ts";
import { defineTool } from "../src/tools/tool.ts";
import { Actor } from "../src/tools/support/actor.ts";
import { openScreenLock, type ScreenLock } from "../src/tools/support/screen_lock.ts";
import type { ScreenHolder } from "../src/render/turn_text.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop } from "./support/fake_desktop.ts";

/** A tool that holds Shift and leaves it down, noting who the lock's note says holds the screen. */
function holdingShift(seen: Array<ScreenHolder | null>, other: ScreenLock, fail: boolean) {
  return defineTool({
    name: fail ? "hold_and_fail" : "hold",
    title: "hold",
    summary: "a test tool",
    description: "test tool",
    inputSchema: { n: z.number().int().max(3).optional() },
    outputSchema: { done: z.boolean() },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    actsOnScreen: true,
    async run(_args, services: Services) {
      await services.desktop().modifiers(["shift"], true);
      seen.push(other.holder());
      if (fail) throw new Error("the step broke");
      return { ok: true, text: "held", structured: { done: true } };
    },
  });
}

Deno.test("the server's acting call names its client beside the lock and lets go of held keys before the lock passes", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-lock-server-" });
  const fake = new FakeDesktop();
  const services = createServices({
    store: new Store(":memory:"),
    openDesktop: () => fake,
    openReader: () => {
      throw new Error("OCR was started");
    },
  });
  const actor = new Actor(5_000);
  actor.shareScreen(openScreenLock([dir], "display-5", null));
  // Another process's handle on the same file.
  const other = openScreenLock([dir], "display-5", null)!;
  const seen: Array<ScreenHolder | null> = [];
  const server = createServer(
    services,
    [holdingShift(seen, other, false), holdingShift(seen, other, true)],
    actor,
  );
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "lock-test-client", version: "0" });
  await client.connect(b);
  await client.listTools();
  try {
    const ok = await client.callTool({ name: "hold", arguments: {} });
    assert(!ok.isError);
    assertEquals(seen[0]?.client, "lock-test-client");
    assertEquals(seen[0]?.tool, "hold");
    assertEquals(seen[0]?.pid, Deno.pid);
    assertEquals(fake.log.slice(-2), ["shift down", "shift up"]);
    // The lock is free again, and its note gone.
    assertEquals(other.holder(), null);
    assert(other.tryTake({ pid: 1, tool: "x", client: null, since: Date.now() }));

    // Bad arguments are refused at once while another process holds the screen: nothing waits, nothing is sent.
    const events = fake.log.length;
    const bad = await client.callTool({ name: "hold", arguments: { n: 9 } });
    assert(bad.isError);
    assertMatch(
      (bad.content as Array<{ text: string }>)[0].text,
      /^hold was not run: its arguments need fixing/,
    );
    assertEquals(fake.log.length, events);
    other.release();

    const failed = await client.callTool({ name: "hold_and_fail", arguments: {} });
    assert(failed.isError);
    assertMatch((failed.content as Array<{ text: string }>)[0].text, /the step broke/);
    assertEquals(fake.log.slice(-2), ["shift down", "shift up"]);
    assert(other.tryTake({ pid: 1, tool: "x", client: null, since: Date.now() }));
    other.release();
  } finally {
    await client.close();
    await services.close();
    await Deno.remove(dir, { recursive: true });
  }
});
