/**
 * Bad input is refused compactly and helpfully: unknown fields name the
 * nearest known one, a flood of problems is cut to a few and a count, user
 * text is echoed shortened, every reply fits under 1 MB, and an oversized
 * request line is answered while the server keeps serving.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { deserializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createServer } from "../src/server/server.ts";
import { nearestName } from "../src/common/nearest.ts";
import { capReply, MAX_REPLY_BYTES } from "../src/tools/support/reply_cap.ts";
import { BoundedStdioTransport } from "../src/server/stdio_transport.ts";
import { inputPipe, outputPipe } from "./support/pipes.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices } from "./support/fake_desktop.ts";

async function client() {
  const d = new FakeDesktop();
  const server = createServer(fakeServices(d));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: "t", version: "0" });
  await Promise.all([server.connect(a), c.connect(b)]);
  await c.listTools();
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await c.callTool({ name, arguments: args });
    return { isError: Boolean(r.isError), text: (r.content as Array<{ text: string }>)[0].text, raw: r };
  };
  return { d, call, close: () => c.close() };
}

Deno.test("the nearest known name: a piece, a typo, or nothing when none is near", () => {
  assertEquals(nearestName("app", ["app_name", "window", "query"]), "app_name");
  assertEquals(nearestName("qurey", ["app_name", "window", "query"]), "query");
  assertEquals(nearestName("colour", ["app_name", "window", "query"]), null);
});

Deno.test("unknown fields are refused by every tool with the nearest known field", async () => {
  const s = await client();
  try {
    const recall = await s.call("recall", { app: "Mousepad" });
    assert(recall.isError);
    assertMatch(recall.text, /unknown field "app"; did you mean "app_name"\?/);
    const observe = await s.call("observe", { screenshots: false });
    assertMatch(observe.text, /did you mean "screenshot"/);
    const plan = await s.call("execute_plan", { steps: [{ action: "click", targt: { text: "OK" } }] });
    assertMatch(plan.text, /did you mean "target"/);
    const tool = await s.call("excute_plan", {});
    assertMatch(tool.text, /there is no tool "excute_plan"; did you mean "execute_plan"/);
    assertEquals(s.d.inputs(), []);
  } finally {
    await s.close();
  }
});

Deno.test("huge inputs: refused naming the maximum, echoes shortened, a few problems and a count", async () => {
  const s = await client();
  try {
    const big = await s.call("execute_plan", {
      steps: [{ action: "click", target: { text: "x".repeat(1_000_000) } }],
    });
    assert(big.isError);
    assertMatch(big.text, /500/);
    assert(big.text.length < 2_000, `refusal of ${big.text.length} chars`);
    const mods = await s.call("execute_plan", {
      steps: Array.from(
        { length: 50 },
        () => ({ action: "click", target: { text: "a" }, modifiers: ["meta"] }),
      ),
    });
    assertMatch(mods.text, /and \d+ more problem/);
    assert(mods.text.length < 3_000, `refusal of ${mods.text.length} chars`);
    const scroll = await s.call("execute_plan", { steps: [{ action: "scroll", amount: 1_000_000 }] });
    assertMatch(scroll.text, /at most 10000 notches/);
    const recall = await s.call("recall", { query: "q".repeat(8_000_000) });
    assertMatch(recall.text, /query: .*500/);
    assertEquals(s.d.inputs(), []);
  } finally {
    await s.close();
  }
});

Deno.test("a reply over 1 MB loses its image, then text, and says so", () => {
  const r = capReply({
    content: [{ type: "text", text: "y".repeat(1_500_000) }, {
      type: "image",
      data: "A".repeat(500_000),
      mimeType: "image/png",
    }],
  });
  const size = new TextEncoder().encode(JSON.stringify(r)).length;
  assert(size <= MAX_REPLY_BYTES, `${size} bytes`);
  const text = (r.content[0] as { text: string }).text;
  assertMatch(text, /screenshot was left out; the text keeps the first \d+ of 1500000 characters/);
  assert(text.startsWith("y".repeat(900_000)), "the head of the text was not kept");
  assertEquals(r.content.length, 1);
});

Deno.test("a reply whose text and typed data are both over 1 MB keeps the head of each, never nothing", () => {
  const rows = Array.from(
    { length: 6_000 },
    (_, i) => ({ n: i + 1, text: `row ${i + 1} ${"x".repeat(200)}` }),
  );
  const r = capReply(
    {
      content: [{ type: "text", text: rows.map((row) => `${row.n}. ${row.text}`).join("\n") }],
      structuredContent: { title: "rows", rows },
    },
    MAX_REPLY_BYTES,
    "ask for the rows from a later one",
  );
  const size = new TextEncoder().encode(JSON.stringify(r)).length;
  assert(size <= MAX_REPLY_BYTES, `${size} bytes`);
  const text = (r.content[0] as { text: string }).text;
  const kept = Number(/the text keeps its first (\d+) of 6000 lines/.exec(text)?.[1]);
  assert(kept > 1000, text.slice(-400));
  assert(text.startsWith("1. row 1 "));
  const data = r.structuredContent as { title: string; rows: Array<{ n: number }> };
  assertEquals(data.title, "rows");
  assert(data.rows.length > 500 && data.rows.length < 6_000, `${data.rows.length} rows`);
  assertEquals(data.rows.map((row) => row.n), Array.from({ length: data.rows.length }, (_, i) => i + 1));
  assertMatch(text, new RegExp(`rows in the typed data keeps its first ${data.rows.length} of 6000`));
  assertMatch(text, /ask for the rows from a later one\)$/);
});

Deno.test("an oversized request line gets an error reply to its id and the next request is served", async () => {
  const stdin = inputPipe();
  const stdout = outputPipe();
  const t = new BoundedStdioTransport(stdin.readable, stdout.writable, 1_000).parseWith(deserializeMessage);
  const got: JSONRPCMessage[] = [];
  t.onmessage = (m) => got.push(m);
  await t.start();
  stdin.write(`{"jsonrpc":"2.0","method":"tools/call","params":{"q":"${"z".repeat(5_000)}"},"id":7}\n`);
  stdin.write(`{"jsonrpc":"2.0","method":"tools/list","id":8}\n`);
  await new Promise((r) => setTimeout(r, 50));
  const reply = JSON.parse(stdout.text().trim());
  assertEquals(reply.id, 7);
  assertMatch(
    reply.error.message,
    /request of \d+ bytes refused: a request line may hold at most 1000 bytes/,
  );
  assertEquals(got.length, 1);
  assertEquals((got[0] as { id: number }).id, 8);
  await t.close();
});
