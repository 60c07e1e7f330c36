/**
 * The server behind `choto serve`, loaded once the handshake is being
 * answered and the services are open (serve.ts starts the recognisers first,
 * so they start on their own threads while this module loads): it imports the
 * memory seed, connects the MCP server to the transport that is already
 * reading, and runs until stdin closes or a signal ends it, letting go of
 * held input first.
 *
 * @module
 */

import { deserializeMessage } from "@modelcontextprotocol/server";
import { envVar } from "../common/env.ts";
import { keepPruned } from "../db/retention.ts";
import type { Services } from "../services.ts";
import { ACTOR } from "../tools/support/actor.ts";
import { openDisplayLock } from "../tools/support/screen_lock.ts";
import { serveConnection } from "../server/connection.ts";
import type { BoundedStdioTransport } from "../server/stdio_transport.ts";
import { dbPath, type openServices } from "./open.ts";
import { importSeed } from "./pack.ts";
import type { StartToken } from "../server/http_token.ts";

/** How often a running server checks that the database file at its path is still the one it has open. */
const DB_WATCH_MS = 2_000;

/** `serve --http`: Streamable HTTP at /mcp until a signal ends it. */
async function serveOverHttp(svc: Services, on: HttpServing): Promise<void> {
  const { serveHttp } = await import("../server/http.ts");
  const { TokenFile } = await import("../server/http_token.ts");
  const { source, token } = on.token;
  console.error(
    `choto: bearer token from ${
      source.env ? "CHOTO_HTTP_TOKEN" : `${source.path} (read again when it changes)`
    }`,
  );
  // A token kept in a file is rotated by writing a new one there: one stat per request notices it.
  const file = source.env ? null : new TokenFile(source.path, token);
  const http = serveHttp(svc, {
    host: on.host,
    port: on.port,
    token: file ? () => file.current() : token,
    allowedOrigins: svc.policy.httpAllowedOrigins,
  });
  const shutdown = async () => {
    // Open event streams never end on their own: give requests in flight a moment, then go.
    await Promise.race([http.shutdown().catch(() => {}), new Promise((r) => setTimeout(r, 1000))]);
    await svc.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", () => void shutdown());
  Deno.addSignalListener("SIGTERM", () => void shutdown());
}

/** Makes every acting call take the display's lock, shared with every choto process on it. */
function shareDisplay(db: string): void {
  const lock = openDisplayLock(db);
  if (!lock) {
    console.error(
      "choto: no folder could hold the display's lock; acting calls take turns within this server only",
    );
  }
  ACTOR.shareScreen(lock);
}

/**
 * What a server does once its services are open, whatever it serves on
 * (stdio, HTTP, `choto service`'s socket): imports the memory seed, watches
 * the database file, prunes old rows, and shares the display's lock.
 */
export async function startUpkeep(
  svc: ReturnType<typeof openServices>,
  dbFlag: string | undefined,
): Promise<void> {
  const seed = envVar("CHOTO_MEMORY_SEED");
  if (seed) await importSeed(svc.store, seed, svc.policy, (line) => console.error(line));
  // A replaced database file is let go of even while nothing writes; old rows go while the server runs.
  svc.store.watch(DB_WATCH_MS);
  keepPruned([() => svc.audit.prune(), () => svc.memory.prune()]);
  shareDisplay(dbPath(dbFlag));
}

/** Where `serve --http` listens, and the token it was started with. */
export interface HttpServing {
  host: string;
  port: number;
  token: StartToken;
}

/** Where the server answers: on stdio (a transport already answering the handshake), or over HTTP. */
export type Serving = { stdio: BoundedStdioTransport } | { http: HttpServing };

/** Serves with the open services until stdin closes or a signal ends it. */
export async function serve(
  svc: ReturnType<typeof openServices>,
  dbFlag: string | undefined,
  on: Serving,
): Promise<void> {
  await startUpkeep(svc, dbFlag);
  if ("http" in on) return await serveOverHttp(svc, on.http);
  const transport = on.stdio.parseWith(deserializeMessage);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    // Stop the running call and let go of held input before anything else can fail.
    ACTOR.abortAll();
    await svc.releaseInput().catch(() => {});
    await connection.close().catch(() => {});
    await svc.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", () => void shutdown());
  Deno.addSignalListener("SIGTERM", () => void shutdown());
  // The client's first message picks the revision (2026-07-28, or 2025-11-25's initialize); one server serves it.
  const connection = serveConnection(svc, transport);
  const closeConnection = transport.onclose;
  transport.onclose = () => {
    closeConnection?.();
    void shutdown();
  };
  // The SDK does not end on EOF: the client closing stdin ends us (maybe while we loaded).
  void transport.ended.then(shutdown);
}
