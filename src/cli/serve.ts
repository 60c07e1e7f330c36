/**
 * `choto serve`: the MCP server on stdio (what Claude Desktop runs), or with
 * `--http` on Streamable HTTP at /mcp. It runs until stdin closes or a
 * signal ends it, letting go of held input first.
 *
 * @module
 */

import process from "node:process";
import { dirname, join } from "node:path";
import { envVar } from "../common/env.ts";
import { keepPruned } from "../db/retention.ts";
import type { Services } from "../services.ts";
import { ACTOR } from "../tools/support/actor.ts";
import { httpToken, serveHttp } from "../server/http.ts";
import { createServer } from "../server/server.ts";
import { BoundedStdioTransport } from "../server/stdio_transport.ts";
import type { Command } from "./command.ts";
import { dbPath, openServices } from "./open.ts";
import { importSeed } from "./pack.ts";

/** The port `serve --http` listens on unless given one. */
const DEFAULT_PORT = 8767;

/** How often a running server checks that the database file at its path is still the one it has open. */
const DB_WATCH_MS = 2_000;

/** `serve --http`: Streamable HTTP at /mcp until a signal ends it. */
function serveOverHttp(svc: Services, path: string, host: string, port: number): void {
  const { token, source } = httpToken(join(dirname(path), "http-token"), envVar("CHOTO_HTTP_TOKEN"));
  console.error(`choto: bearer token from ${source}`);
  const http = serveHttp(svc, { host, port, token, allowedOrigins: svc.policy.httpAllowedOrigins });
  setTimeout(() => void svc.warm(), 0);
  const shutdown = async () => {
    // Open event streams never end on their own: give requests in flight a moment, then go.
    await Promise.race([http.shutdown().catch(() => {}), new Promise((r) => setTimeout(r, 1000))]);
    await svc.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", () => void shutdown());
  Deno.addSignalListener("SIGTERM", () => void shutdown());
}

async function serve(
  dbFlag: string | undefined,
  ocrFlag: string | undefined,
  http?: { host: string; port: number },
): Promise<void> {
  const svc = openServices(dbFlag, ocrFlag);
  const seed = envVar("CHOTO_MEMORY_SEED");
  if (seed) importSeed(svc.store, seed, svc.policy, (line) => console.error(line));
  // A replaced database file is let go of even while nothing writes; old rows go while the server runs.
  svc.store.watch(DB_WATCH_MS);
  keepPruned([() => svc.audit.prune(), () => svc.memory.prune()]);
  if (http) return serveOverHttp(svc, dbPath(dbFlag), http.host, http.port);
  const server = createServer(svc);
  const transport = new BoundedStdioTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    // Stop the running call and let go of held input before anything else can fail.
    ACTOR.abortAll();
    await svc.releaseInput().catch(() => {});
    await server.close().catch(() => {});
    await svc.close();
    Deno.exit(0);
  };
  transport.onclose = () => void shutdown();
  Deno.addSignalListener("SIGINT", () => void shutdown());
  Deno.addSignalListener("SIGTERM", () => void shutdown());
  await server.connect(transport);
  // The recognisers start while the client is still shaking hands, so the first observe finds them ready.
  setTimeout(() => void svc.warm(), 0);
  // The SDK stops reading on EOF but does not exit: the client closing stdin ends us.
  process.stdin.on("end", () => void shutdown());
}

/** `choto serve`. */
export const serveCommand: Command = {
  usage: [["serve", "run the MCP server on stdio (the default)"]],
  details: [
    `--http [--port N] [--host H]  Streamable HTTP at /mcp instead (default 127.0.0.1:${DEFAULT_PORT});`,
    "             token: CHOTO_HTTP_TOKEN, else generated into http-token beside the database",
  ],
  options: ["db", "ocr", "http", "port", "host"],
  maxArgs: 0,
  run: async (v) => {
    await serve(
      v.db,
      v.ocr,
      v.http ? { host: v.host ?? "127.0.0.1", port: v.port ? Number(v.port) : DEFAULT_PORT } : undefined,
    );
    return -1;
  },
};
