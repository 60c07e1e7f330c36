/**
 * The JSON Schemas `tools/list` publishes, written from a tool's zod shapes.
 * The listing is paid for in every conversation, so what only costs length
 * is left out:
 *
 * - `$schema` everywhere (JSON Schema without it is read as 2020-12);
 * - an empty `properties` (an object whose fields are said in words), and in
 *   output schemas an empty `additionalProperties` (it allows what its
 *   absence allows);
 * - in input schemas, the top level's `additionalProperties: false` and a
 *   string's minimum length of one, as execute_plan's step listing leaves
 *   them out inside a step: the handler refuses both naming the field and
 *   the fix (an unknown key with the fields the tool takes);
 * - in output schemas, the `anyOf` zod writes for a nullable object or enum,
 *   said instead as the same type with null.
 *
 * An output schema types each top-level field in full (its type, values,
 * nullability and description) and what lies below it by its kind alone:
 * a nested object is `{type: "object"}`, a list keeps its items' kind. The
 * MCP SDK's client compiles every listed tool's output validator on its
 * first call of any tool, and the nested fields were half of that work
 * (about 55 of 110 ms of a client's CPU, every session); the handler's reply
 * is still checked against the whole zod shape before it leaves
 * (tool_call.ts), and docs/tools.md documents the top-level fields. A
 * reference zod writes (a shape that refers to itself) is resolved here, so
 * no published schema holds one.
 *
 * @module
 */

import { z } from "zod";
import type { Shape } from "../tools/tool.ts";

type Json = Record<string, unknown>;

/** The input schema of a shape, as tools/list shows it. */
export function inputJsonSchema(shape: Shape): Json {
  return trimmed(written(z.object(shape)), (key, value) => key === "minLength" && value === 1) as Json;
}

/** The output schema of a shape: its top-level fields typed in full, what they hold by its kind (see the module note). */
export function outputJsonSchema(shape: Shape): Json {
  const whole = nullableFolded(trimmed(written(z.object(shape)), anyValue)) as Json;
  const { $defs, ...root } = whole;
  const defs = ($defs ?? {}) as Record<string, Json>;
  const fields = Object.entries((root.properties ?? {}) as Record<string, Json>);
  return { ...root, properties: Object.fromEntries(fields.map(([k, v]) => [k, typedByKind(v, defs)])) };
}

/** What a published field keeps of its schema. */
const KEPT = ["type", "enum", "description"];

/**
 * `node` by its kind, values and description: a reference resolved, a
 * choice of kinds said as a list of types, a list's items by their kind,
 * an object without its fields.
 */
function typedByKind(node: Json, defs: Record<string, Json>): Json {
  if (typeof node.$ref === "string") {
    const { $ref, ...rest } = node;
    return { ...typedByKind(defs[$ref.replace("#/$defs/", "")] ?? {}, defs), ...rest };
  }
  if (Array.isArray(node.anyOf)) {
    const kinds = (node.anyOf as Json[]).flatMap((alt) => [typedByKind(alt, defs).type ?? []].flat());
    const type = [...new Set(kinds)];
    const said = node.description === undefined ? {} : { description: node.description };
    return type.length ? { type: type.length === 1 ? type[0] : type, ...said } : said;
  }
  const out: Json = Object.fromEntries(KEPT.filter((k) => k in node).map((k) => [k, node[k]]));
  if (node.items && typeof node.items === "object") out.items = typedByKind(node.items as Json, defs);
  return out;
}

/** `additionalProperties: {}`, which allows what JSON Schema allows without it. */
function anyValue(key: string, value: unknown): boolean {
  return key === "additionalProperties" && !!value && typeof value === "object" && !Object.keys(value).length;
}

function written(schema: z.ZodType): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "throw" }) as Json;
  return json;
}

/** The schema without empty `properties` and without the keywords `drop` names, at any depth. */
function trimmed(node: unknown, drop: (key: string, value: unknown) => boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => trimmed(n, drop));
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties") {
      // Field names are data here, never keywords.
      const fields = Object.entries(value as Json);
      if (fields.length) out.properties = Object.fromEntries(fields.map(([k, v]) => [k, trimmed(v, drop)]));
    } else if (!drop(key, value)) {
      out[key] = trimmed(value, drop);
    }
  }
  return out;
}

/**
 * `{anyOf: [{type: "object", …}, {type: "null"}]}` as `{type: ["object",
 * "null"], …}`, and a nullable enum as the enum with null among its values:
 * the same values pass, in fewer characters. A reference stays in its anyOf.
 */
export function nullableFolded(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableFolded);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableFolded(value);
  const alts = out.anyOf;
  if (!Array.isArray(alts) || alts.length !== 2 || !isNull(alts[1])) return out;
  const some = alts[0] as Json;
  if (typeof some.type !== "string" || "$ref" in some) return out;
  const { anyOf: _, ...rest } = out;
  if (Array.isArray(some.enum)) {
    const { type: _type, ...enumerated } = some;
    return { ...enumerated, enum: [...some.enum, null], ...rest };
  }
  return { ...some, type: [some.type, "null"], ...rest };
}

function isNull(schema: unknown): boolean {
  const s = schema as Json;
  return Object.keys(s).length === 1 && s.type === "null";
}
