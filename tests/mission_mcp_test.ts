/**
 * The mission tools through a real MCP client (in memory, no desktop): the
 * checklist's life from start to closing record, every refusal saying what
 * to fix and writing nothing, execute_plan refusing an item that does not
 * exist before touching the screen, and the one-actor-at-a-time rule.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { Store } from "../src/db/store.ts";
import { markItem } from "../src/mission/store.ts";
import { createServer } from "../src/server/server.ts";
import { createServices } from "../src/services.ts";
import { defineTool } from "../src/tools/tool.ts";
import { runOutputShape } from "../src/tools/support/run_reply.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";

type Called = { isError: boolean; text: string; structured: Record<string, unknown> };

// deno-lint-ignore no-explicit-any
async function connect(tools?: any[]) {
  const store = new Store(":memory:");
  const services = createServices({
    store,
    openDesktop: () => {
      throw new Error("the desktop was touched");
    },
    openReader: () => {
      throw new Error("OCR was started");
    },
  });
  const server = createServer(services, tools);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "mission-test", version: "0" });
  await client.connect(b);
  // With the list fetched, the client checks every structured reply against the published schema.
  await client.listTools();
  return {
    store,
    client,
    async call(name: string, args: Record<string, unknown>): Promise<Called> {
      const r = await client.callTool({ name, arguments: args });
      const content = r.content as Array<{ type: string; text?: string }>;
      return {
        isError: Boolean(r.isError),
        text: content.map((c) => c.text ?? "").join("\n"),
        structured: (r.structuredContent ?? {}) as Record<string, unknown>,
      };
    },
    async close() {
      await client.close();
      await services.close();
    },
  };
}

const ITEMS = [
  { title: "add 7 and 8", intent: "check the calculator adds", acceptance: "the display shows 15" },
  { title: "write a note", intent: "the editor keeps text", acceptance: "the note is on screen" },
  { title: "print it", intent: "paper copy", acceptance: "a page comes out" },
];

const count = (store: Store, table: string) =>
  (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

Deno.test("mission tools: start, refusals, marks, status, finish", async () => {
  const s = await connect();
  try {
    let r = await s.call("mission_status", {});
    assert(r.isError);
    assertMatch(r.text, /no mission is active. Start one with mission_start/);

    r = await s.call("mission_start", { goal: "calc then notes", items: [{ ...ITEMS[0], acceptance: " " }] });
    assert(r.isError);
    assertMatch(r.text, /items\[0\]\.acceptance is blank: fill it in/);
    assertEquals(count(s.store, "missions"), 0);

    r = await s.call("mission_start", { goal: "calc then notes", items: ITEMS });
    assert(!r.isError, r.text);
    assertMatch(r.text, /started mission #1 with 3 item\(s\)/);
    assertMatch(r.text, /in play: item 1 of 3, pending: add 7 and 8\n {2}intent: check the calculator adds/);
    assertEquals(r.structured.in_play, 1);
    assertEquals(
      r.structured.items,
      ITEMS.map((it, i) => ({ id: i + 1, title: it.title, status: "pending", reason: null })),
    );

    r = await s.call("mission_start", { goal: "something else", items: ITEMS });
    assert(r.isError);
    assertMatch(r.text, /mission #1 "calc then notes" is active/);
    assertMatch(r.text, /mission_finish\(status='done'\).*mission_finish\(status='abandoned'\)/);
    assertEquals(count(s.store, "missions"), 1);

    r = await s.call("mission_mark", { mission_item_id: 3, status: "failed" });
    assert(r.isError);
    assertMatch(r.text, /needs a reason/);
    r = await s.call("mission_mark", { mission_item_id: 3, status: "skipped", reason: "no printer" });
    assert(r.isError);
    assertMatch(r.text, /reason belongs only on status 'failed'/);
    r = await s.call("mission_mark", { mission_item_id: 4, status: "passed" });
    assert(r.isError);
    assertMatch(r.text, /has no item 4; its items are 1 to 3/);
    assertEquals(count(s.store, "mission_items WHERE status <> 'pending'"), 0);

    r = await s.call("mission_mark", { mission_item_id: 3, status: "skipped" });
    assert(!r.isError, r.text);
    r = await s.call("mission_mark", {
      mission_item_id: 1,
      status: "failed",
      reason: "the display showed 14",
    });
    assert(!r.isError, r.text);
    assertMatch(r.text, /progress: 0 of 3 passed, 1 failed, 1 skipped, 1 pending/);
    assertMatch(r.text, /failed:\n {2}1\. add 7 and 8: the display showed 14/);
    assertEquals((r.structured.items as Array<{ reason: string | null }>)[0].reason, "the display showed 14");
    assertEquals(r.structured.in_play, 2);

    r = await s.call("mission_status", { full: true });
    assertMatch(r.text, /1\. \[failed\] add 7 and 8 \(by the model\)/);
    assertMatch(r.text, /2\. \[pending\] write a note/);
    assertMatch(r.text, /3\. \[skipped\] print it/);

    // Tied to an item that does not exist: refused before the screen is touched.
    r = await s.call("execute_plan", { steps: [{ action: "wait", amount: 10 }], mission_item_id: 7 });
    assert(r.isError);
    assertMatch(r.text, /has no item 7.*Nothing was run/);
    r = await s.call("execute_plan", { steps: [{ action: "wait", amount: 10 }], llm_version_tag: "m" });
    assert(r.isError);
    assertMatch(r.text, /llm_version_tag: it only applies with mission_item_id/);
    r = await s.call("execute_plan", { steps: [{ action: "bogus" }], mission_item_id: 0 });
    assert(r.isError);
    assertMatch(r.text, /step 1 .*action must be one of/);
    assertMatch(r.text, /- mission_item_id: /);

    r = await s.call("mission_replay", { mission_item_id: 2, llm_version_tag: "model-a" });
    assert(r.isError);
    assertMatch(
      r.text,
      /^Item 2 has no recipe to replay: run its steps with execute_plan\(mission_item_id=2\)/,
    );

    r = await s.call("mission_finish", { status: "done" });
    assert(!r.isError, r.text);
    assertMatch(r.text, /closing record of mission #1:\n── mission #1 \(done on /);
    for (const it of ITEMS) assert(r.text.includes(it.acceptance), it.title);
    assertEquals(r.structured.state, "done");

    r = await s.call("mission_finish", { status: "done" });
    assert(r.isError);
    r = await s.call("execute_plan", { steps: [{ action: "wait", amount: 10 }], mission_item_id: 1 });
    assert(r.isError);
    assertMatch(r.text, /no mission is active/);
    // The slot is free again, and the old mission is still there.
    r = await s.call("mission_start", { goal: "second", items: ITEMS.slice(0, 1) });
    assert(!r.isError, r.text);
    assertEquals(count(s.store, "missions"), 2);
  } finally {
    await s.close();
  }
});

Deno.test("one call acts on the screen at a time; the next waits its turn and says so, reading goes on", async () => {
  let release = () => {};
  const gate = new Promise<void>((r) => release = r);
  const acting = (name: string) =>
    defineTool({
      name,
      title: name,
      summary: "a test tool",
      description: "test tool",
      inputSchema: {},
      outputSchema: { done: z.boolean() },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
      actsOnScreen: true,
      async run() {
        await gate;
        return { ok: true, text: `${name} done`, structured: { done: true } };
      },
    });
  const reading = defineTool({
    name: "look",
    title: "look",
    summary: "a test tool",
    description: "test tool",
    inputSchema: {},
    outputSchema: { done: z.boolean() },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run() {
      return { ok: true, text: "looked", structured: { done: true } };
    },
  });
  const s = await connect([acting("first"), acting("second"), reading]);
  try {
    const first = s.call("first", {});
    await new Promise((r) => setTimeout(r, 50));
    const second = s.call("second", {});
    // Reading never waits for the actor.
    assertEquals((await s.call("look", {})).text, "looked");
    await new Promise((r) => setTimeout(r, 100));
    release();
    assertEquals((await first).text, "first done");
    const after = await second;
    assert(!after.isError);
    assertMatch(after.text, /^\(waited [\d.]+ s for the call before it to finish\)\nsecond done$/);
  } finally {
    await s.close();
  }
});

Deno.test("each mission tool fits its share of the definitions budget", async () => {
  const s = await connect();
  try {
    const missions = ((await s.client.listTools()).tools as Tool[]).filter((t) =>
      t.name.startsWith("mission_")
    );
    for (const t of missions) {
      // What the model reads: name, title, description and the input schema as compact JSON.
      const reads = t.name.length + (t.title ?? "").length + (t.description ?? "").length +
        JSON.stringify(t.inputSchema).length;
      // 850 and 1,700 before every string and array stated its maximum (mission_start's five add about 80).
      assert(reads <= 1000, `${t.name}: the model reads ${reads} chars`);
      // mission_replay's reply carries a whole run, typed as execute_plan's: that part is execute_plan's.
      const props = (t.outputSchema?.properties ?? {}) as Record<string, unknown>;
      const run = Object.keys(runOutputShape).reduce(
        (n, k) => n + (props[k] ? JSON.stringify(props[k]).length + k.length + 4 : 0),
        0,
      );
      const whole = JSON.stringify(t).length - run;
      // 1,800 before the status gained next_item, the field that pages a long checklist (about 100).
      assert(whole <= 1900, `${t.name}: the whole definition is ${whole} chars besides a run's`);
    }
    assertEquals(missions.length, 5);
  } finally {
    await s.close();
  }
});

Deno.test("a 999-item checklist comes in pages: text and typed data list the same items, and every item is reachable", async () => {
  const s = await connect();
  const long = (i: number, what: string) => `${what} ${i} ${"long words ".repeat(45)}`.slice(0, 500);
  const items = Array.from({ length: 999 }, (_, i) => ({
    title: long(i + 1, "title"),
    intent: long(i + 1, "intent"),
    acceptance: long(i + 1, "acceptance"),
  }));
  try {
    const started = await s.call("mission_start", { goal: "a very long checklist", items });
    assert(!started.isError, started.text.slice(0, 300));
    assert(started.text.length < 5_000, `mission_start answered ${started.text.length} chars`);

    const seen: number[] = [];
    let from = 1;
    for (let page = 0; page < 200 && from; page++) {
      const r = await s.call("mission_status", { full: true, from_item: from });
      assert(!r.isError, r.text.slice(0, 300));
      assert(r.text.length > 1_000 && r.text.length < 20_000, `page ${page}: ${r.text.length} chars`);
      const ids = (r.structured.items as Array<{ id: number }>).map((i) => i.id);
      // The text lists exactly the items the typed data holds.
      for (const id of ids) assertMatch(r.text, new RegExp(`^  ${id}\\. \\[pending\\] title ${id} `, "m"));
      assert(!new RegExp(`^  ${ids.at(-1)! + 1}\\. `, "m").test(r.text), "the text lists more than the data");
      seen.push(...ids);
      const next = r.structured.next_item as number | null;
      if (next !== null) {
        assertEquals(next, ids.at(-1)! + 1);
        assertMatch(r.text, new RegExp(`mission_status\\(full=true, from_item=${next}\\) lists them`));
      }
      from = next ?? 0;
    }
    assertEquals(seen, Array.from({ length: 999 }, (_, i) => i + 1));

    // A hundred and twenty failures with long reasons, ten times what the compact block lists: it counts
    // the rest. A few are marked through the tool, the others straight in the database the server reads.
    for (let n = 1; n <= 3; n++) {
      const r = await s.call("mission_mark", {
        mission_item_id: n,
        status: "failed",
        reason: long(n, "reason"),
      });
      assert(!r.isError, r.text.slice(0, 300));
    }
    for (let n = 4; n <= 120; n++) markItem(s.store, n, "failed", long(n, "reason"), Date.now());
    const compact = await s.call("mission_status", {});
    assert(compact.text.length < 8_000, `compact block of ${compact.text.length} chars`);
    assertMatch(compact.text, /and \d+ more: mission_status\(full=true\) lists every item with its reason/);

    // The closing record is paged too, and the rest of a finished mission stays reachable.
    const closed = await s.call("mission_finish", { status: "abandoned" });
    assert(closed.text.length < 20_000, `closing record of ${closed.text.length} chars`);
    const next = closed.structured.next_item as number;
    assertMatch(closed.text, new RegExp(`mission_status\\(mission_id=1, full=true, from_item=${next}\\)`));
    const rest = await s.call("mission_status", { mission_id: 1, full: true, from_item: next });
    assert(!rest.isError, rest.text.slice(0, 300));
    assertEquals((rest.structured.items as Array<{ id: number }>)[0].id, next);
    assertMatch((await s.call("mission_status", { mission_id: 7 })).text, /there is no mission #7/);
  } finally {
    await s.close();
  }
});

Deno.test("a new mark replaces the last; mission_status writes nothing and touches no screen", async () => {
  const s = await connect();
  const rows = () =>
    JSON.stringify([
      s.store.db.prepare("SELECT * FROM missions ORDER BY id").all(),
      s.store.db.prepare("SELECT * FROM mission_items ORDER BY id").all(),
    ]);
  try {
    assert(!(await s.call("mission_start", { goal: "calc then notes", items: ITEMS })).isError);
    let r = await s.call("mission_mark", { mission_item_id: 1, status: "failed", reason: "showed 14" });
    assert(!r.isError, r.text);
    r = await s.call("mission_mark", { mission_item_id: 1, status: "passed" });
    assert(!r.isError, r.text);
    assertEquals((r.structured.items as Array<{ status: string; reason: string | null }>)[0], {
      id: 1,
      title: ITEMS[0].title,
      status: "passed",
      reason: null,
    });
    const before = rows();
    for (const args of [{}, { full: true }, { full: true, from_item: 2 }, { mission_id: 1 }]) {
      assert(!(await s.call("mission_status", args)).isError);
    }
    assertEquals(rows(), before);
  } finally {
    await s.close();
  }
});
