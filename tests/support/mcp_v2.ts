/**
 * A real MCP client of the SDK's v2 talking to `deno task start` over stdio
 * on revision 2026-07-28: no `initialize`, the revision and the client's
 * capabilities in every request's `_meta`, questions answered by retrying
 * the call (input requests).
 *
 * @module
 */

import { Client, type ClientCapabilities, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
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

/** How the client is made: how it answers input requests, and what more it declares. */
export interface ModernOptions {
  answer?: Answerer;
  /** False leaves input requests to the caller (each call then passes `allowInputRequired`). */
  autoFulfill?: boolean;
  /** Declared besides elicitation (an `extensions` entry, say). */
  capabilities?: ClientCapabilities;
}

/** A v2 client pinned to 2026-07-28, not yet connected. */
function modernClient(o: ModernOptions): Client {
  const client = new Client(
    { name: "choto-e2e-modern", version: "0.0.0" },
    {
      capabilities: { ...o.capabilities, ...(o.answer ? { elicitation: { form: {} } } : {}) },
      versionNegotiation: { mode: { pin: MODERN } },
      inputRequired: { autoFulfill: o.autoFulfill ?? true },
    },
  );
  const answer = o.answer;
  if (answer) {
    client.setRequestHandler("elicitation/create", (req) => ({ action: answer(req.params.message) }));
  }
  return client;
}

/** Connects a 2026-07-28 client to `deno task start --http` at `url`, with the bearer token. */
export async function connectModernHttp(url: string, token: string, o: ModernOptions = {}): Promise<Client> {
  const client = modernClient(o);
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** Starts the server as `deno task start` does and connects a v2 client pinned to 2026-07-28. */
export async function connectModern(
  env: Record<string, string>,
  dbPath: string,
  o: ModernOptions = {},
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
  const client = modernClient(o);
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}
