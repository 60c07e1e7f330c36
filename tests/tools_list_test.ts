/**
 * Keeps `tools/list` honest: every tool is complete (title, description,
 * described input fields, output schema, all four hints), and the whole
 * listing matches the committed snapshot. After an intended change run
 * `UPDATE_SNAPSHOT=1 deno task test` and review the diff.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createServer } from "../src/server.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/graph/store.ts";
import { assert, assertEquals } from "./support/assert.ts";

const SNAPSHOT = new URL("./snapshots/tools_list.json", import.meta.url);

async function listTools() {
  const services = createServices({
    store: new Store(":memory:"),
    openDesktop: () => {
      throw new Error("listing tools must not open the desktop");
    },
    openReader: () => {
      throw new Error("listing tools must not start OCR");
    },
  });
  const server = createServer(services);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "snapshot", version: "0" });
  await client.connect(b);
  const { tools } = await client.listTools();
  await client.close();
  await services.close();
  return tools;
}

type JsonSchema = {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

/** Every property, at any depth, must carry a description. */
function undescribed(schema: JsonSchema, path: string): string[] {
  const out: string[] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const where = `${path}.${key}`;
    if (!prop.description) out.push(where);
    out.push(...undescribed(prop, where));
    if (prop.items) out.push(...undescribed(prop.items, `${where}[]`));
    for (const alt of prop.anyOf ?? []) out.push(...undescribed(alt, where));
  }
  return out;
}

Deno.test("every tool definition is complete", async () => {
  const tools = await listTools();
  assert(tools.length >= 2);
  for (const tool of tools) {
    assert(tool.title, `${tool.name} has no title`);
    assert((tool.description ?? "").length > 300, `${tool.name}: description too thin`);
    const a = tool.annotations ?? {};
    for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
      assertEquals(typeof a[hint], "boolean", `${tool.name}: ${hint} is not set`);
    }
    assert(tool.outputSchema, `${tool.name} has no output schema`);
    assertEquals(undescribed(tool.inputSchema as JsonSchema, tool.name), [], `${tool.name} input`);
    assertEquals(undescribed(tool.outputSchema as JsonSchema, tool.name), [], `${tool.name} output`);
  }
});

Deno.test("tools/list matches the snapshot", async () => {
  const tools = await listTools();
  const current = JSON.stringify(tools, null, 2) + "\n";
  if (Deno.env.get("UPDATE_SNAPSHOT")) {
    await Deno.mkdir(new URL("./snapshots/", import.meta.url), { recursive: true });
    await Deno.writeTextFile(SNAPSHOT, current);
  }
  const saved = await Deno.readTextFile(SNAPSHOT).catch(() => "");
  assertEquals(
    current,
    saved,
    "tools/list changed: review it and run `UPDATE_SNAPSHOT=1 deno task test` to accept",
  );
});
