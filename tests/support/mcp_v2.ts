/**
 * A real MCP client of the SDK's v2 talking to `deno task start` over stdio
 * on revision 2026-07-28: no `initialize`, the revision and the client's
 * capabilities in every request's `_meta`, questions answered by retrying
 * the call (input requests).
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { ROOT } from "./mcp.ts";

/** How the client answers an input request (form elicitation); absent: it declares no elicitation. */
export type Answerer = (message: string) => "accept" | "decline" | "cancel";

/** A connected 2026-07-28 client. */
export interface ModernClient {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

/** The revision these clients speak. */
export const MODERN = "2026-07-28";

/**
 * Starts the server as `deno task start` does and connects a v2 client
 * pinned to 2026-07-28. `autoFulfill: false` leaves input requests to the
 * caller (each call then passes `allowInputRequired`).
 */
export async function connectModern(
  env: Record<string, string>,
  dbPath: string,
  answer?: Answerer,
  autoFulfill = true,
): Promise<ModernClient> {
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
    { name: "choto-e2e-modern", version: "0.0.0" },
    {
      capabilities: answer ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: { pin: MODERN } },
      inputRequired: { autoFulfill },
    },
  );
  if (answer) {
    client.setRequestHandler("elicitation/create", (req) => ({ action: answer(req.params.message) }));
  }
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}
