/**
 * Keeps `tools/list` honest: every tool is complete (title, description,
 * described input fields, output schema, all four hints), the listing fits
 * its size budget, and it matches the committed snapshot. After an intended change run
 * `UPDATE_SNAPSHOT=1 deno task test` and review the diff.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { createServer } from "../src/server/server.ts";
import { modelChars } from "../build/docs_tools.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
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
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/**
 * Fields without a description, at any depth, including inside the
 * branches of a union: every input field is something the model must fill
 * in, so each says what it is for.
 */
function undescribed(schema: JsonSchema, path: string): string[] {
  const out: string[] = [];
  for (const alt of [...schema.anyOf ?? [], ...schema.oneOf ?? []]) out.push(...undescribed(alt, path));
  if (schema.items) out.push(...undescribed(schema.items, `${path}[]`));
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const where = `${path}.${key}`;
    if (!prop.description) out.push(where);
    out.push(...undescribed(prop, where));
  }
  return out;
}

Deno.test("undescribed fields are found inside union branches too", () => {
  const schema: JsonSchema = {
    properties: {
      a: { description: "x", anyOf: [{ properties: { b: {} } }, { type: "null" }] },
      c: { description: "y", items: { oneOf: [{ properties: { d: { description: "z" }, e: {} } }] } },
    },
  };
  assertEquals(undescribed(schema, "t"), ["t.a.b", "t.c[].e"]);
});

Deno.test("every tool definition is complete", async () => {
  const tools = await listTools();
  assert(tools.length >= 2);
  for (const tool of tools) {
    assert(tool.title, `${tool.name} has no title`);
    // A small tool (within 900 model-read characters in all) says the same in fewer words.
    const { name, title, description, inputSchema } = tool;
    const small = JSON.stringify({ name, title, description, inputSchema }).length <= 900;
    assert((tool.description ?? "").length > (small ? 200 : 300), `${tool.name}: description too thin`);
    const a = tool.annotations ?? {};
    for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
      assertEquals(typeof a[hint], "boolean", `${tool.name}: ${hint} is not set`);
    }
    assert(tool.outputSchema, `${tool.name} has no output schema`);
    assertEquals(undescribed(tool.inputSchema as JsonSchema, tool.name), [], `${tool.name} input`);
    // Output fields are described only where a name does not say it: no model reads
    // them, and a client checks each reply against the types.
  }
});

/**
 * Limits for the whole set of tools, the design's: what the model reads of
 * every listed tool (name + title + description + the input schema as
 * compact JSON, `modelChars`), execute_plan's share of it, what a tool beyond
 * the twelve it was first set for may take, and the whole tools/list reply,
 * output schemas included.
 */
const BUDGET = { modelReads: 17_000, executePlan: 7_500, newTool: 900, wholeList: 40_000 };

/**
 * New tools allowed more than `newTool`, and why: point's marks take
 * execute_plan's target, typed in full with the limits it is checked
 * against (a target of four fields costs about 450 of its characters).
 */
const NEW_TOOL_ALLOWANCE: Record<string, number> = { point: 1_400 };

/** The twelve tools the budget was first set for; any other tool is a new one. */
const SEED_TOOLS = [
  "recall",
  "observe",
  "execute_plan",
  "focus_app",
  "hover_icons",
  "annotate_icons",
  "submit_icon_labels",
  "mission_start",
  "mission_status",
  "mission_mark",
  "mission_finish",
  "mission_replay",
];

Deno.test("tools/list stays within its size budget", async () => {
  const tools = await listTools();
  const rows = (tools as Tool[]).map((t) => ({
    tool: t.name,
    reads: modelChars(t),
    description: (t.description ?? "").length,
    input: JSON.stringify(t.inputSchema).length,
    output: JSON.stringify(t.outputSchema ?? {}).length,
    whole: JSON.stringify(t).length,
  }));
  const reads = rows.reduce((n, r) => n + r.reads, 0);
  const whole = JSON.stringify({ tools }).length;
  console.table(rows);
  console.log(
    `model reads ${reads} chars (budget ${BUDGET.modelReads}); whole list ${whole} (${BUDGET.wholeList})`,
  );
  const plan = rows.find((r) => r.tool === "execute_plan");
  assert(plan && plan.reads <= BUDGET.executePlan, `execute_plan reads ${plan?.reads} chars`);
  assert(reads <= BUDGET.modelReads, `the model reads ${reads} chars of the listed tools`);
  for (const r of rows.filter((r) => !SEED_TOOLS.includes(r.tool))) {
    const allowed = NEW_TOOL_ALLOWANCE[r.tool] ?? BUDGET.newTool;
    assert(r.reads <= allowed, `${r.tool}, a new tool, reads ${r.reads} chars (allowed ${allowed})`);
  }
  assert(whole <= BUDGET.wholeList, `tools/list is ${whole} chars`);
});

type Limited = JsonSchema & Record<string, unknown>;

/** Numbers with no bound (or only a lower one) by design, and why. */
const UNBOUNDED: Record<string, string> = {
  "execute_plan.steps[].path[].x": "a screen coordinate: checked against the screen when the step runs",
  "execute_plan.steps[].path[].y": "a screen coordinate: checked against the screen when the step runs",
  "point.marks[].box[]": "screen pixels: a box off the screen is refused when the call runs",
  "execute_plan.steps[].until_readout.tolerance": "any distance in the readout's units; 0 is its one limit",
};

