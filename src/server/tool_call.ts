/**
 * One tool call's work, apart from the protocol around it: the arguments
 * checked by the tool's own rules, the handler run, its reply checked
 * against the tool's output schema and made a result. The MCP server calls
 * it for every call; a starting server calls it for a first call it answers
 * before the SDK has loaded (../cli/first_call.ts), so both answer alike.
 *
 * @module
 */

import { z } from "zod";
import { SCREEN_TEXT_NOTICE } from "../common/untrusted.ts";
import { firstProblems } from "../common/nearest.ts";
import { StoreFault } from "../db/store_fault.ts";
import { DisplayLost } from "../desktop/display_lost.ts";
import type { Services } from "../services.ts";
import { type CallContext, type Reply, type Shape, type ToolSpec, toResult } from "../tools/tool.ts";
import { argumentProblems } from "../tools/support/arg_problems.ts";
import type { CallToolResult } from "@modelcontextprotocol/server";

/** Each shape's object schema, built once: zod compiles a schema on its first parse, so one per call would compile every call. */
const OBJECT_SCHEMAS = new WeakMap<Shape, z.ZodObject>();
const STRICT_SCHEMAS = new WeakMap<Shape, z.ZodObject>();

/** The object schema of `shape`: extra keys allowed (a reply) or refused (arguments). */
function schemaOf(shape: Shape, kind: "object" | "strict"): z.ZodObject {
  const made = kind === "object" ? OBJECT_SCHEMAS : STRICT_SCHEMAS;
  let schema = made.get(shape);
  if (!schema) made.set(shape, schema = kind === "object" ? z.object(shape) : z.strictObject(shape));
  return schema;
}

/** The call's arguments checked: the tool's own validation, or its input schema. */
export function parseArguments<In extends Shape, Out extends Shape>(
  tool: ToolSpec<In, Out>,
  args: unknown,
): { ok: true; value: z.infer<z.ZodObject<In>> } | { ok: false; text: string } {
  const parsed = tool.validate ? tool.validate(args) : validateShape(tool, args);
  return parsed.ok ? { ok: true, value: parsed.value as z.infer<z.ZodObject<In>> } : parsed;
}

/** Runs checked arguments, and checks the reply against the tool's own output schema. */
export function callTool<In extends Shape, Out extends Shape>(
  tool: ToolSpec<In, Out>,
  args: z.infer<z.ZodObject<In>>,
  services: Services,
  context: CallContext,
): Promise<CallToolResult> {
  return settleReply(tool, () => tool.run(args, services, context));
}

/**
 * The result of `tool`'s handler as `run` runs it on checked arguments
 * (the server's warming runs observe's without its stage line): its reply
 * checked against the tool's output schema, or what failed and how to go on.
 */
export async function settleReply<In extends Shape, Out extends Shape>(
  tool: ToolSpec<In, Out>,
  run: () => Promise<Reply<z.infer<z.ZodObject<Out>>>>,
): Promise<CallToolResult> {
  try {
    const reply = await run();
    if (reply.ok || reply.structured !== undefined) {
      const out = schemaOf(tool.outputSchema, "object").safeParse(reply.structured);
      if (!out.success) throw new Error(`its reply did not match its output schema: ${out.error.message}`);
    }
    return toResult(
      tool.carriesScreenText ? { ...reply, text: `${reply.text}\n${SCREEN_TEXT_NOTICE}` } : reply,
    );
  } catch (err) {
    // These say what happened and what to do themselves; anything else is a surprise worth a doctor run.
    const known = err instanceof StoreFault || err instanceof DisplayLost;
    return toResult({
      ok: false,
      text: `${tool.name} failed: ${(err as Error).message}${
        known
          ? ""
          : "\nNothing further was done. Run `choto doctor` if this looks like a setup problem; otherwise observe and retry."
      }`,
    });
  }
}

/** The default check: the input schema, with each problem named by its field. */
function validateShape<In extends Shape>(
  tool: ToolSpec<In, Shape>,
  args: unknown,
): { ok: true; value: unknown } | { ok: false; text: string } {
  const parsed = schemaOf(tool.inputSchema, "strict").safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data };
  const lines = argumentProblems(parsed.error, Object.keys(tool.inputSchema));
  return {
    ok: false,
    text: [`${tool.name} was not run: its arguments need fixing. Nothing was done.`, ...firstProblems(lines)]
      .join("\n"),
  };
}
