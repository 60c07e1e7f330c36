/**
 * `choto serve --http`: MCP over Streamable HTTP at `/mcp`, locked to its
 * owner. Every request needs the bearer token (401 without it); a browser
 * page from another origin is refused (403), against DNS rebinding; the
 * server binds to 127.0.0.1 unless told otherwise. Each client gets its own
 * MCP session and server instance; all of them share one set of services and
 * one actor, so only one call at a time acts on the screen, whoever sent it.
 *
 * What a client can make the server hold is bounded: a body is refused (413)
 * before it is read when it is too large, sessions left unused are closed,
 * and their number is capped.
 *
 * @module
 */

import { timingSafeEqual } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { createServer, TOOLS } from "./server.ts";
import type { Services } from "../services.ts";
import { DEFAULT_SESSION_LIMITS, type SessionLimits, SessionTable } from "./http_sessions.ts";
import { MAX_LINE_BYTES } from "./stdio_transport.ts";

/** Where and how to listen. */
export interface HttpOptions {
  host: string;
  port: number;
  token: string;
  /** Origins allowed besides the server's own (choto.json's `http_allowed_origins`). */
  allowedOrigins: string[];
  /** How long a session may sit unused and how many may be open (defaults: 30 min, 32). */
  sessions?: SessionLimits;
  /** The largest request body read, in bytes (default: the same 4 MiB a stdio line may hold). */
  maxBodyBytes?: number;
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
  // HTTP/1.1 requires Host; without it the name check below could not be made.
  const host = req.headers.get("host");
  if (!host) return refusal(400, "a Host header is required");
  // A loopback server answers only to loopback names: a rebound DNS name pointing here is refused.
  const hostHeader = host.replace(/:\d+$/, "");
  if (LOOPBACK.has(opts.host) && !LOOPBACK.has(hostHeader)) {
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

/**
 * The body of a POST as JSON, read only up to `max` bytes: a declared
 * length over it is refused before a byte is read, and a body that grows
 * past it is cut off there. A Response when it is refused.
 */
export async function readJsonBody(req: Request, max: number): Promise<{ body: unknown } | Response> {
  const tooLarge = () =>
    refusal(413, `request body too large: choto reads at most ${max} bytes; send less per request`);
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > max) {
    await req.body?.cancel().catch(() => {});
    return tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  try {
    return { body: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return new Response(
      JSON.stringify({
        jsonrpc: "2.0",
        error: { code: -32700, message: "Parse error: Invalid JSON" },
        id: null,
      }),
      { status: 400, headers: { "content-type": "application/json" } },
    );
  }
}

/** `res` with `done` called once its body has been sent or dropped (an event stream stays in use while open). */
function whenSent(res: Response, done: () => void): Response {
  if (!res.body) {
    done();
    return res;
  }
  const source = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: end } = await source.read();
        if (end) {
          controller.close();
          done();
        } else {
          controller.enqueue(value);
        }
      } catch (err) {
        done();
        controller.error(err);
      }
    },
    async cancel(reason) {
      done();
      await source.cancel(reason).catch(() => {});
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** Serves until the returned server is shut down. */
export function serveHttp(services: Services, opts: HttpOptions): Deno.HttpServer {
  const limits = opts.sessions ?? DEFAULT_SESSION_LIMITS;
  const maxBody = opts.maxBodyBytes ?? MAX_LINE_BYTES;
  const sessions = new SessionTable<WebStandardStreamableHTTPServerTransport>(limits);

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    if (url.pathname !== "/mcp") return refusal(404, "not found: the MCP endpoint is /mcp");
    const refused = gate(req, opts);
    if (refused) return refused;
    let parsedBody: unknown = undefined;
    if (req.method === "POST") {
      const read = await readJsonBody(req, maxBody);
      if (read instanceof Response) return read;
      parsedBody = read.body;
    }
    const id = req.headers.get("mcp-session-id");
    if (id) {
      const open = sessions.use(id);
      if (!open) return refusal(404, "unknown or closed session: initialize a new one");
      try {
        const res = await open.session.handleRequest(
          req,
          parsedBody === undefined ? undefined : { parsedBody },
        );
        return whenSent(res, open.done);
      } catch (err) {
        open.done();
        throw err;
      }
    }
    if (req.method !== "POST") return refusal(400, "no session: start one with an initialize request");
    const first = Array.isArray(parsedBody) ? parsedBody[0] : parsedBody;
    if (!isInitializeRequest(first)) return refusal(400, "no session: start one with an initialize request");
    if (!await sessions.makeRoom()) {
      return refusal(
        503,
        `all ${limits.max} sessions are in use: close one (DELETE /mcp) or try again later`,
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sid: string) => sessions.add(sid, transport),
      onsessionclosed: (sid: string) => sessions.delete(sid),
    });
    const server = createServer(services, TOOLS);
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close().catch(() => {});
    };
    await server.connect(transport);
    return await transport.handleRequest(req, { parsedBody });
  };

  // Sessions left unused are closed a little after their idle time runs out.
  const sweep = setInterval(() => void sessions.expire(), Math.min(60_000, Math.max(50, limits.idleMs / 4)));
  Deno.unrefTimer(sweep);

  const http = Deno.serve({
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
  http.finished.then(() => clearInterval(sweep));
  return http;
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
