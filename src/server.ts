/**
 * Builds the MCP server and registers every finished tool.
 *
 * @module
 */

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { Services } from "./services.ts";
import { executePlanTool } from "./tools/execute_plan.ts";
import { focusAppTool } from "./tools/focus_app.ts";
import { missionFinishTool } from "./tools/mission_finish.ts";
import { missionMarkTool } from "./tools/mission_mark.ts";
import { missionReplayTool } from "./tools/mission_replay.ts";
import { missionStartTool } from "./tools/mission_start.ts";
import { missionStatusTool } from "./tools/mission_status.ts";
import { observeTool } from "./tools/observe.ts";
import { recallTool } from "./tools/recall.ts";
import { type Shape, type ToolSpec, toResult } from "./tools/tool.ts";
import { VERSION } from "./version.ts";

/** Every registered tool, in the order `tools/list` shows them. */
// deno-lint-ignore no-explicit-any
export const TOOLS: ToolSpec<any, any>[] = [
  recallTool,
  observeTool,
  executePlanTool,
  focusAppTool,
  missionStartTool,
  missionStatusTool,
  missionMarkTool,
  missionFinishTool,
  missionReplayTool,
];

const INSTRUCTIONS = [
  "choto reads the screen as text and acts on it.",
  "Start with recall to reuse what is already known (no screenshot needed), observe to look, execute_plan to act, focus_app to bring an app forward.",
  "Coordinates in replies are screen pixels; targets are the element texts the replies list.",
  "For a long task, mission_start keeps its checklist outside the conversation.",
].join(" ");

/** Creates the server; the caller connects a transport. */
export function createServer(services: Services, tools = TOOLS): McpServer {
  const server = new McpServer(
    { name: "choto", title: "choto desktop control", version: VERSION },
    { instructions: INSTRUCTIONS },
  );
  const actor = new OneActor();
  for (const tool of tools) register(server, tool, services, actor);
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

/**
 * The one-actor-at-a-time rule: while a tool that acts on the screen runs,
 * another one is refused rather than queued, because it was planned against
 * a screen the running one is changing.
 */
class OneActor {
  #busy: { tool: string; since: number } | null = null;

  async run(tool: string, fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
    if (this.#busy) {
      const secs = ((performance.now() - this.#busy.since) / 1000).toFixed(1);
      return toResult({
        ok: false,
        text:
          `${tool} refused: ${this.#busy.tool} has been acting on the screen for ${secs} s, and one call acts at a time. Wait for its reply, look again if needed, then call ${tool} again. Nothing was done.`,
      });
    }
    this.#busy = { tool, since: performance.now() };
    try {
      return await fn();
    } finally {
      this.#busy = null;
    }
  }
}

function register<In extends Shape, Out extends Shape>(
  server: McpServer,
  tool: ToolSpec<In, Out>,
  services: Services,
  actor: OneActor,
): void {
  const handle = async (args: z.infer<z.ZodObject<In>>): Promise<CallToolResult> => {
    try {
      return toResult(await tool.run(args, services));
    } catch (err) {
      return toResult({
        ok: false,
        text: `${tool.name} failed: ${
          (err as Error).message
        }\nNothing further was done. Run \`choto doctor\` if this looks like a setup problem; otherwise observe and retry.`,
      });
    }
  };
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
    ((args: any) => tool.actsOnScreen ? actor.run(tool.name, () => handle(args)) : handle(args)) as any,
  );
}
