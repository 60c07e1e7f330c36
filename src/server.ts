/**
 * Builds the MCP server and registers every finished tool.
 *
 * @module
 */

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Services } from "./services.ts";
import { executePlanTool } from "./tools/execute_plan.ts";
import { annotateIconsTool } from "./tools/annotate_icons.ts";
import { focusAppTool } from "./tools/focus_app.ts";
import { hoverIconsTool } from "./tools/hover_icons.ts";
import { observeTool } from "./tools/observe.ts";
import { recallTool } from "./tools/recall.ts";
import { submitIconLabelsTool } from "./tools/submit_icon_labels.ts";
import { type CallContext, type Shape, type ToolSpec, toResult } from "./tools/tool.ts";
import { VERSION } from "./version.ts";

/** Every registered tool, in the order `tools/list` shows them. */
// deno-lint-ignore no-explicit-any
export const TOOLS: ToolSpec<any, any>[] = [
  recallTool,
  observeTool,
  executePlanTool,
  focusAppTool,
  hoverIconsTool,
  annotateIconsTool,
  submitIconLabelsTool,
];

const INSTRUCTIONS = [
  "choto reads the screen as text and acts on it.",
  "Start with recall to reuse what is already known (no screenshot needed), observe to look, execute_plan to act, focus_app to bring an app forward.",
  "Coordinates in replies are screen pixels; targets are the element texts the replies list.",
].join(" ");

/** Creates the server; the caller connects a transport. */
export function createServer(services: Services, tools = TOOLS): McpServer {
  const server = new McpServer(
    { name: "choto", title: "choto desktop control", version: VERSION },
    { instructions: INSTRUCTIONS },
  );
  for (const tool of tools) register(server, tool, services);
  useOwnValidation(server, tools);
  return server;
}

/**
 * Lets a tool with its own `validate` answer bad input in its own words. The
 * SDK validates arguments against the zod schema before the handler runs and
 * words the failure generically ("... at steps.2.path"); execute_plan names
 * the step (1-based) and says how to fix it instead. The SDK keeps no public
 * hook for this, so its (pinned) validation method is wrapped on the instance.
 */
// deno-lint-ignore no-explicit-any
function useOwnValidation(server: McpServer, tools: ToolSpec<any, any>[]): void {
  const own = new Map(tools.filter((t) => t.validate).map((t) => [t.name, t.validate!]));
  if (!own.size) return;
  type Validate = (tool: unknown, args: unknown, name: string) => Promise<unknown>;
  const target = server as unknown as { validateToolInput: Validate };
  const sdk = target.validateToolInput.bind(server);
  target.validateToolInput = (tool, args, name) => {
    const validate = own.get(name);
    if (!validate) return sdk(tool, args, name);
    const v = validate(args ?? {});
    // A plain Error becomes an isError result carrying exactly this text.
    if (!v.ok) return Promise.reject(new Error(`plan refused, nothing was done:\n${v.text}`));
    return Promise.resolve(v.value);
  };
}

/** Cancellation and progress for a call, from the SDK's request extra. */
// deno-lint-ignore no-explicit-any
function callContext(extra: any): CallContext {
  const signal: AbortSignal = extra?.signal ?? new AbortController().signal;
  const token = extra?._meta?.progressToken;
  if (token === undefined || typeof extra?.sendNotification !== "function") return { signal };
  return {
    signal,
    progress: (done, total, message) =>
      extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken: token, progress: done, total, message },
      }),
  };
}

function register<In extends Shape, Out extends Shape>(
  server: McpServer,
  tool: ToolSpec<In, Out>,
  services: Services,
): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: { title: tool.title, ...tool.annotations },
    },
    // deno-lint-ignore no-explicit-any
    (async (args: any, extra: any): Promise<CallToolResult> => {
      try {
        return toResult(await tool.run(args, services, callContext(extra)));
      } catch (err) {
        return toResult({
          ok: false,
          text: `${tool.name} failed: ${
            (err as Error).message
          }\nNothing further was done. Run \`choto doctor\` if this looks like a setup problem; otherwise observe and retry.`,
        });
      }
      // deno-lint-ignore no-explicit-any
    }) as any,
  );
}
