/**
 * The handshake answered before the server has loaded: `initialize` and
 * `tools/list`, from the server's identity and the tool listing written at
 * build time into `handshake.json` (`deno task docs:tools` writes it, a test
 * holds it equal to the live definitions). Loading the SDK, zod and every
 * tool takes longer than a client should wait for these two answers, and
 * neither depends on anything that loading would open: no database, no
 * display, no OCR engine. Everything else waits for the server.
 *
 * @module
 */

import type { ClientCapabilities, Tool } from "@modelcontextprotocol/server";
import written from "./handshake.json" with { type: "json" };
import { CAPABILITIES, INSTRUCTIONS, listedOn, SERVER_INFO } from "./identity.ts";
import { linkView, rendersApps } from "./map_link.ts";

/** What the handshake answers from: the SDK's protocol versions and every tool's listing. */
export interface HandshakeData {
  protocol: { latest: string; supported: string[] };
  tools: Tool[];
}

/** The data written at build time. */
export const HANDSHAKE: HandshakeData = written as unknown as HandshakeData;

/**
 * What the handshake made of a message: the answer it gave, if any, and
 * when the server must see the message: `later` (it waits for the server,
 * which need not load for it: `initialize`, whose answer the server gives
 * again and is not sent, and the notification that follows it) or `never`
 * (answered, and the handshake is over: the server may load now).
 */
export interface EarlyAnswer {
  result?: Record<string, unknown>;
  server: "later" | "never";
}

/** Answers one message early, or returns null to leave it to the server (which is needed now). */
export type Handshake = (message: unknown) => EarlyAnswer | null;

type Request = { jsonrpc: "2.0"; id: string | number; method: string; params?: unknown };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function isRequest(m: unknown): m is Request {
  return isObject(m) && m.jsonrpc === "2.0" && typeof m.method === "string" &&
    (typeof m.id === "string" || Number.isInteger(m.id));
}

/** An initialize request the server would accept; anything doubtful is left to it (and its error). */
function initializeParams(
  params: unknown,
): { protocolVersion: string; capabilities: ClientCapabilities } | null {
  if (!isObject(params) || typeof params.protocolVersion !== "string") return null;
  if (!isObject(params.capabilities) || !isObject(params.clientInfo)) return null;
  const { name, version } = params.clientInfo;
  if (typeof name !== "string" || typeof version !== "string") return null;
  return { protocolVersion: params.protocolVersion, capabilities: params.capabilities };
}

/** A tools/list request as the server reads it: no parameters, or a string cursor. */
function listParams(params: unknown): boolean {
  return params === undefined || (isObject(params) && ["undefined", "string"].includes(typeof params.cursor));
}

/**
 * The early answerer of one session: the first `initialize` (the protocol
 * version the client asked for when the SDK supports it, else the latest, as
 * the SDK answers), then `tools/list` as the server lists it on `os`,
 * linked to the map view for a client that renders MCP Apps.
 */
export function createHandshake(data: HandshakeData = HANDSHAKE, os: string = Deno.build.os): Handshake {
  const listing = data.tools.filter((t) => listedOn(t.name, os));
  let client: ClientCapabilities | null = null;
  return (message) => {
    if (isObject(message) && message.method === "notifications/initialized" && client !== null) {
      return { server: "later" };
    }
    if (!isRequest(message)) return null;
    if (message.method === "initialize" && client === null) {
      const params = initializeParams(message.params);
      if (!params) return null;
      client = params.capabilities;
      const { latest, supported } = data.protocol;
      return {
        server: "later",
        result: {
          protocolVersion: supported.includes(params.protocolVersion) ? params.protocolVersion : latest,
          capabilities: CAPABILITIES,
          serverInfo: SERVER_INFO,
          instructions: INSTRUCTIONS,
        },
      };
    }
    if (message.method === "tools/list" && client !== null && listParams(message.params)) {
      return { server: "never", result: { tools: rendersApps(client) ? linkView(listing) : listing } };
    }
    return null;
  };
}
