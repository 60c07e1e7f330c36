/**
 * A real MCP client talking to `deno task start` over stdio, as Claude
 * Desktop does.
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fileURLToPath } from "node:url";
import { type ElicitRequest, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { buildManifest } from "../../build/manifest.ts";
import { bridgeDbDir, stopService } from "./service_stop.ts";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** How a test client answers the server's questions (MCP elicitation, form mode); absent: it cannot. */
export type Elicit = (message: string) => "accept" | "decline" | "cancel";

/**
 * The MCP Bundle's Linux server command, as Claude Desktop would run it from
 * this checkout: the manifest's own permission flags, with the bundle's
 * folder and the database folder filled in. It starts a bridge, whose
 * service {@link connectServer}'s `close` stops.
 */
export function bundleArgs(dbPath: string): string[] {
  const m = buildManifest("0.0.0") as { server: { mcp_config: { args: string[] } } };
  const dir = dbPath.slice(0, dbPath.lastIndexOf("/"));
  return m.server.mcp_config.args.map((a) =>
    a.replaceAll("${__dirname}", ROOT.replace(/\/$/, "")).replaceAll("${user_config.database_folder}", dir)
  ).map((a, i, all) => (all[i - 1] === "--db" ? dbPath : a));
}

/**
 * Starts the server with `deno task start` (or `args` to `deno`, such as
 * {@link bundleArgs}) and connects a client to it; `wrap` is a program (and
 * its arguments) that starts the server itself, as its child on its own stdio;
 * `capabilities` are declared besides elicitation (an `extensions` entry, say).
 */
export async function connectServer(
  env: Record<string, string>,
  dbPath: string,
  elicit?: Elicit,
  args: string[] = ["task", "--quiet", "start", "--db", dbPath],
  wrap: string[] = [],
  capabilities: Record<string, unknown> = {},
): Promise<{ client: Client; stderr: () => string; close: () => Promise<void>; pid: number | null }> {
  const command = [...wrap, Deno.execPath(), ...args];
  const transport = new StdioClientTransport({
    command: command[0],
    args: command.slice(1),
    cwd: ROOT,
    env: { ...Deno.env.toObject(), ...env, NO_COLOR: "1" },
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (d: Uint8Array) => {
    err += new TextDecoder().decode(d);
  });
  const client = new Client(
    { name: "choto-e2e", version: "0.0.0" },
    { capabilities: { ...capabilities, ...(elicit ? { elicitation: { form: {} } } : {}) } },
  );
  if (elicit) {
    client.setRequestHandler(
      ElicitRequestSchema,
      (req: ElicitRequest) => ({ action: elicit(req.params.message) }),
    );
  }
  await client.connect(transport);
  // With the listing in hand the client checks every structuredContent against the published output schema.
  await client.listTools();
  return {
    client,
    // The task runner's process; the server is its child.
    pid: transport.pid,
    stderr: () => err,
    close: async () => {
      await client.close();
      // A bridge (the bundle's entry) leaves its service running: this test's service ends with it.
      const serviceDir = bridgeDbDir(args);
      if (serviceDir) await stopService(serviceDir);
    },
  };
}

/**
 * Records the progress values the server sends, as they come off the
 * transport. The SDK's `onprogress` can miss the last one: a reply that
 * arrives in the same read is handled at once and drops the request's
 * progress handler, while the notification is handled a microtask later and
 * finds none. `stop` puts the transport's handler back.
 */
export function tapProgress(client: Client): { values: number[]; stop: () => void } {
  const transport = client.transport;
  if (!transport) throw new Error("tapProgress needs a connected client");
  const inner = transport.onmessage;
  const values: number[] = [];
  type Handler = NonNullable<typeof inner>;
  transport.onmessage = (...[message, extra]: Parameters<Handler>) => {
    const m = message as { method?: string; params?: { progress?: number } };
    if (m.method === "notifications/progress" && typeof m.params?.progress === "number") {
      values.push(m.params.progress);
    }
    inner?.(message, extra);
  };
  return { values, stop: () => void (transport.onmessage = inner) };
}
