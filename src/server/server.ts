/**
 * Builds the MCP server and registers every finished tool.
 *
 * The tool list and tool calls are answered here, through the SDK's public
 * request-handler API, rather than by its tool registry: each tool then
 * checks its own arguments (execute_plan names the step and field of every
 * problem, and the others say which field and how to fix it), and the
 * listing is generated from the same zod schemas the handlers use.
 *
 * @module
 */

import {
  type CallToolRequest,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type Implementation,
  PROTOCOL_VERSION_META_KEY,
  Server,
  type ServerContext,
  type Tool,
} from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import type { PausedRun } from "../plan/executor.ts";
import { answersForms, pauseChannel, pausedResult } from "./input_requests.ts";
import { CACHE_HINTS } from "./cache_hints.ts";
import type { Services } from "../services.ts";
import { annotateIconsTool } from "../tools/annotate_icons.ts";
import { executePlanTool } from "../tools/execute_plan.ts";
import { focusAppTool } from "../tools/focus_app.ts";
import { hoverIconsTool } from "../tools/hover_icons.ts";
import { missionFinishTool } from "../tools/mission_finish.ts";
import { missionMarkTool } from "../tools/mission_mark.ts";
import { missionReplayTool } from "../tools/mission_replay.ts";
import { missionStartTool } from "../tools/mission_start.ts";
import { missionStatusTool } from "../tools/mission_status.ts";
import { observeTool } from "../tools/observe.ts";
import { pointTool } from "../tools/point.ts";
import { recallTool } from "../tools/recall.ts";
import { submitIconLabelsTool } from "../tools/submit_icon_labels.ts";
import { type CallContext, type Shape, type ToolSpec, toResult } from "../tools/tool.ts";
import { callTool, parseArguments } from "./tool_call.ts";
import { ACTOR, type Actor } from "../tools/support/actor.ts";
import { capReply, MAX_REPLY_BYTES } from "../tools/support/reply_cap.ts";
import { nearestName, shortEcho } from "../common/nearest.ts";
import { CAPABILITIES, INSTRUCTIONS, listedOn, SERVER_INFO } from "./identity.ts";
import { listMapResources, MAP_TEMPLATE, readMapResource } from "./map_resource.ts";
import { linkView, MAP_VIEW, MAP_VIEW_URI, readMapView, rendersApps } from "./map_app.ts";
import { inputJsonSchema, outputJsonSchema } from "./json_schema.ts";

/** Every tool of every OS, in the order `tools/list` shows them. */
// deno-lint-ignore no-explicit-any
export const ALL_TOOLS: ToolSpec<any, any>[] = [
  recallTool,
  observeTool,
  executePlanTool,
  focusAppTool,
  hoverIconsTool,
  annotateIconsTool,
  submitIconLabelsTool,
  missionStartTool,
  missionStatusTool,
  missionMarkTool,
  missionFinishTool,
  missionReplayTool,
  pointTool,
];

/** Every tool this OS lists, in the order `tools/list` shows them. */
// deno-lint-ignore no-explicit-any
export const TOOLS: ToolSpec<any, any>[] = ALL_TOOLS.filter((t) => listedOn(t.name));

/**
 * One JSON Schema validator for every server instance (it checks elicitation answers): each HTTP
 * session builds a server, and a validator of its own would be most of what a session costs.
 */
const VALIDATOR = new AjvJsonSchemaValidator();

/** How long the user has to answer a confirmation before it counts as dismissed. */
const ASK_TIMEOUT_MS = 5 * 60_000;

