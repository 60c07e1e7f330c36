/**
 * `choto serve --http`: MCP over Streamable HTTP at `/mcp`, locked to its
 * owner. Every request passes the gate (http_gate.ts): a malformed Host or
 * Origin is 400, a page from another origin or a foreign Host 403 (against
 * DNS rebinding), a missing or wrong bearer token 401, and a client that
 * sent too many wrong ones 429; the server binds to 127.0.0.1 unless told
 * otherwise. A 2025-11-25 client gets its own MCP session and server
 * instance; a 2026-07-28 client has no session (each request carries its
 * revision and capabilities), and each of its requests a server instance.
 * All of them share one set of services and one actor, so only one call at
 * a time acts on the screen, whoever sent it.
 *
 * What a client can make the server hold is bounded: a body is refused (413)
 * before it is read when it is too large, sessions left unused are closed,
 * and their number is capped.
 *
 * @module
 */

import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { createServer, TOOLS } from "./server.ts";
import type { Services } from "../services.ts";
import { DEFAULT_SESSION_LIMITS, type SessionLimits, SessionTable } from "./http_sessions.ts";
import { Gate, type GateOptions, refusal } from "./http_gate.ts";
import { MAX_LINE_BYTES } from "./stdio_transport.ts";

/** Where and how to listen. */
export interface HttpOptions extends GateOptions {
  /** How long a session may sit unused and how many may be open (defaults: 30 min, 32). */
  sessions?: SessionLimits;
  /** The largest request body read, in bytes (default: the same 4 MiB a stdio line may hold). */
  maxBodyBytes?: number;
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
  const gate = new Gate(opts, (id) => sessions.has(id));
  const log = opts.log ?? console.error;
  // 2026-07-28 requests: one server per request; 2025-era ones are served below, with sessions.
  const modern = createMcpHandler(() => createServer(services, TOOLS), {
    legacy: "reject",
    maxRequestBodySize: maxBody,
    onerror: (err) => log(`choto: ${JSON.stringify(String(err?.message ?? err))}`),
  });

  const handle = async (req: Request, remote: Deno.Addr): Promise<Response> => {
    // Deno pastes the Host header in front of the path to make req.url: it is read only once Host is known good.
    const badHeaders = gate.headers(req);
    if (badHeaders) return badHeaders;
    let path: string;
    try {
      path = new URL(req.url).pathname;
    } catch {
      return refusal(400, "the request target is malformed: send the path /mcp");
    }
    if (path !== "/mcp") return refusal(404, "not found: the MCP endpoint is /mcp");
    const refused = gate.token(req, remote);
    if (refused) return refused;
    let parsedBody: unknown = undefined;
    if (req.method === "POST") {
      const read = await readJsonBody(req, maxBody);
      if (read instanceof Response) return read;
      parsedBody = read.body;
    }
    const id = req.headers.get("mcp-session-id");
    const first = Array.isArray(parsedBody) ? parsedBody[0] : parsedBody;
    // A request that names its revision in its envelope (2026-07-28) needs no session; `initialize` is 2025's.
    if (
      !id && req.method === "POST" && !isInitializeRequest(first) &&
      !await isLegacyRequest(req, parsedBody, { maxRequestBodySize: maxBody })
    ) {
      return await modern.fetch(req, { parsedBody });
    }
    if (id) {
      const open = sessions.use(id);
      if (!open) return refusal(404, "unknown or closed session: initialize a new one");
      // Checked here rather than by the SDK, whose refusal repeats the header's value.
      const version = req.headers.get("mcp-protocol-version");
      if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
        open.done();
        return refusal(
          400,
          `unsupported MCP-Protocol-Version: send one of ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}`,
        );
      }
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
    if (!isInitializeRequest(first)) return refusal(400, "no session: start one with an initialize request");
    if (!await sessions.makeRoom()) {
      return refusal(
        503,
        `all ${limits.max} sessions are in use: close one (DELETE /mcp) or try again later`,
      );
    }
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      // No keep-alive comments on a session's event streams, as before v2: nothing between choto and a local client times out.
      keepAliveMs: 0,
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
  }, async (req, info) => {
    try {
      return await handle(req, info.remoteAddr);
    } catch (err) {
      // The message may hold what the client sent: it goes to the log, escaped, never into the answer.
      log(`choto: an HTTP request failed: ${JSON.stringify(String((err as Error)?.stack ?? err))}`);
      return refusal(500, "internal error: the server's log says what failed; try again");
    }
  });
  http.finished.then(() => {
    clearInterval(sweep);
    void modern.close().catch(() => {});
  });
  return http;
}
