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

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** How a test client answers the server's questions (MCP elicitation, form mode); absent: it cannot. */
export type Elicit = (message: string) => "accept" | "decline" | "cancel";

/** Starts the server with `deno task start` and connects a client to it. */
export async function connectServer(
  env: Record<string, string>,
  dbPath: string,
  elicit?: Elicit,
): Promise<{ client: Client; stderr: () => string; close: () => Promise<void>; pid: number | null }> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "start", "--db", dbPath],
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
    elicit ? { capabilities: { elicitation: { form: {} } } } : {},
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
    },
  };
}
