/**
 * The first call a starting server answers before the MCP SDK has loaded:
 * an `observe`, sent right after `initialize` (as a client that starts a
 * server and calls it at once does). Loading the SDK and every other tool
 * holds the thread for longer than the look itself takes, and the look needs
 * none of it; observe only reads the screen, so it waits for no actor, asks
 * nothing and reports no progress. Anything else, or an observe carrying
 * `_meta` (a progress token, a 2026-07-28 envelope) or fields the SDK might
 * refuse, is left to the server.
 *
 * @module
 */

/** The tool a first call may be answered early for. */
export const EARLY_TOOL = "observe";

/** A call answered before the server loads: its request id and its arguments (checked by the tool later). */
export interface EarlyCall {
  id: string | number;
  arguments: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** `message` as an early call: a plain `tools/call` of {@link EARLY_TOOL}; null for anything else. */
export function earlyCall(message: unknown): EarlyCall | null {
  if (!isObject(message) || message.jsonrpc !== "2.0" || message.method !== "tools/call") return null;
  const { id, params } = message;
  if (typeof id !== "string" && !Number.isInteger(id)) return null;
  if (!isObject(params) || params.name !== EARLY_TOOL) return null;
  if (Object.keys(message).some((k) => !["jsonrpc", "id", "method", "params"].includes(k))) return null;
  if (Object.keys(params).some((k) => k !== "name" && k !== "arguments")) return null;
  if (params.arguments !== undefined && !isObject(params.arguments)) return null;
  return { id: id as string | number, arguments: (params.arguments ?? {}) as Record<string, unknown> };
}
