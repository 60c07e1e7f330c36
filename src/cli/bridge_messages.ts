/**
 * What the bridge reads off the JSON-RPC lines it pumps (only what it needs:
 * a request's id and method, a response's id) and the error replies it
 * writes itself when the service cannot answer.
 *
 * @module
 */

/** A JSON-RPC id. */
export type RpcId = string | number;

/** What a line is, as far as the bridge cares. */
export type LineKind =
  | { kind: "request"; id: RpcId; method: string }
  | { kind: "notification"; method: string }
  | { kind: "response"; id: RpcId }
  | { kind: "other" };

/** Reads what kind of JSON-RPC message `line` holds. */
export function lineKind(line: string): LineKind {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return { kind: "other" };
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { kind: "other" };
  const m = v as { id?: unknown; method?: unknown };
  const id = typeof m.id === "string" || typeof m.id === "number" ? m.id : undefined;
  if (typeof m.method === "string") {
    return id === undefined
      ? { kind: "notification", method: m.method }
      : { kind: "request", id, method: m.method };
  }
  return id === undefined ? { kind: "other" } : { kind: "response", id };
}

/** A key that tells ids apart by type too (1 and "1" are different requests). */
export const idKey = (id: RpcId): string => JSON.stringify(id);

/** A JSON-RPC error reply to request `id`, as a line. */
export function errorLine(id: RpcId, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32603, message } }) + "\n";
}

/** The client's `initialize` request with another id, to open a new session on its behalf. */
export function withId(line: string, id: RpcId): string {
  const v = JSON.parse(line);
  return JSON.stringify({ ...v, id }) + "\n";
}
