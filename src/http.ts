/**
 * `choto serve --http`: MCP over Streamable HTTP at `/mcp`, locked to its
 * owner. Every request needs the bearer token (401 without it); a browser
 * page from another origin is refused (403), against DNS rebinding; the
 * server binds to 127.0.0.1 unless told otherwise. Each client gets its own
 * MCP session and server instance; all of them share one set of services and
 * one actor, so only one call at a time acts on the screen, whoever sent it.
 *
 * @module
 */

import { timingSafeEqual } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { createServer, TOOLS } from "./server.ts";
import type { Services } from "./services.ts";

/** Where and how to listen. */
export interface HttpOptions {
  host: string;
  port: number;
  token: string;
  /** Origins allowed besides the server's own (choto.json's `http_allowed_origins`). */
  allowedOrigins: string[];
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/**
 * True for an origin of this machine's own pages: on a loopback server any
 * loopback origin (a DNS-rebound page has its attacker's name, never one of
 * these; the token still guards the rest), else this host and port.
 */
function ownOrigin(origin: string, host: string, port: number): boolean {
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return false;
  if (LOOPBACK.has(host)) return LOOPBACK.has(u.hostname);
  const name = host.includes(":") ? `[${host}]` : host;
  return u.hostname === name && (u.port || (u.protocol === "https:" ? "443" : "80")) === String(port);
}

function sameToken(given: string, token: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** The gate every request passes: Origin (403), then the token (401). Null when it may pass. */
export function gate(req: Request, opts: HttpOptions): Response | null {
  const origin = req.headers.get("origin");
  if (origin !== null && !ownOrigin(origin, opts.host, opts.port) && !opts.allowedOrigins.includes(origin)) {
    return refusal(
      403,
      `origin ${origin} is not allowed: choto answers its own origin and the configured ones`,
    );
  }
  // A loopback server answers only to loopback names: a rebound DNS name pointing here is refused.
  const hostHeader = (req.headers.get("host") ?? "").replace(/:\d+$/, "");
  if (LOOPBACK.has(opts.host) && hostHeader && !LOOPBACK.has(hostHeader)) {
    return refusal(403, `host ${hostHeader} is not this server's name`);
  }
  const auth = req.headers.get("authorization") ?? "";
  const m = /^Bearer\s+(.+)$/i.exec(auth);
  if (!m || !sameToken(m[1].trim(), opts.token)) {
    return refusal(401, "a valid bearer token is required (Authorization: Bearer <token>)", {
      "www-authenticate": 'Bearer realm="choto"',
    });
  }
  return null;
}

/** Serves until the returned server is shut down. */
export function serveHttp(services: Services, opts: HttpOptions): Deno.HttpServer {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    if (url.pathname !== "/mcp") return refusal(404, "not found: the MCP endpoint is /mcp");
    const refused = gate(req, opts);
    if (refused) return refused;
    const id = req.headers.get("mcp-session-id");
    if (id) {
      const transport = sessions.get(id);
      if (!transport) return refusal(404, "unknown or closed session: initialize a new one");
      return await transport.handleRequest(req);
    }
    if (req.method !== "POST") return refusal(400, "no session: start one with an initialize request");
    const body = await req.json().catch(() => undefined);
    const first = Array.isArray(body) ? body[0] : body;
    if (!isInitializeRequest(first)) return refusal(400, "no session: start one with an initialize request");
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sid: string) => void sessions.set(sid, transport),
      onsessionclosed: (sid: string) => void sessions.delete(sid),
    });
    const server = createServer(services, TOOLS);
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close().catch(() => {});
    };
    await server.connect(transport);
    return await transport.handleRequest(req, { parsedBody: body });
  };

  return Deno.serve({
    hostname: opts.host,
    port: opts.port,
    onListen: ({ hostname, port }) =>
      console.error(
        `choto: MCP over HTTP at http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}/mcp`,
      ),
  }, async (req) => {
    try {
      return await handle(req);
    } catch (err) {
      return refusal(500, `internal error: ${(err as Error).message}`);
    }
  });
}

/** The token: CHOTO_HTTP_TOKEN, or one generated once and kept 0600 at `path`. */
export function httpToken(path: string, fromEnv: string | undefined): { token: string; source: string } {
  if (fromEnv) return { token: fromEnv, source: "CHOTO_HTTP_TOKEN" };
  try {
    const kept = Deno.readTextFileSync(path).trim();
    if (kept) return { token: kept, source: path };
  } catch {
    // none yet
  }
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  Deno.writeTextFileSync(path, `${token}\n`, { mode: 0o600 });
  Deno.chmodSync(path, 0o600);
  return { token, source: path };
}
