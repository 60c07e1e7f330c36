/**
 * The gate every request to `serve --http` passes, in two halves: the
 * headers (a malformed Host or Origin is 400; a foreign one is 403, against
 * DNS rebinding), then the bearer token (401 when wrong; 429 for a client
 * that sent too many wrong ones, see http_limiter.ts). No refusal repeats a
 * header's value: each says what to send instead.
 *
 * @module
 */

import { timingSafeEqual } from "node:crypto";
import { authorityName, LOOPBACK_NAMES, type Origin, parseAuthority, parseOrigin } from "./http_headers.ts";
import {
  clientOf,
  DEFAULT_FAILURE_LIMITS,
  FailureLimiter,
  type FailureLimits,
  OVERFLOW_CLIENT,
} from "./http_limiter.ts";

/** What the gate lets through. */
export interface GateOptions {
  /** The address the server listens on, and its port. */
  host: string;
  port: number;
  /** The bearer token, or what gives the one in force on each request (a token file read again when it changes). */
  token: string | (() => string);
  /** Origins allowed besides the server's own (choto.json's `http_allowed_origins`). */
  allowedOrigins: string[];
  /** How many wrong tokens a client may send and how long it is refused for (defaults: DEFAULT_FAILURE_LIMITS). */
  failures?: FailureLimits;
  /** Where a client's refusal is logged (default: stderr). */
  log?: (line: string) => void;
}

/** A JSON-RPC error answer with an HTTP status; `message` must hold nothing a client sent. */
export function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

function sameToken(given: string, token: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Host and Origin, then the token, for one server. */
export class Gate {
  readonly limiter: FailureLimiter;
  readonly #log: (line: string) => void;

  /** `isOpenSession` tells an open session's id: its requests are still weighed while their client is refused. */
  constructor(readonly opts: GateOptions, readonly isOpenSession: (id: string) => boolean = () => false) {
    this.limiter = new FailureLimiter(opts.failures ?? DEFAULT_FAILURE_LIMITS);
    this.#log = opts.log ?? console.error;
  }

  /** The Host and Origin checks: null when both may pass. */
  headers(req: Request): Response | null {
    const example = `${authorityName(this.opts.host)}${this.opts.port ? `:${this.opts.port}` : ""}`;
    // HTTP/1.1 requires Host; without it the name check below could not be made.
    const hostHeader = req.headers.get("host");
    if (!hostHeader) {
      return refusal(400, `a Host header is required: send this server's address, e.g. Host: ${example}`);
    }
    const host = parseAuthority(hostHeader);
    if (!host) {
      return refusal(
        400,
        `the Host header is malformed: send one Host header holding this server's name or address and at most ` +
          `its port (e.g. ${example}), with no path, user name, spaces or control characters`,
      );
    }
    const originHeader = req.headers.get("origin");
    const origin = originHeader === null ? null : parseOrigin(originHeader);
    if (origin === undefined) {
      return refusal(
        400,
        `the Origin header is malformed: send at most one, as scheme://host[:port] with no path ` +
          `(e.g. http://${example}), or none`,
      );
    }
    // A loopback server answers only to loopback names: a rebound DNS name pointing here is refused.
    if (LOOPBACK_NAMES.has(this.opts.host) && !LOOPBACK_NAMES.has(host.name)) {
      return refusal(
        403,
        "the Host header must name this server: a loopback server answers to 127.0.0.1, localhost and [::1] only",
      );
    }
    if (
      origin !== null && originHeader !== null && !this.#ownOrigin(origin) &&
      !this.opts.allowedOrigins.includes(originHeader)
    ) {
      return refusal(
        403,
        "this Origin is not allowed: choto answers pages of its own origin and those listed in " +
          "http_allowed_origins in choto.json",
      );
    }
    return null;
  }

  /**
   * The token check: null when the right token was sent. A client refused
   * for its wrong tokens gets 429 without its token being weighed (else a
   * refusal would still tell a right guess from a wrong one), except in a
   * session already open, whose id only the token's holder can know.
   */
  token(req: Request, remote: Deno.Addr | undefined): Response | null {
    const client = clientOf(remote);
    const waitMs = this.limiter.blockedFor(client);
    const session = req.headers.get("mcp-session-id");
    if (waitMs > 0 && !(session && this.isOpenSession(session))) return tooMany(waitMs);
    const auth = req.headers.get("authorization");
    // No token at all is no guess: it is not counted.
    if (auth === null) return unauthorized();
    const m = /^Bearer\s+(.+)$/i.exec(auth);
    const token = typeof this.opts.token === "function" ? this.opts.token() : this.opts.token;
    if (m && sameToken(m[1].trim(), token)) return null;
    const { blockedMs, counted } = this.limiter.failed(client);
    if (blockedMs) {
      const limits = this.limiter.limits;
      const who = counted === "loopback"
        ? "loopback clients"
        : counted === OVERFLOW_CLIENT
        ? `clients beyond the ${limits.clients} remembered`
        : counted;
      this.#log(
        `choto: ${limits.max} wrong bearer tokens from ${who} within ${limits.windowMs / 1000} s: ` +
          `their requests are refused (429) for ${Math.ceil(blockedMs / 1000)} s`,
      );
    }
    return waitMs > 0 ? tooMany(waitMs) : unauthorized();
  }

  /**
   * True for an origin of this machine's own pages: on a loopback server any
   * loopback origin (a DNS-rebound page has its attacker's name, never one of
   * these; the token still guards the rest), else this host and port.
   */
  #ownOrigin(origin: Origin | "null"): boolean {
    if (origin === "null" || (origin.scheme !== "http" && origin.scheme !== "https")) return false;
    if (LOOPBACK_NAMES.has(this.opts.host)) return LOOPBACK_NAMES.has(origin.name);
    const port = origin.port ?? (origin.scheme === "https" ? 443 : 80);
    return origin.name === authorityName(this.opts.host) && port === this.opts.port;
  }
}

function unauthorized(): Response {
  return refusal(401, "a valid bearer token is required (Authorization: Bearer <token>)", {
    "www-authenticate": 'Bearer realm="choto"',
  });
}

function tooMany(waitMs: number): Response {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return refusal(
    429,
    `too many wrong bearer tokens: wait ${seconds} s (Retry-After), then send the right one`,
    { "retry-after": String(seconds) },
  );
}
