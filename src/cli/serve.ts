/**
 * `choto serve`: the MCP server on stdio (what Claude Desktop runs), or with
 * `--http` on Streamable HTTP at /mcp. On stdio it starts reading at once
 * and answers `initialize` and `tools/list` from the handshake, then opens
 * the services, whose recognisers start on their own threads. An observe
 * sent right after `initialize` is answered then, on those services alone
 * (first_call.ts); then the rest of the server loads (serve_load.ts,
 * serving.ts), and every other request waits for it. The priming read and the passes warmed ahead of a first look wait
 * for the server, and give way to a call that comes first. Nothing this module imports holds an npm package,
 * so Deno resolves none before the handshake is answered
 * (tests/startup_test.ts).
 *
 * @module
 */

import { envVar } from "../common/env.ts";
import { earlyCall } from "../server/early_call.ts";
import { createHandshake } from "../server/handshake.ts";
import { BoundedStdioTransport } from "../server/stdio_transport.ts";
import type { Command } from "./command.ts";
import { importLate } from "./late_import.ts";

/** The port `serve --http` listens on unless given one. */
const DEFAULT_PORT = 8767;

/**
 * How long the server waits for the next line of a client's handshake before
 * it loads anyway (loading holds the thread for a few hundred milliseconds:
 * a handshake line that comes meanwhile waits that long).
 */
const HANDSHAKE_WAIT_MS = 300;

/**
 * The services, opened as soon as the handshake allows, their recognisers
 * starting; the priming read and the passes warmed ahead of a first look
 * wait for `serving` (the server has loaded) and give way to any call.
 */
async function openEarly(db: string | undefined, ocr: string | undefined, serving: Promise<void>) {
  // The engine first, from a few modules: its recognisers load while Deno loads the rest.
  const { startEngine } = await importLate<typeof import("./open_engine.ts")>("open_engine.ts");
  const started = startEngine(db, ocr);
  // The models' packages load through the same module loader as the rest: found first, they do not
  // wait behind it, and the recognisers' loads begin now.
  await started.modelsFound;
  const { openServices } = await importLate<typeof import("./open.ts")>("open.ts");
  const svc = openServices(db, ocr, started);
  void svc.warm(serving, warmCalls);
  return svc;
}

/** observe's whole call for warming, loaded once the server has (it imports the tools). */
const warmCalls = async () =>
  (await importLate<typeof import("./warm_calls.ts")>("warm_calls.ts")).warmObserveCalls;

/** `choto serve`. */
export const serveCommand: Command = {
  usage: [["serve", "run the MCP server on stdio (the default)"]],
  details: [
    `--http [--port N] [--host H]  Streamable HTTP at /mcp instead (default 127.0.0.1:${DEFAULT_PORT});`,
    "             token: CHOTO_HTTP_TOKEN, else generated into http-token beside the database (read again",
    "             when it changes); at least 32 characters and 10 different ones: openssl rand -hex 32",
  ],
  options: ["db", "ocr", "http", "port", "host"],
  maxArgs: 0,
  run: async (v) => {
    const http = v.http
      ? { host: v.host ?? "127.0.0.1", port: v.port ? Number(v.port) : DEFAULT_PORT }
      : undefined;
    const transport = http ? null : new BoundedStdioTransport();
    await transport?.listen(createHandshake(), HANDSHAKE_WAIT_MS);
    // On stdio the services' modules come first, by a computed path of their own (not the MCP SDK):
    // the recognisers start on their threads while Deno loads the rest of the server.
    let loaded = () => {};
    const serving = new Promise<void>((resolve) => loaded = resolve);
    const early = http ? undefined : await openEarly(v.db, v.ocr, serving);
    // An observe sent with the handshake is answered now, on the open services, and the rest of the
    // server loads after it: the look does not wait for modules it does not use. A memory seed is
    // imported first by the server, so with one the call waits for it.
    const first = early && !envVar("CHOTO_MEMORY_SEED") ? transport?.takeFirstRequest(earlyCall) : null;
    if (first) {
      const { answerFirstCall } = await importLate<typeof import("./first_call.ts")>("first_call.ts");
      await answerFirstCall(first, early!, transport!);
    }
    // Imported by computed path: Deno resolves the server's npm packages only now, after the handshake.
    const { openServices, loadServer, startToken } = await importLate<typeof import("./serve_load.ts")>(
      "serve_load.ts",
    );
    // A token too weak to serve with stops here, before the database, the display or a port is touched.
    const token = http ? startToken(v.db) : undefined;
    const svc = early ?? openServices(v.db, v.ocr);
    if (!early) void svc.warm(serving, warmCalls);
    const { serve } = await loadServer();
    await serve(svc, v.db, transport ? { stdio: transport } : { http: { ...http!, token: token! } });
    loaded();
    return -1;
  },
};
