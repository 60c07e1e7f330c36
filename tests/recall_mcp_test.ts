/**
 * The recall tool through a real MCP client and server pair, in process:
 * schemas as the client sees them, structuredContent validated against the
 * output schema, errors as isError without structured content, and no use
 * of the screen.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { recallTool } from "../src/tools/recall.ts";
import { createServer } from "../src/server/server.ts";
import { createServices } from "../src/services.ts";
import type { Store } from "../src/db/store.ts";
import { go, HOUR, NOW, see, tempStore } from "./graph_fixture.ts";

async function connect(store: Store) {
  const services = createServices({
    store,
    openDesktop: () => {
      throw new Error("recall must never open the desktop");
    },
    openReader: () => {
      throw new Error("recall must never start a screen reader");
    },
    now: () => NOW,
  });
  const server = createServer(services, [recallTool]);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test-client", version: "0.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    call: (args: Record<string, unknown>) =>
      client.callTool({ name: "recall", arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

function seed(store: Store) {
  const main = see(store, "Mousepad", "notes.txt - Mousepad", ["File", "Edit"], NOW - 2 * HOUR);
  const prefs = see(store, "Mousepad", "Preferences", ["General", "Show line numbers"], NOW - HOUR, "dialog");
  go(store, main, "Preferences…", prefs, NOW - HOUR, "chrome");
  see(store, "Mousepad", "notes.txt - Mousepad", ["File", "Edit"], NOW - 30 * 60_000);
  return { main, prefs };
}

Deno.test("recall over MCP: listed with schemas, hints and a description", async () => {
  using store = tempStore();
  const mcp = await connect(store);
  try {
    const { tools } = await mcp.client.listTools();
    const tool = tools.find((t: { name: string }) => t.name === "recall")!;
    assertEquals(tool.title, "Recall the interface map");
    assertEquals(tool.annotations, {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    const props = tool.inputSchema.properties as Record<string, { description?: string }>;
    for (const name of ["app_name", "window", "query", "from_window", "depth"]) {
      assert(props[name]?.description, `${name} has a description`);
    }
    assert(tool.outputSchema, "output schema is published");
    assertMatch(tool.description!, /It reads only choto's database/);
  } finally {
    await mcp.close();
  }
});

Deno.test("recall over MCP: query returns text and validated structuredContent with a route", async () => {
  using store = tempStore();
  const w = seed(store);
  const mcp = await connect(store);
  try {
    const result = await mcp.call({ query: "Show line numbers" });
    assert(!result.isError);
    const text = (result.content[0] as { text: string }).text;
    assertMatch(text, /^now 2025-07-25 17:29Z/);
    assertMatch(
      text,
      new RegExp(
        `route: in #${w.main} "notes.txt - Mousepad" click "Preferences…" \\(chrome\\) -> #${w.prefs}`,
      ),
    );
    const sc = result.structuredContent as {
      focus: string;
      hits: { items: Array<{ route: { steps: string[] } }> };
    };
    assertEquals(sc.focus, "query");
    assertEquals(sc.hits.items[0].route.steps.length, 1);
  } finally {
    await mcp.close();
  }
});

Deno.test("recall over MCP: every focus validates against the output schema", async () => {
  using store = tempStore();
  seed(store);
  const mcp = await connect(store);
  try {
    for (
      const args of [{}, { app_name: "mouse" }, { app_name: "Mousepad", window: "pref", depth: 3 }, {
        query: "zz",
      }]
    ) {
      const result = await mcp.call(args);
      assert(!result.isError, `${JSON.stringify(args)}: ${JSON.stringify(result.content)}`);
      assert(result.structuredContent);
    }
  } finally {
    await mcp.close();
  }
});

Deno.test("recall over MCP: unknown app and bad depth are errors that say how to recover", async () => {
  using store = tempStore();
  seed(store);
  const mcp = await connect(store);
  try {
    const unknown = await mcp.call({ app_name: "Photoshop" });
    assertEquals(unknown.isError, true);
    assertEquals(unknown.structuredContent, undefined);
    assertMatch((unknown.content[0] as { text: string }).text, /Known apps: Mousepad/);
    const bad = await mcp.call({ depth: 7 });
    assertEquals(bad.isError, true);
    assertMatch((bad.content[0] as { text: string }).text, /depth/);
  } finally {
    await mcp.close();
  }
});

Deno.test("recall over MCP: an unmatched window or from_window is an error listing known windows, closest first", async () => {
  using store = tempStore();
  seed(store);
  const mcp = await connect(store);
  try {
    // "Settings" means Preferences to a person, and "Preferances" is one letter off: neither is picked.
    for (
      const args of [{ window: "Settings" }, { window: "Preferances" }, {
        from_window: "Preferances",
        query: "File",
      }]
    ) {
      const r = await mcp.call(args);
      assertEquals(r.isError, true, JSON.stringify(args));
      assertEquals(r.structuredContent, undefined);
      const text = (r.content[0] as { text: string }).text;
      assertMatch(text, /matches no recorded window|No recorded window matches/, text);
      if (args.window === "Preferances" || args.from_window) {
        assertMatch(text, /windows: #\d+ "Preferences", #\d+ "notes\.txt - Mousepad"/, text);
      } else {
        assertMatch(text, /#\d+ "Preferences"/, text);
      }
    }
  } finally {
    await mcp.close();
  }
});

Deno.test("recall over MCP: from_window starts every hit's route, narrowing the search to its app", async () => {
  using store = tempStore();
  const { prefs } = seed(store);
  see(store, "Galculator", "Galculator", ["General", "7", "8"], NOW - HOUR);
  const mcp = await connect(store);
  try {
    const everywhere = await mcp.call({ query: "General" });
    const apps = (everywhere.structuredContent as { hits: { items: Array<{ app: string }> } }).hits.items
      .map((h) => h.app);
    assert(apps.includes("Galculator") && apps.includes("Mousepad"), JSON.stringify(apps));
    const from = await mcp.call({ query: "General", from_window: "Preferences" });
    assertEquals(from.isError, undefined);
    const hits = (from.structuredContent as {
      hits: { items: Array<{ app: string; route: { from: { id: number } | null } | null }> };
    }).hits.items;
    assert(hits.length > 0);
    for (const h of hits) {
      assertEquals(h.app, "Mousepad", JSON.stringify(hits));
      assertEquals(h.route?.from?.id, prefs, JSON.stringify(h));
    }
  } finally {
    await mcp.close();
  }
});

Deno.test("recall over MCP: window with query searches that window only", async () => {
  using store = tempStore();
  seed(store);
  const mcp = await connect(store);
  try {
    const all = await mcp.call({ query: "File" });
    assert((all.structuredContent as { hits: { total: number } }).hits.total > 0);
    const narrowed = await mcp.call({ query: "File", window: "Preferences" });
    assertEquals((narrowed.structuredContent as { hits: { total: number } }).hits.total, 0);
  } finally {
    await mcp.close();
  }
});

Deno.test("recall over MCP: a window of another app than from_window's is refused, saying from_window narrowed it", async () => {
  using store = tempStore();
  seed(store);
  see(store, "Galculator", "Galculator", ["7", "8"], NOW - HOUR);
  const mcp = await connect(store);
  try {
    const r = await mcp.call({ window: "Galculator", from_window: "Preferences" });
    assertEquals(r.isError, true);
    assertMatch(
      (r.content[0] as { text: string }).text,
      /No recorded window matches "Galculator" in "Mousepad", the app from_window names \(routes stay within an app\)\. Known windows: /,
    );
  } finally {
    await mcp.close();
  }
});

Deno.test("recall over MCP: an unknown app is an error listing the recorded apps, closest first", async () => {
  using store = tempStore();
  seed(store);
  see(store, "Galculator", "Galculator", ["7", "8"], NOW - 10 * 60_000);
  see(store, "Geany", "untitled - Geany", ["File"], NOW - 5 * 60_000);
  const mcp = await connect(store);
  try {
    // Geany was seen last, Mousepad first: the order is by nearness to the name asked.
    const r = await mcp.call({ app_name: "Mousepat" });
    assertEquals(r.isError, true);
    assertMatch((r.content[0] as { text: string }).text, /Known apps: Mousepad, /);
    const calc = await mcp.call({ app_name: "Galculater" });
    assertMatch((calc.content[0] as { text: string }).text, /Known apps: Galculator, /);
  } finally {
    await mcp.close();
  }
});
