/**
 * What `serve` loads once the handshake is answered, imported by computed
 * path (late_import.ts) in one go: Deno resolves this module's graph, the
 * server's modules and their npm packages included (a dynamic import of a
 * string literal is resolved with its importer), before it runs any of it.
 * The server's modules are evaluated only when {@link loadServer} runs, which
 * serve.ts calls once the services are open and the recognisers have started
 * on their threads. On stdio serve.ts opens the services through open.ts
 * before it imports this module, so the recognisers start while Deno
 * resolves the server's packages too.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { envVar } from "../common/env.ts";
import { httpToken, type StartToken } from "../server/http_token.ts";
import { dbPath } from "./open.ts";

export { openServices } from "./open.ts";

/**
 * The bearer token of `serve --http` (CHOTO_HTTP_TOKEN, else `http-token`
 * beside the database), read before the database or the recognisers are
 * opened: a token too weak to serve with throws, and nothing listens.
 */
export function startToken(dbFlag: string | undefined): StartToken {
  return httpToken(join(dirname(dbPath(dbFlag)), "http-token"), envVar("CHOTO_HTTP_TOKEN"));
}

/** The server's modules, resolved already: evaluated now. */
export const loadServer = (): Promise<typeof import("./serving.ts")> => import("./serving.ts");