/** Creates the server; the caller connects a transport. */
export function createServer(
  services: Services,
  // deno-lint-ignore no-explicit-any
  tools: ToolSpec<any, any>[] = TOOLS,
  /** Shared by every server instance of the process (HTTP sessions), so one call acts at a time. */
  actor: Actor = ACTOR,
): Server {
  const server = new Server(
    { ...SERVER_INFO },
    {
      capabilities: structuredClone(CAPABILITIES),
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: VALIDATOR,
      cacheHints: CACHE_HINTS,
    },
  );
  const listing = listingOf(tools);
  const byName = toolsByName(tools);
  // A client that renders MCP Apps gets recall linked to the map view, and the view listed.
  const apps = (ctx: ServerContext) => rendersApps(clientCapabilities(server, ctx));
  server.setRequestHandler(
    "tools/list",
    (_request, ctx) => ({ tools: apps(ctx) ? linkView(listing) : listing }),
  );
  server.setRequestHandler("resources/list", (_request, ctx) => ({
    resources: apps(ctx) ? [MAP_VIEW, ...listMapResources(services)] : listMapResources(services),
  }));
  server.setRequestHandler("resources/templates/list", () => ({
    resourceTemplates: [{
      uriTemplate: MAP_TEMPLATE,
      name: "memory-map-of-app",
      title: "choto memory map of one app",
      mimeType: "text/html",
      description: "The windows of one app choto remembers, as one page; APP is its name, URI-encoded.",
    }],
  }));
  server.setRequestHandler(
    "resources/read",
    (request) =>
      request.params.uri === MAP_VIEW_URI
        ? readMapView(services)
        : readMapResource(services, request.params.uri),
  );
  server.setRequestHandler("tools/call", async (request, ctx) => {
    // The server's own warming waits while a call runs: a client's first call comes before it.
    const ended = services.callBegan();
    try {
      const tool = byName.get(request.params.name);
      if (!tool) {
        const near = nearestName(request.params.name, [...byName.keys()]);
        return toResult({
          ok: false,
          text: `there is no tool "${shortEcho(request.params.name, 40)}"; ${
            near ? `did you mean "${near}"? ` : ""
          }use one of ${[...byName.keys()].join(", ")}`,
        });
      }
      const caps = clientCapabilities(server, ctx);
      const modern = servesModern(ctx);
      // A 2025-era client is asked inside the call, on this request's stream; a 2026-07-28 one by the retry.
      const ask = !modern && answersForms(caps)
        ? async (message: string) =>
          (await ctx.mcpReq.elicitInput(
            { mode: "form", message, requestedSchema: { type: "object", properties: {} } },
            { timeout: ASK_TIMEOUT_MS, signal: ctx.mcpReq.signal },
          )).action
        : undefined;
      // Bad input is refused at once: an acting call never waits its turn only to be refused.
      const args = request.params.arguments ?? {};
      const parsed = parseArguments(tool, args);
      if (!parsed.ok) return toResult({ ok: false, text: parsed.text });
      let held: PausedRun | null = null;
      const pausing = modern && tool.pausesForAnswers && answersForms(caps)
        ? pauseChannel(ctx, tool.name, args, (run) => held = run)
        : null;
      if (pausing && "refused" in pausing) return toResult({ ok: false, text: pausing.refused });
      const callServices: Services = ask
        ? { ...services, ask }
        : pausing
        ? { ...services, asksByRetry: true }
        : services;
      const call = async (signal: AbortSignal) =>
        capReply(
          await callTool(tool, parsed.value, callServices, {
            ...callContext(request, ctx, signal),
            ...(pausing ? { pause: pausing.channel } : {}),
          }),
          MAX_REPLY_BYTES,
          tool.askForRest,
        );
      // Only a screen-acting call, which runs alone, tags the audit rows that follow.
      const acting = (signal: AbortSignal) => {
        services.audit.begin(tool.name, String(ctx.mcpReq.id));
        return call(signal);
      };
      // Read-only tools never wait for the actor.
      const result = !tool.actsOnScreen ? await call(ctx.mcpReq.signal) : await actor.run({
        tool: tool.name,
        signal: ctx.mcpReq.signal,
        client: clientInfo(server, ctx)?.name ?? null,
        waitLimitMs: tool.waitLimitMs?.(parsed.value),
        release: () => services.releaseHeld(),
      }, acting);
      // A plan that paused asks its question now; the run waits under a key for the retry with the answer.
      return held ? pausedResult(held, tool.name, args) : result;
    } finally {
      ended();
    }
  });
  return server;
}

/** The request's `_meta` envelope (2026-07-28), as far as it was sent. */
function envelopeOf(ctx: ServerContext): Record<string, unknown> | undefined {
  return ctx.mcpReq.envelope as Record<string, unknown> | undefined;
}

/** Whether the request is served on MCP 2026-07-28 or later: the revision its envelope names. */
function servesModern(ctx: ServerContext): boolean {
  const version = envelopeOf(ctx)?.[PROTOCOL_VERSION_META_KEY];
  return typeof version === "string" && version >= "2026-07-28";
}

/** What the client can do: from the request's envelope (2026-07-28), else from its `initialize`. */
function clientCapabilities(server: Server, ctx: ServerContext): ClientCapabilities | undefined {
  return (envelopeOf(ctx)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ??
    server.getClientCapabilities();
}

/** Who the client is: from the request's envelope (2026-07-28), else from its `initialize`. */
function clientInfo(server: Server, ctx: ServerContext): Implementation | undefined {
  return (envelopeOf(ctx)?.["io.modelcontextprotocol/clientInfo"] as Implementation | undefined) ??
    server.getClientVersion();
}

/** The listing of a tool set, built once: every HTTP session shares it instead of holding its own. */
// deno-lint-ignore no-explicit-any
const LISTINGS = new WeakMap<ToolSpec<any, any>[], Tool[]>();

/** What `tools/list` answers for a tool set (every registered tool by default). */
// deno-lint-ignore no-explicit-any
export function listingOf(tools: ToolSpec<any, any>[] = TOOLS): Tool[] {
  let listing = LISTINGS.get(tools);
  if (!listing) LISTINGS.set(tools, listing = tools.map(describeTool));
  return listing;
}

/** Each tool set's tools by name, built once: every HTTP session shares it. */
// deno-lint-ignore no-explicit-any
const BY_NAME = new WeakMap<ToolSpec<any, any>[], Map<string, ToolSpec<any, any>>>();

// deno-lint-ignore no-explicit-any
function toolsByName(tools: ToolSpec<any, any>[]): Map<string, ToolSpec<any, any>> {
  let byName = BY_NAME.get(tools);
  if (!byName) BY_NAME.set(tools, byName = new Map(tools.map((t) => [t.name, t])));
  return byName;
}

/** A tool as `tools/list` shows it. */
function describeTool<In extends Shape, Out extends Shape>(tool: ToolSpec<In, Out>): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputJsonSchema(tool.inputSchema) as Tool["inputSchema"],
    outputSchema: outputJsonSchema(tool.outputSchema) as Tool["outputSchema"],
    annotations: { ...tool.annotations },
  };
}

/**
 * Cancellation (the actor's signal, which also stops at shutdown), and
 * progress notifications when the client gave a progress token.
 */
function callContext(request: CallToolRequest, ctx: ServerContext, signal: AbortSignal): CallContext {
  const token = request.params._meta?.progressToken;
  if (token === undefined) return { signal };
  return {
    signal,
    progress: (done, total, message) =>
      ctx.mcpReq.notify({
        method: "notifications/progress",
        params: { progressToken: token, progress: done, total, message },
      }),
  };
}
