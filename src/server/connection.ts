/**
 * One MCP connection over a stream of JSON-RPC messages (stdio, or any
 * transport shaped like it): the client's first message picks the revision
 * (a 2026-07-28 request with its `_meta` envelope, or 2025-11-25's
 * `initialize`), and one server instance serves the connection from then on.
 *
 * @module
 */

import type { Transport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Services } from "../services.ts";
import { createServer } from "./server.ts";

/** A connection being served; `close` ends it and its server instance. */
export interface Connection {
  close(): Promise<void>;
}

/**
 * Serves `transport` until it closes. The transport is started here; its
 * `onclose` is the connection's own, so a caller that wants to hear of the
 * end wraps it after this returns.
 */
export function serveConnection(
  services: Services,
  transport: Transport,
  onerror: (err: Error) => void = (err) =>
    console.error(`choto: ${JSON.stringify(String(err?.message ?? err))}`),
): Connection {
  return serveStdio(() => createServer(services), { transport, onerror });
}
