/**
 * docs/tools.md and the README's tools at a glance, written from the tool
 * definitions: what `tools/list` answers, tool by tool (title, description,
 * behaviour hints, every input field with its type and description, the
 * typed reply's fields), and each tool's one-line summary, so neither can
 * drift from the code; and the handshake's data (src/server/handshake.json:
 * every tool's listing and the SDK's protocol versions), which the server
 * answers `initialize` and `tools/list` from while it loads.
 * `deno task docs:tools` writes all three; `--check` fails when one is not
 * what the definitions give (`deno task test` runs that).
 *
 * @module
 */

import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Tool,
} from "@modelcontextprotocol/server";
import { ALL_TOOLS, listingOf, TOOLS } from "../src/server/server.ts";
import type { HandshakeData } from "../src/server/handshake.ts";

/** Where the reference lives, relative to the repository root. */
export const TOOLS_DOC = "docs/tools.md";

/** The handshake's data, relative to the repository root. */
export const HANDSHAKE_FILE = "src/server/handshake.json";

/** What the handshake answers from, as the live definitions and the SDK give it. */
export function handshakeData(): HandshakeData {
  return {
    protocol: { latest: LATEST_PROTOCOL_VERSION, supported: [...SUPPORTED_PROTOCOL_VERSIONS] },
    tools: listingOf(ALL_TOOLS),
  };
}

/** The README, whose tools at a glance sit between the two markers. */
export const README = "README.md";
export const GLANCE_BEGIN =
  "<!-- tools at a glance: generated from the tool definitions by `deno task docs:tools` -->";
export const GLANCE_END = "<!-- end of the generated tools at a glance -->";

/** What a tool is for, in a line, by name. */
export function summaries(tools: Array<{ name: string; summary: string }> = TOOLS): Map<string, string> {
  return new Map(tools.map((t) => [t.name, t.summary]));
}

/** A Markdown table padded as `deno fmt` lays it out, so the README stays formatted. */
function paddedTable(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c + " ".repeat(widths[i] - [...c].length)).join(" | ")} |`;
  return [line(head), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)];
}

/** The tools at a glance: each tool and what it is for. */
export function glanceTable(tools: Tool[], summary = summaries()): string {
  return paddedTable(
    ["tool", "what it is for"],
    tools.map((t) => [`\`${t.name}\``, cell(summary.get(t.name) ?? "")]),
  ).join("\n");
}

/** The README with its tools at a glance regenerated between the markers; throws when a marker is missing. */
export function withGlance(readme: string, tools: Tool[], summary = summaries()): string {
  const begin = readme.indexOf(GLANCE_BEGIN);
  const end = readme.indexOf(GLANCE_END);
  if (begin < 0 || end < begin) throw new Error(`${README} has lost its tools-at-a-glance markers`);
  return readme.slice(0, begin + GLANCE_BEGIN.length) + "\n\n" + glanceTable(tools, summary) + "\n\n" +
    readme.slice(end);
}

interface Schema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
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

/** A schema's type in a few characters: `string`, `"window" \| "chrome"`, `object[]`, `number 1-500`, a shape's name. */
function typeOf(s: Schema): string {
  if (s.$ref) return s.$ref.replace("#/$defs/", "");
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

/**
 * What the model reads of a tool, the measure its budget is held to: name +
 * title + description + the input schema as compact JSON.
 */
export function modelChars(t: Tool): number {
  return t.name.length + (t.title ?? "").length + (t.description ?? "").length +
    JSON.stringify(t.inputSchema).length;
}

/** The reference for a listing. */
export function toolsDoc(tools: Tool[], summary = summaries()): string {
  const lines = [
    "# The tools",
    "",
    "Generated from the tool definitions by `deno task docs:tools`; do not edit (`deno task test` fails when",
    "this file is not what the definitions give). The same listing is what `tools/list` answers, and",
    "`tests/snapshots/tools_list.json` holds it byte for byte.",
    "",
    ...table(
      [
        "tool",
        "title",
        "what it is for",
        "read-only",
        "destructive",
        "idempotent",
        "open world",
        "model reads (chars)",
      ],
      tools.map((t) => {
        const a = t.annotations ?? {};
        const yes = (v: boolean | undefined) => (v ? "yes" : "no");
        return [
          `[\`${t.name}\`](#${t.name})`,
          cell(t.title ?? ""),
          cell(summary.get(t.name) ?? ""),
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
  const listing = listingOf();
  const readme = await Deno.readTextFile(`${root}${README}`);
  const files = [
    [TOOLS_DOC, toolsDoc(listing)],
    [README, withGlance(readme, listing)],
    [HANDSHAKE_FILE, JSON.stringify(handshakeData(), null, 2) + "\n"],
  ];
  if (Deno.args.includes("--check")) {
    let stale = false;
    for (const [file, text] of files) {
      const now = await Deno.readTextFile(`${root}${file}`).catch(() => "");
      if (now === text) continue;
      console.error(
        `${file} is not what the tool definitions give: run \`deno task docs:tools\` and commit it`,
      );
      stale = true;
    }
    if (stale) Deno.exit(1);
    console.log(`${files.map(([f]) => f).join(" and ")} are current`);
  } else {
    for (const [file, text] of files) await Deno.writeTextFile(`${root}${file}`, text);
    console.log(`wrote ${files.map(([f]) => f).join(" and ")}`);
  }
}
