/**
 * docs/tools.md, written from the tool definitions: what `tools/list`
 * answers, tool by tool (title, description, behaviour hints, every input
 * field with its type and description, the typed reply's fields), so the
 * reference cannot drift from the code. `deno task docs:tools` writes it;
 * `--check` fails when the file is not what the definitions give (`deno task
 * test` runs that).
 *
 * @module
 */

import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { listingOf } from "../src/server/server.ts";

/** Where the reference lives, relative to the repository root. */
export const TOOLS_DOC = "docs/tools.md";

interface Schema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
}

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();
}

/** A schema's type in a few characters: `string`, `"window" \| "chrome"`, `object[]`, `number 1-500`. */
function typeOf(s: Schema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return [...new Set(alts.map(typeOf))].join(" | ");
  if (s.type === "array") {
    const item = s.items ? typeOf(s.items) : "any";
    return `${item.includes(" | ") ? `(${item})` : item}[]`;
  }
  const type = Array.isArray(s.type) ? s.type.join(" | ") : s.type ?? "any";
  const range = s.minimum !== undefined && s.maximum !== undefined
    ? ` ${s.minimum}-${s.maximum}`
    : s.maxLength !== undefined
    ? ` (≤ ${s.maxLength} chars)`
    : "";
  return type + range;
}

/** Every field of an object schema, depth first, as `a.b[].c` paths. */
function fields(s: Schema, path: string, required: boolean, out: string[][]): void {
  const props = s.properties ?? {};
  for (const [name, p] of Object.entries(props)) {
    const where = path ? `${path}.${name}` : name;
    const req = required && (s.required ?? []).includes(name);
    const def = p.default !== undefined ? ` (default ${JSON.stringify(p.default)})` : "";
    out.push([`\`${where}\``, cell(typeOf(p)), req ? "yes" : "", cell((p.description ?? "") + def)]);
    const inner = p.type === "array" && p.items ? p.items : p;
    const suffix = p.type === "array" ? "[]" : "";
    if (inner.properties) fields(inner, `${where}${suffix}`, req, out);
    for (const alt of inner.anyOf ?? inner.oneOf ?? []) {
      if (alt.properties) fields(alt, `${where}${suffix}`, false, out);
    }
  }
}

function table(head: string[], rows: string[][]): string[] {
  return [
    `| ${head.join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ];
}

/** What the model reads of a tool: name, title, description and input schema as compact JSON. */
export function modelChars(t: Tool): number {
  return JSON.stringify({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema,
  })
    .length;
}

/** The reference for a listing. */
export function toolsDoc(tools: Tool[]): string {
  const lines = [
    "# The tools",
    "",
    "Generated from the tool definitions by `deno task docs:tools`; do not edit (`deno task test` fails when",
    "this file is not what the definitions give). The same listing is what `tools/list` answers, and",
    "`tests/snapshots/tools_list.json` holds it byte for byte.",
    "",
    ...table(
      ["tool", "title", "read-only", "destructive", "idempotent", "open world", "model reads (chars)"],
      tools.map((t) => {
        const a = t.annotations ?? {};
        const yes = (v: boolean | undefined) => (v ? "yes" : "no");
        return [
          `[\`${t.name}\`](#${t.name})`,
          cell(t.title ?? ""),
          yes(a.readOnlyHint),
          yes(a.destructiveHint),
          yes(a.idempotentHint),
          yes(a.openWorldHint),
          modelChars(t).toLocaleString("en-US"),
        ];
      }),
    ),
    "",
  ];
  for (const t of tools) {
    lines.push(`## ${t.name}`, "", `**${t.title}**`, "", t.description ?? "", "");
    const input: string[][] = [];
    fields(t.inputSchema as Schema, "", true, input);
    lines.push("### Input", "");
    lines.push(
      ...(input.length ? table(["field", "type", "required", "description"], input) : ["(no arguments)"]),
    );
    const output = Object.entries((t.outputSchema as Schema | undefined)?.properties ?? {}).map((
      [name, p],
    ) => [
      `\`${name}\``,
      cell(typeOf(p)),
      cell(p.description ?? ""),
    ]);
    lines.push("", "### Typed reply (structuredContent)", "");
    lines.push(...(output.length ? table(["field", "type", "description"], output) : ["(none)"]), "");
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const root = new URL("..", import.meta.url).pathname;
  const text = toolsDoc(listingOf());
  if (Deno.args.includes("--check")) {
    const now = await Deno.readTextFile(`${root}${TOOLS_DOC}`).catch(() => "");
    if (now !== text) {
      console.error(
        `${TOOLS_DOC} is not what the tool definitions give: run \`deno task docs:tools\` and commit it`,
      );
      Deno.exit(1);
    }
    console.log(`${TOOLS_DOC} is current`);
  } else {
    await Deno.writeTextFile(`${root}${TOOLS_DOC}`, text);
    console.log(`wrote ${TOOLS_DOC}`);
  }
}