/**
 * Input fields whose limits are not in the schema: a string without
 * maxLength, an array without maxItems, a record (keys of its own) without
 * maxProperties, a number without both bounds (but those in UNBOUNDED).
 */
function unlimited(schema: Limited, path: string): string[] {
  const out: string[] = [];
  for (const alt of [...schema.anyOf ?? [], ...schema.oneOf ?? []]) {
    out.push(...unlimited(alt as Limited, path));
  }
  const types = [schema.type].flat();
  const unbounded = path in UNBOUNDED;
  if (types.includes("string") && !schema.enum && schema.maxLength === undefined) {
    out.push(`${path}: maxLength`);
  }
  if (types.includes("array") && schema.maxItems === undefined) out.push(`${path}: maxItems`);
  const map = schema.additionalProperties;
  if (schema.propertyNames && schema.maxProperties === undefined) {
    out.push(`${path}: maxProperties`);
  }
  if ((types.includes("number") || types.includes("integer")) && !unbounded) {
    if (schema.minimum === undefined || schema.maximum === undefined) out.push(`${path}: minimum/maximum`);
  }
  if (schema.items) out.push(...unlimited(schema.items as Limited, `${path}[]`));
  if (map && typeof map === "object") out.push(...unlimited(map as Limited, `${path}{}`));
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    out.push(...unlimited(prop as Limited, `${path}.${key}`));
  }
  return out;
}

Deno.test("every input limit the handlers hold is in the published schema, not only in words", async () => {
  const tools = await listTools();
  for (const t of tools as Tool[]) assertEquals(unlimited(t.inputSchema as Limited, t.name), [], t.name);
  // point's, which its validator holds: 1 to 8 marks, a box of 4 numbers, a note of 120, 1-30 s.
  const point = (tools as Tool[]).find((t) => t.name === "point")!.inputSchema as Limited;
  const marks = point.properties!.marks as Limited;
  const mark = marks.items as Limited;
  assertEquals([marks.minItems, marks.maxItems], [1, 8]);
  const box = mark.properties!.box as Limited;
  assertEquals([box.minItems, box.maxItems], [4, 4]);
  assertEquals((mark.properties!.note as Limited).maxLength, 120);
  const duration = point.properties!.duration_ms as Limited;
  assertEquals([duration.minimum, duration.maximum], [1000, 30_000]);
  // execute_plan's summarised objects still publish their limits: expect's texts, a readout's value.
  const plan = (tools as Tool[]).find((t) => t.name === "execute_plan")!.inputSchema as Limited;
  const step = ((plan.properties!.steps as Limited).items as Limited).properties!;
  assertEquals(((step.expect as Limited).additionalProperties as Limited).maxLength, 500);
  const readout = step.until_readout as Limited;
  assertEquals((readout.properties!.value as Limited).maxLength, 50);
  assertEquals((readout.properties!.tolerance as Limited).minimum, 0);
  const target = mark.properties!.target as Limited;
  assertEquals(Object.keys(target.properties!), ["text", "scope", "region", "window"]);
  assertEquals(target.required, ["text"]);
});

/** Every `$ref` in a schema, at any depth. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => k === "$ref" && typeof v === "string" ? [v] : refsIn(v));
}

/** The deepest level at which a schema names an object's fields (the root's own fields are level 1). */
function fieldDepth(node: unknown): number {
  if (Array.isArray(node)) return Math.max(0, ...node.map(fieldDepth));
  if (!node || typeof node !== "object") return 0;
  return Math.max(
    0,
    ...Object.entries(node).map(([k, v]) =>
      k === "properties" ? 1 + Math.max(0, ...Object.values(v as object).map(fieldDepth)) : fieldDepth(v)
    ),
  );
}

Deno.test("no schema holds a reference; an output schema types its top-level fields, and what they hold by kind", async () => {
  const tools = await listTools();
  const validator = new AjvJsonSchemaValidator();
  for (const t of tools) {
    for (const [which, schema] of [["input", t.inputSchema], ["output", t.outputSchema]] as const) {
      const json = JSON.stringify(schema);
      assert(
        !json.includes("$ref") && !json.includes("$defs"),
        `${t.name}: $ref/$defs in the ${which} schema`,
      );
    }
    const output = t.outputSchema as JsonSchema & { required?: string[] };
    // The SDK's client compiles every listed tool's output validator on its first call of any tool.
    assertEquals(fieldDepth(output), 1, `${t.name}: the output schema names nested fields`);
    for (const [name, field] of Object.entries(output.properties ?? {})) {
      assert(
        (field as { type?: unknown }).type ?? (field as { enum?: unknown }).enum,
        `${t.name}.${name}: untyped`,
      );
    }
    const check = validator.getValidator(output);
    // Each required field given a value of another kind: text where an object goes, else an object.
    const fields = (output.properties ?? {}) as Record<string, { type?: string | string[] }>;
    const unlike = (k: string) => [fields[k]?.type].flat().includes("object") ? "text" : {};
    const wrong = Object.fromEntries((output.required ?? []).map((k) => [k, unlike(k)]));
    if (output.required?.length) assert(!check(wrong).valid, `${t.name}: a reply of the wrong types passes`);
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
