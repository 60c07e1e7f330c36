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
 * Output shapes marked with an id (`.meta({ id })`) are written once under
 * the root's `$defs` and referred to (no definition refers to itself, so a
 * client that inlines them never loops); an input schema never holds a
 * reference, as the design asks.
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

/** The output schema of a shape: replies never carry extra keys, so saying so on every object would only add length. */
export function outputJsonSchema(shape: Shape): Json {
  return nullableFolded(trimmed(written(z.object(shape)), anyValue)) as Json;
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
